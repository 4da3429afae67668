import { distance } from 'fastest-levenshtein'

/**
 * The closest candidates to `wanted`, best first. Distances are scaled by
 * length so a long ID with a typo still finds its match while short words
 * do not pull in noise.
 */
export function suggestClosest(wanted: string, candidates: Iterable<string>, limit = 3): string[] {
  const w = wanted.toLowerCase()
  const max = Math.max(2, Math.floor(w.length * 0.4))
  const scored: { c: string; d: number }[] = []
  for (const c of candidates) {
    const lc = c.toLowerCase()
    // Containment is a strong hint for IDs (`end_the_run` → `rule_end_the_run`).
    const d = lc.includes(w) || w.includes(lc) ? Math.abs(lc.length - w.length) * 0.1 : distance(w, lc)
    if (d <= max) scored.push({ c, d })
  }
  scored.sort((a, b) => a.d - b.d || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0))
  return scored.slice(0, limit).map((s) => s.c)
}
