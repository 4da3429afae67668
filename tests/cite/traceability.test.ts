/**
 * Executed-test traceability (issue 23): tests found in sources of several
 * languages, JUnit XML from several runners, each citation attributed to its
 * test and that test's outcome; what counts by what the author wrote; the
 * CI gate (minimum coverage, exceptions, severities); the matrix and reports.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import matrixSchema from '../../schema/matrix.schema.json' with { type: 'json' }
import coverageSchema from '../../schema/coverage.schema.json' with { type: 'json' }
import { readResults } from '../../src/core/cite/results.ts'
import { findTestBlocks, testAt } from '../../src/core/cite/test-blocks.ts'
import { indexResults, leafOf, roleFromVerb } from '../../src/core/cite/traceability.ts'
import { buildIndexFiles } from '../../src/core/index-json.ts'
import { compileDir } from '../../src/io/compile-dir.ts'
import { repoRoot, runCr } from '../cli/run-cr.ts'

const names = (text: string, file: string) => findTestBlocks(text, file).map((b) => `${[...b.path, b.name].join(' > ')} ${b.startLine}-${b.endLine}`)

describe('tests in sources, by language', () => {
  it('Rust: #[test] functions inside modules, with the comments and attributes above them', () => {
    const rs = ['pub fn run() {}', '#[cfg(test)]', 'mod tests {', '    // CR 6.1.4', '    #[test]', '    fn ends_the_run() {', '        let s = "}";', '        assert!(true);', '    }', '', '    #[tokio::test]', '    async fn later() { }', '}'].join('\n')
    expect(names(rs, 'src/run.rs')).toEqual(['tests > ends_the_run 4-9', 'tests > later 11-12'])
    const blocks = findTestBlocks(rs, 'src/run.rs')
    expect(testAt(blocks, 4)?.name).toBe('ends_the_run')
    expect(testAt(blocks, 1)).toBeUndefined()
    expect(testAt(blocks, 10)).toBeUndefined()
  })

  it('JS/TS: it/test inside describe, .each titles as patterns, a string with a paren in it', () => {
    const ts = ["describe('runs', () => {", "  it('ends (the) run', () => {", '    cite("x)")', '  })', "  test.each([1, 2])('adds %s', (n) => {", '  })', '})', "it('top', () => {})"].join('\n')
    expect(names(ts, 'a.test.ts')).toEqual(['runs > ends (the) run 2-4', 'runs > adds %s 5-6', 'top 8-8'])
    const each = findTestBlocks(ts, 'a.test.ts')[1]!
    expect(each.pattern?.test('adds 2')).toBe(true)
  })

  it('Python: test functions and Test classes, decorators included, ended by indentation', () => {
    const py = ['import pytest', '', '@pytest.mark.cr("6.9.3c")', 'def test_order():', '    # CR 6.9.3c', '    assert True', '', 'class TestRun:', '    def test_a(self):', '        pass', '    def helper(self):', '        pass', 'x = 1'].join('\n')
    expect(names(py, 'tests/test_run.py')).toEqual(['test_order 3-6', 'TestRun > test_a 9-10'])
  })

  it('Clojure, C#, Go', () => {
    const clj = [';; CR 6.1.4a', '(deftest end-the-run', '  (is (= 1 1)) ; ")"', '  )', '(defn helper [])'].join('\n')
    expect(names(clj, 'test/engine/runs_test.clj')).toEqual(['end-the-run 1-4'])
    const cs = ['public class AccessTests {', '  [Fact]', '  [Trait("cr", "6.1.4")]', '  public void RevealsCard() {', '    Assert.True(true);', '  }', '}'].join('\n')
    expect(names(cs, 'AccessTests.cs')).toEqual(['AccessTests > RevealsCard 2-6'])
    const go = ['// CR 6.1.4', 'func TestEndRun(t *testing.T) {', '\tif x { }', '}'].join('\n')
    expect(names(go, 'run_test.go')).toEqual(['TestEndRun 1-4'])
  })
})

describe('test results', () => {
  const junit = (cases: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="s">\n${cases}\n</testsuite>\n</testsuites>\n`

  it('reads passed, failed, skipped and errored test cases with their places and messages', () => {
    const { cases, problems } = readResults(
      junit('<testcase classname="tests/run.test.ts" name="runs &gt; ends the run"/>\n<testcase name="b"><failure message="CR 6.1.4 broke">trace</failure></testcase>\n<testcase name="c"><skipped/></testcase>\n<testcase name="d"><error message="boom"/></testcase>'),
      'junit.xml',
    )
    expect(problems).toEqual([])
    expect(cases.map((c) => [c.name, c.status, c.line])).toEqual([
      ['runs > ends the run', 'passed', 4],
      ['b', 'failed', 5],
      ['c', 'skipped', 6],
      ['d', 'failed', 7],
    ])
    expect(cases[1]!.message).toBe('CR 6.1.4 broke\ntrace')
  })

  it('reports malformed XML and what is not JUnit where it is, as results-invalid', () => {
    expect(readResults('<testsuites>\n<testsuite>\n<testcase name="a">\n</testsuites>', 'r.xml').problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual(['r.xml:4:13 results-invalid'])
    expect(readResults('<html><body/></html>', 'r.xml').problems[0]!.message).toMatch(/^Unexpected root element <html>, expected JUnit XML/)
    expect(readResults('not xml', 'r.txt').problems[0]!.message).toMatch(/^Unexpected content, expected JUnit XML/)
    expect(readResults('{"ref":"6.1.4","test":"a"}\n{oops\n', 'log.jsonl').problems.map((p) => `${p.line} ${p.code}`)).toEqual(['2 results-invalid'])
  })

  it('matches tests by the names runners print: vitest, jest-junit, nextest, pytest, clojure.test, dotnet', () => {
    const results = readResults(
      junit(
        [
          '<testcase classname="test/runs.test.ts" name="runs &gt; ends the run"/>',
          '<testcase classname="runs ends the run" name="runs ends the run"/>',
          '<testcase classname="engine::runs" name="tests::jack_out"><failure/></testcase>',
          '<testcase classname="tests.test_run.TestRun" name="test_a[param]"/>',
          '<testcase classname="engine.abilities-test" name="end-the-run"><skipped/></testcase>',
          '<testcase classname="Engine.Tests.AccessTests" name="Engine.Tests.AccessTests.RevealsCard"/>',
        ].join('\n'),
      ),
      'junit.xml',
    ).cases
    const index = indexResults(results)
    expect(index.match('test/runs.test.ts', { name: 'ends the run', path: ['runs'] }).status).toBe('passed')
    expect(index.match('tests/runs.rs', { name: 'jack_out', path: [] }).status).toBe('failed')
    expect(index.match('tests/test_run.py', { name: 'test_a', path: ['TestRun'] }).status).toBe('passed')
    expect(index.match('test/engine/abilities_test.clj', { name: 'end-the-run', path: [] }).status).toBe('skipped')
    expect(index.match('Engine.Tests/AccessTests.cs', { name: 'RevealsCard', path: ['AccessTests'] }).status).toBe('passed')
    expect(index.match('tests/other.rs', { name: 'never_ran', path: [] }).status).toBe('not-run')
    expect(leafOf('a > b > c')).toBe('c')
    expect(leafOf('mod::tests::x')).toBe('x')
  })

  describe('names with any characters, as each runner prints them', () => {
    /** Each test found in `source`, with the status the results give it. */
    const statuses = (source: string, file: string, cases: string) => {
      const index = indexResults(readResults(junit(cases), 'j.xml').cases)
      return Object.fromEntries(findTestBlocks(source, file).map((b) => [b.name, index.match(file, b).status]))
    }
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')
    const titles = ['with', 'with (parens)', 'with [brackets]', 'with [brackets] (and parens)', 'with: colon', "it's escaped", 'with . dot* + ? ^ | { }', 'with $dollar', 'a > b', 'uses Foo::bar', 'with \\ backslash', 'with #1 hash / slash', 'é']
    const source = ["import { describe, it } from 'vitest'", "describe('suite (outer)', () => {", "  describe('[inner]', () => {", ...titles.map((t) => `    it(${JSON.stringify(t).replace(/\\u00e9|é/, '\\u00e9')}, () => {})`), '  })', '})'].join('\n')
    // Every test passed but the one named like another with something after it: they are told apart.
    const outcome = (t: string) => (t === 'with' ? '<failure/>' : '')

    it('vitest (`outer > inner > title`) and jest-junit (titles joined by spaces), nested describes', () => {
      const expected = Object.fromEntries(titles.map((t) => [t, t === 'with' ? 'failed' : 'passed']))
      const vitest = titles.map((t) => `<testcase classname="tests/a.test.ts" name="${esc(`suite (outer) > [inner] > ${t}`)}">${outcome(t)}</testcase>`).join('\n')
      expect(statuses(source, 'tests/a.test.ts', vitest)).toEqual(expected)
      const jest = titles.map((t) => `<testcase classname="${esc(`suite (outer) [inner] ${t}`)}" name="${esc(`suite (outer) [inner] ${t}`)}">${outcome(t)}</testcase>`).join('\n')
      expect(statuses(source, 'tests/a.test.ts', jest)).toEqual(expected)
      // Titles alone (jest-junit's titleTemplate "{title}").
      const bare = titles.map((t) => `<testcase classname="tests/a.test.ts" name="${esc(t)}">${outcome(t)}</testcase>`).join('\n')
      expect(statuses(source, 'tests/a.test.ts', bare)).toEqual(expected)
      // A test the results do not name is not-run, even beside one whose name starts like it.
      expect(statuses(source, 'tests/a.test.ts', '<testcase classname="tests/a.test.ts" name="suite (outer) &gt; [inner] &gt; with (parens)"/>')).toMatchObject({ with: 'not-run', 'with (parens)': 'passed', 'with [brackets]': 'not-run' })
    })

    it('parametrised JS titles: .each over lines, a tagged table, .for, characters around the placeholders', () => {
      const ts = ["describe('sum', () => {", '  it.each([', '    [1, 2],', '    [3, 4],', "  ])('adds %i + %i (with [care])', () => {})", '  test.each`', '    a    | b', '    ${1} | ${2}', "  `('table $a [$b]', () => {})", "  test.for([[1]])('for (%s)', () => {})", "  it.skipIf(process.env.X)('skipped? (no)', () => {})", '})'].join('\n')
      const cases = ['sum &gt; adds 1 + 2 (with [care])', 'sum &gt; adds 3 + 4 (with [care])', 'sum &gt; table 1 [2]', 'sum &gt; for (1)', 'sum &gt; skipped? (no)'].map((n, i) => `<testcase classname="tests/s.test.ts" name="${n}">${i === 1 ? '<failure/>' : ''}</testcase>`).join('\n')
      expect(statuses(ts, 'tests/s.test.ts', cases)).toEqual({ 'adds %i + %i (with [care])': 'failed', 'table $a [$b]': 'passed', 'for (%s)': 'passed', 'skipped? (no)': 'passed' })
    })

    it('cargo-nextest: module paths, rstest and test_case cases', () => {
      const rs = ['mod tests {', '    #[test]', '    fn end_the_run() {}', '    #[rstest]', '    #[case(1)]', '    #[case(2)]', '    fn sum(#[case] n: u8) {}', '    #[test_case(1, 2 ; "adds (one)")]', '    fn add(a: u8, b: u8) {}', '}'].join('\n')
      const cases = ['<testcase classname="engine::runs" name="tests::end_the_run"/>', '<testcase classname="engine::runs" name="tests::sum::case_1"/>', '<testcase classname="engine::runs" name="tests::sum::case_2"><failure/></testcase>', '<testcase classname="engine::runs" name="tests::add::adds_one_"/>'].join('\n')
      expect(statuses(rs, 'tests/runs.rs', cases)).toEqual({ end_the_run: 'passed', sum: 'failed', add: 'passed' })
    })

    it('pytest, JUnit, dotnet and Go parameters; kaocha and test2junit names with ? ! * <', () => {
      const py = ['import pytest', '@pytest.mark.parametrize("x", ["a (b)", "[c]"])', 'def test_x(x):', '    pass', 'def test_y():', '    pass'].join('\n')
      expect(statuses(py, 'tests/test_run.py', '<testcase classname="tests.test_run" name="test_x[a (b)]"/>\n<testcase classname="tests.test_run" name="test_x[[c]]"><skipped/></testcase>\n<testcase classname="tests.test_run" name="test_y"/>')).toEqual({ test_x: 'passed', test_y: 'passed' })
      const java = ['class RunTest {', '  @ParameterizedTest', '  void add(int a, int b) {', '  }', '  @Test', '  void ends() {', '  }', '}'].join('\n')
      expect(statuses(java, 'src/test/java/RunTest.java', '<testcase classname="engine.RunTest" name="add(int, int)[1]"/>\n<testcase classname="engine.RunTest" name="add(int, int)[2]"><failure/></testcase>\n<testcase classname="engine.RunTest" name="ends()"/>')).toEqual({ add: 'failed', ends: 'passed' })
      const cs = ['public class AccessTests {', '  [Theory]', '  [InlineData("a (b)")]', '  public void Reveals(string s) {', '  }', '}'].join('\n')
      expect(statuses(cs, 'AccessTests.cs', '<testcase classname="Engine.AccessTests" name="Engine.AccessTests.Reveals(s: &quot;a (b)&quot;)"/>')).toEqual({ Reveals: 'passed' })
      const go = ['func TestRun(t *testing.T) {', '\tt.Run("case (1)", func(t *testing.T) {})', '}'].join('\n')
      expect(statuses(go, 'run_test.go', '<testcase classname="engine" name="TestRun/case_(1)"/>\n<testcase classname="engine" name="TestRun"/>')).toEqual({ TestRun: 'passed' })
      const clj = ['(ns engine.runs-test)', '(deftest can-jack-out?', '  (is true))', '(deftest ^:slow *end!-the<run*', '  (is true))', '(deftest ^{:kaocha/skip false} with-meta', '  (is true))'].join('\n')
      const kaocha = '<testcase classname="engine.runs-test" name="engine.runs-test/can-jack-out?"/>\n<testcase classname="engine.runs-test" name="engine.runs-test/*end!-the&lt;run*"><failure/></testcase>\n<testcase classname="engine.runs-test" name="engine.runs-test/with-meta"/>'
      expect(statuses(clj, 'test/engine/runs_test.clj', kaocha)).toEqual({ 'can-jack-out?': 'passed', '*end!-the<run*': 'failed', 'with-meta': 'passed' })
      const test2junit = '<testcase classname="engine.runs-test" name="can-jack-out?"/>\n<testcase classname="engine.runs-test" name="*end!-the&lt;run*"/>\n<testcase classname="engine.runs-test" name="with-meta"><skipped/></testcase>'
      expect(statuses(clj, 'test/engine/runs_test.clj', test2junit)).toEqual({ 'can-jack-out?': 'passed', '*end!-the<run*': 'passed', 'with-meta': 'skipped' })
    })
  })

  it('keeps two tests of one name in two files apart by the file', () => {
    const cases = readResults(junit('<testcase classname="tests/a.test.ts" name="works"/>\n<testcase classname="tests/b.test.ts" name="works"><failure/></testcase>'), 'j.xml').cases
    const index = indexResults(cases)
    expect(index.match('tests/a.test.ts', { name: 'works', path: [] }).status).toBe('passed')
    expect(index.match('tests/b.test.ts', { name: 'works', path: [] }).status).toBe('failed')
  })

  it('reads the verbs authors write: impl, verify', () => {
    expect(roleFromVerb('// impl CR 6.1.4', 9)).toBe('impl')
    expect(roleFromVerb('// r[verify rule_x]', 13)).toBe('test')
    expect(roleFromVerb('// CR 6.1.4', 4)).toBeUndefined()
    expect(roleFromVerb('impl Runner { // CR 6.1.4', 17)).toBeUndefined()
  })
})

