/** Sentences about rules as data (src/core/phrase.ts): IDs apart from words, so no output splits a printed sentence back. */
import { describe, expect, it } from 'vitest'
import { andPhrase, code, joinPhrases, phrase, phrasePlain, phraseText } from '../../src/core/phrase.ts'
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
