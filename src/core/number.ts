/**
 * Numbering is computed from structure, never stored, exactly as the
 * published document prints it: chapters `6`, sections `6.1`, rules `6.1.4`,
 * sub-rules and steps `6.1.4a` (printed `a.`), timing-structure elements by
 * list position: `11.2.1`, `11.2.1a`, `11.2.2b.i`.
 */

/** 1 → a, 26 → z, 27 → aa (bijective base 26, in case a list ever grows). */
export function letterFor(n: number): string {
  let s = ''
  let k = n
  while (k > 0) {
    const r = (k - 1) % 26
    s = String.fromCharCode(97 + r) + s
    k = Math.floor((k - 1) / 26)
  }
  return s
}

const ROMAN: [number, string][] = [
  [1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'],
  [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i'],
]

export function romanFor(n: number): string {
  let s = ''
  let k = n
  for (const [v, r] of ROMAN) {
    while (k >= v) {
      s += r
      k -= v
    }
  }
  return s
}

/** Number and printed label of the `index`-th (1-based) child at `depth`. */
export function childNumber(parentNumber: string, depth: number, index: number): { number: string; label: string } {
  if (depth <= 2) {
    const number = `${parentNumber}.${index}`
    return { number, label: `${number}.` }
  }
  if (depth === 3) {
    const l = letterFor(index)
    return { number: `${parentNumber}${l}`, label: `${l}.` }
  }
  // Deeper levels only occur in timing structures: i., ii., …
  const r = romanFor(index)
  return { number: `${parentNumber}.${r}`, label: `${r}.` }
}

/** Timing-structure elements: top level numbered, then lettered, then roman. */
export function timingNumber(parentNumber: string, level: number, index: number): { number: string; label: string } {
  if (level === 1) return { number: `${parentNumber}.${index}`, label: `${index}.` }
  if (level === 2) {
    const l = letterFor(index)
    return { number: `${parentNumber}${l}`, label: `${l}.` }
  }
  const r = romanFor(index)
  return { number: `${parentNumber}.${r}`, label: `${r}.` }
}