let tmp: string
let index: string
let rules: { id: string; number: string; kind: string }[]
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'cr-trace-'))
  const { model } = compileDir(join(import.meta.dirname, '../../rules'))
  index = join(tmp, 'rules.json')
  const json = buildIndexFiles(model!)['rules.json']!
  writeFileSync(index, json)
  rules = (JSON.parse(json) as { rules: { id: string; number: string; kind: string }[] }).rules
}, 600_000)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmp, 'p-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  return dir
}

const ENGINE = {
  'Cargo.toml': '[package]\nname = "engine"\n',
  'Cargo.lock': '[[package]]\nname = "lodash"\nversion = "4.17.21"\n# CR 6.1.99\n',
  'src/run.rs': ['/// impl CR 6.1.4', 'pub fn end_the_run() {}', '', '#[cfg(test)]', 'mod tests {', '    #[test]', '    fn ends_run() {', '        cite!("rule_end_the_run");', '    }', '}'].join('\n'),
  'tests/runs.rs': ['#[test]', 'fn jack_out() {', '    cite!("rule_jacking_out");', '}', '', '// CR 6.9.1a', '#[test]', 'fn announce() {}', '', '#[test]', 'fn not_in_results() {', '    cite!("rule_run");', '}'].join('\n'),
  'README.md': 'The engine implements CR 6.1.2.\n',
}
const NEXTEST = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<testsuites name="nextest-run" tests="3" failures="1">',
  '  <testsuite name="engine" tests="1">',
  '    <testcase name="tests::ends_run" classname="engine"/>',
  '  </testsuite>',
  '  <testsuite name="engine::runs" tests="2">',
  '    <testcase name="jack_out" classname="engine::runs"><failure message="assertion failed">left != right</failure></testcase>',
  '    <testcase name="announce" classname="engine::runs"><skipped/></testcase>',
  '  </testsuite>',
  '</testsuites>',
].join('\n')

