import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import coverageSchema from '../../schema/coverage.schema.json' with { type: 'json' }
import { compileDir } from '../../src/io/compile-dir.ts'
import { buildIndexFiles } from '../../src/core/index-json.ts'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { main } from '../../src/cli/main.ts'
import { citation } from '../../site/scripts/rule-tools.ts'

const repoRoot = join(import.meta.dirname, '../..')

/** `cr <args>` in-process, in `cwd`; the report is on stdout, usage and config errors on stderr. */
async function runCr(args: string[], cwd = repoRoot, env: Record<string, string | undefined> = { NO_COLOR: '1' }): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = memoryIo({ cwd, env })
  const code = await main(args, io)
  return { code, stdout: io.out(), stderr: io.err() }
}

const engine = (name: string) => join(repoRoot, 'tests/fixtures/engines', name)
/** Each problem line (`path:line:col: severity: message [code]`) as `path:line:col: severity[code]`, in file order (hints were `note`). */
const problemLines = (stdout: string) =>
  stdout
    .split('\n')
    .flatMap((l) => {
      const m = /^(\S+):(\d+):(\d+): (error|warning|note): .*\[([\w-]+)\]$/.exec(l)
      return m ? [{ file: m[1]!, line: Number(m[2]), column: Number(m[3]), text: `${m[1]}:${m[2]}:${m[3]}: ${m[4] === 'note' ? 'hint' : m[4]}[${m[5]}]` }] : []
    })
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column))
    .map((p) => p.text)

let tmp: string
let index: string
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'cr-cite-'))
  // Most tests cite against a prebuilt rules.json (`--index`): one compile instead of one per run.
  const { model } = compileDir(join(repoRoot, "rules"))
  index = join(tmp, 'index')
  mkdirSync(index)
  for (const [name, text] of Object.entries(buildIndexFiles(model!))) writeFileSync(join(index, name), text)
  index = join(index, 'rules.json')
}, 600_000)
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
  'src/engine/runs.clj:18:4: note: `CR v24.03 6.1.5` is `rule_jacking_out`, today 6.1.5; text unchanged since v24.03 [old-release-citation]',
  'src/engine/runs.clj:19:4: warning: `rule_ice_change_after_pass` (6.2.4e in v24.03) was renamed to `rule_ice_change_during_movement`, today 6.2.7e; text changed in v25.04, expected the current ID [renamed-rule]',
]

