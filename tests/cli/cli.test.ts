import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { repoRoot, runCr } from './run-cr.ts'
import { workingLabel } from '../../src/io/working-label.ts'
import { chooseRules } from '../../src/io/shipped-rules.ts'

const fixture = (name: string) => join(repoRoot, 'tests/fixtures/diagnostics', name)

describe('cr check', () => {
  it('passes rules/ under --strict', async () => {
    const r = (await runCr(['check', '--strict']))
    // Text for people on stderr; stdout stays empty.
    expect([r.code, r.stderr, r.stdout]).toEqual([0, expect.stringMatching(/^rules: \d+ entries, no problems\n$/), ''])
  })

  it('exits 1 with file:line:col diagnostics on errors', async () => {
    const r = (await runCr(['check', 'rules'], fixture('unknown-rule')))
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^rules\/01_test\.yaml:12:7: error\[unknown-rule\]: Unknown rule ID `rule_ona`/)
    expect(r.stderr).toContain("= help: did you mean `rule_one`")
    expect([r.stderr, r.stdout]).not.toContainEqual(expect.stringMatching(/\n\s+at /))
  })

  it('fails on warnings only with --strict', async () => {
    expect((await runCr(['check', 'rules'], fixture('card-spelling'))).code).toBe(0)
    expect((await runCr(['check', '--strict', 'rules'], fixture('card-spelling'))).code).toBe(1)
  })

  it('prints JSON with --json', async () => {
    const r = (await runCr(['check', '--json', 'rules'], fixture('id-duplicate')))
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout)
    expect(out.ok).toBe(false)
    expect(out.messages[0]).toMatchObject({ code: 'id-duplicate', severity: 'error', file: 'rules/01_test.yaml', line: 11 })
    expect(out.messages[0].related[0]).toMatchObject({ line: 7 })
  })

  it('exits 2 on usage errors', async () => {
    expect((await runCr(['frobnicate'])).code).toBe(2)
    expect((await runCr(['check', '--nope'])).code).toBe(2)
    expect((await runCr(['show'])).code).toBe(2)
    expect((await runCr(['index'])).code).toBe(2)
    const missing = (await runCr(['check', 'no/such/dir']))
    expect([missing.code, missing.stderr]).toEqual([2, 'cr check: error: No such directory: no/such/dir\n'])
  })
})

describe('cr show', () => {
  it('prints a rule by number', async () => {
    const r = (await runCr(['show', '6.1.4']))
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^6\.1\.4 {2}rule_end_the_run/)
    expect(r.stdout).toContain("To end the run is to halt the Runner's progress toward the server")
    expect(r.stdout).toContain('6.1.4a')
  })

  it('prints a rule by ID', async () => {
    const r = (await runCr(['show', 'rule_move_runner_to_position']))
    expect([r.code, r.stdout.split('  ')[0]]).toEqual([0, '6.2.8'])
  })

  it('shows a timing element by the ID earlier versions of this tool gave it (`…__6_a`), as renamed to the official one', async () => {
    const r = await runCr(['show', 'sec_appendix_timing_structure_of_a_run__6_a'])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain('`sec_appendix_timing_structure_of_a_run__6_a` was renamed to `sec_appendix_timing_structure_of_a_run_6_a`')
    expect(r.stdout).toMatch(/^11\.4\.6a {2}sec_appendix_timing_structure_of_a_run_6_a/)
  })

  it('suggests IDs for an unknown one', async () => {
    const r = (await runCr(['show', 'rule_end_teh_run']))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('`rule_end_the_run`')
  })

  it('tells an old number\'s history, never "unknown": merged (the rule it became), removed (why), now another rule (a note)', async () => {
    // The rules/ of this repository: `v26.03+` while they differ from releases/v26.03 (tests/cli/working-text-label.test.ts).
    const today = workingLabel(chooseRules(undefined, { cwd: repoRoot }), 'v26.03', { cwd: repoRoot })
    const merged = await runCr(['show', '10.5.5'])
    expect(merged.code).toBe(0)
    expect(merged.stderr).toBe(`cr show: warning[old-number]: the rules of ${today} have no 10.5.5: 10.5.5 in v22.12–v25.08 (\`rule_corp_can_pay_tag_costs\`) was merged into 1.14.3a (\`rule_remove_tags_or_bad_publicity_as_cost\`); showing 1.14.3a\n`)
    expect(merged.stdout).toMatch(/^1\.14\.3a {2}rule_remove_tags_or_bad_publicity_as_cost/)
    const removed = await runCr(['show', 'CR 1.2.5'])
    expect(removed.code).toBe(1)
    expect(removed.stderr.replace(today, 'TODAY')).toMatch(/^cr show: error\[removed-rule\]: the rules of TODAY have no 1\.2\.5: 1\.2\.5 in v22\.12–v24\.03 \(`rule_ncigs`\) was removed: .*NCIGS/)
    const reused = await runCr(['show', '6.2.5'])
    expect(reused.stdout).toMatch(/^6\.2\.5 {2}rule_position_runner/)
    expect(reused.stderr).toBe(`cr show: note[number-changed-meaning]: 6.2.5 is \`rule_position_runner\` in ${today}; but 6.2.5 in v22.12–v24.03 (\`rule_move_runner_to_position\`) is 6.2.8 now\n`)
    // A number no release printed is unknown, with the numbers it may be a typo of and their IDs.
    expect((await runCr(['show', '6.1.44'])).stderr).toBe('cr show: error[unknown-rule]: no rule `6.1.44`; did you mean `6.1.4 (rule_end_the_run)`, `6.1.4a (rule_end_run_access_or_breach_during_run)`, `6.1.4b (rule_end_encounter_outside_run)`?\n')
    expect((await runCr(['show', 'CR 6.2.7g'])).stderr).toContain('did you mean `6.2.7e (rule_ice_change_during_movement)`')
    // In a release too (through its own numbers).
    expect((await runCr(['show', '6.1.44', '--version', 'v24.03'])).stderr).toContain('`6.1.4 (rule_end_the_run)`')
  }, 600_000)
})

