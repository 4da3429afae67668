import { describe, expect, it } from 'vitest'
import { releaseTexts } from '../../src/core/release/identity.ts'
import { textsDiffer, workingTextLabel } from '../../src/core/versions/working-text.ts'
import { chapter, type RuleSpec } from './build.ts'
import { reasonPhrase } from '../../src/core/versions/reason.ts'
import { phraseText } from '../../src/core/phrase.ts'
import { buildNumberLedger, describeMeaning } from '../../src/core/versions/number-ledger.ts'

const texts = (yaml: string, extra: { path: string; content: string }[] = []) => releaseTexts([{ path: 'x/01_test.yaml', content: yaml }, ...extra])
const base: [string, RuleSpec[]][] = [
  ['sec_a', [['rule_one', 'Draw {ref:rule_two}.'], ['rule_two', 'Gain 1 credit.', [['rule_two_a', 'Once.']]]]],
  ['sec_b', [['rule_three', 'Lose 1 credit.']]],
]

describe('the working text is released only while it reads as the last release', () => {
  it('reads as the release when only the YAML layout, comments and the front matter differ', () => {
    const reflowed = chapter(base).replace('text: "Lose 1 credit."', 'text: >-\n      Lose 1\n      credit.')
    expect(textsDiffer(texts(chapter(base)), texts(`# a comment\n${reflowed}`, [{ path: 'x/changelog.yaml', content: 'changelog:\n- text: Something.\n' }]))).toBe(false)
  })

  it.each<[string, [string, RuleSpec[]][]]>([
    ['a rule inserted before others (every later number moves)', [['sec_a', [['rule_new', 'New.'], ...base[0]![1]]], base[1]!]],
    ['a sub-rule lifted out of its parent (same order, another depth)', [['sec_a', [base[0]![1][0]!, ['rule_two', 'Gain 1 credit.'], ['rule_two_a', 'Once.']]], base[1]!]],
    ['a reference pointed at another rule', [['sec_a', [['rule_one', 'Draw {ref:rule_three}.'], base[0]![1][1]!]], base[1]!]],
  ])('differs after %s', (_, sections) => {
    expect(textsDiffer(texts(chapter(base)), texts(chapter(sections)))).toBe(true)
  })

  it('names the working text by its release, with the mark only while it differs', () => {
    expect(workingTextLabel('v26.03', true)).toBe('v26.03+')
    expect(workingTextLabel('v26.03', false)).toBe('v26.03')
  })
})

describe("a retirement's reason reads its references as numbers", () => {
  it('prints the number the rules give a referenced rule, and the ID of one they lack', () => {
    const numbers = new Map([['rule_kept', '6.2.9']])
    const said = phraseText(reasonPhrase('Folded into {ref:rule_kept}, after {ref:rule_gone} went.', (id) => numbers.get(id)))
    expect(said).toBe('Folded into 6.2.9, after `rule_gone` went.')
  })
})

describe('a rule renamed, then removed, is one meaning of its number', () => {
  it('says the removal once, under its last ID, with the earlier ID and when it changed; two removed rules stay two', () => {
    const gone = (id: string, reason: string) => ({ id, number: '2.4', status: 'removed' as const, textChanged: true, changedIn: [], reason })
    const ledger = buildNumberLedger([
      { version: 'v01.01', rules: [gone('rule_tpyo', 'Dropped.')] },
      { version: 'v01.02', rules: [gone('rule_typo', 'Dropped.')] },
      { version: 'v01.03', rules: [gone('rule_other', 'Folded elsewhere.')] },
    ])
    const said = ledger.meanings('2.4').map((m) => describeMeaning(m, ledger.versions))
    expect(said).toEqual(['2.4 in v01.03 (`rule_other`) was removed: Folded elsewhere', '2.4 in v01.01–v01.02 (`rule_typo`, `rule_tpyo` until v01.01) was removed: Dropped'])
  })
})