describe('engine fixtures: exactly the planted problems', () => {
  it('Rust crate with a cite! macro and //@ rule: headers', async () => {
    const r = await runCr(['cite'], engine('rust'))
    expect(r.code).toBe(1)
    expect(problemLines(r.stdout)).toEqual([
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
    expect(r.stdout).toContain(
      'src/run.rs:17:16: error: Unknown rule ID `rule_end_teh_run`, expected the ID of a chapter, section, rule or step; did you mean `rule_end_the_run`? [unknown-rule]\n',
    )
    expect(r.stdout).toContain('src/run.rs:20:8: error: Stale rule number `6.1.3` beside `rule_jacking_out`, expected `6.1.5` [stale-pair]\n')
    // benches/ is excluded by cr.config.json, target/ is build output.
    expect(r.stdout).not.toMatch(/benches|target|rule_not_scanned|rule_in_build_output/)
    expect(r.stdout).toContain(
      'tests/runs.rs:21:19: note: `CR v24.03 6.2.4e` is `rule_ice_change_after_pass`, renamed to `rule_ice_change_during_movement`, today 6.2.7e; text changed in v25.04 [old-release-citation]\n',
    )
    // The summary comes first, then errors, then hints.
    // cr.config.json is the project's configuration, never a source.
    expect(r.stdout.split('\n')[0]).toBe("cr cite: 4 files (1 not read: lock files, test results, cr's own files), 14 citations of 13 rules; 5 errors, 0 warnings, 4 hints")
    expect(r.stdout.indexOf(': error: ')).toBeLessThan(r.stdout.indexOf(': note: '))
    expect(r.stdout.lastIndexOf(': error: ')).toBeLessThan(r.stdout.indexOf(': note: '))
  })

  it('Clojure namespace with ;; CR 6.1.4 comments', async () => {
    const r = await runCr(['cite'], engine('clojure'))
    expect(r.code).toBe(1)
    expect(problemLines(r.stdout)).toEqual([
      'src/engine/runs.clj:4:4: hint[imprecise-citation]',
      'src/engine/runs.clj:10:10: error[unknown-rule]', // rule_jackin_out
      'src/engine/runs.clj:13:4: error[unknown-rule]', // CR 6.1.99
      'src/engine/runs.clj:18:4: hint[old-release-citation]', // CR 24.03 §6.1.5
      'src/engine/runs.clj:19:4: warning[renamed-rule]', // CR v24.03 rule_ice_change_after_pass
      'test/engine/runs_test.clj:10:13: error[stale-pair]', // "CR 6.1.3 rule_jacking_out"
      'test/engine/runs_test.clj:10:22: hint[imprecise-citation]',
      'test/engine/runs_test.clj:16:10: error[stale-pair]', // {:cr "6.9.2" :id "step_approach_begins"}
    ])
    expect(r.stdout).toContain('did you mean `rule_jacking_out`?')
    expect(r.stdout.split('\n').filter((l) => /^src\/engine\/runs\.clj:(18|19):/.test(l)).sort()).toEqual(CLOJURE_OLD_RELEASES)
  })

  it('TypeScript suite using cite(…)', async () => {
    const r = await runCr(['cite'], engine('typescript'))
    expect(r.code).toBe(1)
    expect(problemLines(r.stdout).filter((l) => !l.includes(': hint['))).toEqual([
      'test/runs.spec.ts:12:11: error[unknown-rule]', // rule_jack_out_afer_passing_ice
      'test/runs.spec.ts:17:11: error[unknown-rule]', // initiation_begin
      'test/runs.spec.ts:24:14: error[stale-pair]', // { number: '6.1.3', id: 'rule_jacking_out' }
      'test/runs.spec.ts:27:4: error[unknown-release]', // CR v99.01 6.1.4
    ])
    expect(r.stdout).toContain('test/runs.spec.ts:27:4: error: Unknown release `v99.01` in `CR v99.01 6.1.4`, expected one of v22.12, v23.08, v24.03, v25.04, v25.08, v26.03 [unknown-release]\n')
    // rule('6.2.5', { version: 'v24.03' }), through the pattern's `version` group.
    expect(r.stdout).toContain('test/valid.spec.ts:25:25: note: `CR v24.03 6.2.5` is `rule_move_runner_to_position`, today 6.2.8; text unchanged since v24.03 [old-release-citation]\n')
  })

  it('reads old releases through the package\'s releases with --index too', async () => {
    const lines = (await runCr(['cite', '--index', index], engine('clojure'))).stdout.split('\n')
    expect(lines.filter((l) => /^src\/engine\/runs\.clj:(18|19):/.test(l)).sort()).toEqual(CLOJURE_OLD_RELEASES)
  })

  it.each(['rust', 'clojure', 'typescript'])('%s: cites chapter 6 only; every other chapter is uncited', async (name) => {
    const r = await runCr(['cite', '--json', '--index', index], engine(name))
    const out = JSON.parse(r.stdout)
    const chapters = out.coverage.chapters.filter((c: { cited: number }) => c.cited > 0).map((c: { number: string }) => c.number)
    expect(chapters).toEqual(['6'])
    expect(out.coverage.uncited.length).toBe(out.coverage.total - out.coverage.cited)
  })
})

describe('cr cite output', () => {
  it('prints JSON with citations, problems and coverage', async () => {
    const r = await runCr(['cite', '--json', '--index', index], engine('rust'))
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout)
    expect(Object.keys(out)).toEqual(['ok', 'version', 'config', 'files', 'citations', 'problems', 'coverage'])
    expect([out.ok, out.config]).toEqual([false, 'cr.config.json'])
    expect(out.citations[0]).toEqual({ file: 'src/run.rs', line: 11, column: 16, id: 'rule_end_the_run', text: 'rule_end_the_run', via: 'pattern' })
    expect(out.problems.filter((p: { severity: string }) => p.severity === 'error')).toHaveLength(5)
    expect(out.citations.find((c: { version?: string }) => c.version)).toEqual({
      file: 'tests/runs.rs', line: 20, column: 8, id: 'rule_move_runner_to_position', text: 'CR v24.03 6.2.5', via: 'number', version: 'v24.03', number: '6.2.5',
    })
    expect(out.coverage.cited).toBe(13)
    expect(out.coverage.total).toBeGreaterThan(1000)
    expect(out.coverage.rules.rule_end_the_run).toEqual({ files: ['src/run.rs'], citations: 1 })
  })

  it('reports without failing with --warn-only', async () => {
    expect((await runCr(['cite', '--warn-only', '--index', index], engine('clojure'))).code).toBe(0)
  })

  it('prints per-chapter coverage and, with --uncited, every uncited rule', async () => {
    const dir = project({ 'a.rs': '// CR 1.1.1\n' })
    const r = await runCr(['cite', '--index', index], dir)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^coverage: 1\/\d+ citable rules \(0\.\d%\); tests cite 0, implementation 1$/m)
    expect(r.stdout).toMatch(/^ {3}1 {2}Game Concepts +1\/\d+ +0\.\d% +tests +0 +impl +1$/m)
    expect(r.stdout).toMatch(/^ {2}\d+ uncited rules; list them with --uncited \(or --format json\)$/m)
    const all = await runCr(['cite', '--uncited', '--index', index], dir)
    // Numbers and titles, so the list reads without the rules open.
    expect(all.stdout).toMatch(/^ {8}uncited: 6\.1\.4 rule_end_the_run — To end the run is to halt the Runner's progress/m)
    expect(all.stdout).toMatch(/^ {8}uncited: 6\.1\.1 rule_run — A run is a Runner's attack on a server\./m)
  })

  it('writes the coverage file, valid against its schema', async () => {
    const out = join(tmp, 'cov', 'coverage.json')
    const r = await runCr(['cite', '--warn-only', '--index', index, '--write-coverage', out], engine('typescript'))
    expect(r.code).toBe(0)
    const file = JSON.parse(readFileSync(out, 'utf8'))
    const validate = new Ajv2020().compile(coverageSchema)
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true)
    // Inside `it('ends the run')` of `describe('runs')`: that test's citation.
    expect(file.files['test/runs.spec.ts'][0]).toEqual({ id: 'rule_end_the_run', line: 6, column: 11, test: 'test/runs.spec.ts > runs > ends the run' })
    expect(file.testCases['test/runs.spec.ts > runs > ends the run']).toEqual({ name: 'ends the run', path: ['runs'], file: 'test/runs.spec.ts', line: 5 })
    expect(file.generator).toMatch(/^cr cite \d+\.\d+\.\d+/)
    expect(file.version).toBe('v26.03')
  })

  it("accepts what the site's Copy citation writes: the current rules, and an old release's with its edition", async () => {
    // v24.03's 6.2.5 is 6.2.8 today: without the edition it is a stale pair.
    const dir = project({ 'src/a.ts': `// ${citation('6.1.4', 'rule_end_the_run')}\n// ${citation('6.2.5', 'rule_move_runner_to_position', '/v24.03/')}\n` })
    const r = await runCr(['cite', 'src/a.ts', '--index', index], dir)
    expect(r.code).toBe(0)
    expect(problemLines(r.stdout).filter((l) => !l.includes(': hint['))).toEqual([])
    expect(problemLines(r.stdout)).toContain('src/a.ts:2:4: hint[old-release-citation]')
  })

  it('counts a renamed ID for its new ID, warns, and fails on it only with --strict', async () => {
    const dir = project({
      'retired.yaml': 'retired:\n- id: rule_jack_out\n  release: v25.08\n  renamed_to: rule_jacking_out\n- id: rule_old_thing\n  release: v25.08\n  removed: no longer a rule\n',
      'src/a.rs': 'cite!("rule_jack_out");\n',
      'src/b.rs': '// rule_old_thing\n',
    })
    const renamed = await runCr(['cite', 'src/a.rs', '--quiet', '--index', index, '--retired', 'retired.yaml'], dir)
    expect([renamed.code, problemLines(renamed.stdout)]).toEqual([0, ['src/a.rs:1:8: warning[renamed-rule]']])
    expect(renamed.stdout).toContain('`rule_jack_out` was renamed to `rule_jacking_out`')
    expect((await runCr(['cite', 'src/a.rs', '--strict', '--index', index, '--retired', 'retired.yaml'], dir)).code).toBe(1)
    const removed = await runCr(['cite', 'src/b.rs', '--index', index, '--retired', 'retired.yaml'], dir)
    expect([removed.code, problemLines(removed.stdout)]).toEqual([1, ['src/b.rs:1:4: error[removed-rule]']])
  })
})

describe('a Python engine as a stranger writes it', () => {
  it('counts each of two citations side by side, reads a named argument, a colon after the edition and a capital; reports nothing of the engine\'s own', async () => {
    const dir = project({
      'tests/test_runs.py': [
        'import pytest',
        '',
        '@pytest.mark.cr("rule_end_the_run", "6.9.4c")',
        '@pytest.mark.cr(rule="6.9.6a")',
        'def test_jack_out():',
        '    """Covers CR 6.9.1b and rule_credit_pool."""',
        '    # See rule_credit_pool; also CR 6.1.4A',
        '',
      ].join('\n'),
      'src/engine.py': ['# Written against CR v24.03: 6.2.5 (approach)', '# step 2.5 of a recipe; per our house rule 3.2.1 we retry', '# Retry rule: rule_retry_backoff', 'RETRIES = 3', ''].join('\n'),
    })
    const r = await runCr(['cite', '--json', '--index', index], dir)
    const out = JSON.parse(r.stdout) as { citations: { file: string; line: number; id: string; number?: string }[]; problems: { severity: string; code: string }[] }
    expect(out.problems.filter((p) => p.severity !== 'hint')).toEqual([])
    expect(out.problems.map((p) => p.code)).not.toContain('stale-pair')
    expect(out.citations.map((c) => `${c.file}:${c.line} ${c.number ?? '-'} ${c.id}`)).toEqual([
      'src/engine.py:1 6.2.5 rule_move_runner_to_position',
      'tests/test_runs.py:3 - rule_end_the_run',
      'tests/test_runs.py:3 6.9.4c step_jack_out_choice',
      'tests/test_runs.py:4 6.9.6a step_open_priority_windows_closed',
      'tests/test_runs.py:6 6.9.1b step_initiation_bad_publicity',
      'tests/test_runs.py:6 - rule_credit_pool',
      'tests/test_runs.py:7 - rule_credit_pool',
      'tests/test_runs.py:7 6.1.4a rule_end_run_access_or_breach_during_run',
    ])
    expect(r.code).toBe(0)
  }, 600_000)
})

describe('which files are scanned', () => {
  it('skips node_modules, .git, build output and .gitignore entries (nested, negated)', async () => {
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
    const r = await runCr(['cite', '--json', '--index', index], dir)
    const problems = JSON.parse(r.stdout).problems as { file: string; code: string; severity: string }[]
    expect(problems.filter((p) => p.code !== 'file-binary').map((p) => p.file)).toEqual(['keep.log', 'src/main.ts'])
    // A binary file found by content is not scanned, and says so (a hint).
    expect(problems.filter((p) => p.code === 'file-binary').map((p) => `${p.file} ${p.severity}`)).toEqual(['src/data.bin.txt hint'])
  })

  it('always scans a file named on the command line', async () => {
    const dir = project({ '.gitignore': 'gen.rs\n', 'gen.rs': '"rule_end_teh_run"\n' })
    expect(problemLines((await runCr(['cite', '--index', index], dir)).stdout)).toEqual([])
    expect(problemLines((await runCr(['cite', 'gen.rs', '--index', index], dir)).stdout)).toEqual(['gen.rs:1:2: error[unknown-rule]'])
  })
})

describe('the configuration, found as linters find theirs', () => {
  const ENGINE = {
    'engine/cr.config.json': '{ "cite": { "severity": { "imprecise-citation": "off" }, "tests": ["checks/"] } }\n',
    'engine/src/run.py': '# CR 6.1.4\ndef end_the_run(): pass\n',
    'engine/checks/test_run.py': '# CR 6.1.4\ndef test_end(): pass\n',
  }

  it('is the nearest cr.config.json above the working folder, its globs matched from its own folder, and said', async () => {
    const root = project({ ...ENGINE, '.git/HEAD': 'ref: refs/heads/main\n' })
    const runs = await Promise.all(['engine', 'engine/checks', 'engine/src'].map((at) => runCr(['cite', '--index', index, '--hints', '--json'], join(root, at))))
    const outs = runs.map((r) => JSON.parse(r.stdout) as { config: string | null; problems: { code: string }[]; coverage: { tested: number; implemented: number } })
    expect(outs.map((o) => o.config)).toEqual(['cr.config.json', '../cr.config.json', '../cr.config.json'])
    for (const o of outs) expect(o.problems.map((p) => p.code)).not.toContain('imprecise-citation')
    // `checks/` is the config's test folder, wherever cr cite runs.
    expect(outs.map((o) => [o.coverage.tested, o.coverage.implemented])).toEqual([[1, 1], [1, 0], [0, 1]])
    const text = await runCr(['cite', '--index', index], join(root, 'engine/checks'))
    expect(text.stdout.split('\n')[1]).toBe('config: ../cr.config.json')
    const sarif = JSON.parse((await runCr(['cite', '--index', index, '--format', 'sarif'], join(root, 'engine/checks'))).stdout)
    expect(sarif.runs[0].properties).toEqual({ rulesVersion: 'v26.03', config: '../cr.config.json' })
  })

  it('is looked for from the path given, not only the working folder (cr cite ../engine)', async () => {
    const root = project({ ...ENGINE, 'elsewhere/README.md': 'nothing\n' })
    const r = JSON.parse((await runCr(['cite', '--index', index, '--json', '../engine/checks'], join(root, 'elsewhere'))).stdout)
    expect(r.config).toBe('../engine/cr.config.json')
    expect(r.coverage.tested).toBe(1)
  })

  it('is never one above the project: the search stops at the repository root, or outside one at the nearest project root', async () => {
    const above = '{ "cite": { "severity": { "imprecise-citation": "off" } } }\n'
    const inRepo = project({ 'cr.config.json': above, 'repo/.git/HEAD': 'ref: refs/heads/main\n', 'repo/src/run.py': '# CR 6.1.4\n' })
    const a = JSON.parse((await runCr(['cite', '--index', index, '--hints', '--json'], join(inRepo, 'repo/src'))).stdout)
    expect([a.config, a.problems.map((p: { code: string }) => p.code)]).toEqual([null, ['imprecise-citation']])
    const noRepo = project({ 'cr.config.json': above, 'pkg/pyproject.toml': '[project]\nname = "engine"\n', 'pkg/src/run.py': '# CR 6.1.4\n' })
    const b = JSON.parse((await runCr(['cite', '--index', index, '--hints', '--json'], join(noRepo, 'pkg/src'))).stdout)
    expect(b.config).toBe(null)
    // Without one: no config line.
    expect((await runCr(['cite', '--index', index], join(noRepo, 'pkg'))).stdout).not.toMatch(/^config: /m)
  })

  it('--config names it: a file that is not there is a usage error', async () => {
    const r = await runCr(['cite', '--index', index, '--config', 'nope.json'], project({ 'a.rs': '' }))
    expect([r.code, r.stderr]).toEqual([2, 'cr cite: error: --config nope.json: no such file\nTry `cr cite --help` for the options.\n'])
  })
})

describe('usage and configuration errors exit 2', () => {
  it('an invalid cr.config.json, reported at the key', async () => {
    const dir = project({ 'cr.config.json': '{\n  "cite": {\n    "paterns": []\n  }\n}\n' })
    const r = await runCr(['cite', '--index', index], dir)
    expect([r.code, r.stderr]).toEqual([
      2,
      'cr.config.json:3:5: error: Unexpected key `paterns` in `cite`; did you mean `patterns`? [config-invalid]\n',
    ])
    // A percentage out of range under alternatives (a number or an object): one message, at the key.
    const pct = await runCr(['cite', '--index', index], project({ 'cr.config.json': '{\n  "cite": {\n    "minCoverage": { "chapters": { "6": 200 } }\n  }\n}\n' }))
    expect([pct.code, pct.stderr]).toEqual([2, 'cr.config.json:3:36: error: Unexpected value `200` for `cite.minCoverage.chapters.6`, expected a percentage from 0 to 100 [config-invalid]\n'])
  })

  it('a file that is not JSON, and a JSON file indented with tabs', async () => {
    const broken = await runCr(['cite', '--index', index], project({ 'cr.config.json': '{ "cite": { "patterns": [ }\n' }))
    expect([broken.code, broken.stderr]).toEqual([2, expect.stringMatching(/^cr\.config\.json:1:27: error: Invalid JSON: .+ \[config-invalid\]\n$/)])
    const tabs = await runCr(['cite', '--index', index], project({ 'cr.config.json': '{\n\t"cite": {\n\t\t"unknownIds": "every"\n\t}\n}\n' }))
    expect(tabs.stderr).toBe('cr.config.json:3:3: error: Unexpected value for `cite.unknownIds`, expected one of `likely`, `all` [config-invalid]\n')
  })

  it('a pattern that is not a regular expression', async () => {
    const dir = project({ 'cr.config.json': '{ "cite": { "patterns": ["cite!("] } }' })
    const r = await runCr(['cite', '--index', index], dir)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^cr\.config\.json:1:\d+: error: Invalid pattern: .*Unterminated group \[config-invalid\]\n$/)
  })

  it('a releases directory that does not exist', async () => {
    const r = await runCr(['cite', '--index', index, '--releases', 'no/such/releases'], project({ 'a.rs': '// CR v24.03 6.1.4\n' }))
    expect([r.code, r.stderr]).toEqual([2, 'cr cite: error: --releases no/such/releases: no such folder\nTry `cr cite --help` for the options.\n'])
  })

  it('unknown flags and missing paths', async () => {
    expect((await runCr(['cite', '--nope'])).code).toBe(2)
    const r = await runCr(['cite', 'no/such/dir', '--index', index])
    expect([r.code, r.stderr]).toEqual([2, 'cr cite: error: no such file or folder: no/such/dir\nTry `cr cite --help` for the options.\n'])
  })

  it('says each mistake in a value in one line, with what was meant, before anything is scanned', async () => {
    const dir = project({ 'src/a.rs': '// CR 6.1.4\n' })
    const usage = async (...args: string[]) => {
      const r = await runCr(['cite', '--index', index, ...args], dir)
      expect([r.code, r.stdout]).toEqual([2, ''])
      expect(r.stderr).toMatch(/\nTry `cr cite --help` for the options\.\n$/)
      return r.stderr.split('\n')[0]
    }
    expect(await usage('--baseline', 'v99.01')).toBe('cr cite: error: --baseline v99.01: no release v99.01 is held here, expected one of v22.12, v23.08, v24.03, v25.04, v25.08, v26.03, a coverage file (`cr cite --write-coverage`) or a rules.json')
    expect(await usage('--baseline', '26.3')).toMatch(/^cr cite: error: --baseline 26\.3: no release v26\.03 is held here, .*; did you mean `v26\.03`\?$/)
    expect(await usage('--baseline', 'v21.06')).toMatch(/^cr cite: error: --baseline v21\.06: no release v21\.06 is held here \(releases before v22\.12 are not held\), expected one of v22\.12, .* or a rules\.json$/)
    expect(await usage('--baseline', 'old-coverage.json')).toMatch(/^cr cite: error: --baseline old-coverage\.json: no such file; expected a coverage file .* or a held release \(v22\.12, /)
    // The same did-you-mean as every other command: `cr show`, `rule()`, a citation.
    expect(await usage('--impact', 'rule_end_teh_run')).toBe("cr cite: error: --impact rule_end_teh_run: unknown rule, expected a rule's ID or number; did you mean `rule_end_the_run`?")
    expect(await usage('--impact', '6.1.44')).toMatch(/^cr cite: error: --impact 6\.1\.44: unknown rule, .*; did you mean `6\.1\.4 \(rule_end_the_run\)`/)
    expect(await usage('--exceptions', 'gaps.yaml')).toBe('cr cite: error: --exceptions gaps.yaml: no such file')
    expect(await usage('--results', 'junit.xml')).toBe('cr cite: error: --results junit.xml: no such file')
    expect(await usage('--rules', 'src/a.rs')).toBe('cr cite: error: --rules src/a.rs: is a file, expected a folder')
    // The exceptions file the config names, missing: at its key, like any mistake in the config.
    writeFileSync(join(dir, 'cr.config.json'), '{\n  "cite": { "exceptions": "gaps.yaml" }\n}\n')
    const r = await runCr(['cite', '--index', index], dir)
    expect([r.code, r.stderr]).toEqual([2, 'cr.config.json:2:27: error: No such file `gaps.yaml` for `cite.exceptions`, expected an exceptions file (its path from the config\'s folder) [config-invalid]\n'])
  })

  it('documents every flag in --help', async () => {
    const r = await runCr(['cite', '--help'])
    expect(r.code).toBe(0)
    for (const flag of ['--format FORMAT', '--baseline FILE|RELEASE', '--hints', '--json', '--warn-only', '--strict', '--quiet', '--uncited', '--write-coverage FILE', '--config FILE', '--rules DIR', '--index FILE', '--retired FILE', '--releases DIR']) {
      expect(r.stdout).toContain(flag)
    }
  })
})

describe('CI: a number that named another rule in a held release', () => {
  it('is said in CI (a notice on GitHub), never fails --strict, and --quiet leaves it out', async () => {
    const dir = project({ 'src/run.rs': '// CR 6.2.5: move the Runner to the new position\n' })
    const rules = join(repoRoot, 'rules')
    const gh = await runCr(['cite', '--rules', rules, '--strict', '--format', 'github', 'src'], dir, { NO_COLOR: '1', CI: 'true' })
    expect(gh.code).toBe(0)
    expect(gh.stdout.split('\n').filter((l) => l.startsWith('::'))).toEqual([expect.stringMatching(/^::notice file=src\/run\.rs,line=1,col=4,title=cr cite%3A number-changed-meaning::.*6\.2\.5.*rule_move_runner_to_position/)])
    const text = await runCr(['cite', '--rules', rules, '--strict', 'src'], dir, { NO_COLOR: '1', CI: 'true' })
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^src\/run\.rs:1:4: note: .*\[number-changed-meaning\]$/m)
    const quiet = await runCr(['cite', '--rules', rules, '--quiet', 'src'], dir, { NO_COLOR: '1', CI: 'true' })
    expect(quiet.stdout).not.toContain('number-changed-meaning]')
  }, 600_000)
})

