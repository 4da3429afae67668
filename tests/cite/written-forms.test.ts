/**
 * How people write citations, and what is read from them (a stranger's Python engine, four defects):
 * two citations side by side are never a number/ID pair, a number labelling its ID still is; a colon
 * after the edition, a named argument and a capital letter are read; `step 2.5`, a house rule and an
 * engine's own `rule_…` words are not.
 */
import { describe, expect, it } from 'vitest'
import { readCiteConfig } from '../../src/core/cite/config.ts'
import { createScanner } from '../../src/core/cite/scan.ts'
import type { CiteTable } from '../../src/core/cite/table.ts'
import { TABLE, TABLE_WITH_RELEASES } from './table-fixture.ts'

const config = (cite: Record<string, unknown> = {}) => {
  const { config, problems } = readCiteConfig({ cite }, 'cr.config.json')
  expect(problems).toEqual([])
  return config
}
const scanIn = (file: string, text: string, cite: Record<string, unknown> = {}, table: CiteTable = TABLE) => createScanner(table, config(cite)).scan(text, file)
/** `line:col id` for each citation (`(version)` when it names one). */
const cited = (file: string, text: string, cite: Record<string, unknown> = {}, table: CiteTable = TABLE) =>
  scanIn(file, text, cite, table).citations.map((c) => `${c.line}:${c.column} ${c.id}${c.version ? ` (${c.version})` : ''}`)
/** `line:col severity[code] text` for each problem but hints. */
const problems = (file: string, text: string, cite: Record<string, unknown> = {}, table: CiteTable = TABLE) =>
  scanIn(file, text, cite, table)
    .problems.filter((p) => p.severity !== 'hint')
    .map((p) => `${p.line}:${p.column} ${p.severity}[${p.code}] ${p.text}`)
const ids = (file: string, text: string, table: CiteTable = TABLE) => scanIn(file, text, {}, table).citations.map((c) => c.id)

describe('two citations are two, never a pair; a number beside the ID it labels is a pair', () => {
  it('each argument of a citation call is a citation of its own: counted, never stale beside another', () => {
    const text = [
      '@pytest.mark.cr("rule_end_the_run", "6.9.1b")',
      '@pytest.mark.cr(',
      '    "step_initiation_begin",',
      '    "6.1.4",',
      ')',
      'def test_jack_out(): ...',
    ].join('\n')
    expect(problems('test_runs.py', text)).toEqual([])
    expect(scanIn('test_runs.py', text).citations.map((c) => `${c.line} ${c.number ?? '-'} ${c.id}`)).toEqual([
      '1 - rule_end_the_run',
      '1 6.9.1b step_initiation_begin',
      '3 - step_initiation_begin',
      '4 6.1.4 rule_jacking_out',
    ])
    // The same in the other languages' calls: a macro's bare tokens, an attribute, a Lisp call.
    expect(problems('runs.rs', 'cite!(rule_run, 6.1.4);\n#[cr("6.9.1a", "rule_end_the_run")]')).toEqual([])
    expect(ids('runs.rs', 'cite!(rule_run, 6.1.4);')).toEqual(['rule_run', 'rule_jacking_out'])
    expect(problems('Runs.cs', '[Cite("6.1.1", "rule_jacking_out")]')).toEqual([])
    expect(problems('runs.clj', '(cite "rule_run" "6.1.4")')).toEqual([])
  })

  it('a joining word, `&` or a clause\'s `,` or `;` in prose makes two citations', () => {
    for (const text of [
      '    """Covers CR 6.9.1b and rule_end_the_run."""',
      '    # See rule_end_the_run; also CR 6.9.1b',
      '    # rule_end_the_run, CR 6.9.1b',
      '    # CR 6.9.1b or rule_end_the_run',
      '    # rule_end_the_run & CR 6.9.1b',
      '    # rule_end_the_run plus CR 6.9.1b',
      '    # rule_end_the_run, not CR 6.9.1b',
    ]) {
      expect(problems('test_runs.py', text), text).toEqual([])
      expect(ids('test_runs.py', text).sort(), text).toEqual(['rule_end_the_run', 'step_initiation_begin'])
    }
  })

  it('a number written as the ID\'s label, or as data beside it, is still a pair: stale when they disagree', () => {
    const stale = (file: string, text: string) => scanIn(file, text).problems.filter((p) => p.code === 'stale-pair').map((p) => p.text)
    for (const [file, text] of [
      ['runs.py', '# 6.1.4 rule_end_the_run'],
      ['runs.py', '# 6.1.4/rule_end_the_run'],
      ['runs.py', '# rule_end_the_run (6.1.4)'],
      ['runs.py', '# rule_end_the_run (CR 6.1.4)'],
      ['runs.py', '# rule_end_the_run: 6.1.4'],
      ['runs.json', '{"6.1.4": "rule_end_the_run"}'],
      ['runs.py', 'PAIRS = [("6.1.4", "rule_end_the_run")]'],
      ['runs.md', 'number: 6.1.4, id: rule_end_the_run'],
      ['runs.csv', '6.1.4,rule_end_the_run,ends the run'],
      ['runs.clj', '{:cr "6.1.4" :id "rule_end_the_run"}'],
      // A call's number labelled in a comment beside it: the comment names which rule the number means.
      ['runs.rs', 'cite!("6.1.4"); // rule_end_the_run'],
    ]) {
      expect(stale(file!, text!), text).toEqual([text!.includes('CR 6.1.4') ? 'CR 6.1.4' : '6.1.4'])
    }
    // Agreeing, it is one citation written twice.
    expect(scanIn('runs.py', '# rule_end_the_run (6.1.3)').problems.filter((p) => p.severity !== 'hint')).toEqual([])
  })
})

