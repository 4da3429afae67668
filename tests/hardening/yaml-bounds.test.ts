/**
 * Bounded YAML (issue 24, cases 3 and 8): nesting and aliases are measured
 * before anything recurses or expands, in both parsers' paths, and refused
 * with a located error. Before: 2,500 nested `[` ran every command out of
 * stack ("Maximum call stack size exceeded", reported at whatever place the
 * parser had reached), and a 1.3 KB `release.yaml` of aliases of aliases ran
 * for minutes and wrote a 174 MB cache entry.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkDataBounds, MAX_ALIAS_NODES } from '../../src/core/data-bounds.ts'
import { formatYaml } from '../../src/core/format.ts'
import { loadYaml } from '../../src/core/load-yaml.ts'
import { MAX_YAML_ALIASES, MAX_YAML_DEPTH } from '../../src/core/yaml-lazy.ts'
import { runCr } from '../cli/run-cr.ts'

const tmp = mkdtempSync(join(tmpdir(), 'cr-yaml-bounds-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const HEAD = 'chapter: chpt_test\ntext: Test Chapter\nsections:\n- section: sec_test\n  text: Test Section\n  rules:\n  - rule: rule_one\n    text: One.\n    examples:\n'

/** Four ways to nest 2,500 deep, from line 10 of a chapter (the examples list is level 6). */
const DEEP: Record<string, string> = {
  'flow sequences': `    - ${'['.repeat(2500)}${']'.repeat(2500)}\n`,
  'flow maps': `    - ${'{a: '.repeat(2500)}x${'}'.repeat(2500)}\n`,
  'compact block sequences': `    - ${'- '.repeat(2500)}x\n`,
  'indented block sequences': Array.from({ length: 2500 }, (_, i) => `    ${'  '.repeat(i)}-`).join('\n') + ' x\n',
}

function rulesWith(name: string, chapter: string, release = 'version: v99.01\neffective: "2099-01-01"\n'): string {
  const dir = join(tmp, name, 'rules')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, '01_test.yaml'), chapter)
  writeFileSync(join(dir, 'release.yaml'), release)
  return dir
}

/** `acknowledgements` whose each level is ten aliases of the one before: 10^levels nodes once expanded. */
function aliasBomb(levels: number): string {
  const lines = ['version: v99.01', 'effective: "2099-01-01"', 'acknowledgements:', '- &a0 {text: lol, items: [x]}']
  for (let i = 1; i < levels; i++) lines.push(`- &a${i} {text: l${i}, items: [${Array(10).fill(`*a${i - 1}`).join(',')}]}`)
  return `${lines.join('\n')}\n`
}

describe('nesting is bounded, in both YAML paths', () => {
  it.each(Object.keys(DEEP))('2,500 nested %s: cr check, cr index and cr fmt give a located yaml-too-deep', async (form) => {
    const dir = rulesWith(form.replace(/ /g, '-'), HEAD + DEEP[form]!)
    const check = await runCr(['check', dir], tmp)
    expect(check.code).toBe(1)
    // The 65th level: on line 10, or, one level a line, on line 69.
    const line = form.startsWith('indented') ? 69 : 10
    // cr check's report is its output (stdout); cr index and cr fmt make files and say problems on stderr.
    expect(check.stdout).toMatch(new RegExp(`01_test\\.yaml:${line}:\\d+: error\\[yaml-too-deep\\]: Unexpected nesting deeper than 64 levels`))
    expect(check.stdout + check.stderr).not.toMatch(/call stack|RangeError/)
    const index = await runCr(['index', '--out', join(tmp, `${form}-out`), dir], tmp)
    expect(index.code).toBe(1)
    expect(index.stderr).toMatch(new RegExp(`01_test\\.yaml:${line}:\\d+: error\\[yaml-too-deep\\]`))
    const before = readFileSync(join(dir, '01_test.yaml'))
    const fmt = await runCr(['fmt', dir], tmp)
    expect(fmt.code).toBe(1)
    expect(fmt.stderr).toMatch(new RegExp(`01_test\\.yaml:${line}:\\d+: error\\[yaml-too-deep\\]`))
    expect(readFileSync(join(dir, '01_test.yaml'))).toEqual(before)
  }, 600_000)

  it('the fast path and the precise path agree on the bound, one level either side of it', () => {
    const nest = (n: number) => `a: ${'['.repeat(n - 1)}${']'.repeat(n - 1)}\n` // the root map is a level
    for (const precise of [false, true]) {
      const ok = loadYaml({ path: 'x.yaml', content: nest(MAX_YAML_DEPTH) }, { precise })
      expect(ok.messages).toEqual([])
      const deep = loadYaml({ path: 'x.yaml', content: nest(MAX_YAML_DEPTH + 1) }, { precise })
      expect(deep.loaded).toBeUndefined()
      expect(deep.messages.map((m) => [m.code, m.line, m.column])).toEqual([['yaml-too-deep', 1, 4 + MAX_YAML_DEPTH - 1]])
    }
  })

  it('a parse of 100,000 nested levels costs no stack: the concrete tree is measured with a loop', () => {
    const r = loadYaml({ path: 'x.yaml', content: `a: ${'['.repeat(100_000)}\n` })
    expect(r.messages[0]?.code).toBe('yaml-too-deep')
    expect(formatYaml(`a: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`)).toMatchObject({ ok: false, line: 1 })
  })

  it('a chain of aliases nests as deep as it has links: refused too, at the alias', () => {
    const lines = ['a0: &a0 [x]']
    for (let i = 1; i <= 80; i++) lines.push(`a${i}: &a${i} [*a${i - 1}]`)
    for (const precise of [false, true]) {
      const r = loadYaml({ path: 'x.yaml', content: `${lines.join('\n')}\n` }, { precise })
      expect(r.loaded).toBeUndefined()
      expect(r.messages.map((m) => m.code)).toEqual(['yaml-too-deep'])
      expect(r.messages[0]!.message).toMatch(/levels deep once aliases are expanded, expected at most 64/)
    }
  })
})

