/**
 * The ID guard. Golden cases: `tests/fixtures/versions/guard/<case>/rules/`
 * (with `retired.yaml`) checked against the two releases in
 * `guard/releases/`; `expected.txt` is the exact report. A missing golden is
 * written (it fails under `CI=true`: tests/golden.ts); `UPDATE=1` rewrites them (review the diff).
 */
import { indexView } from '../../src/core/render/document.ts'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { readGolden } from '../golden.ts'
import { readRulesDir } from '../../src/io/read-sources.ts'
import { formatReport } from '../../src/io/releases.ts'
import { compile } from '../../src/core/compile.ts'
import { checkRetirements, releaseIds, releaseIdsFromFiles, RETIREMENT_CODES } from '../../src/core/versions/guard.ts'
import { parseRetirements } from '../../src/core/versions/retired.ts'
import { repoRoot, runCr } from '../cli/run-cr.ts'
import { current, release, retirements, VERSIONS } from './load.ts'

const root = join(import.meta.dirname, '../fixtures/versions/guard')
const cases = readdirSync(root).filter((d) => existsSync(join(root, d, 'rules')))
const releaseSets = ['v01.01', 'v02.01'].map((v) => releaseIdsFromFiles(v, readRulesDir(`releases/${v}`, root)))

function runGuard(name: string) {
  const dir = join(root, name)
  const files = readRulesDir('rules', dir)
  const { document, messages } = compile(files)
  expect(messages.filter((m) => m.severity === 'error')).toEqual([])
  const retiredFile = files.find((f) => f.path.endsWith('retired.yaml'))!
  const parsed = parseRetirements(retiredFile)
  const guard = [...parsed.messages, ...checkRetirements(document!, releaseSets, parsed.retirements)]
  const sources = [...files, ...readRulesDir('releases/v01.01', root), ...readRulesDir('releases/v02.01', root)]
  return { guard, report: guard.length > 0 ? `${formatReport(guard, sources)}\n` : '' }
}

describe('guard fixtures', () => {
  it('every guard code has a case', () => {
    expect(RETIREMENT_CODES.filter((code) => !cases.includes(code))).toEqual([])
  })

  it.each(cases)('%s', (name) => {
    const { guard, report } = runGuard(name)
    if (name === 'ok') expect(guard).toEqual([])
    else if (name === 'retired-schema') expect(guard.map((m) => m.code)).toEqual(expect.arrayContaining(['schema-unknown-key', 'schema-missing-key', 'schema-invalid']))
    else expect(guard.map((m) => m.code)).toContain(name)
    const golden = join(root, name, 'expected.txt')
    expect(report).toBe(readGolden(golden, report))
  })

  it('names the releases a missing ID came from, and where it was', () => {
    const { guard } = runGuard('id-missing')
    expect(guard).toHaveLength(1)
    expect(guard[0]).toMatchObject({ code: 'id-missing', severity: 'error', file: 'releases/v02.01/01_test.yaml', line: 15 })
    expect(guard[0]!.message).toContain('`rule_b` of v01.01 and v02.01 (1.1.5 in v02.01)')
  })
})

