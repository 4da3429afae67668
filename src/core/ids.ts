/**
 * The one home of the small helpers every reader of rule IDs and numbers
 * needs: the compiler, the CLI, the site's client script and the published
 * runtime (`src/runtime/`) all import them from here, so they cannot drift.
 *
 * Dependency-free on purpose: the runtime ships this module compiled, and it
 * must not pull anything into an engine's install (`edition-syntax.ts`, how
 * a citation names its edition, is dependency-free too).
 */
import { parseEditionCitation } from './edition-syntax.ts'

/** IDs start with a lowercase letter; `{ref:Sec_x}` capitalises the word it prints, not the ID. */
export function lowerFirst(id: string): string {
  return id.charAt(0).toLowerCase() + id.slice(1)
}

const NUMBER = /^\d+(?:\.\d+)*[a-z]*(?:\.[ivxlcdm]+)?$/

/**
 * A number as people write it, in citation form: `CR 6.1.4.a.`, `§6.1.4a`,
 * `rule 6.1.4a`, `step 6.9.2` → `6.1.4a`; undefined when it is not number-shaped.
 */
export function normalizeNumber(query: string): string | undefined {
  let q = query.trim().toLowerCase()
  q = q.replace(/^(?:cr|rule|rules|section|step|§)\s*/u, '').replace(/^§\s*/u, '')
  q = citationForm(q)
  return NUMBER.test(q) ? q : undefined
}

/**
 * A number as printed → as cited: `6.1.4.a` → `6.1.4a`, `6.1.4(a)` →
 * `6.1.4a` (as engines often print a sub-rule), `11.2.2.b.i` → `11.2.2b.i`,
 * a trailing `.` dropped (`6.1.4.` → `6.1.4`); `6.1.4` unchanged.
 */
export function citationForm(n: string): string {
  return n.replace(/^(\d+\.\d+\.\d+)(?:\.([a-z]{1,2})(?![a-z])|\(([a-z]{1,2})\)(?![a-z]))/, (_, base: string, dot?: string, paren?: string) => base + (dot ?? paren ?? '')).replace(/\.$/, '')
}

/** The nearest existing ancestor of a number that does not exist (`6.1.99` → `6.1`). */
export function nearestExistingNumber(number: string, exists: (n: string) => boolean): string | undefined {
  const parts = /^(\d+(?:\.\d+)*)/.exec(number)?.[1]?.split('.') ?? []
  while (parts.length > 0) {
    const n = parts.join('.')
    if (n !== number && exists(n)) return n
    parts.pop()
  }
  return undefined
}

/** A rule as a suggestion names it to a person: its number and its ID, `6.1.4 (rule_end_the_run)`. */
export function ruleLabel(number: string, id: string): string {
  return `${number} (${id})`
}

/**
 * The existing numbers a mistyped one may have meant, best first: those one
 * edit away (a digit or letter dropped, doubled, changed, or swapped with its
 * neighbour: `6.1.44`, `6.1.9z`, `6.10.1`, `6.14.`), else two; among equals, the
 * longer shared beginning, then the nearer number where they first differ
 * (`6.1.7` → 6.1.6 before 6.1.1), then the rules' order. The nearest
 * existing ancestor when nothing is that close. `numbers` in the rules'
 * order (a Map's keys: a `byNumber`); indexed once per collection, each
 * answer cached, so a file of 100,000 mistyped numbers costs one search each.
 * The one did-you-mean for numbers: `cr cite`, `cr show`, the package's
 * `rule()` and the site's search use it.
 */
export function similarNumbers(wanted: string, numbers: readonly string[] | ReadonlyMap<string, unknown>, limit = 3): string[] {
  return memoPerCollection(numberSuggesters, numbers, createNumberSuggester)(wanted, limit)
}

const numberSuggesters = new WeakMap<object, Suggester>()

