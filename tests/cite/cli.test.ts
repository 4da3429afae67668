import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import coverageSchema from '../../schema/coverage.schema.json' with { type: 'json' }
import { compileDir } from '../../src/io/compile-dir.ts'
import { buildIndexFiles } from '../../src/core/index-json.ts'
import { repoRoot, runCr } from '../cli/run-cr.ts'

const engine = (name: string) => join(repoRoot, 'tests/fixtures/engines', name)
/** The `path:line:col: severity[code]` part of each problem line. */
const problemLines = (stderr: string) => stderr.split('\n').flatMap((l) => /^(\S+:\d+:\d+: \w+\[[\w-]+\])/.exec(l)?.[1] ?? [])

let tmp: string
let index: string
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'cr-cite-'))
  // Most tests cite against a prebuilt rules.json (`--index`): one compile instead of one per run.
  const { document } = compileDir(join(repoRoot, 'rules'))
  index = join(tmp, 'index')
  mkdirSync(index)
  for (const [name, text] of Object.entries(buildIndexFiles(document!))) writeFileSync(join(index, name), text)
  index = join(index, 'rules.json')
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** A scratch project: files by relative path. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmp, 'p-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  return dir
}

/** What the Clojure fixture's two citations of v24.03 are reported as. */
const CLOJURE_OLD_RELEASES = [
  'src/engine/runs.clj:18:4: hint[old-release-citation]: `CR v24.03 6.1.5` is `rule_jacking_out`, today 6.1.5; text changed in v26.03',
  'src/engine/runs.clj:19:4: warning[renamed-rule]: `rule_ice_change_after_pass` (6.2.4e in v24.03) was renamed to `rule_ice_change_during_movement`, today 6.2.7e; text changed in v25.04, expected the current ID',
]