describe('cr index', () => {
  it('refuses to write over its own rules, the project, a file or a foreign folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cr-index-'))
    cpSync(join(fixture('unknown-rule'), 'rules'), join(root, 'rules'), { recursive: true })
    writeFileSync(join(root, 'notes.txt'), 'mine')
    const before = readdirSync(join(root, 'rules'))
    for (const out of ['rules', '.', 'notes.txt', '..']) {
      const r = (await runCr(['index', '--out', out, 'rules'], root))
      expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/^cr index: error: refusing to write to `/)])
    }
    expect(readdirSync(join(root, 'rules'))).toEqual(before)
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('mine')
  })

  it('writes rules.json that validates against its schema', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'cr-index-')), 'out')
    const r = (await runCr(['index', '--out', out]))
    expect(r.code).toBe(0)
    const index = JSON.parse(readFileSync(join(out, 'rules.json'), 'utf8'))
    const schema = JSON.parse(readFileSync(join(repoRoot, 'schema/index.schema.json'), 'utf8'))
    const validate = new Ajv2020({ allErrors: true }).compile(schema)
    expect(validate(index), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
    expect(index.version).toBe('v26.03')
    expect(index.effective).toBe('2026-03-02')
    const kinds = (k: string) => index.rules.filter((e: { kind: string }) => e.kind === k).length
    expect(kinds('chapter')).toBe(11)
    expect(index.rules.find((e: { id: string }) => e.id === 'rule_end_the_run')).toMatchObject({
      number: '6.1.4',
      kind: 'rule',
      parent: 'sec_run_general',
      children: ['rule_end_run_access_or_breach_during_run', 'rule_end_encounter_outside_run', 'rule_end_run_no_run_or_encounter'],
      terms: ['end the run'],
    })
    expect(existsSync(join(out, 'index.schema.json'))).toBe(true)
  })

  it('writes nothing, and keeps what was there, when the rules have errors', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'cr-index-')), 'out')
    expect((await runCr(['index', '--out', out])).code).toBe(0)
    writeFileSync(join(out, 'marker'), 'previous run')
    const r = (await runCr(['index', '--out', out, 'rules'], fixture('unknown-rule')))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('nothing written')
    expect(readFileSync(join(out, 'marker'), 'utf8')).toBe('previous run')
  })
})

describe('in an engine\'s project (no rules/ folder)', () => {
  const engine = () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-engine-'))
    writeFileSync(join(dir, 'pyproject.toml'), '[project]\nname = "engine"\n')
    return dir
  }

  it('cr index and cr export read the rules the package ships, as cr show, cr diff and cr cite do', async () => {
    const dir = engine()
    const r = await runCr(['index', '--out', 'out'], dir)
    expect([r.code, r.stderr]).toEqual([0, expect.stringMatching(/^cr index: wrote \d+ entries to out\/rules\.json \(the rules this package ships, v26\.03\)\n$/)])
    const ours = await runCr(['index', '--out', join(dir, 'ours')])
    expect(ours.code).toBe(0)
    expect(readFileSync(join(dir, 'out/rules.json'), 'utf8')).toBe(readFileSync(join(dir, 'ours/rules.json'), 'utf8'))
    const json = await runCr(['export', 'official-json'], dir)
    expect([json.code, json.stdout]).toEqual([0, (await runCr(['export', 'official-json'])).stdout])
  })

  it('cr check, cr fmt and cr release, which work on the rules editors\' sources, say there is no rules/ folder here', async () => {
    const dir = engine()
    for (const [args, example] of [[['check'], 'cr check DIR'], [['fmt', '--check'], 'cr fmt DIR'], [['release', 'v26.09', '--check'], 'cr release VERSION --rules DIR']] as const) {
      const r = await runCr([...args], dir)
      expect([r.code, r.stdout]).toEqual([2, ''])
      expect(r.stderr).toMatch(new RegExp(`^cr ${args[0]}: error: no rules/ folder here, expected the rules folder to \\w+ \\(\`${example.replace(/ /g, ' ')}\`\\); an engine's project reads the rules this package ships with cr show, cr diff, cr cite, cr index and cr export\\nTry \`cr ${args[0]} --help\` for the options\\.\\n$`))
    }
  })
})

