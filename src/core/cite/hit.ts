/**
 * A hit: one thing a citation form found in the text, before it is resolved
 * against the rules. Forms make hits; resolving, pairing and collecting read
 * them (`scan.ts` runs the steps in order).
 */
import type { CitationVia, CiteProblem, CiteRule } from './types.ts'

export interface Hit {
  offset: number
  end: number
  /** As written. */
  text: string
  /** The ID or citation-form number it stands for. */
  value: string
  isNumber: boolean
  via: CitationVia
  /** Bare numbers (`"6.1.5"` next to an ID) are only ever one half of a pair. */
  bare?: boolean
  /** One member of a range or list written as one capture: never half of a pair with its own group. */
  group?: number
  /** Part of a range (`6.1.4a–c`): never paired. */
  range?: boolean
  /** The release the citation names (`CR v24.03 6.1.4`): resolved through it, never paired. */
  version?: string
  /** An edition not held here (`CR 1.8 9.1.8g`): a warning, never a citation. */
  notHeld?: string
  line: number
  column: number
  /** Resolution. */
  rule?: CiteRule
  problem?: CiteProblem
  dropped?: boolean
}

/** What resolving a hit decides, apart from where it is: the same words cited again resolve the same way. */
export interface Resolution {
  rule?: CiteRule
  problem?: Pick<CiteProblem, 'code' | 'severity' | 'message' | 'suggestions'>
}

export function hit(offset: number, text: string, value: string, isNumber: boolean, via: CitationVia): Hit {
  return { offset, end: offset + text.length, text, value, isNumber, via, line: 0, column: 0 }
}

/** The release a hit names, or the edition not held it names. */
export function stamp(h: Hit, version: string | undefined, notHeld: string | undefined): Hit {
  if (version !== undefined) h.version = version
  if (notHeld !== undefined) h.notHeld = notHeld
  return h
}


/** First index in `hits` (sorted by offset) whose offset is ≥ `offset`. */
export function firstAtOrAfter(hits: readonly Hit[], offset: number, from = 0, to = hits.length): number {
  let lo = from
  let hi = to
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (hits[mid]!.offset < offset) lo = mid + 1
    else hi = mid
  }
  return lo
}