describe('engine fixtures: exactly the planted problems', () => {
  it('Rust crate with a cite! macro and //@ rule: headers', () => {
    const r = runCr(['cite'], engine('rust'))
    expect(r.code).toBe(1)
    expect(problemLines(r.stderr)).toEqual([
      'src/run.rs:11:16: hint[imprecise-citation]',
      'src/run.rs:17:16: error[unknown-rule]', // rule_end_teh_run
      'src/run.rs:20:8: error[stale-pair]', // 6.1.3/rule_jacking_out
      'src/run.rs:20:14: hint[imprecise-citation]',
      'tests/runs.rs:7:12: error[unknown-rule]', // cite!("jack_out")
      'tests/runs.rs:14:59: error[stale-pair]', // ("6.9.3b", "step_encounter_begins")
      'tests/runs.rs:20:8: hint[old-release-citation]', // CR v24.03 6.2.5
      'tests/runs.rs:21:19: hint[old-release-citation]', // cite!("v24.03 6.2.4e")
      'tests/runs.rs:22:8: error[unknown-rule]', // CR v24.03 6.2.99
    ])
    expect(r.stderr).toContain(
      'src/run.rs:17:16: error[unknown-rule]: Unknown rule ID `rule_end_teh_run`, expected the ID of a chapter, section, rule or step; did you mean `rule_end_the_run`?\n',
    )
    expect(r.stderr).toContain('src/run.rs:20:8: error[stale-pair]: Stale rule number `6.1.3` beside `rule_jacking_out`, expected `6.1.5`\n')
    // benches/ is excluded by cr.config.json, target/ is build output.
    expect(r.stderr).not.toMatch(/benches|target|rule_not_scanned|rule_in_build_output/)
    expect(r.stderr).toContain(
      'tests/runs.rs:21:19: hint[old-release-citation]: `CR v24.03 6.2.4e` is `rule_ice_change_after_pass`, renamed to `rule_ice_change_during_movement`, today 6.2.7e; text changed in v25.04\n',
    )
    expect(r.stderr).toMatch(/^cr cite: 5 files, 14 citations of 13 rules; 5 errors, 0 warnings, 4 hints$/m)
  })

  it('Clojure namespace with ;; CR 6.1.4 comments', () => {
    const r = runCr(['cite'], engine('clojure'))
    expect(r.code).toBe(1)
    expect(problemLines(r.stderr)).toEqual([
      'src/engine/runs.clj:4:4: hint[imprecise-citation]',
      'src/engine/runs.clj:10:10: error[unknown-rule]', // rule_jackin_out
      'src/engine/runs.clj:13:4: error[unknown-rule]', // CR 6.1.99
      'src/engine/runs.clj:18:4: hint[old-release-citation]', // CR 24.03 §6.1.5
      'src/engine/runs.clj:19:4: warning[renamed-rule]', // CR v24.03 rule_ice_change_after_pass
      'test/engine/runs_test.clj:10:13: error[stale-pair]', // "CR 6.1.3 rule_jacking_out"
      'test/engine/runs_test.clj:10:22: hint[imprecise-citation]',
      'test/engine/runs_test.clj:16:10: error[stale-pair]', // {:cr "6.9.2" :id "step_approach_begins"}
    ])
    expect(r.stderr).toContain('did you mean `rule_jacking_out`?')
    expect(r.stderr.split('\n').filter((l) => /^src\/engine\/runs\.clj:(18|19):/.test(l))).toEqual(CLOJURE_OLD_RELEASES)
  })

  it('TypeScript suite using cite(…)', () => {
    const r = runCr(['cite'], engine('typescript'))
    expect(r.code).toBe(1)
    expect(problemLines(r.stderr).filter((l) => !l.includes(': hint['))).toEqual([
      'test/runs.spec.ts:12:11: error[unknown-rule]', // rule_jack_out_afer_passing_ice
      'test/runs.spec.ts:17:11: error[unknown-rule]', // initiation_begin
      'test/runs.spec.ts:24:14: error[stale-pair]', // { number: '6.1.3', id: 'rule_jacking_out' }
      'test/runs.spec.ts:27:4: error[unknown-release]', // CR v99.01 6.1.4
    ])
    expect(r.stderr).toContain('test/runs.spec.ts:27:4: error[unknown-release]: Unknown release `v99.01` in `CR v99.01 6.1.4`, expected one of v22.12, v23.08, v24.03, v25.04, v25.08, v26.03\n')
    // rule('6.2.5', { version: 'v24.03' }), through the pattern's `version` group.
    expect(r.stderr).toContain('test/valid.spec.ts:25:25: hint[old-release-citation]: `CR v24.03 6.2.5` is `rule_move_runner_to_position`, today 6.2.8; text unchanged since v24.03\n')
  })

  it('reads old releases through the package\'s releases with --index too', () => {
    const lines = runCr(['cite', '--index', index], engine('clojure')).stderr.split('\n')
    expect(lines.filter((l) => /^src\/engine\/runs\.clj:(18|19):/.test(l))).toEqual(CLOJURE_OLD_RELEASES)
  })

  it.each(['rust', 'clojure', 'typescript'])('%s: cites chapter 6 only; every other chapter is uncited', (name) => {
    const r = runCr(['cite', '--json', '--index', index], engine(name))
    const out = JSON.parse(r.stdout)
    const chapters = out.coverage.chapters.filter((c: { cited: number }) => c.cited > 0).map((c: { number: string }) => c.number)
    expect(chapters).toEqual(['6'])
    expect(out.coverage.uncited.length).toBe(out.coverage.total - out.coverage.cited)
  })
})