describe('what a citation may be written with', () => {
  it('a colon after the edition, as after `CR`: `CR v24.03: 6.1.4`, and in a call `v24.03: 6.1.4`', () => {
    const text = '# Written against CR v24.03: 6.1.4 (ends the run)\n# CR 24.03: 6.1.6\ncite("v24.03: 6.1.5")\ncite("CR: 6.1.1")'
    expect(cited('engine.py', text, {}, TABLE_WITH_RELEASES)).toEqual([
      '1:19 rule_end_the_run (v24.03)',
      '2:3 rule_end_the_run (v24.03)',
      '3:15 rule_jacking_out (v24.03)',
      '4:11 rule_run',
    ])
    // No `CR:` or `v24.03:` read as an unknown ID; the old numbers are checked through the release.
    expect(problems('engine.py', text, {}, TABLE_WITH_RELEASES)).toEqual([])
    expect(scanIn('engine.py', text, {}, TABLE_WITH_RELEASES).problems.map((p) => p.code)).toEqual(['old-release-citation', 'old-release-citation', 'old-release-citation'])
    // Without the releases, the scan asks for them: the citation is read, not skipped.
    expect(scanIn('engine.py', '# CR v24.03: 6.1.4').needsReleases).toBe(true)
  })

  it('a colon before nothing is still a header; before the section\'s own rule, a section; an edition not held is still one', () => {
    const bare = { bareNumbers: 'comments' }
    expect(cited('x.rs', '// CR v24.03:\n// 6.1.4 ended the run then', bare, TABLE_WITH_RELEASES)).toEqual(['2:4 rule_end_the_run (v24.03)'])
    expect(cited('x.rs', '// CR 1.2: 1.2.1 the first golden rule')).toEqual(['1:4 sec_golden_rules'])
    expect(problems('x.rs', '// CR 1.8: 9.1.8g')).toEqual(['1:4 warning[edition-not-held] CR 1.8: 9.1.8g'])
    expect(cited('x.rs', '// CR 1.8: 9.1.8g')).toEqual([])
  })

  it('an edition is read the same wherever the citation is written: a comment, a string, a call\'s string, an attribute', () => {
    // `1.8 9.1.8g`: edition 1.8 (not held), rule 9.1.8g — a warning, never section 1.8 and an unknown rule.
    for (const [file, text] of [
      ['engine.rs', '// CR 1.8 9.1.8g'],
      ['engine.rs', 'let quoted = "CR 1.8 9.1.8g";'],
      ['engine.rs', '#[cr("1.8 9.1.8g")]'],
      ['engine.rs', 'cite!("CR 1.8: 9.1.8g");'],
      ['engine_test.clj', '(cite "1.8 9.1.8g")'],
      ['Engine.cs', '[Cite("1.8 9.1.8g")]'],
      ['Engine.kt', '@Cite(rules = ["1.8 9.1.8g"])'],
      ['engine.test.ts', "cite('v1.8', '9.1.8g')"],
    ]) {
      const found = scanIn(file!, text!)
      expect(found.citations, text).toEqual([])
      expect(found.problems.map((p) => `${p.severity}[${p.code}]`), text).toEqual(['warning[edition-not-held]'])
    }
    // A held release, as its own argument of the call or inside the string: the numbers are that release's.
    for (const [file, text] of [
      ['engine.test.ts', "cite('CR v24.03', '6.1.4')"],
      ['engine.rs', '#[cr("24.03", 6.1.4)]'],
      ['engine_test.clj', '(cite "6.1.4" "v24.03")'],
      ['Engine.cs', '[Cite("v24.03 6.1.4")]'],
      ['Engine.kt', '// CR v24.03: 6.1.4'],
    ]) {
      expect(cited(file!, text!, {}, TABLE_WITH_RELEASES).map((c) => c.replace(/^\d+:\d+ /, '')), text).toEqual(['rule_end_the_run (v24.03)'])
    }
    // A section before a rule of its own after a colon is still the section; a lone two-part number, a section.
    expect(cited('engine.rs', '#[cr("1.2: 1.2.1")]\ncite!("1.2", "6.1.1");')).toEqual(['1:7 sec_golden_rules', '1:12 rule_54+', '2:8 sec_golden_rules', '2:15 rule_run'])
  })

  it('a named argument whose name cites, in each language\'s syntax; other named arguments are not read', () => {
    expect(cited('test_runs.py', '@pytest.mark.cr(rule="6.9.1a")\n@pytest.mark.cr(rule_id="rule_run", reason="flaky")')).toEqual(['1:23 step_initiation_announce', '2:26 rule_run'])
    expect(ids('RunTest.kt', '@Cite(rule = "6.1.4") fun jackOut() {}')).toEqual(['rule_jacking_out'])
    expect(ids('runs.rs', '#[cr(rule = "6.1.2a")]\n#[cr(rule = 6.1.2b)]\ncite!(id = rule_run);')).toEqual(['rule_announce_attacked_server', 'rule_change_attacked_server', 'rule_run'])
    expect(ids('RunTests.cs', '[Cite(Rule = "rule_end_the_run")]\n[Cite(ruleNumber: "6.1.1")]')).toEqual(['rule_end_the_run', 'rule_run'])
    expect(ids('runs.swift', 'cite(rule: "6.1.4", note: "jack out")')).toEqual(['rule_jacking_out'])
    expect(ids('runs_spec.rb', 'cite(:rule => "6.1.4")')).toEqual(['rule_jacking_out'])
    expect(ids('runs.test.ts', "cite({ id: 'rule_run', note: '6.1.4' })")).toEqual(['rule_run'])
    // `version=` names the release, as `version:` does.
    expect(cited('test_runs.py', '@pytest.mark.cr(rule="6.1.4", version="v24.03")', {}, TABLE_WITH_RELEASES)).toEqual(['1:23 rule_end_the_run (v24.03)'])
    // Not read: another name's value (a string in code, cited only by what is in it), a comparison, a path.
    expect(scanIn('test_runs.py', '@pytest.mark.cr("6.1.4", reason="rule_zzz_qqq flakes")')).toMatchObject({ problems: [], citations: [{ id: 'rule_jacking_out' }] })
    expect(scanIn('runs.ts', 'cite(note: "6.1.1", x == "6.1.4")')).toEqual({ citations: [], problems: [] })
    expect(ids('runs.rs', 'cite!(Rules::rule, "6.1.1")')).toEqual(['rule_run'])
  })

  it('a list as a citing name\'s value, or as an argument: each element a citation, none a pair with another', () => {
    // In a citation call: Rust attributes (strings and bare tokens), Kotlin and Java annotations, a C# attribute, TypeScript options.
    expect(ids('runs.rs', '#[cr(rules = ["6.1.4", "rule_end_the_run"])]\n#[cr(rules = [6.1.1, rule_jacking_out])]')).toEqual(['rule_jacking_out', 'rule_end_the_run', 'rule_run', 'rule_jacking_out'])
    expect(ids('RunTest.kt', '@Cite(rules = ["6.1.4", "6.1.1"]) fun jackOut() {}')).toEqual(['rule_jacking_out', 'rule_run'])
    expect(ids('RunTest.java', '@Cite(rules = {"6.1.4", "rule_run"})\n@Cite({"6.1.2a", "6.1.2b"})')).toEqual(['rule_jacking_out', 'rule_run', 'rule_announce_attacked_server', 'rule_change_attacked_server'])
    expect(ids('RunTests.cs', '[Cite(Rules = new[] { "6.1.4", "rule_run" })]')).toEqual(['rule_jacking_out', 'rule_run'])
    expect(ids('runs.test.ts', "cite({ rules: ['6.1.4', 'rule_end_the_run'], note: 'rule_zzz' })\ncite(['6.1.1', '6.1.4'])")).toEqual(['rule_jacking_out', 'rule_end_the_run', 'rule_run', 'rule_jacking_out'])
    // Objects inside the list: their citing names are read, the others not; `version` names the release of them all.
    expect(ids('runs.test.ts', "cite({ \"rules\": [{ id: 'rule_run', note: '6.1.4' }] })")).toEqual(['rule_run'])
    expect(cited('RunTest.kt', '@Cite(rules = ["6.1.4"], version = "v24.03")', {}, TABLE_WITH_RELEASES)).toEqual(['1:17 rule_end_the_run (v24.03)'])
    // In data, outside a call: a test's options, Clojure metadata, a decorator of another name, Kotlin, TOML, JSON.
    for (const [file, text] of [
      ['runs.test.ts', "test('jacks out', { rules: ['6.1.4', 'rule_end_the_run'] }, () => {})"],
      ['runs_test.clj', '(deftest ^{:rules ["6.1.4" "rule_end_the_run"]} jack-out)'],
      ['test_runs.py', '@pytest.mark.parametrize("x", [1], rules=("6.1.4", "rule_end_the_run"))'],
      ['RunTest.kt', 'val ruleIds = listOf("6.1.4", "rule_end_the_run")'],
      ['cases.toml', 'rules = ["6.1.4", "rule_end_the_run"]'],
      ['cases.json', '{"covers": ["6.1.4", "rule_end_the_run"]}'],
    ]) {
      expect(ids(file!, text!), text).toEqual(['rule_jacking_out', 'rule_end_the_run'])
      // Two elements, never a stale pair.
      expect(problems(file!, text!), text).toEqual([])
    }
    // Data is no citation form: what is not a rule's (a linter's rule names, a version, the engine's own words, floats) is left alone; a close miss is still reported.
    expect(scanIn('eslint.config.js', "export default { rules: { 'no-console': 'error' }, plugins: ['x'] }\nconst cfg = { rules: ['no-console', '4.17.21', 'rule_cache_ttl', 'Retry 6.1.4 times'] }\nweights = dict(rules=[6.1, 6.2])")).toEqual({ citations: [], problems: [] })
    expect(problems('cases.json', '{"covers": ["rule_end_teh_run"]}')).toEqual(['1:14 error[unknown-rule] rule_end_teh_run'])
  })

  it('a sub-rule\'s letter in capitals, as `cr show` reads it', () => {
    const text = '# CR 6.1.3A\n# rule 6.1.2A/B\n# CR 6.1.3A–C\ncite("6.1.3B")\n# CR 6.1.3(C)'
    expect(cited('runs.py', text)).toEqual([
      '1:3 rule_end_run_access_or_breach_during_run',
      '2:3 rule_announce_attacked_server',
      '2:3 rule_change_attacked_server',
      '3:3 rule_end_run_access_or_breach_during_run',
      '3:3 rule_end_encounter_outside_run',
      '3:3 rule_end_run_no_run_or_encounter',
      '4:7 rule_end_encounter_outside_run',
      '5:3 rule_end_run_no_run_or_encounter',
    ])
    expect(problems('runs.py', text)).toEqual([])
    // Checked beside an ID as any number is, and read bare where bare numbers are.
    expect(problems('runs.ts', '{ number: "6.1.3A", id: "rule_end_the_run" }')).toEqual(['1:12 error[stale-pair] 6.1.3A'])
    expect(cited('runs.ts', '// 6.1.3A: ends the run', { bareNumbers: 'comments' })).toEqual(['1:4 rule_end_run_access_or_breach_during_run'])
    // A word run into the number is no letter of it.
    expect(scanIn('runs.py', '# CR 6.1.3The run; CR 6.1.3ABC')).toEqual({ citations: [], problems: [] })
  })
})

