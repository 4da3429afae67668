/**
 * Relaxation: Pagefind ANDs every word, and no rule holds every word of a
 * question. When the strict query finds few rules, each word is searched
 * alone and the lists are fused: a rule scores the rarity (IDF) of each word
 * it matches, scaled by how well Pagefind says it matches, plus a bonus for
 * query words that stand near each other in it ("trash cost"), the sum
 * scaled by the share of the query's words it matches. So rules matching
 * more and rarer words come first, and nothing is ever empty while some word
 * matches.
 */

/*
 * Three weights, chosen on the tuned cases of scripts/bench/search-queries.yaml
 * (top-3 89% → 92%, top-5 91% → 93%; held-aside cases unchanged at 96%), in
 * the middle of the range where the scores stay level:
 *
 *   PAGEFIND_WEIGHT  how much Pagefind's own score for a word counts beside its rarity: it
 *                    carries the defined-term and title weights (0.4 before; 0.7–0.9 level)
 *   NEAR             query words at most this many words apart count as a phrase: a
 *                    question drops "an", "the" ("steal an agenda" → steal, agenda) (1 before)
 *   COORDINATION     the score is scaled by (words matched / words searched)^this, so one
 *                    rare word alone ("compared") cannot outrank a rule matching most of
 *                    the question, as Lucene's coordination factor did (0 before; 0.3–1 level)
 */
const PAGEFIND_WEIGHT = 0.7
const NEAR = 3
const COORDINATION = 0.5

/** A Pagefind result before its data is loaded. */
export interface IndexHit {
  id: string
  score: number
  /** Word positions of the matches. */
  words: number[]
}

export type SearchIndex = (query: string) => Promise<IndexHit[]>

export interface Ranked extends IndexHit {
  /** How many query words it matched. */
  matched: number
}

export interface FuseOptions {
  /** Rules in the index, for IDF. */
  total: number
  /**
   * Other forms of a term the index does not fold into it (`inflect.ts`:
   * "rezzed" → "rez"): a rule matching any of them matches the term.
   */
  forms?: Record<string, string[]>
  /** Fewer strict results than this relaxes the query (3: measured on the tuned cases against 1, 5, 10 and always). */
  few?: number
  /**
   * Rows the list will show: strict results (at least `few`) fewer than this
   * are followed by the rules with some of the words, in the fusion's order.
   * Measured on every set with 5 and 8: top 5 up on the rulings held aside
   * (76 → 81 %), nothing else moved.
   */
  fill?: number
}

export async function searchRelaxed(terms: string[], search: SearchIndex, options: FuseOptions): Promise<{ hits: Ranked[]; relaxed: boolean }> {
  const few = options.few ?? 3
  if (terms.length === 0) return { hits: [], relaxed: false }
  const formsOf = (t: string) => [t, ...(options.forms?.[t] ?? [])]
  // The strict query once per choice of forms ("ice rezzed", "ice rez"), at most MAX_STRICT of them.
  const strict = mergeHits(await Promise.all(strictQueries(terms.map(formsOf)).map((q) => search(q))), OTHER_FORM)
  const fill = options.fill ?? 0
  if (terms.length === 1 || (strict.length >= few && strict.length >= fill)) return { hits: strict.map((h) => ({ ...h, matched: terms.length })), relaxed: false }
  const lists = await Promise.all(terms.map(async (t) => mergeHits(await Promise.all(formsOf(t).map((f) => search(f))), OTHER_FORM)))
  const fused = fuse(terms, lists, strict, options.total)
  if (strict.length < few) return { hits: fused, relaxed: true }
  // Enough rules with every word to trust their order, too few to fill the list: the rules
  // with some of the words follow them, rather than empty rows.
  const inStrict = new Set(strict.map((h) => h.id))
  return { hits: [...strict.map((h) => ({ ...h, matched: terms.length })), ...fused.filter((h) => !inStrict.has(h.id))], relaxed: true }
}

const MAX_STRICT = 4
/**
 * A rule found by another form of a word counts this much of what the typed
 * form would: "rezzed" finds "ice can only be rezzed…" before the rules
 * defining "rez". Measured on the tuned cases: 1 and 0.5 put fewer answers in
 * the top 5 of the rulings set (74 %) than 0.25 (76 %).
 */
const OTHER_FORM = 0.25

/** Each way to pick one form per term, as a query, the first forms first; at most MAX_STRICT. */
function strictQueries(forms: string[][]): string[] {
  let queries: string[][] = [[]]
  for (const choices of forms) queries = queries.flatMap((q) => choices.map((c) => [...q, c])).slice(0, MAX_STRICT)
  return queries.map((q) => q.join(' '))
}

/** Several result lists as one: each rule once, at its best score, with every word position it matched. */
export function mergeHits(lists: IndexHit[][], others = 1): IndexHit[] {
  if (lists.length === 1) return lists[0]!
  const byId = new Map<string, IndexHit>()
  for (const [i, list] of lists.entries()) {
    for (const found of list) {
      const hit = i === 0 || others === 1 ? found : { ...found, score: found.score * others }
      const seen = byId.get(hit.id)
      if (!seen) byId.set(hit.id, hit)
      else byId.set(hit.id, { ...(hit.score > seen.score ? hit : seen), words: [...new Set([...seen.words, ...hit.words])].sort((a, b) => a - b) })
    }
  }
  return [...byId.values()].sort((a, b) => b.score - a.score)
}

/** Fuse one result list per term (and the strict list) into one ranking. */
export function fuse(terms: string[], lists: IndexHit[][], strict: IndexHit[], total: number): Ranked[] {
  const docs = new Map<string, { hit: IndexHit; score: number; matched: number; at: Map<number, number[]> }>()
  lists.forEach((list, t) => {
    if (list.length === 0) return
    // A word in every rule tells nothing; one in three rules little.
    const idf = Math.log(1 + total / (1 + list.length))
    const best = Math.max(...list.map((h) => h.score)) || 1
    for (const hit of list) {
      let d = docs.get(hit.id)
      if (!d) docs.set(hit.id, (d = { hit, score: 0, matched: 0, at: new Map() }))
      d.score += idf * (1 - PAGEFIND_WEIGHT + PAGEFIND_WEIGHT * (hit.score / best))
      d.matched++
      d.at.set(t, hit.words)
    }
  })
  const idfs = lists.map((l) => Math.log(1 + total / (1 + l.length)))
  for (const d of docs.values()) {
    // Neighbouring query words next to each other, in order, count as a phrase.
    for (let t = 0; t + 1 < terms.length; t++) {
      const a = d.at.get(t)
      const b = d.at.get(t + 1)
      if (a && b && a.some((p) => b.some((q) => q > p && q <= p + NEAR))) d.score += 0.5 * (idfs[t]! + idfs[t + 1]!)
    }
  }
  const inStrict = new Set(strict.map((h) => h.id))
  return [...docs.values()]
    .map((d) => ({ ...d.hit, score: (d.score + (inStrict.has(d.hit.id) ? 1 : 0)) * (d.matched / terms.length) ** COORDINATION, matched: d.matched }))
    .sort((a, b) => b.score - a.score || b.matched - a.matched)
}
