import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readCiteConfig } from '../../src/core/cite/config.ts'
import { createScanner } from '../../src/core/cite/scan.ts'
import { buildCiteTable, withReleases as addReleases } from '../../src/core/cite/table.ts'
import type { Citation, CiteRule, ReleaseRule } from '../../src/core/cite/types.ts'
import { RETIRED, RULES, TABLE, TABLE_WITH_RELEASES } from './table-fixture.ts'

const config = (cite: Record<string, unknown>) => {
  const { config, problems } = readCiteConfig({ cite }, 'cr.config.json')
  expect(problems).toEqual([])
  return config
}
const scan = (text: string, cite: Record<string, unknown> = {}) => createScanner(TABLE, config(cite)).scan(text, 'notes.md')
/** `line:col id` for each citation. */
const cited = (text: string, cite: Record<string, unknown> = {}) => scan(text, cite).citations.map((c) => `${c.line}:${c.column} ${c.id}`)
/** `line:col severity[code] text` for each problem. */
const problems = (text: string, cite: Record<string, unknown> = {}) =>
  scan(text, cite).problems.map((p) => `${p.line}:${p.column} ${p.severity}[${p.code}] ${p.text}`)

describe('rule IDs', () => {
  it('finds real IDs anywhere, with 1-based lines and columns', () => {
    expect(cited('x\n  // see rule_run and "step_initiation_begin"\nrule_54+ then')).toEqual([
      '2:10 rule_run',
      '2:24 step_initiation_begin',
      '3:1 rule_54+',
    ])
  })

  it('does not match inside longer words', () => {
    expect(cited('my_rule_run xrule_run rule_run2 rule_runs')).toEqual([])
    expect(problems('my_rule_run xrule_run')).toEqual([])
  })

  it('stops at characters outside the ID grammar', () => {
    expect(cited('(deftest rule_run-test) :rule_run rule_run.')).toEqual(['1:10 rule_run', '1:26 rule_run', '1:35 rule_run'])
  })

  it('reads the rules\' own reference markup quoted in code: a capital is the rendering\'s, a list names each rule', () => {
    // A TypeScript fixture of rule text, as an engine that renders rules would embed it.
    const text = [
      'const RULE_TEXT = {',
      '  jack: "{ref:Rule_jacking_out} and {ref/through:rule_run,Rule_end_the_run} apply.",',
      "  golden: '{ref:Sec_golden_rules}', // rendered \"Section 1.2\"",
      '  typo: "{ref:Rule_jackng_out}", other: "{ref:Sec_unrelated_thing}", plain: "{Rule_run}"',
      '}',
    ].join('\n')
    expect(cited(text)).toEqual(['2:15 rule_jacking_out', '2:50 rule_run', '2:59 rule_end_the_run', '3:17 sec_golden_rules'])
    // A close miss is reported as written; a word no ID is close to is someone else's markup.
    expect(problems(text)).toEqual(['2:59 hint[imprecise-citation] Rule_end_the_run', '4:15 error[unknown-rule] Rule_jackng_out'])
    expect(scan(text).problems[1]!.suggestions).toEqual(['rule_jacking_out'])
  })

  it('counts real IDs outside the prefix grammar, never reports look-alikes', () => {
    expect(cited('corp_basic_action_advance corp_hand movement_x')).toEqual(['1:1 corp_basic_action_advance'])
    expect(problems('corp_hand "corp_handd"')).toEqual([])
  })

  it('outside a citation form, reports only close misses of a real ID (closer for short words)', () => {
    expect(problems('rule_end_teh_run "rule_engine" rule_set step_count sec_per_frame rule_runs')).toEqual([
      '1:1 error[unknown-rule] rule_end_teh_run',
    ])
    expect(scan('rule_end_teh_run').problems[0]!.suggestions).toEqual(['rule_end_the_run'])
  })

  it('suggests a mixed-case ID (`rule_identity_HQ`) whatever the case the citation is written in', () => {
    const hq: CiteRule = { id: 'rule_identity_HQ', number: '3.2.1', kind: 'rule', parent: null, children: [], chapter: 'chpt_card_types' }
    const then: ReleaseRule = { id: 'rule_identity_HQ', number: '3.2.1', currentId: 'rule_identity_HQ', currentNumber: '3.2.1', status: 'same', textChanged: false, changedIn: [] }
    const scanner = createScanner(addReleases(buildCiteTable([...RULES, hq], RETIRED), new Map([['v24.03', [then]]])))
    const suggested = (text: string) => scanner.scan(text, 'x.ts').problems.map((p) => [p.code, p.suggestions])
    // Part of the ID only once both sides are case-folded.
    expect(suggested('cite("identity_hq")')).toEqual([['unknown-rule', ['rule_identity_HQ']]])
    expect(suggested("rule('identity_HQ')")).toEqual([['unknown-rule', ['rule_identity_HQ']]])
    expect(suggested('cite("rule_identity_hq")')).toEqual([['unknown-rule', ['rule_identity_HQ']]])
    // Among an old release's IDs too.
    expect(suggested('CR v24.03 rule_identity_hg')).toEqual([['unknown-rule', ['rule_identity_HQ']]])
  })

  it('reports every unknown word of the grammar with `unknownIds: all`', () => {
    expect(problems('rule_set step_count', { unknownIds: 'all' })).toEqual([
      '1:1 error[unknown-rule] rule_set',
      '1:10 error[unknown-rule] step_count',
    ])
  })

  it('skips `ignoreIds`, exact or with wildcards', () => {
    expect(problems('"rule_engine" "step_size_ms" "rule_end_teh_run"', { ignoreIds: ['rule_engine', 'step_*_ms'] })).toEqual([
      '1:31 error[unknown-rule] rule_end_teh_run',
    ])
  })

  it('ignores a bare prefix', () => {
    expect(problems('"rule_" sec_ step_')).toEqual([])
  })
})

