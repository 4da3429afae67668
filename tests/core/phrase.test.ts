/** Sentences about rules as data (src/core/phrase.ts): IDs apart from words, so no output splits a printed sentence back. */
import { describe, expect, it } from 'vitest'
import { andPhrase, clause, code, joinClauses, joinPhrases, phrase, phrasePlain, phraseText, sentence } from '../../src/core/phrase.ts'
import { reasonPhrase, reasonRefs } from '../../src/core/versions/reason.ts'
import { describeMeaning, describeMeaningPhrase } from '../../src/core/versions/number-ledger.ts'

describe('phrases', () => {
  it('merges adjacent words and drops empty ones, so equal sentences are equal data', () => {
    expect(phrase('a', '', 'b ', code('x'), '', ' c')).toEqual([{ text: 'ab ' }, { text: 'x', code: true }, { text: ' c' }])
  })

  it('lists and joins as the CLI always has', () => {
    const ids = ['a', 'b', 'c'].map((id) => [code(id)])
    expect(phraseText(andPhrase(ids))).toBe('`a`, `b` and `c`')
    expect(phraseText(andPhrase(ids.slice(0, 1)))).toBe('`a`')
    expect(phraseText(joinPhrases([phrase('one'), phrase('two')], '; '))).toBe('one; two')
  })

  it('keeps an ID with a backtick or markup in it one code part: nothing is re-split', () => {
    const p = phrase('renamed from ', code('rule_`odd` <b>'), ' in v26.03')
    expect(p.filter((x) => x.code).map((x) => x.text)).toEqual(['rule_`odd` <b>'])
    expect(phrasePlain(p)).toBe('renamed from rule_`odd` <b> in v26.03')
  })

  it('a number’s meaning: the same sentence as text and as parts', () => {
    const m = { number: '10.5.5', id: 'rule_corp_can_pay_tag_costs', versions: ['v22.12', 'v23.08'], status: 'merged' as const, currentId: 'rule_x', currentNumber: '1.14.3a' }
    const all = ['v22.12', 'v23.08', 'v24.03']
    expect(describeMeaning(m, all)).toBe('10.5.5 in v22.12–v23.08 (`rule_corp_can_pay_tag_costs`) was merged into 1.14.3a (`rule_x`)')
    expect(phraseText(describeMeaningPhrase(m, all))).toBe(describeMeaning(m, all))
    expect(describeMeaningPhrase(m, all).filter((x) => x.code).map((x) => x.text)).toEqual(['rule_corp_can_pay_tag_costs', 'rule_x'])
  })
})

describe('retirement reasons and sentences', () => {
  it('a reason names rules as the rules do, `{ref:ID}`, and every output sets them as IDs', () => {
    const reason = 'Moved to {ref:rule_flatline}; 10.4.4 is {ref:rule_flatline_damage_reference}, not {ref:}.'
    expect(reasonRefs(reason)).toEqual(['rule_flatline', 'rule_flatline_damage_reference'])
    const p = reasonPhrase(reason)
    expect(p.filter((x) => x.code).map((x) => x.text)).toEqual(['rule_flatline', 'rule_flatline_damage_reference'])
    expect(phraseText(p)).toBe('Moved to `rule_flatline`; 10.4.4 is `rule_flatline_damage_reference`, not {ref:}.')
    expect(phrasePlain(reasonPhrase('No rules named.'))).toBe('No rules named.')
  })

  it('a removed number’s sentence carries its reason without markup, as a clause (no closing period: more may follow)', () => {
    const m = { number: '6.3.3b', id: 'rule_old', versions: ['v25.08'], status: 'removed' as const, reason: 'Superseded (see {ref:rule_new}).' }
    expect(describeMeaning(m, ['v25.08', 'v26.03'])).toBe('6.3.3b in v25.08 (`rule_old`) was removed: Superseded (see `rule_new`)')
  })

  it('joins clauses without `.;` or `.:`, and keeps an ellipsis', () => {
    expect(joinClauses(['dropped in v25.08.', '1.3.2 in v24.03 was removed: gone.', 'write the ID'], '; ')).toBe('dropped in v25.08; 1.3.2 in v24.03 was removed: gone; write the ID')
    expect(joinClauses(['it said "no credits."', 'cite 1.3.2'], ': ')).toBe('it said "no credits": cite 1.3.2')
    expect(joinClauses(['and so on...', 'more'], '; ')).toBe('and so on...; more')
    expect(phraseText(clause(phrase('gone (see ', code('rule_x'), ').')))).toBe('gone (see `rule_x`)')
    expect(phraseText(clause(phrase('merged into ', code('rule_x'))))).toBe('merged into `rule_x`')
  })

  it('closes a sentence once: a reason that ends in a period (or a quoted one) gets no second', () => {
    expect(phraseText(sentence(phrase('was removed: gone (see ', code('rule_x'), ').')))).toBe('was removed: gone (see `rule_x`).')
    expect(phraseText(sentence(phrase('it said "no credits."')))).toBe('it said "no credits."')
    expect(phraseText(sentence(phrase('merged into ', code('rule_x'))))).toBe('merged into `rule_x`.')
    expect(phraseText(sentence(phrase('is 6.1.4 now')))).toBe('is 6.1.4 now.')
    expect(sentence([])).toEqual([{ text: '.' }])
  })
})