interface Json {
  citations: { file: string; id: string }[]
  problems: { file: string; line: number; code: string; severity: string; message: string }[]
  coverage: { cited: number; tested: number; implemented: number; total: number; rules: Record<string, { tests?: { passed: number; failed: number; skipped: number; notRun: number } }>; executed?: { passing: number; failing: string[]; skipped: string[]; tests: Record<string, number> }; excepted?: string[]; chapters: { number: string; passing?: number }[] }
}

describe('cr cite --results: coverage from tests that ran', () => {
  it('attributes each citation to its test and counts rules cited by tests that passed', async () => {
    const dir = project({ ...ENGINE, 'target/nextest/junit.xml': NEXTEST })
    const r = await runCr(['cite', '--json', '--index', index, '--results', 'target/nextest/junit.xml'], dir)
    expect(r.stderr).toBe('')
    const out = JSON.parse(r.stdout) as Json
    const c = out.coverage
    // Passed: ends_run (rule_end_the_run, inside a #[test] in src/). Failed: jack_out. Skipped: announce (the comment above it).
    expect(c.rules.rule_end_the_run!.tests).toEqual({ passed: 1, failed: 0, skipped: 0, notRun: 0 })
    expect(c.rules.rule_jacking_out!.tests).toEqual({ passed: 0, failed: 1, skipped: 0, notRun: 0 })
    expect(c.rules.step_initiation_announce!.tests).toEqual({ passed: 0, failed: 0, skipped: 1, notRun: 0 })
    expect(c.rules.rule_run!.tests).toEqual({ passed: 0, failed: 0, skipped: 0, notRun: 1 })
    expect(c.executed!.passing).toBe(1)
    expect(c.executed!.failing).toEqual(['rule_jacking_out'])
    expect(c.executed!.skipped).toEqual(['step_initiation_announce'])
    // The static count stays: four rules cited by tests, the `impl` one by the implementation; the README never counts.
    expect(c.tested).toBe(4)
    expect(c.implemented).toBe(1)
    expect(c.rules.rule_run).toBeDefined()
    expect(out.citations.some((x) => x.file === 'README.md')).toBe(true)
    expect(c.rules.rule_run?.tests).toBeDefined()
    const sixOneTwo = rules.find((x) => x.number === '6.1.2')!.id
    expect(c.rules[sixOneTwo]).toBeUndefined()
    // Cargo.lock is never read: its `CR 6.1.99` is no error.
    expect(out.problems.filter((p) => p.file === 'Cargo.lock')).toEqual([])
  }, 600_000)

  it('prints coverage by tests that passed, and the rules failing tests cite', async () => {
    const dir = project({ ...ENGINE, 'junit.xml': NEXTEST })
    const r = await runCr(['cite', '--index', index, '--results', 'junit.xml'], dir)
    expect(r.stdout).toMatch(/^coverage by tests that passed: 1\/\d+ citable rules \(0\.1%\); tests 1 passed, 1 failed, 1 skipped, 1 not run$/m)
    expect(r.stdout).toContain('rules some failing test cites: 1 (rule_jacking_out)')
    expect(r.stdout).toMatch(/^cr cite: 4 files \(2 not read: lock files, test results, cr's own files\)/m)
  }, 600_000)

  it('classifies the same from any working directory: cr cite ../engine', async () => {
    const dir = project({ ...ENGINE, 'junit.xml': NEXTEST })
    const inside = JSON.parse((await runCr(['cite', '--json', '--index', index], dir)).stdout) as Json
    const elsewhere = mkdtempSync(join(tmp, 'elsewhere-'))
    const outside = JSON.parse((await runCr(['cite', '--json', '--index', index, join('..', basename(dir))], elsewhere)).stdout) as Json
    expect(inside.coverage.tested).toBe(4)
    expect(outside.coverage.tested).toBe(inside.coverage.tested)
    expect(outside.coverage.implemented).toBe(inside.coverage.implemented)
  }, 600_000)

  it('reads citations in a result\'s name or failure message, and the log cite() writes', async () => {
    const junit = '<testsuite name="x"><testcase classname="spec" name="CR 6.1.5: jacks out"/><testcase name="other"><failure message="expected rule_end_the_run to apply"/></testcase></testsuite>'
    const log = [JSON.stringify({ ref: '6.9.1a', id: 'step_initiation_announce', test: 'runs > announces', file: '/x/runs.test.ts' }), JSON.stringify({ ref: 'rule_run', test: 'runs > unknown test' })].join('\n')
    const dir = project({ 'src/a.ts': 'export const x = 1\n', 'results/junit.xml': junit.replace('</testsuite>', '<testcase classname="/x/runs.test.ts" name="runs &gt; announces"/></testsuite>'), 'results/cite.log': log })
    const out = JSON.parse((await runCr(['cite', '--json', '--index', index, '--results', 'results/junit.xml', '--results', 'results/cite.log'], dir)).stdout) as Json
    const jack = rules.find((x) => x.number === '6.1.5')!.id
    expect(out.coverage.rules[jack]!.tests).toEqual({ passed: 1, failed: 0, skipped: 0, notRun: 0 })
    expect(out.coverage.rules.rule_end_the_run!.tests).toEqual({ passed: 0, failed: 1, skipped: 0, notRun: 0 })
    expect(out.coverage.rules.step_initiation_announce!.tests).toEqual({ passed: 1, failed: 0, skipped: 0, notRun: 0 })
    expect(out.coverage.rules.rule_run!.tests).toEqual({ passed: 0, failed: 0, skipped: 0, notRun: 1 })
  }, 600_000)

  it('a results file that is not JUnit is a located error, exit 2', async () => {
    const dir = project({ 'src/a.ts': '', 'bad.xml': '<testsuite>\n  <testcase name="a">\n</testsuite>\n' })
    const r = await runCr(['cite', '--index', index, '--results', 'bad.xml'], dir)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^bad\.xml:3:\d+: error: Invalid XML: .+ \[results-invalid\]\n$/)
  }, 600_000)
})

describe('what counts: documentation, copies of the CR, reports', () => {
  it('never counts documentation, a copy of the CR, cr\'s own outputs or test results, wherever they are', async () => {
    const copy = rules.filter((r) => r.kind === 'rule' || r.kind === 'subrule').slice(0, 150).map((r) => `${r.number}. ${r.id} is a rule.`).join('\n')
    const dir = project({
      'src/a.rs': '// CR 6.1.4\n',
      'docs/cr-1.8.txt': copy.replace(/^/, 'CR '),
      'notes/design.md': 'See CR 6.1.5.\n',
      'reports/old-coverage.json': '{\n "format": 2,\n "version": "v26.03",\n "files": { "x.rs": [{ "id": "rule_run", "line": 1, "column": 1 }] }\n}\n',
      'reports/results.xml': '<?xml version="1.0"?>\n<testsuites><testsuite name="rule_run CR 6.1.99"/></testsuites>\n',
    })
    const r = await runCr(['cite', '--json', '--index', index, '--hints'], dir)
    const out = JSON.parse(r.stdout) as Json
    expect(out.coverage.cited).toBe(1)
    expect(out.problems.filter((p) => p.severity !== 'hint')).toEqual([])
    expect(out.problems.find((p) => p.code === 'not-counted')?.file).toBe('docs/cr-1.8.txt')
    expect(out.citations.map((c) => c.file).sort()).toEqual(['notes/design.md', 'src/a.rs'])
  }, 600_000)
})

describe('the CI gate', () => {
  it('--min-coverage, overall and per chapter, fails with coverage-below; exceptions leave the totals', async () => {
    const dir = project({ ...ENGINE, 'junit.xml': NEXTEST })
    const low = await runCr(['cite', '--index', index, '--results', 'junit.xml', '--min-coverage', '50', '--min-coverage', '6=1'], dir)
    expect(low.code).toBe(1)
    // A minimum given on the command line is about no file: no `file:line:col:`.
    expect(low.stdout).toMatch(/^cr cite: error: Coverage 0\.1% \(1\/\d+ citable rules covered by tests that passed\) is under the minimum 50% \[coverage-below\]$/m)
    expect(low.stdout).toMatch(/^cr cite: error: Chapter 6 \(Runs\): coverage \d+\.\d% \(1\/\d+ covered by tests that passed\) is under the minimum 1% \[coverage-below\]$/m)
    const ok = await runCr(['cite', '--index', index, '--min-coverage', '0.1'], dir)
    expect(ok.code).toBe(0)
    expect((await runCr(['cite', '--index', index, '--min-coverage', 'lots'], dir)).code).toBe(2)

    // Everything in chapter 6 but what the engine cites, excepted: chapter 6 is then fully covered.
    const six = rules.filter((r) => r.number.startsWith('6.') && ['rule', 'subrule', 'step'].includes(r.kind)).map((r) => r.id)
    const cited = new Set(['rule_end_the_run', 'rule_jacking_out', 'step_initiation_announce', 'rule_run'])
    const yaml = six.filter((id) => !cited.has(id)).map((id) => `- rule: ${id}\n  reason: not implemented yet`).join('\n')
    writeFileSync(join(dir, 'exceptions.yaml'), `${yaml}\n`)
    const excepted = await runCr(['cite', '--index', index, '--exceptions', 'exceptions.yaml', '--min-coverage', '6=100'], dir)
    expect(excepted.stdout).not.toContain('coverage-below')
    expect(excepted.code).toBe(0)
  }, 180_000)

  it('coverage under a minimum of the command line is about no file in every format; one of the config is at its key', async () => {
    const dir = project({ 'src/a.rs': '// CR 6.1.4\n' })
    const run = async (format: string) => (await runCr(['cite', '--index', index, '--min-coverage', '5', '--min-coverage', '6=90', '--format', format], dir)).stdout
    expect((await run('github')).split('\n').filter((l) => l.includes('coverage-below'))).toEqual([
      expect.stringMatching(/^::error title=cr cite%3A coverage-below::Coverage 0\.1%25 \(1\/\d+ citable rules cited\) is under the minimum 5%25$/),
      expect.stringMatching(/^::error title=cr cite%3A coverage-below::Chapter 6 \(Runs\)/),
    ])
    const sarif = JSON.parse(await run('sarif')) as { runs: { results: { ruleId: string; locations?: unknown }[] }[] }
    const below = sarif.runs[0]!.results.filter((r) => r.ruleId === 'coverage-below')
    expect(below).toHaveLength(2)
    for (const r of below) expect(r).not.toHaveProperty('locations')
    const json = JSON.parse(await run('json')) as Json
    expect(json.problems.filter((p) => p.code === 'coverage-below').map((p) => Object.keys(p).sort())).toEqual([
      ['code', 'message', 'severity', 'text'],
      ['code', 'message', 'severity', 'text'],
    ])
    expect(await run('markdown')).toMatch(/^- error `coverage-below`: Coverage 0\.1%/m)

    // From the config: at the key that set the minimum, overall or of a chapter.
    const config = ['{', '  "cite": {', '    "minCoverage": {', '      "overall": 5,', '      "chapters": { "6": 90 }', '    }', '  }', '}', ''].join('\n')
    writeFileSync(join(dir, 'cr.config.json'), config)
    const text = (await runCr(['cite', '--index', index], dir)).stdout.split('\n').filter((l) => l.includes('coverage-below'))
    expect(text).toEqual([
      expect.stringMatching(/^cr\.config\.json:4:7: error: Coverage 0\.1% /),
      expect.stringMatching(/^cr\.config\.json:5:21: error: Chapter 6 \(Runs\)/),
    ])
    writeFileSync(join(dir, 'cr.config.json'), '{\n  "cite": { "minCoverage": 5 }\n}\n')
    expect((await runCr(['cite', '--index', index], dir)).stdout).toMatch(/^cr\.config\.json:2:13: error: Coverage 0\.1% .*\[coverage-below\]$/m)
    // The command line's minimum replaces the config's, and is about no file.
    expect((await runCr(['cite', '--index', index, '--min-coverage', '4'], dir)).stdout).toMatch(/^cr cite: error: Coverage 0\.1% .* under the minimum 4% \[coverage-below\]$/m)
  }, 600_000)

  it('an exception without a reason, or of a rule that does not exist, is a located error', async () => {
    const dir = project({ 'src/a.rs': '', 'cr.config.json': '{ "cite": { "exceptions": "gaps.json" } }', 'gaps.json': '[\n  { "rule": "rule_end_the_run", "reason": "" },\n  { "rule": "rule_end_teh_run", "reason": "typo" }\n]\n' })
    const r = await runCr(['cite', '--index', index], dir)
    expect(r.code).toBe(2)
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^gaps\.json:2:13: error: Exception for `rule_end_the_run` without a reason/),
      'gaps.json:3:13: error: Unknown rule ID `rule_end_teh_run`, expected the ID of a chapter, section, rule or step (in the exceptions); did you mean `rule_end_the_run`? [exceptions-invalid]',
    ])
  }, 600_000)

  it('checks the exceptions as strictly as citations: typos, old numbers, renamed IDs, misspelt keys, each where it is', async () => {
    const gaps = ['- rule: "6.1.44"', '  reason: a typo of a number', '- rule: rule_jacking_out', '  reson: a misspelt key', '- rule: "CR 6.1.4(a)x"', '  reason: not a number', ''].join('\n')
    const bad = await runCr(['cite', '--index', index, '--exceptions', 'gaps.yaml'], project({ 'src/a.rs': '', 'gaps.yaml': gaps }))
    expect(bad.code).toBe(2)
    expect(bad.stderr.split('\n').filter(Boolean)).toEqual([
      'gaps.yaml:1:9: error: Unknown rule number `6.1.44`, expected the number of a rule (in the exceptions); did you mean `6.1.4 (rule_end_the_run)`, `6.1.4a (rule_end_run_access_or_breach_during_run)`, `6.1.4b (rule_end_encounter_outside_run)`? [exceptions-invalid]',
      expect.stringMatching(/^gaps\.yaml:3:9: error: Exception for `rule_jacking_out` without a reason/),
      'gaps.yaml:4:3: error: Unexpected key `reson` in an exception, expected `rule` and `reason`; did you mean `reason`? [exceptions-invalid]',
      'gaps.yaml:5:9: error: Unknown rule ID `6.1.4(a)x`, expected the ID of a chapter, section, rule or step (in the exceptions) [exceptions-invalid]',
    ])
    // An old number is explained as cr cite explains it, and excepts today's rule; a renamed ID likewise.
    const old = ['- rule: "10.5.5"', '  reason: no card converts to an agenda', '- rule: rule_swap_score_area', '  reason: renamed', ''].join('\n')
    const dir = project({ 'src/a.rs': '// CR 6.1.4a\n', 'gaps.yaml': old })
    const r = await runCr(['cite', '--rules', join(repoRoot, 'rules'), '--exceptions', 'gaps.yaml', '--format', 'json'], dir)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).coverage.excepted).toEqual(expect.arrayContaining(['rule_remove_tags_or_bad_publicity_as_cost', 'rule_swap_score_areas']))
    const text = await runCr(['cite', '--rules', join(repoRoot, 'rules'), '--exceptions', 'gaps.yaml'], dir)
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('gaps.yaml:1:9: warning: `10.5.5`: today\'s rules have no 10.5.5; 10.5.5 in v22.12–v25.08 (`rule_corp_can_pay_tag_costs`) was merged into 1.14.3a (`rule_remove_tags_or_bad_publicity_as_cost`)')
    expect(text.stdout).toContain('gaps.yaml:3:9: warning: `rule_swap_score_area` was renamed to `rule_swap_score_areas`')
    const strict = await runCr(['cite', '--rules', join(repoRoot, 'rules'), '--exceptions', 'gaps.yaml', '--strict'], project({ 'src/a.rs': '// CR 6.1.4a\n', 'gaps.yaml': old }))
    expect(strict.code).toBe(1)
  }, 600_000)

  it('an exception that is covered after all is noted at its own entry, in a list or a map, YAML or JSON', async () => {
    const src = '// CR 6.1.4a\n// CR 6.1.5\n'
    const list = ['# Rules we do not cover, and why.', '', '- rule: rule_end_run_access_or_breach_during_run', '  reason: tested elsewhere', '- rule: "6.1.5"', '  reason: no jack-out yet', '- rule: rule_run', '  reason: not cited', ''].join('\n')
    const yaml = await runCr(['cite', '--index', index, '--exceptions', 'gaps.yaml', '--hints'], project({ 'src/a.rs': src, 'gaps.yaml': list }))
    expect(yaml.stdout.split('\n').filter((l) => l.endsWith('[exception-covered]')).map((l) => l.split(': note: ')[0])).toEqual(['gaps.yaml:3:9', 'gaps.yaml:5:9'])
    const map = '{\n  "exceptions": {\n    "rule_run": "not cited",\n    "CR 6.1.5": "no jack-out yet"\n  }\n}\n'
    const json = await runCr(['cite', '--index', index, '--exceptions', 'gaps.json', '--json'], project({ 'src/a.rs': src, 'gaps.json': map }))
    expect((JSON.parse(json.stdout) as Json).problems.filter((p) => p.code === 'exception-covered').map((p) => [p.file, p.line, (p as { column?: number }).column])).toEqual([['gaps.json', 4, 5]])
  }, 600_000)

  it('a stale pair whose number was the rule\'s own in held releases says which; a mistyped one does not', async () => {
    const files = { 'src/a.rs': '// CR 6.2.4 rule_ice_change_current_position\n// CR 6.1.9 rule_end_the_run\n// 10.5.5 rule_remove_tags_or_bad_publicity_as_cost\n' }
    const r = await runCr(['cite', '--rules', join(repoRoot, 'rules')], project(files))
    expect(r.code).toBe(1)
    const stale = r.stdout.split('\n').filter((l) => l.endsWith('[stale-pair]'))
    expect(stale).toEqual([
      'src/a.rs:1:4: error: Stale rule number `6.2.4` beside `rule_ice_change_current_position`, expected `6.2.7`: 6.2.4 was its number in v22.12–v24.03 [stale-pair]',
      'src/a.rs:2:4: error: Stale rule number `6.1.9` beside `rule_end_the_run`, expected `6.1.4` [stale-pair]',
      'src/a.rs:3:4: error: Stale rule number `10.5.5` beside `rule_remove_tags_or_bad_publicity_as_cost`, expected `1.14.3a`: 10.5.5 was `rule_corp_can_pay_tag_costs` in v22.12–v25.08, since merged into `rule_remove_tags_or_bad_publicity_as_cost` [stale-pair]',
    ])
  }, 600_000)

  it('per-code severity in the config: off drops a code, error fails on it', async () => {
    const files = { 'src/a.rs': '// CR 1.8 9.1.8g\n// rule_end_teh_run\n' }
    const base = await runCr(['cite', '--index', index], project(files))
    expect(base.stdout).toContain('warning: ')
    const strict = await runCr(['cite', '--index', index], project({ ...files, 'cr.config.json': '{ "cite": { "severity": { "edition-not-held": "error", "unknown-rule": "off" } } }' }))
    expect(strict.code).toBe(1)
    expect(strict.stdout).toMatch(/^src\/a\.rs:1:4: error: .* \[edition-not-held\]$/m)
    expect(strict.stdout).not.toContain('[unknown-rule]')
  }, 600_000)

  it('--impact lists the tests with their status and the code citing a rule or its sub-rules', async () => {
    const dir = project({ ...ENGINE, 'junit.xml': NEXTEST })
    const r = await runCr(['cite', '--index', index, '--results', 'junit.xml', '--impact', 'sec_run_general'], dir)
    expect(r.code).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines[0]).toMatch(/^6\.1 sec_run_general/)
    // A rule's text, cut to fit the line, is cut at a word with an ellipsis (not "When an effec").
    const endRun = (await runCr(['cite', '--index', index, '--impact', 'CR 6.1.4'], dir)).stdout.split('\n')[0]
    expect(endRun).toBe("6.1.4 rule_end_the_run — To end the run is to halt the Runner's progress toward the server. When an… (and 3 sub-rules and steps)")
    expect(lines).toContain('tests: 3')
    expect(lines.some((l) => /^ {2}passed {3}tests > ends_run — src\/run\.rs:7/.test(l))).toBe(true)
    expect(lines.some((l) => /^ {2}failed {3}jack_out — tests\/runs\.rs:2/.test(l))).toBe(true)
    expect(lines).toContain('implementation: 1')
    expect((await runCr(['cite', '--index', index, '--impact', 'rule_nope'], dir)).code).toBe(2)
  }, 600_000)

  it('--impact reads its rule as a citation in a file is read: a named edition, a baseline\'s numbers, an edition not held', async () => {
    // v24.03's 6.2.5 is today's 6.2.8 (rule_move_runner_to_position); today's 6.2.5 is another rule.
    const files = { 'tests/move.rs': '// rule_move_runner_to_position\n#[test]\nfn moves() {}\n', 'tests/pos.rs': '// rule_position_runner\n#[test]\nfn occupies() {}\n' }
    const dir = project(files)
    const rules = ['--rules', join(repoRoot, 'rules')]
    const first = async (...args: string[]) => {
      const r = await runCr(['cite', ...rules, ...args], dir)
      expect(r.code, r.stderr).toBe(0)
      return r.stdout.split('\n')
    }
    const named = await first('--impact', 'CR v24.03 6.2.5')
    expect(named[0]).toMatch(/^6\.2\.8 rule_move_runner_to_position /)
    expect(named).toContain('  cited    moves — tests/move.rs:3')
    expect((await first('--impact', '6.2.5', '--baseline', 'v24.03'))[0]).toMatch(/^6\.2\.8 rule_move_runner_to_position /)
    expect((await first('--impact', 'rule_move_runner_to_position', '--baseline', 'v24.03'))[0]).toMatch(/^6\.2\.8 rule_move_runner_to_position /)
    const today = await first('--impact', 'CR 6.2.5')
    expect(today[0]).toMatch(/^6\.2\.5 rule_position_runner /)
    expect(today).toContain('  cited    occupies — tests/pos.rs:3')
    const older = await runCr(['cite', ...rules, '--impact', 'CR 1.8 9.1.8g'], dir)
    expect(older.code).toBe(2)
    expect(older.stderr).toMatch(/names edition 1\.8 of the CR, which is not held here/)
  }, 600_000)

  it('--impact says a range as it was cited, once per test and per place, in the rules\' order', async () => {
    const files = {
      'tests/ice.rs': '// CR 6.2.7a-c\n#[test]\nfn approach() {}\n// CR 6.2.7c and CR 6.2.7a\n#[test]\nfn two() {}\n// CR 6.2.7\n#[test]\nfn whole() {}\n',
      'src/ice.rs': '// CR 6.2.7a–c\nfn ice() {}\n',
    }
    const r = await runCr(['cite', '--index', index, '--impact', '6.2.7'], project(files))
    expect(r.code).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines).toContain('tests: 3')
    expect(lines).toContain('  cited    approach — tests/ice.rs:3 (6.2.7a–c)')
    expect(lines).toContain('  cited    two — tests/ice.rs:6 (6.2.7a, 6.2.7c)')
    expect(lines).toContain('  cited    whole — tests/ice.rs:9')
    expect(lines.filter((l) => l.startsWith('  src/ice.rs:'))).toEqual(['  src/ice.rs:1:4 (6.2.7a–c)'])
    expect(lines).toContain('implementation: 1')
  }, 600_000)
})

