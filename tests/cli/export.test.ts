/**
 * `cr export official-json`: the rules team's `rules.json`, compared with what
 * their generator writes today (its April 2026 shape, run on the current text)
 * and what it wrote for v25.08 before that (both vendored in
 * tests/oracle/official-json/).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { compile } from '../../src/core/compile.ts'
import { buildOfficialJson, officialPreamble, type OfficialEntry, type OfficialShape } from '../../src/core/official-json.ts'
import type { SourceFile } from '../../src/core/types.ts'
import { repoRoot } from './run-cr.ts'

const sample = readFileSync(join(repoRoot, 'tests/oracle/official-json/v25.08.json'), 'utf8')
const current2026 = readFileSync(join(repoRoot, 'tests/oracle/official-json/current-2026-04.json'), 'utf8')

/** The official JSON of sources given in memory. */
function officialOf(files: SourceFile[], shape?: OfficialShape) {
  const { model } = compile(files)
  return buildOfficialJson(model!, shape ? { shape } : {})
}

async function run(argv: string[], cwd = repoRoot) {
  const io = memoryIo({ cwd })
  const code = await main(argv, io)
  return { code, stdout: io.out(), stderr: io.err() }
}

describe('cr export official-json', () => {
  it('prints the current text exactly as the generator writes it since April 2026: preamble, appendix, official appendix IDs', async () => {
    const r = await run(['export', 'official-json'])
    expect([r.code, r.stderr]).toEqual([0, ''])
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(current2026))
    expect(r.stdout === current2026).toBe(true)
    const entries = JSON.parse(r.stdout) as OfficialEntry[]
    expect(entries[0]).toEqual({ id: 'preamble', nr: '0', type: 'preamble', text: expect.stringMatching(/effective 02 March 2026\.$/) })
    expect(entries.find((e) => e.id === 'sec_appendix_timing_structure_of_a_run_6_a')).toMatchObject({ nr: '11.4_6_a', type: 'appendix' })
  }, 600_000)

  it('v26.03 in the current shape has the 1,643 entries the generator writes for it', async () => {
    const r = await run(['export', 'official-json', '--version', 'v26.03'])
    expect(r.code).toBe(0)
    expect((JSON.parse(r.stdout) as unknown[]).length).toBe(1643)
  }, 600_000)

  it('prints v25.08 in the pre-April shape exactly as the official generator wrote it', async () => {
    const r = await run(['export', 'official-json', '--version', 'v25.08', '--shape', '2025'])
    expect([r.code, r.stderr]).toEqual([0, ''])
    // Same data (entries, order, fields, text) …
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(sample))
    // … and the same bytes, so a consumer diffing files sees no change either.
    expect(r.stdout === sample).toBe(true)
  }, 600_000)

  it('exports each release from its own sources', async () => {
    const r = await run(['export', 'official-json', '--version', 'v26.03', '--shape', '2025'])
    expect(r.code).toBe(0)
    const entries = JSON.parse(r.stdout) as OfficialEntry[]
    const byId = new Map(entries.map((e) => [e.id, e]))
    // The published v26.03 lacks 1.20.2a (the generator drops a `rule:`'s children) …
    expect(byId.has('rule_memory_unused_mu')).toBe(false)
    expect(byId.get('rule_memory_limit')).toMatchObject({ nr: '1.20.2', type: 'rule', children: [] })
    // … and, in the pre-April shape, the timing-structure appendix.
    expect(entries.some((e) => e.nr.startsWith('11'))).toBe(false)
    expect(entries.at(-1)!.nr.startsWith('10.')).toBe(true)
  }, 600_000)

  it('exports the rules directory by default: the current text, with 1.20.2a restored', async () => {
    const r = await run(['export', 'official-json'])
    expect(r.code).toBe(0)
    const entries = JSON.parse(r.stdout) as OfficialEntry[]
    expect(entries.find((e) => e.id === 'rule_memory_unused_mu')).toMatchObject({ nr: '1.20.2a', type: 'rule', examples: [] })
  }, 600_000)

  it('refuses bad input with diagnostics and prints nothing', async () => {
    const r = await run(['export', 'official-json', 'rules'], join(repoRoot, 'tests/fixtures/diagnostics/unknown-rule'))
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/rules\/01_test\.yaml:12:7: error\[unknown-rule\]/)
  })

  it('writes the preamble date as the generator does, for a day and for a month only', () => {
    expect(officialPreamble('2026-03-02')).toMatch(/effective 02 March 2026\.$/)
    expect(officialPreamble('2022-12')).toMatch(/effective December 2022\.$/)
  })

  it('exits 2 on usage errors', async () => {
    expect((await run(['export', 'official-json', '--shape', '2024'])).code).toBe(2)
    expect((await run(['export'])).code).toBe(2)
    expect((await run(['export', 'yaml'])).code).toBe(2)
    const unknown = await run(['export', 'official-json', '--version', 'v99.01'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('expected one of v22.12')
  })
})