function createNumberSuggester(list: readonly string[]): Suggester {
  const byLength = new Map<number, number[]>()
  list.forEach((n, i) => {
    const bucket = byLength.get(n.length)
    if (bucket) bucket.push(i)
    else byLength.set(n.length, [i])
  })
  const has = new Set(list)
  const cache = new Map<string, string[]>()
  return (wanted, limit = 3) => {
    const key = `${limit}\u0000${wanted}`
    const hit = cache.get(key)
    if (hit) return hit.slice()
    const w = wanted.trim().toLowerCase()
    // A chapter is one or two digits: `42` is no typo of chapter 4 worth saying (nor is `rule(42)`).
    if (!w.includes('.')) return []
    const found: { i: number; d: number; prefix: number; gap: number }[] = []
    for (let len = w.length - 2; len <= w.length + 2; len++) {
      for (const i of byLength.get(len) ?? []) {
        const n = list[i]!
        if (n === w) continue
        const d = editDistance(w, n, 2, { transpositions: true })
        if (d <= 2) found.push({ i, d, prefix: sharedStart(w, n), gap: gapAt(w, n) })
      }
    }
    const best = found.some((f) => f.d === 1) ? found.filter((f) => f.d === 1) : found
    best.sort((a, b) => a.d - b.d || b.prefix - a.prefix || a.gap - b.gap || a.i - b.i)
    let result = best.slice(0, limit).map((f) => list[f.i]!)
    if (result.length === 0) {
      const near = nearestExistingNumber(w, (n) => has.has(n))
      result = near === undefined ? [] : [near]
    }
    cache.set(key, result)
    return result.slice()
  }
}

/** How many characters `a` and `b` share at their start. */
export function sharedStart(a: string, b: string): number {
  let k = 0
  while (k < a.length && k < b.length && a[k] === b[k]) k++
  return k
}

/**
 * How far apart the numbers are in the first part where they differ: its
 * number first, then its letter (`6.1.7`/`6.1.6`: 1000; `6.2.7e`/`6.2.7d`: 1;
 * no letter counts as just before `a`); 0 when that part is not a number.
 */
function gapAt(a: string, b: string): number {
  const pa = a.split('.')
  const pb = b.split('.')
  for (let k = 0; k < Math.min(pa.length, pb.length); k++) {
    if (pa[k] === pb[k]) continue
    const x = Number.parseInt(pa[k]!, 10)
    const y = Number.parseInt(pb[k]!, 10)
    if (Number.isNaN(x) || Number.isNaN(y)) return 0
    return Math.abs(x - y) * 1000 + Math.abs(letterOf(pa[k]!) - letterOf(pb[k]!))
  }
  return 0
}

const letterOf = (part: string) => /[a-z]/.exec(part)?.[0].charCodeAt(0) ?? 96

/** How a release is named: `v24.03` (and so are the folders under `releases/`). */
export const RELEASE_NAME = /^v\d{2}\.\d{2}$/

/**
 * The release a frozen folder holds: `releases/v24.03` (either separator, a
 * trailing one too) → `v24.03`; undefined for any other folder.
 */
export function frozenReleaseOf(dir: string): string | undefined {
  const parts = dir.split(/[\\/]+/).filter((p) => p !== '' && p !== '.')
  const name = parts[parts.length - 1]
  return name !== undefined && RELEASE_NAME.test(name) && parts[parts.length - 2] === 'releases' ? name : undefined
}

/** A release's digits, as a citation may write them without the `v`: `24.03`. */
export const RELEASE_DIGITS = /^\d{2}\.\d{2}$/

/** `24.03`, `v24.03`, `V24.03` → `v24.03`; anything else as written (trimmed), for an "unknown release" message. */
export function normalizeVersion(written: string): string {
  const digits = /^v?(\d{2}\.\d{2})$/i.exec(written.trim())?.[1]
  return digits === undefined ? written.trim() : `v${digits}`
}

