/**
 * The one home of the small helpers every reader of rule IDs and numbers
 * needs: the compiler, the CLI, the site's client script and the published
 * runtime (`src/runtime/`) all import them from here, so they cannot drift.
 *
 * Dependency-free on purpose: the runtime ships this module compiled, and it
 * must not pull anything into an engine's install.
 */

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
  q = q.replace(/\.$/, '')
  // Printed form `6.1.4.a` → citation form `6.1.4a`.
  q = q.replace(/^(\d+\.\d+\.\d+)\.([a-z]+)$/, '$1$2')
  return NUMBER.test(q) ? q : undefined
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

/** How a release is named: `v24.03` (and so are the folders under `releases/`). */
export const RELEASE_NAME = /^v\d{2}\.\d{2}$/

/** `24.03`, `v24.03`, `V24.03` → `v24.03`; anything else as written (trimmed), for an "unknown release" message. */
export function normalizeVersion(written: string): string {
  const digits = /^v?(\d{2}\.\d{2})$/i.exec(written.trim())?.[1]
  return digits === undefined ? written.trim() : `v${digits}`
}

/**
 * A citation that names its release: `CR v24.03 6.1.4`, `CR 24.03 §6.1.4`,
 * `v24.03 rule_end_the_run`. Groups: 1 the `v` (empty when absent), 2 the
 * release digits, 3 the number or ID.
 */
export const CITATION_WITH_RELEASE = /^\s*(?:CR\s*)?(v?)(\d{2}\.\d{2})[\s,]+(?:§\s*)?(\S.*?)\s*$/i

/** A citation as written: `CR v24.03 6.1.4`, `CR 24.03 §6.1.4`, `v24.03 rule_end_the_run`, `CR 6.1.4`. */
export interface ParsedCitation {
  /** `v24.03`, when the citation names a release. */
  version?: string
  /** The number or ID, as `findRule` takes it. */
  query: string
  /** Whether the release was written with its `v` (`CR 10.10 x` without one may be section 10.10). */
  explicit?: boolean
}

export function parseCitation(text: string): ParsedCitation {
  const m = CITATION_WITH_RELEASE.exec(text)
  if (m) return { version: `v${m[2]}`, query: m[3]!, explicit: m[1] !== '' }
  return { query: text.trim() }
}

/** Levenshtein distance, giving up (returning `max + 1`) once it must exceed `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (cur[j]! < best) best = cur[j]!
    }
    if (best > max) return max + 1
    prev = cur
  }
  return prev[b.length]!
}

/**
 * Did you mean: the closest candidates to `wanted`, best first. Distances
 * are scaled by length so a long ID with a typo still finds its match while
 * short words do not pull in noise; containment (`end_the_run` →
 * `rule_end_the_run`) is a strong hint.
 */
export function suggestClosest(wanted: string, candidates: Iterable<string>, limit = 3): string[] {
  const w = wanted.toLowerCase()
  const max = Math.max(2, Math.floor(w.length * 0.4))
  const scored: { c: string; d: number }[] = []
  for (const c of candidates) {
    const lc = c.toLowerCase()
    const d = lc.includes(w) || w.includes(lc) ? Math.abs(lc.length - w.length) * 0.1 : editDistance(w, lc, max)
    if (d <= max) scored.push({ c, d })
  }
  scored.sort((a, b) => a.d - b.d || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0))
  return scored.slice(0, limit).map((s) => s.c)
}
