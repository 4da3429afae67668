/**
 * What the search box needs to understand a query before Pagefind sees it
 * (`search-vocab.json`, fetched with Pagefind on first use):
 *
 *   w  every word of the rules (text, examples, terms, titles, players' words
 *      for them), folded, most used first: the vocabulary typos are corrected against
 *   k  how many of `w` the rules use outside card names (the rest are words
 *      of card names only: `vaporframe`, `sneakdoor`)
 *   c  each card the rules mention → the rules (indices into `lookup.r`)
 *      whose text or examples mention it, so a card name finds them
 *   o  the rules (indices into `lookup.r`) whose own text names a card ("One
 *      card, Lady Liberty, …"): exceptions for that card, which a general
 *      question does not ask about (`query/card-rules.ts`)
 *   p  the rules (indices into `lookup.r`) that are steps of a procedure or of a
 *      timing structure: a rule's restatement in a sequence, which a question
 *      that does not ask about steps wants after the rule (`query/steps.ts`)
 *
 * The English words a correction could mistake for typos (a Bloom filter,
 * `english-words.ts`) are a file of their own, `search-english.json`, fetched
 * only for a query with a word the rules do not know: 24 KB gzipped off the
 * first query's path.
 */
import { words } from '../scripts/query/fold.ts'
import type { LookupData, SearchRecord } from './types.ts'

export interface SearchVocabJson {
  w: string
  k: number
  c: [string, number[]][]
  o: number[]
  p: number[]
}

export function buildSearchVocab(records: SearchRecord[], lookup: LookupData): SearchVocabJson {
  const df = new Map<string, number>()
  const cards = new Map<string, number[]>()
  const aboutCards: number[] = []
  const steps: number[] = []
  const indexOf = new Map(lookup.r.map(([id], i) => [id, i]))
  for (const r of records) {
    // Card names are counted apart: "Priority Construction" must not make "priority" a card word.
    let text = [r.text, ...r.examples].join('\n')
    for (const name of r.cards) text = text.split(name).join(' ')
    const seen = new Set([...words(text), ...r.terms.flatMap(words), ...words(r.title ?? ''), ...(r.phrasings ?? []).flatMap(words)])
    for (const w of seen) df.set(w, (df.get(w) ?? 0) + 1)
    const at = indexOf.get(r.id)
    if (at === undefined) continue
    if (r.cards.some((name) => r.lead.includes(name))) aboutCards.push(at)
    if (r.step) steps.push(at)
    for (const name of new Set(r.cards)) {
      const list = cards.get(name) ?? cards.set(name, []).get(name)!
      list.push(at)
    }
  }
  const byUse = (m: Map<string, number>) => [...m.entries()].filter(([w]) => !/^\d+$/.test(w)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w)
  const crWords = byUse(df)
  const cardWords = new Map<string, number>()
  for (const name of cards.keys()) for (const w of words(name)) if (!df.has(w)) cardWords.set(w, (cardWords.get(w) ?? 0) + 1)
  return {
    w: [...crWords, ...byUse(cardWords)].join(' '),
    k: crWords.length,
    c: [...cards.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    o: aboutCards.sort((a, b) => a - b),
    p: steps.sort((a, b) => a - b),
  }
}
