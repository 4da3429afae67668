/**
 * The first query on a cold cache (issue 20): while Pagefind starts, a query
 * in the rules' own words has its index chunks asked for once the vocabulary
 * is in, before the lookup is read (search/pipeline.ts); anything rewritten
 * or unknown waits for the whole understanding. A chunk asked for early that
 * the understood query does not search would be bytes for nothing: the
 * words asked for early must be among those searched, on every query of the
 * bench's sets. (The browser test in tests/site/search.test.ts checks the
 * chunks themselves against Pagefind's own choice, on ten queries.)
 */
import { describe, expect, test } from 'vitest'
import { createLookup } from '../../site/scripts/lookup.ts'
import type { SearchSources } from '../../site/scripts/search/data.ts'
import { runQuery, typedWords } from '../../site/scripts/search/pipeline.ts'
import { understandQuery, type QueryContext, type Understood } from '../../site/scripts/query/understand.ts'
import { routes } from '../../site/shared/routes.ts'
import { readAllStrangerCases, readCases, readIndependentCases, readRulingsCases, readSetACases } from '../../scripts/bench/search-cases.ts'
import { currentRelease, queryContext } from './query-context.ts'

const full = queryContext()
const wordsOnly: QueryContext = { vocab: full.vocab, jargon: full.jargon, terms: new Map(), cards: [] }
const searched = (u: Understood) => [...u.words, ...Object.values(u.forms ?? {}).flat()]

/** Sources whose lookup is not in yet (`release()` lets it in), recording every prefetch. */
function coldSources(ready = false) {
  const asked: string[] = []
  let release!: () => void
  const lookup = new Promise<ReturnType<typeof createLookup>>((resolve) => (release = () => resolve(createLookup(currentRelease().lookup))))
  const never = new Promise<never>(() => {})
  const src = {
    routes: routes('/'),
    lookup,
    context: lookup.then(() => full),
    wordsOnly: Promise.resolve(wordsOnly),
    wordLists: () => Promise.resolve({}),
    ids: never,
    index: never,
    ready: () => ready,
    prefetch: (text: string) => void asked.push(text),
    lookupIn: () => Promise.resolve(undefined),
    ruleText: () => Promise.resolve(''),
    textAtHand: () => false,
    numberHistory: () => never,
  } as unknown as SearchSources
  return { src, asked, release }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** What was asked for before the lookup was read, and after. */
async function prefetched(q: string, ready = false) {
  const { src, asked, release } = coldSources(ready)
  const run = runQuery({ q, chapter: '', limit: 8, asTyped: false }, src)
  void run.next()
  await settle()
  const early = [...asked]
  release()
  await settle()
  return { early, later: asked.slice(early.length) }
}

describe('chunks asked for before the lookup is read', () => {
  test('a question in the rules’ words: its words, before the lookup', async () => {
    const { early } = await prefetched('what happens when the host is trashed')
    expect(early).toHaveLength(1)
    expect(early[0]!.split(' ')).toEqual(expect.arrayContaining(['host']))
    expect(early[0]!.split(' ')).not.toContain('what')
  })

  test.each(['jak otu', 'ETR', 'memroy limit', 'hippo'])('"%s" (a typo, jargon, a word no rule uses): nothing before the lookup, its understood words after', async (q) => {
    const { early, later } = await prefetched(q)
    expect(early).toEqual([])
    // The whole understanding still asks (jargon and typos become rule words; an unknown word alone is not searched).
    if (q !== 'hippo') expect(later.length).toBeGreaterThan(0)
  })

  test.each(['6.1.4', 'rule_end_the_run', 'CR 24.03 §6.2.5', 'https://example.org/r/6.1.4/'])('"%s" (the lookup answers it): no words', (q) => {
    expect(typedWords(q)).toEqual([])
  })

  test('once Pagefind has started, nothing: it asks for its chunks itself', async () => {
    const { early } = await prefetched('what happens when the host is trashed', true)
    expect(early).toEqual([])
  })

  test('on every query of the bench’s sets, the words asked for early are among those the understood query searches', () => {
    const queries = [...readCases(), ...readIndependentCases(), ...readRulingsCases(), ...readSetACases(), ...readAllStrangerCases()].map((c) => c.q)
    let early = 0
    for (const q of queries) {
      if (typedWords(q).length === 0) continue
      const u = understandQuery(q, wordsOnly, { typing: true })
      if (u.changes.length > 0 || u.unknown.length > 0) continue
      early++
      const later = understandQuery(q, full, { typing: true })
      const words = later.exact ? [later.text] : searched(later)
      for (const w of u.exact ? [u.text] : searched(u)) expect(words, q).toContain(w)
    }
    // Most questions are in the rules' words: else the early path proves nothing.
    expect(early).toBeGreaterThan(queries.length / 4)
  })
})
