/**
 * What counts as a citation, by place: code identifiers never do; comments,
 * doc comments and strings do when they hold a real ID (or a close miss of
 * one); citation calls, `CR`/`rule` markers and project patterns always do.
 */
import { describe, expect, it } from 'vitest'
import { configFor, readCiteConfig } from '../../src/core/cite/config.ts'
import { expandRange, readNumbers } from '../../src/core/cite/grammar.ts'
import { classifyEdition } from '../../src/core/cite/editions.ts'
import { createScanner } from '../../src/core/cite/scan.ts'
import { createLineIndex } from '../../src/core/cite/lines.ts'
import { suppression } from '../../src/core/cite/suppress.ts'
import { TABLE, TABLE_WITH_RELEASES } from './table-fixture.ts'

const config = (cite: Record<string, unknown> = {}) => {
  const { config, problems } = readCiteConfig({ cite }, 'cr.config.json')
  expect(problems).toEqual([])
  return config
}
const scanIn = (file: string, text: string, cite: Record<string, unknown> = {}, table = TABLE) => createScanner(table, config(cite)).scan(text, file)
const cited = (file: string, text: string, cite: Record<string, unknown> = {}) => scanIn(file, text, cite).citations.map((c) => `${c.line}:${c.column} ${c.id}`)
const problems = (file: string, text: string, cite: Record<string, unknown> = {}, table = TABLE) =>
  scanIn(file, text, cite, table).problems.filter((p) => p.severity !== 'hint').map((p) => `${p.line}:${p.column} ${p.severity}[${p.code}] ${p.text}`)

describe('code is not a citation', () => {
  it('leaves functions, fields, variables and test names alone, even when they are real IDs', () => {
    const rust = 'pub fn rule_run() {}\nlet rule_end_teh_run = 1;\nstate.rule_run.clear();\nfn rule_run_helper() {}\nself.rule_id = rule_end_the_runn;'
    expect(cited('x.rs', rust)).toEqual([])
    expect(problems('x.rs', rust)).toEqual([])
  })

  it('reads real IDs in comments, doc comments and strings', () => {
    const ts = '// see rule_run\n/** rule_jacking_out */\nconst id = "rule_end_the_run"\n/*\n * rule_attacked_server\n */'
    expect(cited('x.ts', ts)).toEqual(['1:8 rule_run', '2:5 rule_jacking_out', '3:13 rule_end_the_run', '5:4 rule_attacked_server'])
  })

  it('skips calls, paths, members, definitions and doc links inside comments', () => {
    const text = '/// See [`rule_run`], [rule_run], [run](rule_run), rule_run(), self.rule_run, fn rule_run, {@link rule_run}.'
    expect(cited('x.rs', text)).toEqual([])
  })

  it('knows the comment syntax by extension: `;` in Clojure, `#` in Python, all prose in Markdown', () => {
    expect(cited('x.clj', '(def rule_run 1) ; rule_run')).toEqual(['1:20 rule_run'])
    expect(cited('x.py', 'rule_run = 1  # rule_run\n"""\nrule_jacking_out\n"""')).toEqual(['1:17 rule_run', '3:1 rule_jacking_out'])
    expect(cited('x.md', 'rule_run')).toEqual(['1:1 rule_run'])
    // `#[attr]` in Rust is not a comment.
    expect(cited('x.rs', '#[test] fn x() { rule_run(); }')).toEqual([])
  })

  it('reports unknown IDs in comments only as close misses, and never placeholders', () => {
    expect(problems('x.rs', '// rule_end_teh_run\n// rule_foo rule_xxx rule_my_rule\n// rule_id_of_the_thing')).toEqual(['1:4 error[unknown-rule] rule_end_teh_run'])
  })
})