/**
 * A citation of an edition from before the releases kept as YAML (`CR 1.8 9.1.8g`, `CR v1.8 6.1.4`,
 * `v1.5 rule_x`, `9.1.8g (CR 1.8)`): the edition and what it cites. Only with `CR` or `v` beside the
 * edition and a rule with it: `CR 10.10` alone is section 10.10. Undefined for a `YY.MM` release
 * (`parseCitation`). The syntax is `edition-syntax.ts`'s, as the scanner reads it.
 */
export function olderEdition(text: string): { edition: string; query: string } | undefined {
  const e = parseEditionCitation(text)
  if (!e || RELEASE_DIGITS.test(e.digits) || !(e.named || e.v) || !/^(?:\d+(?:\.\d+)+[a-z]?|[a-z]+_[a-z0-9_]+\+?)$/i.test(e.query)) return undefined
  return { edition: e.digits, query: e.query }
}

/** A citation as written: `CR v24.03 6.1.4`, `CR 24.03 §6.1.4`, `v24.03 rule_end_the_run`, `CR 6.1.4`. */
export interface ParsedCitation {
  /** `v24.03`, when the citation names a release. */
  version?: string
  /** The number or ID, as `findRule` takes it. */
  query: string
  /** Whether the release was written with its `v` (`CR 10.10 x` without one may be section 10.10). */
  explicit?: boolean
}

/** `CR v24.03 6.1.4`, `CR 24.03 §6.1.4`, `CR 6.1.4 (v24.03)`, `6.1.4@v24.03`: read as `edition-syntax.ts` reads editions. */
export function parseCitation(text: string): ParsedCitation {
  const e = parseEditionCitation(text)
  if (e && RELEASE_DIGITS.test(e.digits)) return { version: `v${e.digits}`, query: e.query, explicit: e.v }
  return { query: text.trim() }
}

/**
 * Levenshtein distance, giving up (returning `max + 1`) once it must exceed
 * `max`. With `transpositions`, a swap of neighbours is one edit too (optimal
 * string alignment: `strenght` is 1 from `strength`), the commonest typo in
 * words people type.
 */
export function editDistance(a: string, b: string, max = Infinity, { transpositions = false } = {}): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (transpositions && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1)
      cur[j] = d
      if (d < best) best = d
    }
    // Row minima never decrease (with transpositions too), so no later row can come back under `max`.
    if (best > max) return max + 1
    before = prev
    prev = cur
  }
  return prev[b.length]!
}

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
  return memoPerCollection(suggesters, candidates, suggesterByContent)
}

/**
 * The last few suggesters by their candidates, in order: a compile after an edit (the language
 * server, the live preview, `cr check` again) makes new collections of the same IDs, and the
 * answers found for them are found again at once. Same list, same answers: the suggester is pure.
 */
const byContent = new Map<string, Suggester>()
const BY_CONTENT_KEPT = 8
function suggesterByContent(list: readonly string[]): Suggester {
  const key = JSON.stringify(list)
  let s = byContent.get(key)
  if (s) byContent.delete(key)
  else s = createSuggester(list)
  byContent.set(key, s)
  if (byContent.size > BY_CONTENT_KEPT) byContent.delete(byContent.keys().next().value!)
  return s
}