describe('rule numbers', () => {
  it('takes `§` for a marker only when configured: engines use it for their own documents', () => {
    expect(cited('§6.1.1 and § 6.9.1b')).toEqual([])
  })

  it('finds `CR 6.1.4`, `rule 6.1.4a`, `§6.1.4`, `§ 6.1.4` (configured), printed `6.1.3.a.`', () => {
    expect(cited('CR 6.1.4; Rule 6.1.2a, §6.1.1 and § 6.9.1b; cr 6.1.3.a.', { markers: ['§'] })).toEqual([
      '1:1 rule_jacking_out',
      '1:11 rule_announce_attacked_server',
      '1:25 rule_run', // a list after `Rule 6.1.2a`, so from the number
      '1:37 step_initiation_begin',
      '1:45 rule_end_run_access_or_breach_during_run',
    ])
  })

  it('follows lists: `CR 6.1.4, 6.1.2a and 6.1.1`', () => {
    expect(cited('CR 6.1.4, 6.1.2a and 6.1.1.')).toEqual(['1:1 rule_jacking_out', '1:11 rule_announce_attacked_server', '1:22 rule_run'])
  })

  it('leaves bare numbers and other words alone', () => {
    expect(cited('version 6.1.4; v6.1.4; 1.2.1 crate 6.1.4')).toEqual([])
  })

  it('reports a number the rules do not have, with the numbers it may be a typo of, each with its ID', () => {
    const r = scan('// CR 6.1.33')
    expect(r.problems).toMatchObject([{ code: 'unknown-rule', line: 1, column: 4, text: 'CR 6.1.33' }])
    expect(r.problems[0]!.message).toBe('Unknown rule number `6.1.33`, expected the number of a rule')
    expect(r.problems[0]!.suggestions).toEqual(['6.1.3 (rule_end_the_run)', '6.1.3a (rule_end_run_access_or_breach_during_run)', '6.1.3b (rule_end_encounter_outside_run)'])
    // Every kind of slip, in every citation form: a letter wrong, a dot dropped, a digit doubled, changed or swapped.
    const first = (text: string) => scan(text).problems.map((p) => p.suggestions?.[0])
    expect(first('cite!("6.1.3z")')).toEqual(['6.1.3c (rule_end_run_no_run_or_encounter)'])
    expect(first('// CR 61.3a')).toEqual(['6.1.3a (rule_end_run_access_or_breach_during_run)'])
    expect(first('// rule 6.1.44')).toEqual(['6.1.4 (rule_jacking_out)'])
    expect(first('// CR 6.1.7')).toEqual(['6.1.4 (rule_jacking_out)'])
    expect(first('// CR 9.6.1a')).toEqual(['6.9.1a (step_initiation_announce)'])
  })

  it('does not take `rule 2.5` in a chapter the rules lack for a citation', () => {
    expect(problems('the rule 25.3 of football')).toEqual([])
    expect(problems('CR 25.3')).toEqual(['1:1 error[unknown-rule] CR 25.3'])
  })
})

