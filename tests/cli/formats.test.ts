/**
 * Diagnostics in every format, from every command that reports them (issue 19,
 * item 6): what a CI step reads (GitHub annotations, SARIF), what scripts read
 * (JSON), with the registry's summary, level and documentation link.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DIAGNOSTIC_CODES, docsUrl } from '../../src/core/codes.ts'
import { formatMachine, githubAnnotations, sarifLog } from '../../src/core/diagnostic-formats.ts'
import { formatDiagnostic, NOWHERE } from '../../src/core/diagnostics.ts'
import { repoRoot, runCr } from './run-cr.ts'

const fixture = (name: string) => join(repoRoot, 'tests/fixtures/diagnostics', name)
const version = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version as string

describe('cr check --format', () => {
  it('github: one workflow command per diagnostic, at its place, titled with the command and code', async () => {
    const r = await runCr(['check', 'rules', '--format', 'github'], fixture('unknown-rule'))
    expect(r.code).toBe(1)
    const lines = r.stdout.trim().split('\n')
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) file=[^,]+,line=\d+,col=\d+,title=cr check%3A [a-z-]+::\S/)
    expect(r.stdout).toContain('title=cr check%3A unknown-rule::')
    // The human report is not mixed into what the runner reads.
    expect(r.stderr).toBe('')
  })

  it('sarif: a SARIF 2.1.0 log naming the tool and its version, each code a rule with its summary, default level and documentation', async () => {
    const r = await runCr(['check', 'rules', '--format', 'sarif'], fixture('unknown-rule'))
    expect(r.code).toBe(1)
    const log = JSON.parse(r.stdout)
    expect(log.version).toBe('2.1.0')
    const run = log.runs[0]
    expect(run.tool.driver).toMatchObject({ name: 'cr check', version, semanticVersion: version })
    const rule = run.tool.driver.rules.find((x: { id: string }) => x.id === 'unknown-rule')
    expect(rule).toEqual({ id: 'unknown-rule', shortDescription: { text: DIAGNOSTIC_CODES['unknown-rule'].summary }, helpUri: docsUrl('unknown-rule'), defaultConfiguration: { level: 'error' } })
    const result = run.results.find((x: { ruleId: string }) => x.ruleId === 'unknown-rule')
    expect(result.level).toBe('error')
    expect(result.locations[0].physicalLocation.artifactLocation.uri).toMatch(/^rules\/.+\.yaml$/)
    expect(result.locations[0].physicalLocation.region.startLine).toBeGreaterThan(0)
    expect(run.tool.driver.rules[result.ruleIndex].id).toBe('unknown-rule')
  })

  it('json (and --json): every diagnostic and the verdict', async () => {
    const a = await runCr(['check', 'rules', '--format', 'json'], fixture('unknown-rule'))
    const b = await runCr(['check', 'rules', '--json'], fixture('unknown-rule'))
    expect(a.stdout).toBe(b.stdout)
    const data = JSON.parse(a.stdout)
    expect(data.ok).toBe(false)
    expect(data.messages.some((m: { code: string }) => m.code === 'unknown-rule')).toBe(true)
  })

  it('clean rules: an empty SARIF run and exit 0; an unknown format is a usage error naming the formats', async () => {
    const clean = await runCr(['check', '--format', 'sarif'])
    expect(clean.code).toBe(0)
    expect(JSON.parse(clean.stdout).runs[0].results).toEqual([])
    const bad = await runCr(['check', '--format', 'xml'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('unknown format `xml`, expected one of text, json, github, sarif')
  }, 600_000)
})

describe('cr fmt --check --format', () => {
  it('reports each file out of layout at the first line that differs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-fmt-format-'))
    cpSync(join(repoRoot, 'rules'), join(dir, 'rules'), { recursive: true })
    const file = join(dir, 'rules/06_runs.yaml')
    const lines = readFileSync(file, 'utf8').split('\n')
    const at = lines.findIndex((l) => /^\s+text: /.test(l))
    lines[at] = lines[at]!.replace('text: ', 'text:    ')
    writeFileSync(file, lines.join('\n'))
    const r = await runCr(['fmt', '--check', '--format', 'github'], dir)
    expect(r.code).toBe(1)
    expect(r.stdout.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^::error file=rules/06_runs\\.yaml,line=${at + 1},col=1,title=cr fmt%3A fmt-layout::`))])
    const clean = await runCr(['fmt', '--check', '--format', 'sarif'])
    expect(clean.code).toBe(0)
    expect(JSON.parse(clean.stdout).runs[0].results).toEqual([])
  }, 600_000)
})

describe('the formatters', () => {
  it('escape what a workflow command would read as syntax (newlines, %, and : , in properties)', () => {
    const [line] = githubAnnotations([{ code: 'unknown-rule', severity: 'warning', file: 'a,b:c.yaml', line: 2, column: 3, message: '100% wrong\nsecond line' }], { name: 'cr check' })
    expect(line).toBe('::warning file=a%2Cb%3Ac.yaml,line=2,col=3,title=cr check%3A unknown-rule::100%25 wrong%0Asecond line')
  })

  it('keep related places and hints (SARIF note), and forward slashes in paths', () => {
    const log = sarifLog(
      [
        { code: 'id-duplicate', severity: 'error', file: 'rules\\01.yaml', line: 1, column: 1, message: 'twice', related: [{ file: 'rules/02.yaml', line: 4, column: 2, message: 'first here' }] },
        { code: 'number-changed-meaning', severity: 'hint', file: 'a.rs', line: 1, column: 1, message: 'note' },
      ],
      { name: 'cr check', version: '1.2.3' },
    )
    const [a, b] = log.runs[0]!.results!
    expect(a!.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe('rules/01.yaml')
    expect(a!.relatedLocations![0]!.message!.text).toBe('first here')
    expect(b!.level).toBe('note')
  })
})

describe('a diagnostic about no file (a value on the command line)', () => {
  const d = { code: 'coverage-below', severity: 'error' as const, ...NOWHERE, message: 'Coverage 2.3% is under the minimum 5%' }
  const tool = { name: 'cr cite', version: '1.2.3' }

  it('has no place in any format: no file= in an annotation, no locations in SARIF, no file, line or column in JSON, no file:line:col: in text', () => {
    expect(githubAnnotations([d], tool)).toEqual(['::error title=cr cite%3A coverage-below::Coverage 2.3%25 is under the minimum 5%25'])
    const result = sarifLog([d], tool).runs[0]!.results![0]!
    expect(result).not.toHaveProperty('locations')
    expect(result.message.text).toBe('Coverage 2.3% is under the minimum 5%')
    expect(JSON.parse(formatMachine([d], 'json', tool, false)).messages).toEqual([{ code: 'coverage-below', severity: 'error', message: 'Coverage 2.3% is under the minimum 5%' }])
    expect(formatDiagnostic(d, () => 'some text')).toBe('error[coverage-below]: Coverage 2.3% is under the minimum 5%')
  })

  it('is told apart from a diagnostic at a place, which keeps every field', () => {
    const placed = { ...d, file: 'cr.config.json', line: 3, column: 5 }
    expect(githubAnnotations([placed], tool)).toEqual(['::error file=cr.config.json,line=3,col=5,title=cr cite%3A coverage-below::Coverage 2.3%25 is under the minimum 5%25'])
    expect(sarifLog([placed], tool).runs[0]!.results![0]!.locations).toHaveLength(1)
    expect(JSON.parse(formatMachine([placed], 'json', tool, false)).messages).toEqual([placed])
  })
})

describe('cr --version', () => {
  it('prints the package version', async () => {
    const r = await runCr(['--version'])
    expect([r.code, r.stdout]).toEqual([0, `cr ${version}\n`])
  })
})
