/**
 * Typos of real IDs: which unknown ID-shaped words are close misses
 * (`rule_end_teh_run`) rather than code (`rule_id`, `step_count`). Cached per
 * word for the run (identifiers repeat across a code base); candidates are
 * bucketed by length and filtered by letter counts before the edit distance.
 */
import { distance } from 'fastest-levenshtein'

export interface NearMiss {
  /** Real IDs within two edits, best first (at most 3). */
  closeScored(word: string): readonly { id: string; d: number }[]
  closeIds(word: string): string[]
  /** Outside a citation form only a close miss is a typo: short words need a closer one (`rule_id` is a field, not `rule_ice`). */
  isNearMiss(word: string): boolean
}

/** One per ID list: shared by every scanner of the same rules (the CLI makes new ones when the releases load, or per override). */
const nearMisses = new WeakMap<readonly string[], NearMiss>()

export function nearMissFor(ids: readonly string[]): NearMiss {
  let found = nearMisses.get(ids)
  if (found) return found
  const cache = new Map<string, { id: string; d: number }[]>()
  let index: Map<number, { id: string; bag: Uint8Array }[]> | undefined
  const closeScored = (word: string): { id: string; d: number }[] => {
    let scored = cache.get(word)
    if (scored) return scored
    index ??= lengthIndex(ids)
    scored = []
    const bag = letterBag(word)
    for (let len = word.length - 2; len <= word.length + 2; len++) {
      for (const c of index.get(len) ?? []) {
        // Each edit changes the letter counts by at most 2: a cheap bound before the real distance.
        if (!bagsWithin(bag, c.bag, 4)) continue
        const d = distance(word, c.id)
        if (d <= 2) scored.push({ id: c.id, d })
      }
    }
    scored = scored.sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1)).slice(0, 3)
    cache.set(word, scored)
    return scored
  }
  found = {
    closeScored,
    closeIds: (word) => closeScored(word).map((s) => s.id),
    isNearMiss: (word) => {
      const best = closeScored(word)[0]
      const allowed = word.length >= 14 ? 2 : word.length >= 11 ? 1 : 0
      return best !== undefined && best.d <= allowed
    },
  }
  nearMisses.set(ids, found)
  return found
}

/** IDs by length, each with its letter counts. */
function lengthIndex(ids: readonly string[]): Map<number, { id: string; bag: Uint8Array }[]> {
  const index = new Map<number, { id: string; bag: Uint8Array }[]>()
  for (const id of ids) {
    let list = index.get(id.length)
    if (!list) index.set(id.length, (list = []))
    list.push({ id, bag: letterBag(id) })
  }
  return index
}

/** Counts of a–z, 0–9 and everything else. */
function letterBag(word: string): Uint8Array {
  const bag = new Uint8Array(37)
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i)
    const k = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? c - 22 : 36
    bag[k] = bag[k]! + 1
  }
  return bag
}

function bagsWithin(a: Uint8Array, b: Uint8Array, max: number): boolean {
  let d = 0
  for (let i = 0; i < 37; i++) {
    d += a[i]! > b[i]! ? a[i]! - b[i]! : b[i]! - a[i]!
    if (d > max) return false
  }
  return true
}
