import { distance } from 'fastest-levenshtein'

/**
 * The closest candidates to `wanted`, best first. Distances are scaled by
 * length so a long ID with a typo still finds its match while short words
 * do not pull in noise.
 *
 * Called once per unknown ID, so 20,000 bad references against 20,000 IDs
 * must not cost 20,000 × 20,000 edit distances: a candidate set passed as
 * the same object (an array, a Set, a Map's keys via `suggesterFor`) is
 * indexed once and every answer is cached.
 */
export function suggestClosest(wanted: string, candidates: Iterable<string>, limit = 3): string[] {
  if (typeof candidates === 'object' && candidates !== null && !isIterator(candidates)) return suggesterFor(candidates)(wanted, limit)
  return createSuggester(candidates)(wanted, limit)
}

export type Suggester = (wanted: string, limit?: number) => string[]

const suggesters = new WeakMap<object, Suggester>()

/** One suggester per candidate collection (by identity); a Map suggests among its keys. */
export function suggesterFor(candidates: Iterable<string> | ReadonlyMap<string, unknown>): Suggester {
  let s = suggesters.get(candidates)
  if (!s) {
    s = createSuggester(candidates instanceof Map ? candidates.keys() : (candidates as Iterable<string>))
    suggesters.set(candidates, s)
  }
  return s
}

const isIterator = (x: object) => typeof (x as Iterator<unknown>).next === 'function'

interface Candidate {
  c: string
  lc: string
}

/** Index the candidates once; each distinct `wanted` is computed once. */
export function createSuggester(candidates: Iterable<string>): Suggester {
  const list: Candidate[] = []
  for (const c of candidates) list.push({ c, lc: c.toLowerCase() })
  // By length, so edit distances are computed only where the length difference allows a match.
  const byLength = new Map<number, Candidate[]>()
  for (const x of list) {
    const bucket = byLength.get(x.lc.length)
    if (bucket) bucket.push(x)
    else byLength.set(x.lc.length, [x])
  }
  const cache = new Map<string, string[]>()

  return (wanted, limit = 3) => {
    const key = `${limit}\u0000${wanted}`
    const hit = cache.get(key)
    if (hit) return hit.slice()
    const w = wanted.toLowerCase()
    const max = Math.max(2, Math.floor(w.length * 0.4))
    const scored = new Map<Candidate, number>()
    // Containment is a strong hint for IDs (`end_the_run` → `rule_end_the_run`): d = 0.1 per extra character.
    for (const x of list) {
      if (Math.abs(x.lc.length - w.length) * 0.1 > max) continue
      if (x.lc.includes(w) || w.includes(x.lc)) scored.set(x, Math.abs(x.lc.length - w.length) * 0.1)
    }
    for (let len = Math.max(0, w.length - max); len <= w.length + max; len++) {
      for (const x of byLength.get(len) ?? []) {
        if (scored.has(x)) continue
        const d = distance(w, x.lc)
        if (d <= max) scored.set(x, d)
      }
    }
    const result = [...scored]
      .sort((a, b) => a[1] - b[1] || (a[0].c < b[0].c ? -1 : a[0].c > b[0].c ? 1 : 0))
      .slice(0, limit)
      .map(([x]) => x.c)
    cache.set(key, result)
    return result.slice()
  }
}