describe('the official plain text', () => {
  const chapter = (rules: string) => ({
    path: 'rules/01_test.yaml',
    content: `chapter: chpt_test\ntext: Test\nsections:\n- section: sec_test\n  text: Test {term:Things}\n  rules:\n${rules}`,
  })
  const appendix = { path: 'rules/02_appendix.yaml', content: 'chapter: chpt_appendix\ntext: Appendix\nsections: []\n' }
  const texts = (rules: string) => officialOf([chapter(rules), appendix], '2025').entries

  it('flattens markup the generator\'s way', () => {
    const [, section, a, b, c] = texts(
      [
        '  - rule: rule_a',
        '    text: "A {term:credit} costs 2{c}, [c] or [Click]; see {ref:Rule_b,rule_c} (the first target\'s word for all) and {ref/through:rule_b,rule_c}.  "',
        '    examples:',
        '    - text: "{card:Sure Gamble} {n}new{/n} {curly:c}\\n"',
        '  - subsection: rule_b',
        '    text: " {subtype:icebreaker} {product:System Gateway} {link:email|mailto:x@example.com}"',
        '    rules:',
        '    - rule: rule_c',
        '      text: See {ref:rule_b}.',
      ].join('\n'),
    )
    expect(section).toEqual({ id: 'sec_test', nr: '1.1', type: 'section', text: 'Test THINGS', children: ['rule_a', 'rule_b'] })
    expect(a).toEqual({
      id: 'rule_a',
      nr: '1.1.1',
      type: 'rule',
      text: 'A CREDIT costs 2c, [c] or [Click]; see Sections 1.1.2 and 1.1.2a (the first target\'s word for all) and sections 1.1.2 through 1.1.2a.',
      children: [],
      examples: ['Sure Gamble new {c}'],
    })
    expect(b).toMatchObject({ type: 'section', text: ' icebreaker System Gateway email', children: ['rule_c'], examples: [] })
    expect(c).toMatchObject({ nr: '1.1.2a', type: 'rule', text: 'See section 1.1.2.' })
  })

  it('writes a subsection\'s line one space shorter than a rule\'s, as the generator does', () => {
    const { json } = officialOf([chapter('  - rule: rule_a\n    text: A.\n  - subsection: rule_b\n    text: B.\n    rules: []\n'), appendix], '2025')
    expect(json.split('\n')).toEqual([
      '[',
      '{"id": "chpt_test","nr": "1","type": "section","text": "Test","children": ["sec_test"]},',
      '{"id": "sec_test","nr": "1.1","type": "section","text": "Test THINGS","children": ["rule_a","rule_b"]},',
      '{"id": "rule_a","nr": "1.1.1","type": "rule","text": "A.", "children": [],"examples": []},',
      '{"id": "rule_b","nr": "1.1.2","type": "section","text": "B.","children": [],"examples": []}',
      ']',
    ])
  })
})