describe('the retirement file', () => {
  const schema = JSON.parse(readFileSync(join(repoRoot, 'schema/retired.schema.json'), 'utf8'))

  it('has a strict draft 2020-12 schema, closed and documented like the others', () => {
    const ajv = new Ajv2020({ strict: true })
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true)
    expect(schema.$id).toBe('https://github.com/netrunner-cr/netrunner-cr/schema/retired.schema.json')
    const entry = schema.$defs.entry
    expect([schema.additionalProperties, entry.additionalProperties]).toEqual([false, false])
    for (const [key, sub] of [...Object.entries(schema.properties), ...Object.entries(entry.properties)] as [string, { title?: string; description?: string }][]) {
      expect([key, typeof sub.title, typeof sub.description]).toEqual([key, 'string', 'string'])
    }
  })

  it('passes its JSON schema, and the schema rejects what the reader rejects', () => {
    const validate = new Ajv2020({ allErrors: true }).compile(schema)
    const real = parse(readFileSync(join(repoRoot, 'rules/retired.yaml'), 'utf8'))
    expect(validate(real), JSON.stringify(validate.errors)).toBe(true)
    const bad = parse(readFileSync(join(root, 'retired-schema/rules/retired.yaml'), 'utf8'))
    for (const [i, entry] of bad.retired.entries()) {
      if (i === 3) continue // a duplicate ID is fine for the schema, the reader reports it
      expect(validate({ retired: [entry] }), `entry ${i}`).toBe(false)
    }
  })

  it('retires every ID the six releases lost, with the right release, and nothing else', () => {
    const sets = VERSIONS.map((v) => releaseIds(indexView(release(v))))
    expect(checkRetirements(indexView(current()), sets, retirements())).toEqual([])
    const r = retirements()
    expect(r.entries).toHaveLength(44)
    const kinds = Object.fromEntries(['renamed', 'merged', 'split', 'removed'].map((k) => [k, r.entries.filter((e) => e.kind === k).length]))
    expect(kinds).toEqual({ renamed: 20, merged: 11, split: 3, removed: 10 })
  })

  it('records the checkpoint rename and the NCIGS removal', () => {
    const r = retirements()
    const checkpoint = r.entries.filter((e) => e.id.startsWith('rule_checkpoint_'))
    expect(checkpoint).toHaveLength(10)
    for (const e of checkpoint) expect(e).toMatchObject({ kind: 'renamed', release: 'v23.08', targets: [e.id.replace(/^rule_/, 'step_')] })
    const ncigs = r.entries.filter((e) => e.id.includes('ncigs'))
    expect(ncigs.map((e) => [e.id, e.kind, e.release])).toEqual([
      ['rule_cannot_ncigs', 'removed', 'v24.03'],
      ['rule_ncigs', 'removed', 'v24.03'],
      ['rule_action_ncigs', 'removed', 'v24.03'],
      ['rule_use_ncigs_link', 'removed', 'v24.03'],
      ['rule_purge_ncigs', 'removed', 'v24.03'],
      ['rule_conditional_ability_static_condition_ncigs', 'renamed', 'v24.03'],
    ])
  })
})

