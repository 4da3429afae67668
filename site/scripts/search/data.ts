/**
 * Search's data, started once per page when the reader reaches for the box:
 * the release's lookup (`lookup.json`), the query context (vocabulary,
 * jargon, defined terms, cards: `search-vocab.json`; for a word the rules
 * do not know, the card table and the English words, `wordLists`), which rule each
 * Pagefind result is (`search-ids.json`), Pagefind itself, and a rule's text
 * from the hover previews (plain text the build rendered, never text
 * rebuilt from their HTML). Every URL comes from the release's route builder.
 */
import { loadLookup, type Hit, type Lookup } from '../lookup.ts'
import type { NumberHistory } from '../number-history.ts'
import { loadIndexInfo, loadPagefind, pagefindReady, preloadFetch, type Pagefind, type PagefindResult } from '../pagefind-load.ts'
import { chunksFor, pagefindTerms } from '../../shared/pagefind-chunks.ts'
import { readBloom, type BloomFilter, type BloomJson } from '../query/bloom.ts'
import { jargonIndex } from '../query/jargon.ts'
import { createVocabulary } from '../query/typo.ts'
import { createCards, createCardTerms, type CardTerms, type QueryContext } from '../query/understand.ts'
import { baseOf, routes, type Routes } from '../../shared/routes.ts'

/** Which rule each Pagefind result is, both ways; without it, results wait for their fragments. */
export interface SearchIds {
  ruleOf: Map<string, string>
  resultOf: Map<string, string>
  /** A result → how many of its words are the rule's own (`SearchIdsJson.shown`). */
  shownOf: Map<string, number>
}

/** Pagefind, one search per words and chapter filter, remembered: typing on only searches the new word. */
export interface RuleIndex {
  search(words: string, chapter: string): Promise<PagefindResult[]>
}

export interface SearchSources {
  routes: Routes
  lookup: Promise<Lookup>
  /** Undefined when the vocabulary could not load: search runs without typo correction. */
  context: Promise<QueryContext | undefined>
  /**
   * What a query can be understood with before the lookup is read: the vocabulary and the built-in
   * jargon, no defined terms or cards (`context` adds them). Undefined when the vocabulary could not load.
   */
  wordsOnly: Promise<QueryContext | undefined>
  /**
   * What a query with a word the rules do not know is read with, fetched at the first call: cards the
   * rules never name (`card-terms.json`) and the English words the corrector leaves alone
   * (`search-english.json`); either undefined when it cannot load.
   */
  wordLists(): Promise<{ cardTerms?: CardTerms; english?: BloomFilter }>
  ids: Promise<SearchIds | undefined>
  index: Promise<RuleIndex>
  /** Has Pagefind finished starting (so a search costs only its words)? */
  ready(): boolean
  /**
   * The query `text` is about to be searched (in `chapter`, '' for all):
   * while Pagefind is still starting, ask now for the index chunks (and
   * filter chunk) it will read for it, instead of once it has started.
   */
  prefetch(text: string, chapter: string): void
  /** Another release's lookup (`CR 24.03 §6.2.5`), if the site has that release. */
  lookupIn(version: string): Promise<Lookup | undefined>
  /** A rule's text as plain text (its first paragraph, or the one mentioning `mentions`); '' when unknown. */
  ruleText(hit: Hit, mentions?: string): Promise<string>
  /** Is `ruleText` of this rule at hand (its chapter's previews read, or failed), not a download away? */
  textAtHand(hit: Hit): boolean
  /** What a number says in this release (or the one at `base`): the rules it named or names elsewhere, and where resolving it lands (`numbers.json`). */
  numberHistory(number: string, base?: string): Promise<NumberHistory>
}

export const fetchJson = <T,>(url: string) =>
  fetch(url).then((r) => (r.ok ? (r.json() as Promise<T>) : Promise.reject(new Error(`${url}: ${r.status}`))))

type VocabJson = { w: string; k: number; c: [string, number[]][]; o?: number[]; p?: number[] }
/** `previews/<chapter>.json`: the fourth field is the plain text (published style) search shows, rendered at build time. */
type Previews = Record<string, [string, string, [string, string][], string[]?]>