describe('reports', () => {
  it('the matrix as JSON, valid against its schema, and as Markdown; the coverage file valid too', async () => {
    const dir = project({ ...ENGINE, 'junit.xml': NEXTEST })
    const r = await runCr(['cite', '--index', index, '--results', 'junit.xml', '--write-matrix', 'out/matrix.json', '--write-coverage', 'out/coverage.json'], dir)
    expect(r.code).toBe(0)
    const matrix = JSON.parse(readFileSync(join(dir, 'out/matrix.json'), 'utf8'))
    const validate = new Ajv2020({ strict: false }).compile(matrixSchema)
    expect(validate(matrix), JSON.stringify(validate.errors)).toBe(true)
    const cov = JSON.parse(readFileSync(join(dir, 'out/coverage.json'), 'utf8'))
    const validateCov = new Ajv2020({ strict: false }).compile(coverageSchema)
    expect(validateCov(cov), JSON.stringify(validateCov.errors)).toBe(true)
    const byId = new Map((matrix.rules as { id: string; status: string; tests: { status: string }[]; implementation: unknown[] }[]).map((x) => [x.id, x]))
    expect(byId.get('rule_end_the_run')!.status).toBe('passing')
    expect(byId.get('rule_jacking_out')!.status).toBe('failing')
    expect(byId.get('step_initiation_announce')!.status).toBe('skipped')
    expect(byId.get('rule_run')!.status).toBe('untested')
    expect(matrix.summary.passing).toBe(1)
    // A second run never reads the first run's outputs as sources.
    const again = JSON.parse((await runCr(['cite', '--json', '--index', index], dir)).stdout) as Json
    expect(again.citations.every((c) => !c.file.startsWith('out/'))).toBe(true)

    const md = await runCr(['cite', '--index', index, '--results', 'junit.xml', '--format', 'markdown'], dir)
    expect(md.stdout).toMatch(/^### CR coverage \(v26\.03\)$/m)
    expect(md.stdout).toContain('#### Rules only failing tests cite (1)')
    expect(md.stdout).toMatch(/^- 6\.1\.\d+ `rule_jacking_out` — .*: `jack_out` \(tests\/runs\.rs:2\)$/m)
    expect(md.stdout).toContain('<details><summary>Not covered by a test')
  }, 600_000)
})

describe('--baseline keeps each citation with its test', () => {
  // Each engine cites numbers v24.03 gave to other rules (1.3.3, 6.2.5): --baseline v24.03 recounts them for the rules they meant.
  const pytest = {
    files: {
      'tests/test_cards.py': ['import pytest', '', '# CR 1.3.3', 'def test_credit_symbol_parse():', '    assert True', '', '@pytest.mark.cr("6.9.1b")', 'def test_run_step():', '    # CR 6.2.5', '    assert True', ''].join('\n'),
      'junit.xml': '<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" tests="2">\n<testcase classname="tests.test_cards" name="test_credit_symbol_parse" time="0.001"/>\n<testcase classname="tests.test_cards" name="test_run_step" time="0.001"/>\n</testsuite></testsuites>\n',
    },
  }
  const nextest = {
    files: {
      'tests/runs.rs': ['// CR 1.3.3', '#[test]', 'fn credit_symbol() {}', '', '#[test]', 'fn moves_runner() {', '    // CR 6.2.5', '}', ''].join('\n'),
      'junit.xml': '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="nextest-run" tests="2">\n<testsuite name="engine::runs" tests="2">\n<testcase name="credit_symbol" classname="engine::runs"/>\n<testcase name="moves_runner" classname="engine::runs"/>\n</testsuite>\n</testsuites>\n',
    },
  }
  const jest = {
    files: {
      'test/runs.test.ts': ["describe('runs', () => {", '  // CR 1.3.3', "  it('parses the credit symbol', () => {})", "  it('moves the runner', () => {", '    // CR 6.2.5', '  })', '})', ''].join('\n'),
      'junit.xml': '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="jest tests" tests="2">\n<testsuite name="runs" tests="2">\n<testcase classname="runs parses the credit symbol" name="runs parses the credit symbol" time="0.001"/>\n<testcase classname="runs moves the runner" name="runs moves the runner" time="0.001"/>\n</testsuite>\n</testsuites>\n',
    },
  }
  for (const [runner, { files }] of Object.entries({ pytest, nextest, jest })) {
    it(`${runner}: the same tests, the same passes, with and without --baseline v24.03`, async () => {
      const dir = project(files)
      const tests = (name: string) => {
        const cov = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { files: Record<string, { line: number; column: number; test?: string }[]> }
        return Object.entries(cov.files).flatMap(([f, list]) => list.map((c) => `${f}:${c.line}:${c.column} ${c.test ?? '(no test)'}`))
      }
      const plain = JSON.parse((await runCr(['cite', '--json', '--index', index, '--results', 'junit.xml', '--write-coverage', 'plain.json'], dir)).stdout) as Json
      const based = JSON.parse((await runCr(['cite', '--json', '--index', index, '--results', 'junit.xml', '--write-coverage', 'based.json', '--baseline', 'v24.03'], dir)).stdout) as Json
      expect(based.problems.filter((p) => p.code === 'renumbered-since-baseline')).toHaveLength(2)
      expect(tests('based.json')).toEqual(tests('plain.json'))
      expect(tests('plain.json').every((t) => !t.endsWith('(no test)'))).toBe(true)
      expect(based.coverage.executed!.tests).toEqual(plain.coverage.executed!.tests)
      expect(based.coverage.executed!.passing).toBe(plain.coverage.executed!.passing)
      // The recounted rules are passing ones: v24.03's 1.3.3 is today's 1.3.2, its 6.2.5 today's 6.2.8.
      for (const id of ['rule_symbol_credits', 'rule_move_runner_to_position']) expect(based.coverage.rules[id]!.tests).toEqual({ passed: 1, failed: 0, skipped: 0, notRun: 0 })
    }, 600_000)
  }
})
