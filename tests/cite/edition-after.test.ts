/**
 * Editions written after the number (`CR 6.1.4 (v24.03)`, `6.1.4@v24.03`, `rule 6.1.4 of CR 24.03`), data
 * layouts of test metadata (YAML block lists, quoted values under a citing key, CSV/TSV rule columns,
 * word lists) and tools' rules by an unknown name (`mytool rule 6.1.3`). In the fixture table, v24.03's
 * 6.1.4 is today's 6.1.3 (`rule_end_the_run`); today's 6.1.4 is `rule_jacking_out`.
 */
import { describe, expect, it } from 'vitest'
import { readCiteConfig } from '../../src/core/cite/config.ts'
import { createScanner } from '../../src/core/cite/scan.ts'
import { TABLE_WITH_RELEASES } from './table-fixture.ts'

const { config } = readCiteConfig({}, 'cr.config.json')
const scan = (file: string, text: string) => createScanner(TABLE_WITH_RELEASES, config).scan(text, file)
const cited = (file: string, text: string) => scan(file, text).citations.map((c) => `${c.line} ${c.id}${c.version ? ` (${c.version})` : ''}`)
const problems = (file: string, text: string) =>
  scan(file, text)
    .problems.filter((p) => p.severity !== 'hint')
    .map((p) => `${p.line} ${p.severity}[${p.code}]`)

describe('an edition named after the number is that edition\'s', () => {
  it.each([
    '# CR 6.1.4 (v24.03)',
    '# CR 6.1.4 (CR v24.03)',
    '# 6.1.4 [CR v24.03]',
    '# 6.1.4 (the 24.03 rules)',
    '# rule 6.1.4 of CR 24.03',
    '# 6.1.4 in the 24.03 rules',
    '# 6.1.4 of the v24.03 Comprehensive Rules',
    '# 6.1.4@v24.03',
    '# rule 6.1.4 @ 24.03',
    '# CR 6.1.4, CR v24.03',
    '# CR 6.1.4, v24.03',
    '# CR 6.1.4 as of v24.03',
    'x = "CR 6.1.4 from NSG CR v24.03"',
  ])('%s', (text) => {
    expect(cited('a.py', text)).toEqual(['1 rule_end_the_run (v24.03)'])
    expect(problems('a.py', text)).toEqual([])
  })

  it('the same number without its edition is today\'s rule, another one', () => {
    expect(cited('a.py', '# CR 6.1.4')).toEqual(['1 rule_jacking_out'])
  })

  it('applies to every number of a list before it', () => {
    expect(cited('a.py', '# CR 6.1.4 and 6.1.5 (v24.03)')).toEqual(['1 rule_end_the_run (v24.03)', '1 rule_jacking_out (v24.03)'])
    expect(cited('a.py', '# 6.1.4, 6.1.5 in the v24.03 rules')).toEqual(['1 rule_end_the_run (v24.03)', '1 rule_jacking_out (v24.03)'])
  })

  it('reports what the edition says: a removed rule, a release there never was, an edition not held', () => {
    expect(problems('a.py', '# CR 6.1.2 (v24.03)')).toEqual(['1 error[removed-rule]'])
    expect(problems('a.py', '# CR 6.1.3 (v24.05)')).toEqual(['1 error[unknown-release]'])
    expect(problems('a.py', '# CR 6.1.3 (CR 1.8)')).toEqual(['1 warning[edition-not-held]'])
  })

  it('reads it in a call\'s string and a list\'s element', () => {
    expect(cited('a.ts', 'cite("6.1.4 (v24.03)")')).toEqual(['1 rule_end_the_run (v24.03)'])
    expect(cited('a.ts', "const t = { rules: ['6.1.4@v24.03'] }")).toEqual(['1 rule_end_the_run (v24.03)'])
  })

  it.each([
    ['a version in brackets with more in them', '# bumped to 6.1.4 (v24.03 of our lockfile schema)'],
    ['a version, then a release of something else', '# upgraded to 6.1.4 in v24.03 of the Gemfile.lock'],
    ['two version strings side by side', '# 6.1.4 v24.03'],
    ['a section in parentheses, no edition', '# CR 6.1.4 (10.3)'],
    ['an old edition\'s numbers with no marker before them', '# This is 9.6.2 and 9.6.5 of CR 1.8.'],
    ['a release name no CR had, alone', '# 6.1.4@v24.05'],
  ])('not read as an edition\'s citation: %s', (_, text) => {
    const all = scan('a.py', text)
    expect(all.citations.filter((c) => c.version !== undefined || c.id === 'rule_end_the_run')).toEqual([])
    expect(all.problems.filter((p) => p.severity !== 'hint')).toEqual([])
  })
})