describe('cr cite output', () => {
  it('prints JSON with citations, problems and coverage', () => {
    const r = runCr(['cite', '--json', '--index', index], engine('rust'))
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout)
    expect(Object.keys(out)).toEqual(['ok', 'version', 'files', 'citations', 'problems', 'coverage'])
    expect(out.ok).toBe(false)
    expect(out.citations[0]).toEqual({ file: 'src/run.rs', line: 11, column: 16, id: 'rule_end_the_run', text: 'rule_end_the_run', via: 'pattern' })
    expect(out.problems.filter((p: { severity: string }) => p.severity === 'error')).toHaveLength(5)
    expect(out.citations.find((c: { version?: string }) => c.version)).toEqual({
      file: 'tests/runs.rs', line: 20, column: 8, id: 'rule_move_runner_to_position', text: 'CR v24.03 6.2.5', via: 'number', version: 'v24.03',
    })
    expect(out.coverage.cited).toBe(13)
    expect(out.coverage.total).toBeGreaterThan(1000)
    expect(out.coverage.rules.rule_end_the_run).toEqual({ files: ['src/run.rs'], citations: 1 })
  })

  it('reports without failing with --warn-only', () => {
    expect(runCr(['cite', '--warn-only', '--index', index], engine('clojure')).code).toBe(0)
  })

  it('prints per-chapter coverage and, with --uncited, every uncited rule', () => {
    const dir = project({ 'a.rs': '// CR 1.1.1\n' })
    const r = runCr(['cite', '--index', index], dir)
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/^coverage: 1\/\d+ citable rules \(0\.\d%\)$/m)
    expect(r.stderr).toMatch(/^ {3}1 {2}Game Concepts +1\/\d+ +0\.\d%$/m)
    expect(r.stderr).toMatch(/^ {2}\d+ uncited rules; list them with --uncited \(or --json\)$/m)
    const all = runCr(['cite', '--uncited', '--index', index], dir)
    expect(all.stderr).toMatch(/^ {8}uncited: rule_end_the_run$/m)
  })

  it('writes the coverage file, valid against its schema', () => {
    const out = join(tmp, 'cov', 'coverage.json')
    const r = runCr(['cite', '--warn-only', '--index', index, '--write-coverage', out], engine('typescript'))
    expect(r.code).toBe(0)
    const file = JSON.parse(readFileSync(out, 'utf8'))
    const validate = new Ajv2020().compile(coverageSchema)
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true)
    expect(file.files['test/runs.spec.ts'][0]).toEqual({ id: 'rule_end_the_run', line: 6, column: 11 })
    expect(file.version).toBe('v26.03')
  })

  it('counts a renamed ID for its new ID, warns, and fails on it only with --strict', () => {
    const dir = project({
      'retired.yaml': 'retired:\n- id: rule_jack_out\n  release: v25.08\n  renamed_to: rule_jacking_out\n- id: rule_old_thing\n  release: v25.08\n  removed: no longer a rule\n',
      'src/a.rs': 'cite!("rule_jack_out");\n',
      'src/b.rs': '// rule_old_thing\n',
    })
    const renamed = runCr(['cite', 'src/a.rs', '--quiet', '--index', index, '--retired', 'retired.yaml'], dir)
    expect([renamed.code, problemLines(renamed.stderr)]).toEqual([0, ['src/a.rs:1:8: warning[renamed-rule]']])
    expect(renamed.stderr).toContain('`rule_jack_out` was renamed to `rule_jacking_out`')
    expect(runCr(['cite', 'src/a.rs', '--strict', '--index', index, '--retired', 'retired.yaml'], dir).code).toBe(1)
    const removed = runCr(['cite', 'src/b.rs', '--index', index, '--retired', 'retired.yaml'], dir)
    expect([removed.code, problemLines(removed.stderr)]).toEqual([1, ['src/b.rs:1:4: error[removed-rule]']])
  })
})