describe('what is still nothing', () => {
  it('`step` numbers a rule or a step, never a chapter or a section: `step 2.5` of a recipe', () => {
    expect(scanIn('recipe.py', '# step 1.2 of a recipe\n# steps 6.1 and 6.9, then step 6.9\n# Step 1.2: preheat')).toEqual({ citations: [], problems: [] })
    expect(cited('recipe.py', '# step 6.9.1a, step 6.1.4, steps 1.2 and 6.9.1b')).toEqual(['1:3 step_initiation_announce', '1:16 rule_jacking_out', '1:42 step_initiation_begin'])
    // A section after `CR` or `rule` is still the section.
    expect(cited('recipe.py', '# CR 1.2, rule 6.1')).toEqual(['1:3 sec_golden_rules', '1:11 sec_run_general'])
  })

  it('`rule N` owned by someone else: our rule, a house, team, lint or style rule', () => {
    for (const text of [
      '# Per our house rule 6.1.1 we retry twice',
      '# our rule 6.1.4: never block the event loop',
      '# my rules 6.1.1 and 6.1.2',
      '# team rule 6.1.3, lint rule 6.1.4, style-rule 6.1.1',
      '# House Rule 6.9.1: no proxies',
      "# the team's rule 6.1.1",
      '# clippy rule 6.1.2 is noisy; our step 6.9.1a',
    ]) {
      expect(scanIn('engine.py', text), text).toEqual({ citations: [], problems: [] })
    }
    // The game's rules still: no owner, the game's own words, a contraction, a sentence ending, `CR` itself.
    expect(cited('engine.py', "# the rule 6.1.1; golden rule 1.2.1; the Runner's rule 6.1.4; it's rule 6.1.3a that ends; house rule: CR 6.1.2")).toEqual([
      '1:7 rule_run',
      '1:26 rule_54+',
      '1:51 rule_jacking_out',
      '1:68 rule_end_run_access_or_breach_during_run',
      '1:103 rule_attacked_server',
    ])
  })

  it('`rule N` of another tool or standard: a known name, a tool\'s shape, an identifier, a name with a digit or an inner capital', () => {
    for (const [file, text] of [
      ['lint.go', '// golint rule 6.1.4 wants a comment here; staticcheck rule 6.1.1 too'],
      ['lint.go', '// Golint rule 6.1.4: exported names'],
      ['.eslintrc.js', '/* eslint rule 1.2.1, Prettier rule 6.1.2, biome rule 6.1.3 */'],
      ['Main.java', '// MISRA rule 10.1; SonarQube rule 6.1.1; PMD rule 6.1.4; checkstyle rule 6.1.2'],
      ['main.c', '/* per clippy::pedantic rule 6.1.1, the @typescript-eslint/naming-convention rule 6.1.4 */'],
      ['tools.py', '# PEP 8 rule 6.1.1, flake8 rule 6.1.2, markdownlint rule 6.1.3'],
      ['lint.clj', ';; clj-kondo rule 6.1.4, eslint-plugin-react rule 6.1.1'],
    ]) {
      expect(scanIn(file!, text!), text).toEqual({ citations: [], problems: [] })
    }
    // A section of a standard after a configured marker, and after `section` with bare numbers.
    expect(scanIn('http.ts', '// RFC 7231 § 6.1.4; eslint § 6.1.1; our section 6.1.2', { markers: ['§', 'section'] })).toEqual({ citations: [], problems: [] })
    expect(scanIn('http.ts', '// RFC 7231 section 6.1.4', { bareNumbers: 'comments' })).toEqual({ citations: [], problems: [] })
    // An engine's own name for the rule, written of the game's words, is no tool (`end_run`, `endRun`); another's is (`retry_backoff`).
    expect(ids('runs.go', '// the end_run rule 6.1.1; see endRun rule 6.1.1; retry_backoff rule 6.1.4')).toEqual(['rule_run', 'rule_run'])
    // Still the CR: a word of prose or of the game before the marker, a sentence\'s end, `CR` itself, a configured marker alone.
    expect(cited('runs.go', '// see rule 6.1.4; CR 6.1.1; the rule 6.1.2; per rule 6.1.3; Jacking Out rule 6.1.4; golden rule 1.2.1; e.g. rule 6.1.1; see eslint. Rule 6.1.4; § 6.1.1', { markers: ['§'] }).map((c) => c.split(' ')[1])).toEqual([
      'rule_jacking_out',
      'rule_run',
      'rule_attacked_server',
      'rule_end_the_run',
      'rule_jacking_out',
      'rule_54+',
      'rule_run',
      'rule_jacking_out',
      'rule_run',
    ])
  })

  it('an unknown `rule_…` word after `rule:` is the engine\'s own unless a close miss; after `CR`, or in a call, an error', () => {
    expect(scanIn('engine.py', '# Retry rule: rule_retry_backoff\n# Rules: rule_cache_ttl, rule_retry_backoff')).toEqual({ citations: [], problems: [] })
    expect(problems('engine.py', '# rule: rule_end_teh_run')).toEqual(['1:9 error[unknown-rule] rule_end_teh_run'])
    expect(cited('engine.py', '# rule: rule_run\nPOLICY = {rule: rule_jacking_out}')).toEqual(['1:9 rule_run', '2:17 rule_jacking_out'])
    // Citation forms: whatever is written there is a citation.
    expect(problems('engine.py', '# CR: rule_retry_backoff\ncite("rule_retry_backoff")')).toEqual([
      '1:7 error[unknown-rule] rule_retry_backoff',
      '2:7 error[unknown-rule] rule_retry_backoff',
    ])
  })
})
