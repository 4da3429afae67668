/** Cards the rules never name, in the rules' words (site/data/card-terms.ts), and how a query reads them (issue 20). */
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, test } from 'vitest'
import { loadCards } from '../../src/io/read-sources.ts'
import { buildCardTerms, KEYWORDS, SUBTYPES, type CardTermsJson } from '../../site/data/card-terms.ts'
import { words } from '../../site/scripts/query/fold.ts'
import { createCardTerms, needsCardTerms, understandQuery, type QueryContext } from '../../site/scripts/query/understand.ts'
import { currentRelease, queryContext } from './query-context.ts'

describe('the card table', () => {
  let json: CardTermsJson
  let ctx: QueryContext
  let crWords: Set<string>
  const termsOf = (name: string) => json.c.find(([n]) => n === name)?.[1].map((i) => json.t[i])
  beforeAll(() => {
    const release = currentRelease()
    // Through JSON, as the browser reads it.
    json = JSON.parse(JSON.stringify(buildCardTerms(loadCards()!.cards, release.search))) as CardTermsJson
    ctx = { ...queryContext(), cardTerms: createCardTerms(json) }
    crWords = new Set(release.search.flatMap((r) => words(`${r.terms.join(' ')} ${r.title ?? ''} ${r.text}`)))
  }, 600_000)

  test('every term it gives is in the rules’ words: keywords, subtypes, types', () => {
    for (const term of [...KEYWORDS.map((k) => k.term), ...SUBTYPES, ...json.t]) {
      for (const w of words(term)) expect(crWords.has(w), `"${w}" of "${term}"`).toBe(true)
    }
  })

  test('only cards the rules never name, each with its type first; its size gzipped is reported', () => {
    const named = new Set(currentRelease().search.flatMap((r) => r.cards))
    expect(named.has('Hedge Fund')).toBe(true)
    expect(json.c.some(([n]) => named.has(n))).toBe(false)
    expect(json.c.length).toBeGreaterThan(1000)
    expect(termsOf('Engolo')).toEqual(expect.arrayContaining(['program', 'icebreaker']))
    expect(termsOf('Engolo')![0]).toBe('program')
    expect(termsOf('Amanuensis')).toEqual(expect.arrayContaining(['hardware', 'console']))
    expect(termsOf('Hippo')![0]).toBe('hardware')
    for (const [, at] of json.c) expect(at.length).toBeLessThanOrEqual(1 + SUBTYPES.length + 3)
    const gzipped = gzipSync(JSON.stringify(json)).length
    console.log(`card-terms.json: ${json.c.length} cards, ${JSON.stringify(json).length} B, ${gzipped} B gzipped`)
    // Fetched only for an unknown word; a bound so it never grows unnoticed.
    expect(gzipped).toBeLessThan(25_000)
  })

  test('a card the rules never name is searched as its type and keywords, said so, and not unknown', () => {
    const u = understandQuery('can I install Engolo on a console', ctx)
    expect(u.unknown).toEqual([])
    expect(u.words).toEqual(expect.arrayContaining(['install', 'program', 'icebreaker', 'console']))
    expect(u.changes).toEqual([{ from: 'Engolo', to: termsOf('Engolo')!.join(', '), why: 'card' }])
    // The text keeps the card's name; the note says what it is searched as.
    expect(u.text).toBe('can I install Engolo on a console')
    // Without the table, the same word is unknown: that is when the table is fetched.
    const before = understandQuery('can I install Engolo on a console', queryContext())
    expect(before.unknown).toEqual(['engolo'])
    expect(needsCardTerms(before)).toBe(true)
  })

  test('a card name of two words, and an identity by the part before its colon', () => {
    const two = json.c.find(([n]) => !n.includes(':') && words(n).length === 2 && words(n).some((w) => !crWords.has(w)))![0]
    expect(understandQuery(`${two} rules`, ctx).changes).toEqual([expect.objectContaining({ from: two, why: 'card' })])
    const id = json.c.find(([n, at]) => n.includes(':') && json.t[at[0]!] === 'identity' && words(n.slice(0, n.indexOf(':'))).some((w) => !crWords.has(w)))![0]
    const short = id.slice(0, id.indexOf(':'))
    expect(understandQuery(short, ctx).changes).toEqual([expect.objectContaining({ from: id, why: 'card' })])
  })

  test('a card named only with the rules’ own words never takes them over ("Checkpoint", "Data Breach"); nor does the table load for a query it knows', () => {
    expect(json.c.some(([n]) => n === 'Checkpoint')).toBe(true)
    expect(understandQuery('checkpoint', ctx).changes).toEqual([])
    expect(understandQuery('data breach', ctx).changes).toEqual([])
    expect(needsCardTerms(understandQuery('ice strength', queryContext()))).toBe(false)
    // Searched as typed ("search instead for …"): no card reading.
    expect(understandQuery('Engolo', ctx, { correct: false }).changes).toEqual([])
  })
})