describe('other documents\' rule numbers (issue 23: never an error, never a reading)', () => {
  it('leaves a number alone when the words before its marker name another document', () => {
    const text = [
      '/* Deviation from MISRA C:2012 Rule 11.4 (advisory): MMIO needs the cast. */',
      '#define REG (*(volatile uint32_t *)0x40010400) /* MISRA rule 6.9 */',
      '// see MTG CR 702.19b (trample) and the Lorcana Comprehensive Rules 6.1.4',
      '# Grand Archive rules 6.1.3 and 6.9.1; the HTTP/1.1 rule 6.1.2 (RFC 9110)',
      '// Riftbound Rule 1.2.1: a duel is two players',
      '// contrast per WCAG 2.1 rule 1.4.3; ISO 26262 rule 8.4.2; PEP 8 rule 4.2',
    ].join('\n')
    expect(cited(text)).toEqual([])
    expect(problems(text)).toEqual([])
  })

  it('leaves a number alone when the words after it name another document', () => {
    expect(cited('// rule 6.1.4 of the Tournament Rules, rule 6.1.3 in MTR, CR 6.9 from IPG')).toEqual([])
    expect(cited('# rules 6.1 and 6.9 of our style guide; rule 6.1.3 in my notes')).toEqual([])
    // The game's own words after it are no other document.
    expect(cited('// rule 6.1.3 of the Comprehensive Rules; CR 6.1.4 of the run')).toEqual(['1:4 rule_end_the_run', '1:43 rule_jacking_out'])
  })

  it('never reads a first part of three digits (Magic\'s numbering) as the CR\'s', () => {
    expect(problems('// CR 601.2a: casting a spell; CR 103.2; rule 702.19b')).toEqual([])
    expect(problems('CR 25.3')).toEqual(['1:1 error[unknown-rule] CR 25.3'])
  })

  it('after a weak marker, a number of a section the CR never had is another document\'s; after CR it is an error', () => {
    expect(problems('// rule 6.5.2 of the pointer section; step 2.0.1 of the recipe; Rule 1.0.1a')).toEqual([])
    expect(problems('// CR 6.5.2')).toEqual(['1:4 error[unknown-rule] CR 6.5.2'])
    // A typo under a section the CR has is still reported.
    expect(problems('// rule 6.1.99')).toEqual(['1:4 error[unknown-rule] rule 6.1.99'])
  })

  it('still reads the CR after a verb, a preposition, a tag, a label or the game\'s own names', () => {
    const text = [
      '// Per CR 6.1.3; Implements CR 6.1.4',
      '// TODO rule 6.1.3 and NOTE: CR 6.1.4',
      '// the Netrunner Comprehensive Rules 6.1.3, NSG CR 6.1.4, the Runner rule 6.1.3',
      '// jack out. CR 6.1.4 — phase ends: CR 6.1.3',
    ].join('\n')
    expect(cited(text).map((c) => c.split(' ')[1])).toEqual([
      'rule_end_the_run', 'rule_jacking_out',
      'rule_end_the_run', 'rule_jacking_out',
      'rule_end_the_run', 'rule_jacking_out', 'rule_end_the_run',
      'rule_jacking_out', 'rule_end_the_run',
    ])
  })

  it('takes the game\'s own words for the game\'s, not another document\'s name (every word of every rule ID)', () => {
    expect(cited('// in the Initiation Phase CR 6.9.1, then Jacking Out rule 6.1.4').map((c) => c.split(' ')[1])).toEqual(['rule_sec_run_initiation_phase', 'rule_jacking_out'])
    expect(cited('// unlike the Quest CR 6.9.1 of another game')).toEqual([])
  })

  it('with bareNumbers, a number the words around make a version or another document\'s is not read', () => {
    const bare = (text: string) => createScanner(TABLE, config({ bareNumbers: 'comments' })).scan(text, 'engine.py')
    const text = [
      '# needs Redis 6.1.4 and RFC 9110 section 6.1.3; pinned to 6.9.1 since the 6.1.4 hotfix',
      '# works with 6.1.3 or later; WCAG 2.1 6.1.4 (contrast); bumped 6.9.2',
      '# the run ends (6.1.3); jack out: 6.1.4, in the Initiation Phase 6.9.1',
    ].join('\n')
    expect(bare(text).citations.map((c) => `${c.line} ${c.id}`)).toEqual(['3 rule_end_the_run', '3 rule_jacking_out', '3 rule_sec_run_initiation_phase'])
    expect(bare(text).problems.filter((p) => p.severity !== 'hint')).toEqual([])
  })

  it('reads no number in a file about another game\'s Comprehensive Rules, unless it names Netrunner too', () => {
    const other = '"""Behaviour tests.\n\nBased on the Grand Archive Comprehensive Rules v1.1.\n"""\ndef test_attack():\n    """Rule 6.1.3: the run ends (Rule 6.9.1)."""\n    assert rule_jacking_out\n'
    // IDs are the CR's whatever the file is about.
    expect(cited(other)).toEqual(['7:12 rule_jacking_out'])
    expect(problems(other)).toEqual([])
    // A comparison further down is not what the file is about.
    const later = `// Ends the run: CR 6.1.3.\n${'// …\n'.repeat(700)}// unlike the MTG Comprehensive Rules, there is no stack: CR 6.1.4\n`
    expect(cited(later).map((c) => c.split(' ')[1])).toEqual(['rule_end_the_run', 'rule_jacking_out'])
    const both = other.replace('Behaviour tests.', 'Netrunner, unlike Grand Archive, ends runs.')
    expect(cited(both).map((c) => c.split(' ')[1])).toEqual(['rule_end_the_run', 'rule_sec_run_initiation_phase', 'rule_jacking_out'])
  })
})