describe('aliases are bounded, in number and in what they expand to', () => {
  it('a 1.3 KB release.yaml of aliases of aliases (10^9 nodes) is refused at once, and caches nothing large', async () => {
    const bomb = aliasBomb(10)
    expect(bomb.length).toBeLessThan(1400)
    const dir = rulesWith('bomb', 'chapter: chpt_test\ntext: Test Chapter\nsections: []\n', bomb)
    const cache = join(tmp, 'bomb-cache')
    const r = await runCr(['check', dir], tmp, { CR_CACHE_DIR: cache })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/release\.yaml:5:26: error\[yaml-alias-limit\]: Unexpected aliases that add [\d,]+ nodes to the file once expanded \(the first is here\), expected at most 100,000/)
    // Whatever was cached is the size of a report, not of the expansion.
    const sizes = readdirSync(cache, { recursive: true }).map((f) => statSync(join(cache, String(f)))).filter((s) => s.isFile()).map((s) => s.size)
    expect(Math.max(0, ...sizes)).toBeLessThan(64 * 1024)
  }, 600_000)

  it('a few levels of aliases that stay small are allowed', () => {
    const r = loadYaml({ path: 'release.yaml', content: aliasBomb(4) })
    expect(r.messages).toEqual([])
    expect(checkDataBounds(r.loaded!.data)).toBeUndefined()
  })

  it(`the ${MAX_YAML_ALIASES + 1}st alias is named, in both paths`, () => {
    const text = `anchor: &a x\nlist:\n${Array.from({ length: MAX_YAML_ALIASES + 5 }, () => '- *a').join('\n')}\n`
    for (const precise of [false, true]) {
      const r = loadYaml({ path: 'x.yaml', content: text }, { precise })
      expect(r.messages.map((m) => [m.code, m.line, m.column])).toEqual([['yaml-alias-limit', 3 + MAX_YAML_ALIASES, 3]])
    }
  })

  it('the expansion is measured in linear time: 10^30 nodes cost what the file costs', () => {
    const lines = ['a0: &a0 [x, y]']
    for (let i = 1; i < 30; i++) lines.push(`a${i}: &a${i} {l: *a${i - 1}, r: *a${i - 1}, s: *a${i - 1}}`)
    const r = loadYaml({ path: 'x.yaml', content: `${lines.join('\n')}\n` })
    expect(r.messages.map((m) => [m.code, m.line])).toEqual([['yaml-alias-limit', 2]])
    expect(MAX_ALIAS_NODES).toBe(100_000)
  })
})

describe('the real sources are far inside every bound', () => {
  it('rules/ and every release load with no bounds message', () => {
    const repo = join(import.meta.dirname, '../..')
    const dirs = ['rules', ...readdirSync(join(repo, 'releases')).filter((v) => /^v\d/.test(v)).map((v) => `releases/${v}`)]
    const copy = join(tmp, 'real')
    cpSync(join(repo, 'rules'), copy, { recursive: true })
    for (const d of dirs) {
      for (const f of readdirSync(join(repo, d)).filter((n) => n.endsWith('.yaml'))) {
        const r = loadYaml({ path: f, content: readFileSync(join(repo, d, f)) })
        expect(r.messages.filter((m) => m.code === 'yaml-too-deep' || m.code === 'yaml-alias-limit')).toEqual([])
      }
    }
  })
})