describe('citation calls', () => {
  it('reads cite!(…), cite(…), #[cr(…)], [Cite("…")], @cr(…), (cite "…") and rule(…), IDs and numbers', () => {
    const text = [
      'cite!("rule_run");',
      "cite('6.1.4')",
      '#[cr("6.1.2a")]',
      '[Cite("rule_end_the_run")]',
      '@pytest.mark.cr("6.9.1a")',
      "rule('6.1.3a')",
      'cite!(rule_jacking_out)',
    ].join('\n')
    expect(cited('x.rs', text)).toEqual([
      '1:8 rule_run',
      '2:7 rule_jacking_out',
      '3:7 rule_announce_attacked_server',
      '4:8 rule_end_the_run',
      '5:18 step_initiation_announce',
      '6:7 rule_end_run_access_or_breach_during_run',
      '7:7 rule_jacking_out',
    ])
    // Lisp calls, in Lisp files.
    expect(cited('x.clj', '(cite "rule_attacked_server")\n(cr/cite "6.1.1")')).toEqual(['1:8 rule_attacked_server', '2:11 rule_run'])
  })

  it('reports anything a call in code cites that is not a rule; a call in a doc comment is an example', () => {
    expect(problems('x.rs', 'cite!("rule_xxx");\ncite("initiation_begin")\n/// cite!("rule_xxx");')).toEqual([
      '1:8 error[unknown-rule] rule_xxx',
      '2:7 error[unknown-rule] initiation_begin',
    ])
  })

  it('skips arguments that are not literals, and reads `version:` beside them', () => {
    expect(cited('x.ts', 'cite(id)\nrule(x, "rule_run")')).toEqual(['2:10 rule_run'])
    const r = scanIn('x.ts', "rule('6.1.4', { version: 'v24.03' })", {}, TABLE_WITH_RELEASES)
    expect(r.citations.map((c) => `${c.id} ${c.version}`)).toEqual(['rule_end_the_run v24.03'])
  })

  it('is not counted twice when a project pattern reads the same call', () => {
    expect(cited('x.rs', 'cite!("rule_run");', { patterns: ['cite!\\("(?<ref>[^"]*)"\\)'] })).toEqual(['1:8 rule_run'])
  })
})

describe('editions', () => {
  const reported = (text: string) => scanIn('x.clj', text, {}, { ...TABLE_WITH_RELEASES }).problems.map((p) => `${p.line}:${p.column} ${p.severity}[${p.code}]`)
  it('warns about an edition not held, and never reads it as a section', () => {
    const r = scanIn('x.clj', ';; CR 1.8 9.1.8g\n;; CR v1.8 6.1.4\n;; CR v21.06 6.1.4', {}, TABLE_WITH_RELEASES)
    expect(r.citations).toEqual([])
    expect(reported(';; CR 1.8 9.1.8g\n;; CR v1.8 6.1.4\n;; CR v21.06 6.1.4')).toEqual(['1:4 warning[edition-not-held]', '2:4 warning[edition-not-held]', '3:4 warning[edition-not-held]'])
    expect(r.problems[0]!.message).toBe("`CR 1.8 9.1.8g` names edition 1.8 of the CR, which is not held here (held: v24.03 to v25.04): `9.1.8g` is not checked, and not read as today's rule; cite today's ID or a held release")
  })

  it('resolves held releases, and rejects dated ones there never were', () => {
    expect(reported(';; CR v24.03 6.1.4\n;; CR v99.01 6.1.4\n;; CR v24.07 6.1.4')).toEqual(['1:4 hint[old-release-citation]', '2:4 error[unknown-release]', '3:4 error[unknown-release]'])
  })

  it('knows which editions exist from the held releases alone', () => {
    const held = ['v22.12', 'v24.03']
    expect([classifyEdition('v24.03', held), classifyEdition('v1.8', held), classifyEdition('v21.06', held), classifyEdition('v23.01', held), classifyEdition('v25.4', held)]).toEqual([
      'held',
      'not-held',
      'not-held',
      'unknown',
      'unknown',
    ])
    // With the names only (no release compiled), a not-held edition needs no releases.
    const table = { ...TABLE, editions: ['v24.03', 'v25.04'] }
    expect(createScanner(table).scan('CR 1.8 6.1.4', 'x.md').needsReleases).toBeUndefined()
    expect(createScanner(table).scan('CR v24.03 6.1.4', 'x.md').needsReleases).toBe(true)
  })
})