describe('CI output', () => {
  const planted = { 'src/a.rs': '// CR 6.1.44, see "rule_end_teh_run"\ncite!("rule_end_the_run"); // 100% sure, a:b\n' }

  it('prints GitHub workflow annotations, escaped', async () => {
    const r = await runCr(['cite', '--format', 'github', '--index', index], project(planted))
    expect(r.code).toBe(1)
    const lines = r.stdout.split('\n')
    expect(lines[0]).toMatch(/^cr cite: 1 file, 1 citation of 1 rule; 2 errors, 0 warnings, 1 hint$/)
    expect(lines.filter((l) => l.startsWith('::'))).toEqual([
      '::error file=src/a.rs,line=1,col=4,title=cr cite%3A unknown-rule::Unknown rule number `6.1.44`, expected the number of a rule; did you mean `6.1.4 (rule_end_the_run)`, `6.1.4a (rule_end_run_access_or_breach_during_run)`, `6.1.4b (rule_end_encounter_outside_run)`?',
      '::error file=src/a.rs,line=1,col=20,title=cr cite%3A unknown-rule::Unknown rule ID `rule_end_teh_run`, expected the ID of a chapter, section, rule or step; did you mean `rule_end_the_run`?',
      '::notice file=src/a.rs,line=2,col=8,title=cr cite%3A imprecise-citation::`rule_end_the_run` (6.1.4) has 3 sub-rules (6.1.4a–6.1.4c); citing the one that applies is more precise',
    ])
  })

  it('prints SARIF 2.1.0 for code scanning', async () => {
    const r = await runCr(['cite', '--format', 'sarif', '--index', index], project(planted))
    const sarif = JSON.parse(r.stdout)
    expect(sarif.version).toBe('2.1.0')
    const run = sarif.runs[0]
    expect(run.tool.driver.name).toBe('cr cite')
    // The tool's own version, not the rules'; every code with its default level.
    expect(run.tool.driver.version).toBe(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version)
    expect(run.properties.rulesVersion).toBe('v26.03')
    const rules = run.tool.driver.rules as { id: string; defaultConfiguration: { level: string } }[]
    expect(rules.find((x) => x.id === 'unknown-rule')?.defaultConfiguration).toEqual({ level: 'error' })
    expect(rules.find((x) => x.id === 'renamed-rule')?.defaultConfiguration).toEqual({ level: 'warning' })
    expect(rules.find((x) => x.id === 'imprecise-citation')?.defaultConfiguration).toEqual({ level: 'note' })
    expect(run.results[0]).toEqual({
      ruleId: 'unknown-rule',
      ruleIndex: rules.findIndex((x) => x.id === 'unknown-rule'),
      level: 'error',
      message: { text: 'Unknown rule number `6.1.44`, expected the number of a rule; did you mean `6.1.4 (rule_end_the_run)`, `6.1.4a (rule_end_run_access_or_breach_during_run)`, `6.1.4b (rule_end_encounter_outside_run)`?' },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'src/a.rs', uriBaseId: '%SRCROOT%' }, region: { startLine: 1, startColumn: 4 } } }],
    })
    expect(run.results.map((x: { level: string }) => x.level)).toEqual(['error', 'error', 'note'])
  })

  it('hides hints in CI unless --hints, and text lines parse with a GCC-style problem matcher', async () => {
    const dir = project(planted)
    const ci = await runCr(['cite', '--index', index], dir, { CI: 'true' })
    expect(ci.stdout).not.toContain(': note: ')
    expect(ci.stdout).toMatch(/^cr cite: .*1 hint$/m)
    expect((await runCr(['cite', '--index', index, '--hints'], dir, { CI: 'true' })).stdout).toContain(': note: ')
    // The matcher GitHub's setup actions register for gcc.
    const gcc = /^(.*?):(\d+):(\d*):?\s+(?:fatal\s+)?(warning|error):\s+(.*)$/
    const matched = ci.stdout.split('\n').flatMap((l) => gcc.exec(l) ?? [])
    expect(matched.length).toBeGreaterThan(0)
    expect(ci.stdout.split('\n').filter((l) => gcc.test(l))).toHaveLength(2)
  })

  it('rejects an unknown format', async () => {
    const r = await runCr(['cite', '--format', 'xml', '--index', index], project(planted))
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^cr cite: error: unknown format `xml`, expected one of text, github, sarif, json/)
  })
})

