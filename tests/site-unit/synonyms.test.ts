/** Players' words → the CR's (site/scripts/query/synonyms.ts): every entry well-formed and doing what it says, against the real rules (issue 20). */
import { beforeAll, describe, expect, test } from 'vitest'
import { englishNear, englishWords } from '../../site/data/english-words.ts'
import { buildBloom, readBloom } from '../../site/scripts/query/bloom.ts'
import { words } from '../../site/scripts/query/fold.ts'
import { correctWord, createVocabulary } from '../../site/scripts/query/typo.ts'
import { jargonIndex } from '../../site/scripts/query/jargon.ts'
import { SYNONYMS } from '../../site/scripts/query/synonyms.ts'
import { understandQuery, type QueryContext } from '../../site/scripts/query/understand.ts'
import { currentRelease, queryContext } from './query-context.ts'

describe('synonyms', () => {
  let ctx: QueryContext
  let ids: Set<string>
  let crWords: Set<string>
  let texts: Map<string, string>
  beforeAll(() => {
    ctx = queryContext()
    const release = currentRelease()
    ids = new Set(release.lookup.r.map(([id]) => id))
    crWords = new Set(release.search.flatMap((r) => words(`${r.terms.join(' ')} ${r.title ?? ''} ${r.text}`)))
    texts = new Map(release.search.map((r) => [r.id, words(`${r.terms.join(' ')} ${r.title ?? ''} ${r.text}`).join(' ')]))
  }, 600_000)

  test('each phrase is folded words, claimed once, and never jargon too', () => {
    const seen = new Map<string, string>()
    const jargon = jargonIndex()
    for (const e of SYNONYMS) {
      for (const s of e.says) {
        expect(words(s).join(' '), `"${s}" is folded`).toBe(s)
        expect(seen.get(s), `"${s}" claimed twice`).toBeUndefined()
        expect(jargon.has(s), `"${s}" is jargon too`).toBe(false)
        seen.set(s, e.means)
      }
    }
  })

  test('no entry hides a term the CR defines', () => {
    for (const e of SYNONYMS) for (const s of e.says) expect(ctx.terms.has(s), `"${s}" is a defined term`).toBe(false)
  })

  test.each(SYNONYMS.map((e) => [e.says[0]!, e] as const))('"%s": its meaning is the CR’s words, its rule says them, and its question is rewritten', (_, e) => {
    for (const w of words(e.means)) expect(crWords.has(w), `"${w}" of "${e.means}" is not a word of the CR`).toBe(true)
    expect(ids.has(e.finds), `${e.finds} is not a rule`).toBe(true)
    const text = texts.get(e.finds)!
    for (const w of words(e.means)) expect(text.includes(w) || text.includes(w.replace(/s$/, '')), `${e.finds} does not say "${w}"`).toBe(true)
    const u = understandQuery(e.q, ctx)
    expect(u.changes.some((c) => c.why === 'synonym' && c.to === e.means && e.says.includes(c.from)), JSON.stringify(u.changes)).toBe(true)
    for (const w of words(e.means)) expect(u.words, e.q).toContain(w)
  })

  test.each(SYNONYMS.filter((e) => e.unlessWith).map((e) => [e.says[0]!, e] as const))('"%s" in another sense (a word of unlessWith beside it) is left as typed', (_, e) => {
    expect(e.other, 'an entry with unlessWith gives a question in the other sense').toBeDefined()
    expect(ids.has(e.other!.finds), `${e.other!.finds} is not a rule`).toBe(true)
    for (const w of e.unlessWith!) expect(words(w).join(' '), `"${w}" is folded`).toBe(w)
    expect(words(e.other!.q).some((w) => e.unlessWith!.includes(w)), e.other!.q).toBe(true)
    const u = understandQuery(e.other!.q, ctx)
    expect(u.changes.filter((c) => c.why === 'synonym' && e.says.includes(c.from)), JSON.stringify(u.changes)).toEqual([])
    // Every other sense word, beside any of the phrases, keeps it as typed.
    for (const s of e.says) for (const w of e.unlessWith!) expect(understandQuery(`${w} ${s}`, ctx).changes.filter((c) => c.why === 'synonym'), `${w} ${s}`).toEqual([])
  })

  test('the corrector never turns a word it has a synonym for into another word', () => {
    const u = understandQuery('two abilities keep triggering each other forever', ctx)
    expect(u.changes.filter((c) => c.why === 'typo')).toEqual([])
    expect(u.words).toEqual(expect.arrayContaining(['infinite', 'loop']))
  })
})

describe('honest words', () => {
  let ctx: QueryContext
  beforeAll(() => {
    ctx = queryContext()
  }, 600_000)

  test('a word no rule uses, and no typo of one, is said and not searched: "hippo"', () => {
    const u = understandQuery('hippo', ctx)
    expect(u.unknown).toEqual(['hippo'])
    expect(u.words).toEqual([])
    expect(understandQuery('hippo ice strength', ctx)).toMatchObject({ unknown: ['hippo'], words: ['ice', 'strength'] })
    // Typos, jargon, card words and the start of a word still being typed are not unknown.
    for (const q of ['strenght', 'ETR', 'sneakdoor', 'acce']) expect(understandQuery(q, ctx, { typing: true }).unknown, q).toEqual([])
  })
})

describe('English words are never corrected', () => {
  test('a Bloom filter keeps every word it was given, and few others', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `word${i}x`)
    const bloom = readBloom(buildBloom(words, words.length))
    for (const w of words) expect(bloom.has(w), w).toBe(true)
    const others = Array.from({ length: 2000 }, (_, i) => `other${i}y`).filter((w) => bloom.has(w)).length
    expect(others).toBeLessThan(60)
  })

  test('the English words within reach of the rules’ words: "forever" near "former"', () => {
    expect(englishNear(['former', 'strength', 'access'], ['forever', 'formed', 'hippo', 'former', 'excess'])).toEqual(['forever', 'formed', 'excess'])
  })

  test('English is what the dictionary spells: "forever", not a typo’s twin ("jak", "strenght")', () => {
    const english = new Set(englishWords())
    expect(english.size).toBeGreaterThan(50_000)
    for (const w of ['forever', 'hippo', 'triggering', 'redraw']) expect(english.has(w), w).toBe(true)
    for (const w of ['jak', 'strenght', 'recuring', 'memroy']) expect(english.has(w), w).toBe(false)
  })

  test('the corrector leaves a word of the filter alone', () => {
    const ctx = queryContext()
    expect(understandQuery('loop forever', ctx).changes.filter((c) => c.why === 'typo')).toEqual([])
    const vocab = createVocabulary(['former', 'strength'], 2, readBloom(buildBloom(['forever'], 1)))
    expect(correctWord(vocab, 'forever')).toBeUndefined()
    expect(correctWord(vocab, 'strenght')).toBe('strength')
  })
})

test('a card name typed without its punctuation is no unknown word: "TLDR" is TL;DR', () => {
  expect(understandQuery('TLDR', queryContext()).unknown).toEqual([])
})