describe('test metadata in natural data layouts', () => {
  it('reads a YAML block list under a citing key, quoted or not, to its end', () => {
    const text = ['suite:', '  rules:', '    - 6.1.3', '    - "6.9.1a"   # the announce step', "    - 'rule_jacking_out'", '  versions:', '    - 6.1.3', '  rules_note: x'].join('\n')
    expect(cited('meta.yaml', text)).toEqual(['3 rule_end_the_run', '4 step_initiation_announce', '5 rule_jacking_out'])
  })

  it('reads items at the key\'s own indentation (YAML allows it), in front matter and in comments', () => {
    expect(cited('plan.md', '---\ncovers:\n- 6.1.3\n- rule_run\ntitle: x\n---\n- 6.1.4\n')).toEqual(['3 rule_end_the_run', '4 rule_run'])
    expect(cited('t.py', '# rules:\n#   - 6.9.1b\nx = 1\n')).toEqual(['2 step_initiation_begin'])
  })

  it('leaves a list of mappings to the key inside each item, and elements that are not rules alone', () => {
    expect(cited('m.yaml', 'rules:\n  - rule: rule_run\n    text: x\n  - 1.2.1\n  - no-console\n  - 4.17.21\n')).toEqual(['2 rule_run', '4 rule_54+'])
  })

  it('reads one quoted value under a citing key outside a call, and no other key\'s', () => {
    expect(cited('run_test.exs', '  @tag rule: "6.1.3"\n  @tag cr: "6.9.1a"\n  @tag version: "6.1.4"')).toEqual(['1 rule_end_the_run', '2 step_initiation_announce'])
    expect(cited('meta.json', '{ "rule": "6.1.3", "id": "6.1.4", "rules": "no-console" }')).toEqual(['1 rule_end_the_run'])
  })

  it('reads Clojure metadata and maps keyed :cr or :rule, a value or a vector, and no other keyword\'s', () => {
    const clj = [
      '(deftest ^{:cr "6.1.3"} ends (is true))',
      '(deftest ^{:cr ["6.9.1a" "rule_run"]} two (is true))',
      '(deftest ^{:rule "6.1.3a"} one (is true))',
      '(def m {:cr "6.9.1a", :version "6.1.4"})',
      '(def n {:name "6.1.3" :crate "6.1.3"})',
    ].join('\n')
    expect(cited('runs_test.clj', clj)).toEqual(['1 rule_end_the_run', '2 step_initiation_announce', '2 rule_run', '3 rule_end_run_access_or_breach_during_run', '4 step_initiation_announce'])
  })

  it('reads Ruby\'s and Elixir\'s word lists under a citing key', () => {
    expect(cited('a_spec.rb', 'it "x", rules: %w[6.1.3 6.1.3a] do')).toEqual(['1 rule_end_the_run', '1 rule_end_run_access_or_breach_during_run'])
    expect(cited('a_test.exs', '@moduletag rules: ~w(6.9.1a rule_run)')).toEqual(['1 step_initiation_announce', '1 rule_run'])
  })

  it('reads the rule column of a CSV or TSV sheet, each cell a list, and no other column', () => {
    const csv = ['test,Rule ID,version,notes', 'a,6.1.3,6.1.4,"see 6.1.4"', 'b,"6.9.1a, 6.9.1b",,', 'c,,,', 'd,4.17.21,,'].join('\n')
    expect(cited('trace.csv', csv)).toEqual(['2 rule_end_the_run', '3 step_initiation_announce', '3 step_initiation_begin'])
    expect(cited('trace.tsv', 'name\trules\nx\t6.1.4\n')).toEqual(['2 rule_jacking_out'])
    // The same text under another name is no sheet of rules.
    expect(cited('trace.csv', 'test,version\na,6.1.3\n')).toEqual([])
  })
})

describe('whose rule: an unknown name before `rule` is a tool\'s', () => {
  it.each(['mytool', 'excoveralls', 'brakeman', 'frobnicator', 'danger'])('%s rule 6.1.3 is not the CR\'s', (tool) => {
    expect(cited('a.py', `# the ${tool} rule 6.1.3 is off here`)).toEqual([])
    expect(problems('a.py', `# ${tool} rule 8.1.3`)).toEqual([])
  })

  it.each(['see', 'per', 'the', 'CR', 'netrunner', 'violates', 'implements', 'following', 'this', 'golden', 'relevant', 'exactly', 'applies'])('%s rule 6.1.3 is the CR\'s', (word) => {
    expect(cited('a.py', `# ${word} rule 6.1.3`)).toEqual(['1 rule_end_the_run'])
  })
})