describe('renamed IDs with --index', () => {
  it('warns about a renamed ID with a pinned rules.json, as without it', async () => {
    const dir = project({ 'a.rs': 'cite!("rule_checkpoint_uniqueness");\n' })
    for (const args of [['--index', index], []]) {
      const r = await runCr(['cite', ...args], dir)
      expect(problemLines(r.stdout)).toEqual(['a.rs:1:8: warning[renamed-rule]'])
      expect(r.stdout).toContain('`rule_checkpoint_uniqueness` was renamed to `step_checkpoint_uniqueness`')
    }
  }, 600_000)
})

describe('changed rules and coverage by tests and implementation', () => {
  it('writes text hashes and test files into the coverage file, and counts tests apart', async () => {
    const dir = project({ 'src/run.rs': 'cite!("rule_end_the_run");\n', 'tests/run.rs': 'cite!("rule_jacking_out");\n', 'src/run.test.ts': "cite('rule_run')\n" })
    const r = await runCr(['cite', '--format', 'json', '--index', index, '--write-coverage', 'cov.json'], dir)
    const file = JSON.parse(readFileSync(join(dir, 'cov.json'), 'utf8'))
    expect(file.tests).toEqual(['src/run.test.ts', 'tests/run.rs'])
    expect(Object.keys(file.hashes)).toEqual(['rule_end_the_run', 'rule_jacking_out', 'rule_run'])
    expect(file.hashes.rule_end_the_run).toMatch(/^[0-9a-f]{16}$/)
    expect(JSON.parse(readFileSync(index, 'utf8')).rules.find((x: { id: string }) => x.id === 'rule_end_the_run').hash).toBe(file.hashes.rule_end_the_run)
    const validate = new Ajv2020().compile(coverageSchema)
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true)
    const out = JSON.parse(r.stdout)
    expect([out.coverage.tested, out.coverage.implemented]).toEqual([2, 1])
  })

  it('warns about citations of rules whose text changed since the baseline, with the release history', async () => {
    const dir = project({ 'a.rs': 'cite!("rule_initiation_bad_publicity"); cite!("rule_run");\n// rule_jacking_out\n' })
    // A baseline made against v25.08: 6.3.3 was reworded in v26.03. 6.1.5 was not: its hash differs only because
    // the 6.1.4 it cites gained sub-rules and is printed "section 6.1.4", and the release history says so.
    const v2508 = compileDir(join(repoRoot, "releases/v25.08")).model!
    writeFileSync(join(dir, 'old-rules.json'), buildIndexFiles(v2508)['rules.json']!)
    const r = await runCr(['cite', 'a.rs', '--index', index, '--baseline', 'old-rules.json'], dir)
    expect(problemLines(r.stdout)).toEqual(['a.rs:1:8: warning[changed-rule]', 'a.rs:2:4: hint[imprecise-citation]'])
    expect(r.stdout).toContain('a.rs:1:8: warning: `rule_initiation_bad_publicity` (6.3.3) changed since v25.08: reworded in v26.03; re-read it and check the code that cites it [changed-rule]')
    expect(r.code).toBe(0)
    expect((await runCr(['cite', 'a.rs', '--index', index, '--baseline', 'old-rules.json', '--strict'], dir)).code).toBe(1)
    // A coverage file written now is its own baseline: nothing changed.
    await runCr(['cite', 'a.rs', '--index', index, '--write-coverage', 'now.json'], dir)
    expect(problemLines((await runCr(['cite', 'a.rs', '--index', index, '--baseline', 'now.json', '--quiet'], dir)).stdout)).toEqual([])
  }, 600_000)
})