describe('cr help', () => {
  it('lists every command with the summary its module declares', async () => {
    const { commands } = await import('../../src/cli/main.ts')
    for (const c of commands) {
      const { spec } = await c.load()
      expect([spec.name, spec.summary]).toEqual([c.name, c.summary])
    }
  })
})

describe('usage errors: one line that says what is wrong, a pointer to the help, exit 2', () => {
  // Each command, a mistake of each kind: a flag that does not exist, a value missing or wrong, an argument missing.
  const mistakes: [string[], string][] = [
    [['check', '--strcit'], 'unknown option `--strcit`; did you mean `--strict`?'],
    [['check', '--format', 'xml'], 'unknown format `xml`, expected one of text, json, github, sarif'],
    [['show'], 'missing rule ID or number'],
    [['show', '6.1.4', '--version'], '--version needs a value (`--version V`)'],
    [['index', '--out'], '--out needs a value (`--out DIR`)'],
    [['index'], 'missing --out DIR'],
    [['cite', '--json=yes'], '--json takes no value'],
    [['cite', '--min-coverage', '150'], '--min-coverage 150: 150% is over 100, expected a percent from 0 to 100'],
    [['cite', '--min-coverage', '6=abc'], '--min-coverage 6=abc: `abc` is not a number, expected a percent (`80`) or a chapter and a percent (`6=90`)'],
    [['cite', '--min-coverage', 'six=50'], '--min-coverage six=50: `six` is not a chapter number, expected a chapter and a percent (`6=90`)'],
    [['fmt', '--chek'], 'unknown option `--chek`; did you mean `--check`?'],
    [['release'], 'expected one version, e.g. `cr release v26.09`'],
    [['diff', 'v24.03'], 'expected two releases, got 1'],
    [['export', 'pdf'], 'unknown format `pdf`, expected official-json, markdown'],
    [['lsp'], 'expected --stdio'],
  ]
  it.each(mistakes)('cr %j', async (args, message) => {
    const r = await runCr(args)
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `cr ${args[0]}: error: ${message}\nTry \`cr ${args[0]} --help\` for the options.\n`])
  })

  it('an unknown command: the command meant, else the commands', async () => {
    expect((await runCr(['chek'])).stderr).toBe('cr: error: unknown command `chek`; did you mean `check`?\nTry `cr --help` for the commands.\n')
    expect((await runCr(['frobnicate'])).stderr).toBe('cr: error: unknown command `frobnicate`, expected one of check, show, index, cite, lsp, fmt, rename, retire, release, diff, export\nTry `cr --help` for the commands.\n')
  })
})