describe('lists and ranges', () => {
  it('reads lists joined by `,`, `and`, `or`, `&`, `/` and `+`', () => {
    expect(cited('x.md', 'CR 6.1.1/6.1.2 + 6.1.3a, 6.1.4 & 6.9.1a or 6.9.1b')).toEqual([
      '1:1 rule_run',
      '1:10 rule_attacked_server',
      '1:18 rule_end_run_access_or_breach_during_run',
      '1:26 rule_jacking_out',
      '1:34 step_initiation_announce',
      '1:44 step_initiation_begin',
    ])
  })

  it('expands ranges: `6.1.3a–c`, `6.1.3a-6.1.3c`, `6.1.1 through 6.1.4`', () => {
    const ids = (text: string) => scanIn('x.md', text).citations.map((c) => c.id)
    const abc = ['rule_end_run_access_or_breach_during_run', 'rule_end_encounter_outside_run', 'rule_end_run_no_run_or_encounter']
    expect(ids('CR 6.1.3a–c')).toEqual(abc)
    expect(ids('CR 6.1.3a-6.1.3c')).toEqual(abc)
    expect(ids('CR 6.1.1 through 6.1.4')).toEqual(['rule_run', 'rule_attacked_server', 'rule_end_the_run', 'rule_jacking_out'])
    expect(scanIn('x.md', 'CR 6.1.3a–c').citations[0]!.text).toBe('CR 6.1.3a–c')
    // A member the rules lack is reported at the range.
    expect(problems('x.md', 'CR 6.1.3a–d')).toEqual(['1:1 error[unknown-rule] CR 6.1.3a–d'])
  })

  it('expands only real ranges', () => {
    expect(expandRange('6.1.4a', 'c')).toEqual(['6.1.4a', '6.1.4b', '6.1.4c'])
    expect(expandRange('6.3', '6.5')).toEqual(['6.3', '6.4', '6.5'])
    expect([expandRange('6.3', '7.5'), expandRange('6.5', '6.3'), expandRange('6.1', '6.99')]).toEqual([undefined, undefined, undefined])
    expect(readNumbers('6.1.4 - the run ends', 0).items.map((i) => i.values)).toEqual([['6.1.4']])
  })
})

describe('bare numbers (opt-in) and silencing', () => {
  it('reads bare numbers of three parts in comments with `bareNumbers: comments`, never versions', () => {
    const text = '// 6.1.1: a run\n// 6.1.99 is wrong\n// version 6.1.2, v6.1.2, 6.1 and 1.2.3.4\nlet x = 6.1.3;'
    expect(cited('x.rs', text)).toEqual([])
    expect(cited('x.rs', text, { bareNumbers: 'comments' })).toEqual(['1:4 rule_run'])
    expect(problems('x.rs', text, { bareNumbers: 'comments' })).toEqual(['2:4 error[unknown-rule] 6.1.99'])
  })

  it('silences a line with `cr-ignore`, or the next with `cr-ignore-next-line`; citations still count', () => {
    const text = 'cite!("rule_nope"); // cr-ignore: old saves\n// cr-ignore-next-line\ncite!("rule_nope2");\ncite!("rule_nope3");\ncite!("rule_run"); // cr-ignore'
    expect(problems('x.rs', text)).toEqual(['4:8 error[unknown-rule] rule_nope3'])
    expect(cited('x.rs', text)).toEqual(['5:8 rule_run'])
    const marked = 'a\ncr-ignore\n\ncr-ignore-next-line\nx // cr-ignore-next-line, cr-ignore\ny\r\nz'
    const silenced = suppression(marked, createLineIndex(marked))
    expect([8, 7, 6, 5, 4, 3, 2, 1].filter(silenced).sort()).toEqual([2, 5, 6])
    // A mark at the very end of the text, and a line past the end.
    const last = 'cite!("rule_nope") // cr-ignore'
    expect([1, 2].map(suppression(last, createLineIndex(last)))).toEqual([true, false])
  })

  it('applies per-path overrides in order', () => {
    const base = config({ overrides: [{ files: ['legacy/'], bareNumbers: 'comments', ignore: ['unknown-rule'] }, { files: ['legacy/new/'], bareNumbers: 'off' }] })
    const legacy = configFor(base, (globs) => globs[0] === 'legacy/')
    const both = configFor(base, () => true)
    expect([legacy.config.bareNumbers, [...legacy.config.ignoreCodes!], both.config.bareNumbers, configFor(base, () => false).config]).toEqual(['comments', ['unknown-rule'], 'off', base])
    expect(createScanner(TABLE, legacy.config).scan('cite!("rule_nope")', 'x.rs').problems).toEqual([])
  })
})