describe('numbers read with their history (issue 19)', () => {
  it('explains a number a held release printed, never "unknown": merged, removed', async () => {
    const dir = project({ 'a.rs': '// CR 10.5.5: tag costs\n// CR 1.2.5\n// CR 6.1.99\n' })
    const r = await runCr(['cite', 'a.rs', '--index', index], dir)
    expect(problemLines(r.stdout)).toEqual(['a.rs:1:4: warning[old-number]', 'a.rs:2:4: error[removed-rule]', 'a.rs:3:4: error[unknown-rule]'])
    expect(r.stdout).toContain('a.rs:1:4: warning: `CR 10.5.5`: today\'s rules have no 10.5.5; 10.5.5 in v22.12–v25.08 (`rule_corp_can_pay_tag_costs`) was merged into 1.14.3a (`rule_remove_tags_or_bad_publicity_as_cost`); cite 1.14.3a or `rule_remove_tags_or_bad_publicity_as_cost` [old-number]')
    expect(r.stdout).toMatch(/a\.rs:2:4: error: `CR 1\.2\.5`: today's rules have no 1\.2\.5; 1\.2\.5 in v22\.12–v24\.03 \(`rule_ncigs`\) was removed: .*NCIGS.* \[removed-rule\]/)
    expect(r.stdout).not.toMatch(/Unknown rule number `(10\.5\.5|1\.2\.5)`/)
    // The old number counts for the rule it became.
    const json = JSON.parse((await runCr(['cite', 'a.rs', '--index', index, '--json'], dir)).stdout)
    expect(json.citations.map((c: { id: string; number?: string }) => `${c.number} ${c.id}`)).toEqual(['10.5.5 rule_remove_tags_or_bad_publicity_as_cost'])
  }, 600_000)

  it('a number that named another rule in a held release is a hint, once per file, and none beside its ID', async () => {
    const dir = project({ 'a.rs': '// CR 6.2.5 moves the runner\n// again CR 6.2.5\n', 'b.rs': '// CR 6.2.5 rule_position_runner\n' })
    const r = await runCr(['cite', '--index', index, '--hints'], dir)
    const hints = problemLines(r.stdout).filter((l) => l.includes('number-changed-meaning'))
    expect(hints).toEqual(['a.rs:1:4: hint[number-changed-meaning]'])
    expect(r.stdout).toContain('`CR 6.2.5` is read as today\'s 6.2.5, `rule_position_runner`; but 6.2.5 in v22.12–v24.03 (`rule_move_runner_to_position`) is 6.2.8 now')
    expect(r.code).toBe(0)
  }, 600_000)

  it('a range whose numbers meant other rules is one hint, with advice a range can follow (no ID beside a range)', async () => {
    const dir = project({ 'a.clj': ';; CR 6.2.5a-c\n(deftest moves)\n' })
    const r = await runCr(['cite', '--index', index, '--hints', '--json'], dir)
    const hints = (JSON.parse(r.stdout).problems as { code: string; message: string }[]).filter((p) => p.code === 'number-changed-meaning')
    expect(hints).toHaveLength(1)
    expect(hints[0]!.message).toMatch(/^`CR 6\.2\.5a-c` is read as today's 6\.2\.5a, .* \(and 2 more of the range's numbers named other rules then\): name the release the range's numbers are from \(`CR v24\.03 …` for the older meaning\), or cite its rules by ID$/)
    expect(hints[0]!.message).not.toContain('write the ID beside')
  }, 600_000)

  it('--baseline names a held release: a number that meant another rule then is reported and counted for that rule', async () => {
    const dir = project({ 'a.rs': '// CR 6.2.5 moves the runner\n// CR 6.1.4 ends the run\n' })
    const r = await runCr(['cite', 'a.rs', '--index', index, '--baseline', 'v24.03', '--json'], dir)
    const out = JSON.parse(r.stdout)
    const renumbered = out.problems.filter((p: { code: string }) => p.code === 'renumbered-since-baseline')
    expect(renumbered).toHaveLength(1)
    expect(renumbered[0].message).toContain('`CR 6.2.5` meant `rule_move_runner_to_position` in v24.03 (the baseline), which is 6.2.8 today; 6.2.5 is `rule_position_runner` now')
    expect(out.citations.map((c: { id: string }) => c.id)).toEqual(['rule_move_runner_to_position', 'rule_end_the_run'])
    // `24.03` works too; a release not held is a usage error that lists them.
    expect((await runCr(['cite', 'a.rs', '--index', index, '--baseline', '24.03', '--quiet'], dir)).stdout).toContain('[renumbered-since-baseline]')
    const bad = await runCr(['cite', 'a.rs', '--index', index, '--baseline', 'v21.06'], dir)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('expected one of v22.12, v23.08, v24.03, v25.04, v25.08, v26.03, ')
  }, 600_000)

  it('a coverage file written against v24.03 records what each number meant, so reading it as a baseline today reports the renumbering', async () => {
    const dir = project({ 'a.rs': '// CR 6.2.5 moves the runner\n' })
    const v2403 = compileDir(join(repoRoot, 'releases/v24.03')).model!
    writeFileSync(join(dir, 'rules-v24.03.json'), buildIndexFiles(v2403)['rules.json']!)
    await runCr(['cite', 'a.rs', '--index', join(dir, 'rules-v24.03.json'), '--write-coverage', 'cov.json'], dir)
    const file = JSON.parse(readFileSync(join(dir, 'cov.json'), 'utf8'))
    expect(file.format).toBe(2)
    expect(file.version).toBe('v24.03')
    expect(file.files['a.rs']).toEqual([{ id: 'rule_move_runner_to_position', line: 1, column: 4, number: '6.2.5' }])
    const r = await runCr(['cite', 'a.rs', '--index', index, '--baseline', 'cov.json'], dir)
    expect(problemLines(r.stdout)).toContain('a.rs:1:4: warning[renumbered-since-baseline]')
    // A format-1 file (no numbers) of a held release is read through that release's numbering.
    writeFileSync(join(dir, 'old.json'), JSON.stringify({ format: 1, version: 'v24.03', files: { 'a.rs': [{ id: 'rule_move_runner_to_position', line: 1, column: 4 }] }, hashes: file.hashes }))
    expect(problemLines((await runCr(['cite', 'a.rs', '--index', index, '--baseline', 'old.json'], dir)).stdout)).toContain('a.rs:1:4: warning[renumbered-since-baseline]')
  }, 600_000)
})

describe('--baseline RELEASE: bare numbers are read as that release\'s, and the advice never leads back into it', () => {
  // Each engine style cites v24.03's numbers: 1.3.2 (removed since), 1.3.3 and 6.2.5 (renumbered since).
  const styles: Record<string, (n: string) => string> = {
    'tests/test_cards.py': (n) => `# CR ${n}\ndef test_it():\n    assert True\n`,
    'src/run.rs': (n) => `// CR ${n}\nfn it() {}\n`,
    'test/run.test.ts': (n) => `// CR ${n}\nit('works', () => {})\n`,
  }
  const advised = (message: string): string[] => {
    const m = /cite (`[^`]+`)(?: or (`[^`]+`))?/.exec(message)
    return m ? [m[1]!, m[2]].filter((x): x is string => x !== undefined).map((x) => x.slice(1, -1)) : []
  }
  for (const [file, cite] of Object.entries(styles)) {
    it(`${file}: following each piece of advice, the same command reads the rule advised`, async () => {
      const numbers = ['1.3.2', '1.3.3', '6.2.5']
      const dir = project({ [file]: numbers.map(cite).join('\n') })
      const first = JSON.parse((await runCr(['cite', file, '--index', index, '--baseline', 'v24.03', '--json'], dir)).stdout)
      const told = first.problems.filter((p: { code: string }) => p.code === 'removed-rule' || p.code === 'renumbered-since-baseline')
      expect(told.map((p: { code: string }) => p.code).sort()).toEqual(['removed-rule', 'renumbered-since-baseline', 'renumbered-since-baseline'])
      // Said once: bare numbers were read as v24.03's; and no hint that they were read as today's.
      expect(first.baseline.note).toMatch(/^bare numbers were read as v24\.03's .*drop `--baseline v24\.03`, or write a coverage file now/)
      expect(first.problems.filter((p: { code: string }) => p.code === 'number-changed-meaning')).toEqual([])
      for (const p of told as { message: string; line: number }[]) {
        const forms = advised(p.message)
        expect(forms.length, p.message).toBe(2)
        // Never a bare number: the ID, or the number with today's edition.
        expect(forms[0]).toMatch(/^rule_/)
        expect(forms[1]).toMatch(/^CR v26\.03 \d/)
        for (const form of forms) {
          const again = project({ [file]: cite(form) })
          const out = JSON.parse((await runCr(['cite', file, '--index', index, '--baseline', 'v24.03', '--json'], again)).stdout)
          expect(out.problems.filter((q: { severity: string }) => q.severity === 'error'), form).toEqual([])
          expect(out.problems.filter((q: { code: string }) => q.code === 'renumbered-since-baseline'), form).toEqual([])
          expect(out.citations.map((c: { id: string }) => c.id), form).toEqual([forms[0]])
        }
      }
    }, 600_000)
  }

  it('the text report says it once, under the summary; SARIF carries it in the run\'s properties', async () => {
    const dir = project({ 'a.py': '# CR 6.2.5\n# CR 1.3.3\n' })
    const text = (await runCr(['cite', 'a.py', '--index', index, '--baseline', 'v24.03'], dir)).stdout
    expect(text.split('\n').filter((l) => l.includes('bare numbers were read as'))).toEqual([
      "baseline v24.03: bare numbers were read as v24.03's (the baseline's numbering), not today's; advice names IDs, or numbers with today's edition (`CR v26.03 …`). Once the citations are updated, drop `--baseline v24.03`, or write a coverage file now (`cr cite --write-coverage coverage.json`) and pass that as the baseline",
    ])
    const sarif = JSON.parse((await runCr(['cite', 'a.py', '--index', index, '--baseline', 'v24.03', '--format', 'sarif'], dir)).stdout)
    expect(sarif.runs[0].properties.baseline).toBe('v24.03')
    expect(sarif.runs[0].properties.baselineNote).toMatch(/^bare numbers were read as v24\.03's/)
    // A coverage file written today is a baseline that reads numbers as today's: no note, no renumbering.
    await runCr(['cite', 'a.py', '--index', index, '--write-coverage', 'cov.json'], dir)
    const later = await runCr(['cite', 'a.py', '--index', index, '--baseline', 'cov.json'], dir)
    expect(later.stdout).not.toContain('bare numbers were read as')
    expect(later.stdout).not.toContain('[renumbered-since-baseline]')
  }, 600_000)

  it('the note fits what was given: a rules.json of v24.03 is dropped, a coverage file of v24.03 written again', async () => {
    const dir = project({ 'a.py': '# CR 6.2.5\n' })
    const v2403 = compileDir(join(repoRoot, 'releases/v24.03')).model!
    writeFileSync(join(dir, 'rules-v24.03.json'), buildIndexFiles(v2403)['rules.json']!)
    const note = async (args: string[]) => JSON.parse((await runCr(['cite', 'a.py', '--index', index, '--json', ...args], dir)).stdout).baseline?.note as string | undefined
    expect(await note(['--baseline', 'rules-v24.03.json'])).toMatch(/drop `--baseline rules-v24\.03\.json`/)
    await runCr(['cite', 'a.py', '--index', join(dir, 'rules-v24.03.json'), '--write-coverage', 'cov.json'], dir)
    expect(await note(['--baseline', 'cov.json'])).toMatch(/write it again \(`cr cite --write-coverage cov\.json`\)/)
    expect(await note([])).toBeUndefined()
  }, 600_000)
})