/** Start every download search needs for the release at `base`: the reader is about to type. */
export function loadSources(base: string): SearchSources {
  const at = routes(base)
  const lookup = loadLookup(base)
  const pagefind = loadPagefind(base)
  pagefind.catch((e) => console.error('Search is unavailable:', e))
  const vocabJson = fetchJson<VocabJson>(at.searchVocab())
  const wordsOnly = vocabJson.then(
    (v): QueryContext => ({ vocab: createVocabulary(v.w.split(' '), v.k), jargon: jargonIndex(), terms: new Map(), cards: [] }),
    () => undefined,
  )
  const context = Promise.all([lookup, vocabJson, wordsOnly]).then(
    ([l, v, w]): QueryContext => ({
      ...w!,
      terms: l.terms,
      cards: createCards(v.c, l.ids),
      ...(v.o ? { cardRules: new Set(v.o.flatMap((i) => (l.ids[i] ? [l.ids[i]] : []))) } : {}),
      ...(v.p ? { steps: new Set(v.p.flatMap((i) => (l.ids[i] ? [l.ids[i]] : []))) } : {}),
    }),
    (e) => {
      console.error('Search runs without typo correction:', e)
      return undefined
    },
  )
  const info = loadIndexInfo(base)
  const ids = Promise.all([lookup, info])
    .then(([l, i]) => (i ? searchIds(l, i.results, i.shown ?? []) : undefined))
    .catch(() => undefined)
  const previews = new Map<string, Promise<Previews>>()
  const previewsIn = new Set<string>()
  let wordLists: Promise<{ cardTerms?: CardTerms; english?: BloomFilter }> | undefined
  return {
    routes: at,
    lookup,
    context,
    wordsOnly,
    wordLists: () =>
      (wordLists ??= Promise.all([
        fetchJson<{ t: string[]; c: [string, number[]][] }>(at.cardTerms()).then(createCardTerms, (e) => {
          console.error('Search runs without the card table:', e)
          return undefined
        }),
        fetchJson<BloomJson>(at.searchEnglish()).then(readBloom, (e) => {
          console.error('Search corrects typos without the English words:', e)
          return undefined
        }),
      ]).then(([cardTerms, english]) => ({ ...(cardTerms ? { cardTerms } : {}), ...(english ? { english } : {}) }))),
    ids,
    index: pagefind.then(ruleIndex),
    ready: pagefindReady,
    prefetch(text, chapter) {
      if (pagefindReady()) return
      void info.then((i) => {
        // Started meanwhile: Pagefind has asked for what it needs (a preload now would fetch it twice).
        if (!i || pagefindReady()) return
        for (const name of chunksFor(pagefindTerms(text), i)) preloadFetch(at.pagefind(`index/${name}.pf_index`))
        const filter = chapter ? i.filters.find(([f]) => f === 'chapter') : undefined
        if (filter) preloadFetch(at.pagefind(`filter/${filter[1]}.pf_filter`))
      })
    },
    lookupIn: (version) => loadLookup(baseOf(version)).catch(() => undefined),
    // Only for a number: loaded then, not with the first query (one file fewer at focus).
    numberHistory: (number, of = base) => import('../number-history.ts').then((m) => m.numberHistory(number, of)),
    textAtHand: (hit) => previewsIn.has(routes(hit.base).previews(hit.slug)),
    async ruleText(hit, mentions) {
      // A cited rule of another release reads from its own release's previews.
      const url = routes(hit.base).previews(hit.slug)
      if (!previews.has(url))
        previews.set(
          url,
          fetchJson<Previews>(url)
            .catch(() => ({}))
            .then((p) => (previewsIn.add(url), p)),
        )
      const entry = (await previews.get(url)!)[hit.id]
      if (!entry) return ''
      const paragraphs = (entry[3] ?? []).map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean)
      // A rule pinned for a card it mentions elsewhere (in an example): nothing here, so Pagefind's excerpt, which shows the card, stays.
      if (mentions) return paragraphs.find((text) => text.includes(mentions)) ?? ''
      return paragraphs[0] ?? ''
    },
  }
}

function searchIds(lookup: Lookup, results: string[], shown: number[]): SearchIds {
  const ruleOf = new Map<string, string>()
  const resultOf = new Map<string, string>()
  const shownOf = new Map<string, number>()
  results.forEach((result, i) => {
    const rule = lookup.ids[i]
    if (!result || !rule) return
    ruleOf.set(result, rule)
    resultOf.set(rule, result)
    if (shown[i]) shownOf.set(result, shown[i])
  })
  return { ruleOf, resultOf, shownOf }
}

function ruleIndex(pf: Pagefind): RuleIndex {
  const cache = new Map<string, Promise<PagefindResult[]>>()
  return {
    search(words, chapter) {
      const key = `${chapter}\u0000${words}`
      let p = cache.get(key)
      if (!p) {
        p = pf.search(words, chapter ? { filters: { chapter } } : {}).then((r) => r?.results ?? [])
        cache.set(key, p)
        if (cache.size > 400) cache.delete(cache.keys().next().value!)
      }
      return p
    },
  }
}