describe('which files are scanned', () => {
  it('skips node_modules, .git, build output and .gitignore entries (nested, negated)', () => {
    const planted = '"rule_end_teh_run"\n'
    const dir = project({
      '.git/HEAD': planted,
      '.gitignore': 'generated/\n*.log\n!keep.log\n',
      'node_modules/dep/index.js': planted,
      'dist/out.js': planted,
      'target/debug/x.rs': planted,
      'generated/x.ts': planted,
      'debug.log': planted,
      'keep.log': planted,
      'src/.gitignore': 'secret.ts\n',
      'src/secret.ts': planted,
      'src/main.ts': planted,
      'src/image.png': planted,
      'src/data.bin.txt': '\u0000rule_end_teh_run',
    })
    const r = runCr(['cite', '--json', '--index', index], dir)
    const problems = JSON.parse(r.stdout).problems as { file: string; code: string; severity: string }[]
    expect(problems.filter((p) => p.code !== 'file-binary').map((p) => p.file)).toEqual(['keep.log', 'src/main.ts'])
    // A binary file found by content is not scanned, and says so (a hint).
    expect(problems.filter((p) => p.code === 'file-binary').map((p) => `${p.file} ${p.severity}`)).toEqual(['src/data.bin.txt hint'])
  })

  it('always scans a file named on the command line', () => {
    const dir = project({ '.gitignore': 'gen.rs\n', 'gen.rs': '"rule_end_teh_run"\n' })
    expect(problemLines(runCr(['cite', '--index', index], dir).stderr)).toEqual([])
    expect(problemLines(runCr(['cite', 'gen.rs', '--index', index], dir).stderr)).toEqual(['gen.rs:1:2: error[unknown-rule]'])
  })
})

describe('usage and configuration errors exit 2', () => {
  it('an invalid cr.config.json, reported at the key', () => {
    const dir = project({ 'cr.config.json': '{\n  "cite": {\n    "paterns": []\n  }\n}\n' })
    const r = runCr(['cite', '--index', index], dir)
    expect([r.code, r.stderr]).toEqual([
      2,
      'cr.config.json:3:5: error[config-invalid]: Unexpected key `paterns` in `cite`, expected one of `patterns`, `exclude`, `ignoreIds`, `unknownIds`\n',
    ])
  })

  it('a file that is not JSON, and a JSON file indented with tabs', () => {
    const broken = runCr(['cite', '--index', index], project({ 'cr.config.json': '{ "cite": { "patterns": [ }\n' }))
    expect([broken.code, broken.stderr]).toEqual([2, expect.stringMatching(/^cr\.config\.json:1:27: error\[config-invalid\]: Invalid JSON: .+\n$/)])
    const tabs = runCr(['cite', '--index', index], project({ 'cr.config.json': '{\n\t"cite": {\n\t\t"unknownIds": "every"\n\t}\n}\n' }))
    expect(tabs.stderr).toBe('cr.config.json:3:3: error[config-invalid]: Unexpected value for `cite.unknownIds`, expected one of `likely`, `all`\n')
  })

  it('a pattern that is not a regular expression', () => {
    const dir = project({ 'cr.config.json': '{ "cite": { "patterns": ["cite!("] } }' })
    const r = runCr(['cite', '--index', index], dir)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^cr\.config\.json:1:\d+: error\[config-invalid\]: Invalid pattern: .*Unterminated group\n$/)
  })

  it('a releases directory that does not exist', () => {
    const r = runCr(['cite', '--index', index, '--releases', 'no/such/releases'], project({ 'a.rs': '// CR v24.03 6.1.4\n' }))
    expect([r.code, r.stderr]).toEqual([2, 'cr cite: error: No such directory: no/such/releases\n'])
  })

  it('unknown flags and missing paths', () => {
    expect(runCr(['cite', '--nope']).code).toBe(2)
    const r = runCr(['cite', 'no/such/dir', '--index', index])
    expect([r.code, r.stderr]).toEqual([2, 'cr cite: error: No such file or directory: no/such/dir\n'])
  })

  it('documents every flag in --help', () => {
    const r = runCr(['cite', '--help'])
    expect(r.code).toBe(0)
    for (const flag of ['--json', '--warn-only', '--strict', '--quiet', '--uncited', '--write-coverage FILE', '--config FILE', '--rules DIR', '--index FILE', '--retired FILE', '--releases DIR']) {
      expect(r.stdout).toContain(flag)
    }
  })
})
