/**
 * How alike two texts are: 1 for equal, 0 for nothing in common (edit
 * distance scaled by length). Diffs pair renamed rules and aligned timing
 * elements by it, over their canonical texts (`src/core/render/canonical.ts`).
 */
import { distance } from 'fastest-levenshtein'

export function similarity(a: string, b: string): number {
  if (a === b) return 1
  const max = Math.max(a.length, b.length)
  if (max === 0) return 1
  return 1 - distance(a, b) / max
}