describe('a word of the ID grammar after a marker', () => {
  it('is a citation after `CR`, so an unknown one is an error; after `rule:`/`Rules:` a real ID or a close miss is; after other words, nothing', () => {
    const reported = (text: string) => problems('x.rs', text).map((p) => p.replace(/^\S+ /, ''))
    for (const text of ['// CR rule_zzz_qqq', '// CR: rule_zzz_qqq']) {
      expect(reported(text), text).toEqual(['error[unknown-rule] rule_zzz_qqq'])
    }
    // `rule` is everyday English (`Retry rule: rule_retry_backoff`): only a close miss is a typo there.
    for (const text of ['// rules: rule_end_teh_run', '// Rule: rule_end_teh_run', '// Rules:  rule_end_teh_run']) {
      expect(reported(text), text).toEqual(['error[unknown-rule] rule_end_teh_run'])
    }
    for (const text of ['// rule_zzz_qqq', '// XCR rule_zzz_qqq', '// ruler: rule_zzz_qqq', '// rule rule_zzz_qqq', '// rulesx: rule_zzz_qqq', '// Cr rule_zzz_qqq', '// rules: rule_zzz_qqq', '// Rule: rule_zzz_qqq']) {
      expect(reported(text), text).toEqual([])
    }
  })
})

describe('pairs', () => {
  it('pairs a number and an ID written together, not two citations in one sentence', () => {
    expect(problems('x.md', 'CR 6.1.1 (a run) and then rule_jacking_out')).toEqual([])
    expect(problems('x.ts', "{ number: '6.1.1', id: 'rule_jacking_out' }")).toEqual(["1:12 error[stale-pair] 6.1.1"])
    expect(problems('x.md', '6.1.1/rule_jacking_out')).toEqual(['1:1 error[stale-pair] 6.1.1'])
  })
})