describe('stale pairs', () => {
  it('reports a number beside an ID that disagrees, with the right number', () => {
    const r = scan('x\n6.8.1/rule_end_the_run\n{ number: "6.1.5", id: "rule_end_the_run" }')
    expect(r.problems.filter((p) => p.code === 'stale-pair')).toMatchObject([
      { line: 2, column: 1, text: '6.8.1', suggestions: ['6.1.3'], message: 'Stale rule number `6.8.1` beside `rule_end_the_run`, expected `6.1.3`' },
      { line: 3, column: 12, text: '6.1.5', suggestions: ['6.1.3'] },
    ])
    expect(r.citations.map((c) => c.id)).toEqual(['rule_end_the_run', 'rule_end_the_run'])
  })

  it('accepts pairs that agree, without counting the rule twice', () => {
    expect(scan('{ number: "6.1.3", id: "rule_end_the_run" } // CR 6.1.4 rule_jacking_out').problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(cited('CR 6.1.4 rule_jacking_out')).toEqual(['1:10 rule_jacking_out'])
  })

  it('pairs each number with the nearest ID on the line', () => {
    expect(problems('[("6.1.1", "rule_run"), ("6.1.2", "rule_jacking_out")]')).toEqual(['1:27 error[stale-pair] 6.1.2'])
  })

  it('leaves the numbers of a sample document alone: a test that writes chapters in the rules\' source form numbers its own', () => {
    // A Rust test numbering a sample chapter of its own (no `text:` of the rules: the sample's numbers are 1.1…).
    const sample = [
      '#[test]',
      'fn numbers_a_sample() {',
      '    let src = r#"',
      'section: sec_run_general',
      '  text: "General"',
      '  rules:',
      '    - rule: "rule_end_the_run"',
      '      text: "A run ends."',
      '"#;',
      '    let ids = number(src);',
      '    assert_eq!(ids["sec_run_general"], "1.1");',
      '    assert_eq!(ids["rule_end_the_run"], "1.1.1");',
      '}',
    ].join('\n')
    const errors = (text: string) => problems(text).filter((p) => !p.includes('hint['))
    expect(errors(sample)).toEqual([])
    expect(cited(sample)).toEqual(['4:10 sec_run_general', '7:14 rule_end_the_run', '11:21 sec_run_general', '12:21 rule_end_the_run'])
    // A table that only names rules (`rule:` with no `text:` under it) still claims today's numbers.
    expect(errors('scenarios:\n  - rule: rule_end_the_run\n    number: "6.1.5"')).toEqual(['3:14 error[stale-pair] 6.1.5'])
    // A rule defined elsewhere in the file does not excuse a stale pair of another ID.
    expect(errors('- rule: rule_run\n  text: x\n["6.1.5", "rule_end_the_run"]')).toEqual(['3:3 error[stale-pair] 6.1.5'])
  })

  it('takes a two-part number for a section only in quotes', () => {
    expect(problems('let x = 1.5; // rule_run')).toEqual([])
    expect(problems('{ "6.9", "sec_run_general" }')).toEqual(['1:4 error[stale-pair] 6.9'])
  })

  it('lets a known number name the intended ID of an unknown one', () => {
    expect(scan('6.1.4/rule_jackng_ot').problems).toMatchObject([{ code: 'unknown-rule', column: 7, suggestions: ['rule_jacking_out'] }])
  })
})

describe('project patterns', () => {
  const macro = { patterns: ['cite!\\("(?<ref>[^"]*)"\\)', '^//@ rule: (?<ref>.+)$'] }

  it('takes what a pattern captures as citations: IDs and numbers', () => {
    expect(cited('cite!("rule_run");\n//@ rule: step_initiation_begin, 6.1.2b', macro)).toEqual([
      '1:8 rule_run',
      '2:11 step_initiation_begin',
      '2:34 rule_change_attacked_server',
    ])
  })

  it('takes a capture for a list, not for pairs', () => {
    expect(problems('//@ rule: rule_run 6.1.4', macro)).toEqual([])
    expect(problems('cite!("rule_run") // 6.1.4', macro)).toEqual(['1:22 error[stale-pair] 6.1.4'])
  })

  it('reports anything a pattern captures that is not a rule, grammar or not', () => {
    expect(problems('cite!("end_the_run"); cite!("6.1.77")', macro)).toEqual([
      '1:8 error[unknown-rule] end_the_run',
      '1:30 error[unknown-rule] 6.1.77',
    ])
  })

  it('uses the first group when there is no `ref` group, else the whole match', () => {
    expect(cited('@cites(rule_run)', { patterns: ['@cites\\((\\w+)\\)'] })).toEqual(['1:8 rule_run'])
    expect(cited('RULE_RUN', { patterns: ['\\bRULE_RUN\\b'] })).toEqual([])
    expect(problems('RULE_RUN', { patterns: ['\\bRULE_RUN\\b'] })).toEqual(['1:1 error[unknown-rule] RULE_RUN'])
  })

  it('survives a pattern that matches the empty string', () => {
    expect(cited('rule_run', { patterns: ['x*'] })).toEqual(['1:1 rule_run'])
  })
})

describe('hints', () => {
  it('hints once per file that a rule with sub-rules has a more precise citation', () => {
    const r = scan('rule_end_the_run\nrule_end_the_run\nCR 6.9.1')
    expect(r.problems.map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual(['1:1 imprecise-citation', '3:1 imprecise-citation'])
    expect(r.problems[0]!.severity).toBe('hint')
    expect(r.problems[0]!.message).toBe(
      '`rule_end_the_run` (6.1.3) has 3 sub-rules (6.1.3a–6.1.3c); citing the one that applies is more precise',
    )
    expect(r.problems[1]!.message).toContain('has 2 steps (6.9.1a–6.9.1b)')
  })

  it('does not hint when a sub-rule is cited on the same line, or for sections', () => {
    expect(problems('CR 6.1.3, 6.1.3a')).toEqual([])
    expect(problems('sec_run_general chpt_runs')).toEqual([])
  })
})

describe('retired IDs', () => {
  it('warns about renamed IDs and counts them for the new ID, chains followed', () => {
    const r = scan('rule_jack_out rule_old_run_end')
    expect(r.citations.map((c) => `${c.text} → ${c.id}`)).toEqual(['rule_jack_out → rule_jacking_out', 'rule_old_run_end → rule_jacking_out'])
    expect(r.problems).toMatchObject([
      { code: 'renamed-rule', severity: 'warning', column: 1, suggestions: ['rule_jacking_out'] },
      { code: 'renamed-rule', severity: 'warning', column: 15, suggestions: ['rule_jacking_out'] },
    ])
  })

  it('finds retired IDs whose prefix no current ID has', () => {
    const t = buildCiteTable(RULES, new Map([['runs_end', { status: 'renamed', target: 'rule_end_the_run' }]]))
    expect(createScanner(t).scan('// runs_end', 'f').citations.map((c) => c.id)).toEqual(['rule_end_the_run'])
  })

  it('reports removed IDs as errors', () => {
    expect(scan('rule_sec_obsolete').problems).toMatchObject([
      { code: 'removed-rule', severity: 'error', message: '`rule_sec_obsolete` was removed from the rules: the step no longer exists' },
    ])
  })

  it('reads a chain that ends nowhere as removed, and never shadows a current ID', () => {
    const t = buildCiteTable(RULES, new Map([
      ['rule_a', { status: 'renamed', target: 'rule_b' }],
      ['rule_b', { status: 'renamed', target: 'rule_a' }],
      ['rule_run', { status: 'removed' }],
    ]))
    expect(t.retired.get('rule_a')?.status).toBe('removed')
    expect(t.retired.has('rule_run')).toBe(false)
    expect(buildCiteTable(RULES, RETIRED).retired.get('rule_old_run_end')).toEqual({ status: 'renamed', target: 'rule_jacking_out' })
  })
})

describe('citations that name a release', () => {
  const withReleases = (text: string, cite: Record<string, unknown> = {}) => createScanner(TABLE_WITH_RELEASES, config(cite)).scan(text, 'notes.md')
  /** `line:col id (version) text` for each citation. */
  const citedIn = (text: string, cite: Record<string, unknown> = {}) =>
    withReleases(text, cite).citations.map((c) => `${c.line}:${c.column} ${c.id} (${c.version ?? 'today'}) ${c.text}`)
  /** `line:col severity[code]: message` for each problem. */
  const reported = (text: string, cite: Record<string, unknown> = {}) =>
    withReleases(text, cite).problems.map((p) => `${p.line}:${p.column} ${p.severity}[${p.code}]: ${p.message}`)

  it('resolves `CR v24.03 6.1.4`, `CR 24.03 §6.1.5`, lists and `CR v24.03 rule_x` through that release', () => {
    const text = '// CR v24.03 6.1.4: ends the run\nx CR 24.03 §6.1.5, 6.1.1 and CR v24.03 rule_end_the_run'
    expect(citedIn(text)).toEqual([
      '1:4 rule_end_the_run (v24.03) CR v24.03 6.1.4',
      '2:3 rule_jacking_out (v24.03) CR 24.03 §6.1.5',
      '2:20 rule_run (v24.03) 6.1.1',
      '2:30 rule_end_the_run (v24.03) CR v24.03 rule_end_the_run',
    ])
    expect(reported(text)).toEqual([
      '1:4 hint[old-release-citation]: `CR v24.03 6.1.4` is `rule_end_the_run`, today 6.1.3; text changed in v25.04 and the current rules',
      '2:3 hint[old-release-citation]: `CR v24.03 6.1.5` is `rule_jack_out`, renamed to `rule_jacking_out`, today 6.1.4; text unchanged since v24.03',
      '2:20 hint[old-release-citation]: `CR v24.03 6.1.1` is `rule_run`, today 6.1.1; text unchanged since v24.03',
      '2:30 hint[old-release-citation]: `CR v24.03 rule_end_the_run` is 6.1.4 in v24.03, today 6.1.3; text changed in v25.04 and the current rules',
    ])
    expect(withReleases('CR v24.03 6.1.4').problems[0]).toMatchObject({ text: 'CR v24.03 6.1.4', suggestions: ['rule_end_the_run'] })
  })

  it('warns about an old ID renamed since, as without a release; a merged number is a hint', () => {
    expect(reported('CR v24.03 rule_jack_out; CR v24.03 6.1.6')).toEqual([
      '1:1 warning[renamed-rule]: `rule_jack_out` (6.1.5 in v24.03) was renamed to `rule_jacking_out`, today 6.1.4; text unchanged since v24.03, expected the current ID',
      '1:26 hint[old-release-citation]: `CR v24.03 6.1.6` is `rule_old_run_end`, merged into `rule_end_the_run`, today 6.1.3; text changed in v25.04',
    ])
  })

  it('reports a rule removed since, a number or ID the release did not have, and an unknown release', () => {
    expect(reported('CR v24.03 6.1.2\nCR v24.03 6.1.99; CR v24.03 rule_jacking_out; CR v24.03 rule_jackout\nCR v99.01 6.1.1')).toEqual([
      '1:1 error[removed-rule]: `CR v24.03 6.1.2` is `rule_ncigs`, since removed from the rules: the NCIGS rule was dropped',
      '2:1 error[unknown-rule]: Unknown rule number `6.1.99` in v24.03, expected the number of a rule of that release',
      '2:19 error[unknown-rule]: Unknown rule ID `rule_jacking_out` in v24.03, expected an ID of that release (`rule_jacking_out` is 6.1.4 today)',
      '2:47 error[unknown-rule]: Unknown rule ID `rule_jackout` in v24.03, expected an ID of that release',
      '3:1 error[unknown-release]: Unknown release `v99.01` in `CR v99.01 6.1.1`, expected one of v24.03, v25.04',
    ])
    expect(withReleases('CR v24.03 rule_jackout').problems[0]!.suggestions).toEqual(['rule_jack_out'])
  })

  it('leaves mentions of a release alone, and reads `CR 11.04` (chapter 11) as a section', () => {
    expect(reported('fixed in CR v24.03. CR 24.03 release notes; CR v24.03 release_notes')).toEqual([])
    expect(citedIn('CR 11.4, CR 6.1')).toEqual(['1:1 sec_appendix_timing_structure_of_a_run (today) CR 11.4', '1:10 sec_run_general (today) CR 6.1'])
    // A two-part number, a blank and a number: an edition (here one before the first held release).
    expect(reported('CR 11.04 6.1.1').map((p) => p.slice(0, 32))).toEqual(['1:1 warning[edition-not-held]: `'])
  })

  it('never pairs an old number with an ID, nor hints that a rule cited through a release has sub-rules', () => {
    expect(reported('CR v24.03 6.1.4 (rule_jacking_out)')).toEqual([
      '1:1 hint[old-release-citation]: `CR v24.03 6.1.4` is `rule_end_the_run`, today 6.1.3; text changed in v25.04 and the current rules',
    ])
    expect(citedIn('CR v24.03 6.1.4 (rule_jacking_out)')).toEqual(['1:1 rule_end_the_run (v24.03) CR v24.03 6.1.4', '1:18 rule_jacking_out (today) rule_jacking_out'])
  })

  it('reads releases in project patterns: `v24.03` or `CR 24.03` in a capture, or a `version` group', () => {
    const cite = { patterns: ['cite!\\("(?<ref>[^"]*)"\\)', '^//@ rule: (?<ref>.+)$', 'rule\\("(?<ref>[^"]*)", \\{ version: "(?<version>[^"]*)" \\}\\)'] }
    const text = 'cite!("v24.03 6.1.4");\n//@ rule: CR 24.03 6.1.5, rule_run\nrule("6.1.3", { version: "v25.04" })\nrule("6.1.3", { version: "v25.4" })'
    expect(citedIn(text, cite)).toEqual([
      '1:15 rule_end_the_run (v24.03) 6.1.4',
      '2:20 rule_jacking_out (v24.03) 6.1.5',
      '2:27 rule_run (v24.03) rule_run',
      '3:7 rule_end_the_run (v25.04) 6.1.3',
    ])
    expect(reported(text, cite).slice(3)).toEqual([
      '3:7 hint[old-release-citation]: `CR v25.04 6.1.3` is `rule_end_the_run`, today 6.1.3; text unchanged since v25.04',
      '4:7 error[unknown-release]: Unknown release `v25.4` in `CR v25.4 6.1.3`, expected one of v24.03, v25.04',
    ])
  })

  it('without releases in the table, asks for them and finds nothing else', () => {
    expect(scan('// CR v24.03 6.1.4 rule_run')).toEqual({ citations: [], problems: [], needsReleases: true })
    expect(scan('CR 24.03 rule_run')).toEqual({ citations: [], problems: [], needsReleases: true })
    expect(scan('cite!("v24.03 6.1.4")', { patterns: ['cite!\\("(?<ref>[^"]*)"\\)'] }).needsReleases).toBe(true)
    expect(scan('CR v24.03 release_notes, fixed in CR v24.03.')).toEqual({ citations: [], problems: [] })
  })
})

describe('positions', () => {
  it('counts columns in UTF-16 code units and lines across CRLF', () => {
    expect(cited('é😀 rule_run\r\n\r\n  CR 6.1.1')).toEqual(['1:5 rule_run', '3:3 rule_run'])
  })
})

describe('positions after an empty first line', () => {
  it('a stale number on line 2 is reported on line 2, not on the empty line above it (found by the property below)', () => {
    const { problems } = scan('\nrule_run "6.9"')
    expect(problems.map((p) => `${p.line}:${p.column} ${p.code} ${p.text}`)).toEqual(['2:11 stale-pair 6.9'])
  })
})

describe('properties', () => {
  const words = fc.constantFrom('rule_run', 'rule_end_the_run', 'rule_end_teh_run', 'CR 6.1.4', '6.1.3', '"6.9"', 'rule_54+', '§6.1.99', 'cite!("x")', ' ', '\n', '/', '"', 'é', 'step_count', 'CR v24.03 ', 'CR 25.04 §', 'v99.01 ', ', 6.1.5')
  const texts = fc.array(fc.oneof(words, fc.string({ maxLength: 6 })), { maxLength: 40 }).map((parts) => parts.join(''))
  const scanner = createScanner(TABLE_WITH_RELEASES, config({ patterns: ['cite!\\("(?<ref>[^"]*)"\\)'] }))

  it('never throws, and every citation and problem points at what it quotes', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const { citations, problems } = scanner.scan(text, 'f')
        const lines = text.split('\n')
        for (const x of [...citations, ...problems]) {
          const line = lines[x.line - 1]
          expect(line).toBeDefined()
          expect(line!.slice(x.column - 1).startsWith(x.text)).toBe(true)
        }
        for (const c of citations) expect(TABLE.byId.has(c.id)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('finds the same IDs in a file as in its lines scanned one by one', () => {
    // IDs only: a quoted number alone on a line pairs with an ID on the line before it (a formatter split
    // `number: "6.9",` from its `id:`), which a line scanned alone cannot know (["CR 6.1.4  rule_run", '"6.9"']).
    const ids = (cs: Citation[]) => cs.filter((c) => c.via === 'id')
    fc.assert(
      fc.property(fc.array(texts.map((t) => t.replaceAll('\n', ' ')), { maxLength: 8 }), (lines) => {
        const whole = ids(scanner.scan(lines.join('\n'), 'f').citations).map((c) => `${c.line}:${c.column}:${c.id}`)
        const each = lines.flatMap((l, i) => ids(scanner.scan(l, 'f').citations).map((c) => `${i + 1}:${c.column}:${c.id}`))
        expect(whole).toEqual(each)
      }),
      { numRuns: 200 },
    )
  })
})

describe('citation calls that never close', () => {
  // Found by the fuzzer: a `}` or `]` closing nothing inside `cite!(` made the argument reader spin forever.
  it('end at a stray closing bracket, at the end of the text, or at a line break', () => {
    for (const text of ['cite!(a}', 'cite!("a"]', 'cite!(""6.1"ut}5YxCR v24.03 ', 'cite!(rule_end_the_run', 'cite!(x\n)']) {
      expect(() => scan(text)).not.toThrow()
    }
    expect(scan('cite!(rule_end_the_run}').citations.map((c) => c.id)).toEqual(['rule_end_the_run'])
  })
})

describe('numbers with their history (the number ledger of the held releases)', () => {
  const scanned = (text: string) => createScanner(TABLE_WITH_RELEASES).scan(text, 'notes.rs')
  const shown = (text: string) => scanned(text).problems.map((p) => `${p.line}:${p.column} ${p.severity}[${p.code}] ${p.message}`)

  it('a number today lacks that a release printed: its newest meaning, counted for the rule it became; removed: an error', () => {
    const r = scanned('// CR 6.1.6\n// CR 6.1.7')
    expect(r.problems.filter((p) => p.severity !== 'hint').map((p) => `${p.line}:${p.column} ${p.severity}[${p.code}]`)).toEqual(['1:4 warning[old-number]', '2:4 error[removed-rule]'])
    expect(r.problems[0]!.message).toBe("`CR 6.1.6`: today's rules have no 6.1.6; 6.1.6 in v24.03 (`rule_old_run_end`) was merged into 6.1.3 (`rule_end_the_run`); cite 6.1.3 or `rule_end_the_run`")
    expect(r.problems.find((p) => p.code === 'removed-rule')!.message).toBe("`CR 6.1.7`: today's rules have no 6.1.7; 6.1.7 in v24.03 (`rule_sec_obsolete`) was removed: the step no longer exists")
    expect(r.citations.map((c) => `${c.number} ${c.id}`)).toEqual(['6.1.6 rule_end_the_run'])
  })

  it('a number that named another rule in a release: a hint once per file, none beside its ID, none without releases', () => {
    expect(shown('// CR 6.1.4\n// CR 6.1.4 again').filter((p) => p.includes('number-changed-meaning'))).toEqual([
      "1:4 hint[number-changed-meaning] `CR 6.1.4` is read as today's 6.1.4, `rule_jacking_out`; but 6.1.4 in v24.03 (`rule_end_the_run`) is 6.1.3 now: write the ID beside the number to say which rule is meant",
    ])
    expect(shown('// CR 6.1.4 rule_jacking_out').filter((p) => p.includes('number-changed-meaning'))).toEqual([])
    expect(createScanner(TABLE).scan('// CR 6.1.4', 'a.rs').problems.filter((p) => p.code === 'number-changed-meaning')).toEqual([])
  })

  it('a table that knows the held releases by name asks for them when a number is cited', () => {
    const r = createScanner({ ...TABLE, editions: ['v24.03', 'v25.04'] }).scan('// CR 6.1.4', 'a.rs')
    expect(r).toEqual({ citations: [], problems: [], needsReleases: true })
    expect(createScanner({ ...TABLE, editions: ['v24.03', 'v25.04'] }).scan('// see rule_run', 'a.rs').needsReleases).toBeUndefined()
  })
})

describe('citation calls among the other forms (one expression)', () => {
  const scanAs = (file: string, text: string, cite: Record<string, unknown> = {}) =>
    createScanner(TABLE, config(cite)).scan(text, file).citations.map((c) => `${c.line}:${c.column} ${c.id} ${c.via}`)

  it('reads a call nested in another call, and a marker in a comment between its arguments, once each', () => {
    expect(scanAs('a.ts', 'cite("rule_run", other(cite("6.1.2b")), /* CR 6.1.4 */ x)')).toEqual([
      '1:7 rule_run call',
      '1:30 rule_change_attacked_server call',
      '1:44 rule_jacking_out number',
    ])
  })

  it('never reads a literal twice when a project pattern read it first', () => {
    const cite = { patterns: ['cite\\("(?<ref>[^"]*)"'] }
    expect(scanAs('a.rs', 'cite("rule_run");\ncite!("6.1.2b")', cite)).toEqual(['1:7 rule_run pattern', '2:8 rule_change_attacked_server call'])
  })

  it('calls in Lisp files are `(cite "…")`; `cr(…)` there is no call, and a Lisp call elsewhere is only a string', () => {
    expect(scanAs('a.clj', '(cr/cite "rule_run")\n(cr "6.1.2b")\n(foo cr("6.1.4"))')).toEqual(['1:11 rule_run call', '2:6 rule_change_attacked_server call'])
    expect(scanAs('a.ts', '(cite "6.1.4") (cr/cite "rule_run")')).toEqual(['1:26 rule_run id'])
  })
})