/** The suggester `memo` keeps for a collection (by identity), made once by `create` from its strings (a Map: its keys). */
function memoPerCollection(memo: WeakMap<object, Suggester>, candidates: Iterable<string> | ReadonlyMap<string, unknown>, create: (list: readonly string[]) => Suggester): Suggester {
  let s = memo.get(candidates)
  if (!s) {
    s = create([...(candidates instanceof Map ? candidates.keys() : (candidates as Iterable<string>))])
    memo.set(candidates, s)
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
  const grams = list.length > EXACT_LIMIT ? indexTrigrams(list) : undefined

  return (wanted, limit = 3) => {
    const key = `${limit}\u0000${wanted}`
    const hit = cache.get(key)
    if (hit) return hit.slice()
    const w = wanted.toLowerCase()
    const max = Math.max(2, Math.floor(w.length * 0.4))
    const scored = new Map<Candidate, number>()
    const score = (x: Candidate) => {
      if (scored.has(x)) return
      // Containment is a strong hint for IDs (`end_the_run` → `rule_end_the_run`): d = 0.1 per extra character.
      if (x.lc.includes(w) || w.includes(x.lc)) {
        const d = Math.abs(x.lc.length - w.length) * 0.1
        if (d <= max) scored.set(x, d)
        return
      }
      if (Math.abs(x.lc.length - w.length) > max) return
      const d = editDistance(w, x.lc, max)
      if (d <= max) scored.set(x, d)
    }
    if (grams && w.length >= 3) {
      for (const x of grams.shortlist(w)) score(x)
    } else {
      for (const x of list) {
        if (Math.abs(x.lc.length - w.length) * 0.1 > max) continue
        if (x.lc.includes(w) || w.includes(x.lc)) scored.set(x, Math.abs(x.lc.length - w.length) * 0.1)
      }
      for (let len = Math.max(0, w.length - max); len <= w.length + max; len++) {
        for (const x of byLength.get(len) ?? []) score(x)
      }
    }
    const result = [...scored]
      .sort((a, b) => a[1] - b[1] || (a[0].c < b[0].c ? -1 : a[0].c > b[0].c ? 1 : 0))
      .slice(0, limit)
      .map(([x]) => x.c)
    // Bounded: a suggester kept for the process (a schema node's keys, validate.ts) meets every unknown key ever written.
    if (cache.size >= ANSWERS_KEPT) cache.clear()
    cache.set(key, result)
    return result.slice()
  }
}

/** The answers a suggester keeps (each distinct `wanted` and limit); past this it starts again. */
const ANSWERS_KEPT = 10_000

/**
 * Above this many candidates every edit distance is too many (20,000 unknown
 * IDs against 20,000 IDs was 400 million distances): candidates are first
 * shortlisted by the rare trigrams they share with the wanted word. The
 * shipped rules (about 3,000 IDs) stay on the exact path.
 */
const EXACT_LIMIT = 4000
const SHORTLIST = 40

function indexTrigrams(list: Candidate[]) {
  const postings = new Map<string, number[]>()
  list.forEach((x, i) => {
    const seen = new Set<string>()
    for (let k = 0; k + 3 <= x.lc.length; k++) {
      const g = x.lc.slice(k, k + 3)
      if (seen.has(g)) continue
      seen.add(g)
      const p = postings.get(g)
      if (p) p.push(i)
      else postings.set(g, [i])
    }
  })
  // Trigrams most candidates share (`rul`, `_th`) say nothing about which one was meant.
  const common = Math.max(64, Math.floor(list.length / 50))
  const counts = new Int32Array(list.length)
  return {
    shortlist(w: string): Candidate[] {
      const touched: number[] = []
      const seen = new Set<string>()
      for (let k = 0; k + 3 <= w.length; k++) {
        const g = w.slice(k, k + 3)
        if (seen.has(g)) continue
        seen.add(g)
        const p = postings.get(g)
        if (!p || p.length > common) continue
        for (const i of p) {
          if (counts[i] === 0) touched.push(i)
          counts[i] = counts[i]! + 1
        }
      }
      // Most shared trigrams first, by counting sort (counts are at most the word's trigrams); ties in list order.
      const buckets: number[][] = []
      for (const i of touched) (buckets[counts[i]!] ??= []).push(i)
      const out: Candidate[] = []
      for (let c = buckets.length - 1; c > 0 && out.length < SHORTLIST; c--) {
        const bucket = buckets[c]
        if (!bucket) continue
        bucket.sort((a, b) => a - b)
        for (const i of bucket) {
          if (out.length >= SHORTLIST) break
          out.push(list[i]!)
        }
      }
      for (const i of touched) counts[i] = 0
      return out
    },
  }
}