describe('layering', () => {
  it('versions/ never imports cite/: one direction, one retirement model', async () => {
    const { readdirSync, readFileSync } = await import('node:fs')
    const dir = new URL('../../src/core/versions/', import.meta.url)
    const offenders = readdirSync(dir).filter((f) => f.endsWith('.ts') && /from '\.\.\/cite\//.test(readFileSync(new URL(f, dir), 'utf8')))
    expect(offenders).toEqual([])
  })
})

describe('how strangers write (issue 23)', () => {
  it('a step and its branch is the step; letters after a slash or a comma are more sub-rules of the same rule', () => {
    expect(cited('x.ts', '// CR 6.1.3a-ii\n// CR 6.1.2a/b\n// CR 6.1.3b, c\n// CR 6.1.3a and a card')).toEqual([
      '1:4 rule_end_run_access_or_breach_during_run',
      '2:4 rule_announce_attacked_server',
      '2:4 rule_change_attacked_server',
      '3:4 rule_end_encounter_outside_run',
      '3:4 rule_end_run_no_run_or_encounter',
      '4:4 rule_end_run_access_or_breach_during_run',
    ])
    expect(problems('x.ts', '// CR 6.1.3a-ii, CR 6.1.2a/b')).toEqual([])
  })

  it('a range across parents counts for every rule between, within a chapter', () => {
    expect(cited('x.ts', '// CR 6.1.2b–6.1.3a')).toEqual(['1:4 rule_change_attacked_server', '1:4 rule_end_the_run', '1:4 rule_end_run_access_or_breach_during_run'])
  })

  it('a pair a formatter split over two lines is still a pair: checked, and stale when it disagrees', () => {
    expect(problems('x.ts', 'const a = {\n  number: "6.1.3a",\n  id: "rule_end_run_access_or_breach_during_run",\n}')).toEqual([])
    expect(problems('x.ts', 'const a = {\n  number: "6.1.4",\n  id: "rule_end_the_run",\n}')).toEqual(['2:12 error[stale-pair] 6.1.4'])
    expect(problems('x.ts', 'const a = {\n  id: "rule_end_the_run",\n  number: "6.1.4",\n}')).toEqual(['3:12 error[stale-pair] 6.1.4'])
  })

  it('a rule beside its sub-rule, or a section beside its rules, is no stale pair; in data it is', () => {
    expect(problems('x.ts', '// the parts (6.1.3 rule_end_run_access_or_breach_during_run)\n// sec_run_general 6.1.1–6.1.4')).toEqual([])
    expect(problems('x.ts', 'x = { number: "6.1.3", id: "rule_end_run_access_or_breach_during_run" }')).toEqual(['1:16 error[stale-pair] 6.1.3'])
  })

  it('between two IDs, a number pairs with the one whose number it is', () => {
    expect(problems('x.ts', '"rule_end_the_run 6.1.4 rule_jacking_out"')).toEqual([])
    expect(problems('x.ts', '"rule_end_the_run 6.1.9 rule_jacking_out"')).toEqual(['1:19 error[stale-pair] 6.1.9'])
  })

  it('`step` cites a rule number and is never an error; `CR` at the end of a line cites the number on the next', () => {
    expect(cited('x.py', '# step 6.9.1a, then step 2.5 of the setup')).toEqual(['1:3 step_initiation_announce'])
    expect(problems('x.py', '# step 6.9.7z, step 2.5')).toEqual([])
    expect(cited('x.rs', '// as the CR\n// 6.1.4 says')).toEqual(['2:4 rule_jacking_out'])
    expect(cited('x.rs', '/* see CR\n * 6.1.1 */')).toEqual(['2:4 rule_run'])
  })

  it('an edition named alone is no section: `per Nisei CR 1.2`, `… of CR 1.2.`, `CR 1.2 errata`, a header above quoted rules', () => {
    for (const text of ['// per Nisei CR 1.2, abilities stop', '// 6.1.1 and 6.1.2 of CR 1.2.', '// CR 1.2 errata applies', ';; CR 1.2\n;; 6.1.1. A run is…']) {
      expect(cited(text.startsWith(';;') ? 'x.clj' : 'x.ts', text), text).toEqual([])
    }
    // A section is still a section.
    expect(cited('x.ts', '// CR 1.2 has the golden rules')).toEqual(['1:4 sec_golden_rules'])
  })

  it('the rules named in full are a marker: `the Comprehensive Rules (6.1)`, `comprehensive rules §6.1.2a`', () => {
    expect(cited('x.rs', '//! The Comprehensive Rules (6.1) put one step first\n# comprehensive rules §6.1.2a: announce')).toEqual(['1:9 sec_run_general', '2:3 rule_announce_attacked_server'])
    expect(cited('x.rs', '// the Comprehensive Rules (draft), rules 2 and 3')).toEqual([])
    expect(problems('x.ts', '/* Comprehensive Rules 6.1.99 */')).toEqual(['1:4 error[unknown-rule] Comprehensive Rules 6.1.99'])
  })

  it('a number beside a misspelled ID still cites its rule; the ID is the error, the number its suggestion', () => {
    const text = "const JACK = { number: '6.1.4', id: 'rule_jackingout' }"
    expect(cited('x.ts', text)).toEqual(['1:25 rule_jacking_out'])
    const [p] = scanIn('x.ts', text).problems.filter((q) => q.severity === 'error')
    expect([p?.code, p?.text, p?.suggestions?.[0]]).toEqual(['unknown-rule', 'rule_jackingout', 'rule_jacking_out'])
    // A quoted number on the next line does not take the pair from the number on the ID's own line.
    expect(cited('x.ts', `${text}\nconst RUN = '6.1.1'`)).toEqual(['1:25 rule_jacking_out'])
  })

  describe('with bareNumbers, numbers quoted under an edition named alone on a line are that edition\'s (issue 23)', () => {
    const bare = { bareNumbers: 'comments' }
    const citedWith = (file: string, text: string, table = TABLE) =>
      scanIn(file, text, bare, table).citations.map((c) => `${c.line} ${c.id}${c.version ? ` (${c.version})` : ''}`)

    it.each([
      ['Clojure', 'x.clj', ';; CR 1.8\n;; 6.1.1. A run is…\n;; 6.1.3a. End the run…\n(defn run [])\n;; 6.1.4: jack out'],
      ['Python, an empty comment line between', 'x.py', '# CR 1.8:\n#\n# 6.1.1 A run is…\n#    6.1.3a End the run…\ndef run(): pass\n# 6.1.4: jack out'],
      ['a C block with a title', 'x.ts', '/*\n * Quoted from CR 1.8:\n *\n * 6.1.1. A run is…\n * 6.1.3a. End the run…\n */\n// 6.1.4: jack out'],
      ['Lua and SQL comments', 'x.lua', '-- CR 1.8\n-- 6.1.1. A run is…\n-- 6.1.3a. End the run…\nlocal x = 1\n-- 6.1.4: jack out'],
      ['a Python docstring', 'x.py', 'def run():\n    """CR 1.8\n    6.1.1. A run is…\n    6.1.3a. End the run…\n    """\n# 6.1.4: jack out'],
      ['Rust doc comments, the header closing a block', 'x.rs', '/* CR 1.8 */\n/// 6.1.1. A run is…\n/// 6.1.3a. End the run…\nfn run() {}\n// 6.1.4: jack out'],
    ])('%s: the quoted numbers are not today\'s rules; after the block they are', (_, file, text) => {
      const lines = text.split('\n')
      expect(citedWith(file, text)).toEqual([`${lines.length} rule_jacking_out`])
      expect(scanIn(file, text, bare).problems.filter((p) => p.severity !== 'hint')).toEqual([])
    })

    it('a held release named alone reads the numbers below through that release', () => {
      const text = '// CR v24.03\n// 6.1.4 ended the run then\n\n// 6.1.4 jacks out today'
      expect(citedWith('x.rs', text, TABLE_WITH_RELEASES)).toEqual(['2 rule_end_the_run (v24.03)', '4 rule_jacking_out'])
    })

    it('a section alone above its own rules is the section; an edition with words after it is no header', () => {
      expect(citedWith('x.rs', '// CR 1.2\n// 1.2.1 the first golden rule')).toEqual(['1 sec_golden_rules', '2 rule_54+'])
      expect(citedWith('x.rs', '// CR 1.8 errata applied below\n// 6.1.1 A run')).toEqual(['2 rule_run'])
    })
  })

  it('with bareNumbers, versions are not rules: no section, or a line of versions', () => {
    const text = '// Bumped lodash 4.17.21 to 4.17.23\n// serde 1.0.197 and the 6.1.1 protocol\n// 6.1.1: runs\n// ^6.1.2 ~6.1.2 >=6.1.2'
    expect(problems('x.rs', text, { bareNumbers: 'comments' })).toEqual([])
    expect(cited('x.rs', text, { bareNumbers: 'comments' })).toEqual(['3:4 rule_run'])
  })
})