describe('cr check with releases', () => {
  it('fails when an ID is deleted from rules/, naming the releases it came from', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'cr-guard-'))
    try {
      cpSync(join(repoRoot, 'rules'), join(tmp, 'rules'), { recursive: true })
      cpSync(join(repoRoot, 'releases'), join(tmp, 'releases'), { recursive: true })
      const file = join(tmp, 'rules/06_runs.yaml')
      const text = readFileSync(file, 'utf8')
      // Drop rule 6.1.5b (two lines: its ID and its text).
      const cut = text.replace(/\n {4}- rule: rule_jack_out_before_approach\n {6}text: [^\n]*/, '')
      expect(cut).not.toBe(text)
      writeFileSync(file, cut)
      const r = (await runCr(['check', 'rules'], tmp))
      expect(r.code).toBe(1)
      expect(r.stdout).toMatch(/^releases\/v26\.03\/06_runs\.yaml:\d+:\d+: error\[id-missing\]: Missing ID `rule_jack_out_before_approach` of v22\.12 through v26\.03 \(6\.1\.5b in v26\.03\)/)
      expect(r.stdout).toContain('rules/retired.yaml')
    } finally {
      rmSync(tmp, { recursive: true, force: true })
    }
  })

  it('a retired.yaml that does not parse is one message, as cr check and cr fmt word it, and no ID is reported missing for it', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'cr-guard-'))
    try {
      cpSync(join(repoRoot, 'rules'), join(tmp, 'rules'), { recursive: true })
      cpSync(join(repoRoot, 'releases'), join(tmp, 'releases'), { recursive: true })
      const file = join(tmp, 'rules/retired.yaml')
      const text = readFileSync(file, 'utf8')
      const entry = /\n- id: (\w+)\n {2}release: (v[\d.]+)\n/.exec(text)!
      const line = text.slice(0, entry.index).split('\n').length + 1
      // Each slip of the class on an entry's lines: a tab, an unquoted value YAML reads as syntax, a dash without its space.
      const slips: [string, string, RegExp][] = [
        [`\n- id: ${entry[1]}\n\t  release: ${entry[2]}\n`, `${line + 1}:1`, /^Unexpected tab in indentation/],
        [`\n- id: ${entry[1]}\n  release: {term:x} ${entry[2]}\n`, `${line + 1}:12`, /^Unexpected `\{` at the start of an unquoted `release`/],
        [`\n-id: ${entry[1]}\n  release: ${entry[2]}\n`, `${line}:1`, /^Unexpected `-id`: a list item needs a space after its `-`/],
      ]
      for (const [slip, at, says] of slips) {
        writeFileSync(file, text.replace(entry[0], slip))
        const r = await runCr(['check', '--json', 'rules'], tmp)
        const messages = JSON.parse(r.stdout).messages as { file: string; line: number; column: number; code: string; message: string }[]
        expect(r.code, slip).toBe(1)
        expect(messages.map((m) => `${m.file}:${m.line}:${m.column} ${m.code}`), slip).toEqual([`rules/retired.yaml:${at} yaml-syntax`])
        expect(messages[0]!.message, slip).toMatch(says)
        const fmt = JSON.parse((await runCr(['fmt', '--check', '--format', 'json'], tmp)).stdout).messages as typeof messages
        expect(fmt.map((m) => [m.line, m.column, m.code, m.message]), slip).toEqual(messages.map((m) => [m.line, m.column, m.code, m.message]))
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true })
    }
  }, 600_000)

  it('an ID renamed in rules/ without a retirement is reported at the edited line, naming the release place and the fix', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'cr-guard-'))
    try {
      cpSync(join(repoRoot, 'rules'), join(tmp, 'rules'), { recursive: true })
      cpSync(join(repoRoot, 'releases'), join(tmp, 'releases'), { recursive: true })
      // A rule, a sub-rule and a section, each renamed where it is defined.
      const renames: [string, string, string][] = [
        ['06_runs.yaml', 'rule_jack_out_before_approach', 'rule_jack_out_early'],
        ['06_runs.yaml', 'sec_position', 'sec_positions'],
        ['07_access_breach.yaml', 'rule_accessing', 'rule_access_card'],
      ]
      const at = new Map<string, number>()
      for (const [name, from, to] of renames) {
        const file = join(tmp, 'rules', name)
        const text = readFileSync(file, 'utf8')
        const def = new RegExp(`^([ \\t]*-?[ \\t]*(?:rule|subsection|section): )${from}$`, 'm').exec(text)
        if (!def) continue
        at.set(from, text.slice(0, def.index).split('\n').length)
        writeFileSync(file, text.replace(def[0], `${def[1]}${to}`).replaceAll(`{ref:${from}}`, `{ref:${to}}`))
      }
      expect(at.size).toBeGreaterThanOrEqual(2)
      const r = await runCr(['check', '--json', 'rules'], tmp)
      expect(r.code).toBe(1)
      const messages = JSON.parse(r.stdout).messages as { file: string; line: number; code: string; message: string; suggestions?: string[]; related?: { file: string; message: string }[] }[]
      for (const [name, from, to] of renames) {
        if (!at.has(from)) continue
        const m = messages.find((x) => x.code === 'id-missing' && x.message.includes(`\`${from}\``))
        expect(m, from).toBeDefined()
        expect(`${m!.file}:${m!.line}`, from).toBe(`rules/${name}:${at.get(from)}`)
        expect(m!.message, from).toContain(`retire \`${from}\` with \`renamed_to: ${to}\``)
        expect(m!.suggestions?.[0], from).toBe(to)
        expect(m!.related?.some((x) => x.file.startsWith('releases/v26.03/')), from).toBe(true)
      }
      // A deleted rule (in a file with no rename) has no line in rules/: it stays at the release that had it.
      const runs = join(tmp, 'rules/06_runs.yaml')
      writeFileSync(runs, readFileSync(join(repoRoot, 'rules/06_runs.yaml'), 'utf8').replace(/\n {4}- rule: rule_jack_out_after_passing_ice\n {6}text: [^\n]*/, ''))
      const cut = JSON.parse((await runCr(['check', '--json', 'rules'], tmp)).stdout).messages as typeof messages
      const gone = cut.find((x) => x.code === 'id-missing' && x.message.includes('`rule_jack_out_after_passing_ice`'))
      expect(gone?.file).toBeDefined()
      expect(gone!.file).toMatch(/^releases\//)
    } finally {
      rmSync(tmp, { recursive: true, force: true })
    }
  }, 600_000)

  it('does not guard a release folder against its siblings', async () => {
    expect((await runCr(['check', 'releases/v24.03'])).stdout).not.toContain('id-missing')
  })
})
