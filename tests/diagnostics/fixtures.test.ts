/**
 * Golden diagnostics: each `tests/fixtures/diagnostics/<code>/` holds a
 * `rules/` directory that triggers `<code>`, and `expected.txt`, the exact
 * report `cr check` prints for it. A missing golden is written (it fails
 * under `CI=true`: tests/golden.ts); `UPDATE=1` rewrites them all (review the diff).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readGolden } from '../golden.ts'
import { DIAGNOSTIC_CODES } from '../../src/core/codes.ts'
import { compile } from '../../src/core/compile.ts'
import { checkReleasesReadable, releaseIdsFromFiles } from '../../src/core/versions/guard.ts'
import { formatDiagnostic } from '../../src/core/diagnostics.ts'
import { loadCards, readRulesDir, textLookup } from '../../src/io/read-sources.ts'

const root = join(import.meta.dirname, '../fixtures/diagnostics')

/**
 * Inputs git cannot hold (a 1 GiB file) are made at test time, in a copy of
 * the fixture: `generate.json` lists sparse files by path and size.
 */
const copies: string[] = []
afterAll(() => {
  for (const c of copies) rmSync(c, { recursive: true, force: true })
})

function prepare(dir: string): string {
  const spec = join(dir, 'generate.json')
  if (!existsSync(spec)) return dir
  const copy = join(mkdtempSync(join(tmpdir(), 'cr-fixture-')), basename(dir))
  cpSync(dir, copy, { recursive: true })
  const { sparse } = JSON.parse(readFileSync(spec, 'utf8')) as { sparse: Record<string, number> }
  for (const [path, size] of Object.entries(sparse)) {
    writeFileSync(join(copy, path), '')
    truncateSync(join(copy, path), size)
  }
  copies.push(dirname(copy))
  return copy
}
const cases = readdirSync(root).filter((d) => existsSync(join(root, d, 'rules')))
const cards = loadCards()

describe('diagnostic fixtures', () => {
  it('every code `cr check` emits has a fixture', () => {
    const guard = readdirSync(join(root, '../versions/guard'))
    const emitted = Object.entries(DIAGNOSTIC_CODES).filter(([, info]) => (info.tools as readonly string[]).includes('check'))
    expect(emitted.length).toBeGreaterThan(30)
    const missing = emitted.map(([code]) => code).filter((code) => !cases.includes(code) && !guard.includes(code))
    expect(missing).toEqual([])
  })

  it('the README lists every code, with its severity and an anchor to link to', () => {
    const readme = readFileSync(join(root, '../../../README.md'), 'utf8')
    const rows = Object.entries(DIAGNOSTIC_CODES).filter(([code, info]) => !readme.includes(`| <a id="code-${code}"></a>\`${code}\` | ${info.severity} |`))
    expect(rows.map(([code]) => code)).toEqual([])
  })

  it.each(cases)('%s', (name) => {
    const dir = prepare(join(root, name))
    const files = readRulesDir('rules', dir)
    const { messages } = compile(files, { cards })
    // A fixture with frozen releases beside its rules: the ID guard's reading of them too.
    if (existsSync(join(dir, 'releases'))) {
      const releases = readdirSync(join(dir, 'releases')).sort()
      const ids = releases.map((v) => {
        const releaseFiles = readRulesDir(`releases/${v}`, dir)
        files.push(...releaseFiles)
        return releaseIdsFromFiles(v, releaseFiles)
      })
      messages.push(...checkReleasesReadable(ids))
    }
    const codes = messages.map((m) => m.code)
    expect(codes).toContain(name)
    // One clear message per problem: the fixture's own code appears, and no stack trace ever.
    const report = messages.map((m) => formatDiagnostic(m, textLookup(files))).join('\n\n') + '\n'
    expect(report).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/)
    const golden = join(root, name, 'expected.txt')
    expect(report).toBe(readGolden(golden, report))
  })
})
