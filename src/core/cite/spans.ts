/**
 * The spans of one file that capture forms have read (a pattern's group, a
 * call's literals): word forms skip matches inside them, and a call's literal
 * overlapping one is not read twice. Disjoint, kept sorted.
 */
export class SpanSet {
  private readonly starts: number[] = []
  private readonly ends: number[] = []
  /** The first span not yet passed by `covers` (asked in increasing order). */
  private cursor = 0

  constructor(initial: readonly [number, number][]) {
    // Patterns' spans may overlap each other: merged, they are disjoint like everything added later.
    for (const [s, e] of [...initial].sort((a, b) => a[0] - b[0])) {
      const last = this.ends.length - 1
      if (last >= 0 && s <= this.ends[last]!) this.ends[last] = Math.max(this.ends[last]!, e)
      else {
        this.starts.push(s)
        this.ends.push(e)
      }
    }
  }

  /** Index of the first span whose start is ≥ `at`. */
  private firstFrom(at: number): number {
    let lo = 0
    let hi = this.starts.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.starts[mid]! < at) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  overlaps(start: number, end: number): boolean {
    const k = this.firstFrom(start)
    return (k < this.starts.length && this.starts[k]! < end) || (k > 0 && this.ends[k - 1]! > start)
  }

  /**
   * A span that overlaps none. Calls come in text order and their literals lie
   * just after them, so an insertion lands at or near the end.
   */
  add(start: number, end: number): void {
    const k = this.firstFrom(start)
    this.starts.splice(k, 0, start)
    this.ends.splice(k, 0, end)
    if (k < this.cursor) this.cursor++
  }

  /** Whether `offset` lies inside a span; asked with offsets that never decrease (one pass over a file). */
  covers(offset: number): boolean {
    while (this.cursor < this.starts.length && this.ends[this.cursor]! <= offset) this.cursor++
    return this.cursor < this.starts.length && this.starts[this.cursor]! <= offset
  }
}
