/**
 * Lines of one text, found once: where each line starts, so any offset's line
 * and column cost a binary search. The scanner asks for hits only, in any
 * order; reading back to the previous newline instead made a long minified
 * line quadratic (60,000 citations on one line: 15 s).
 */
export interface LineIndex {
  /** 1-based line of `offset`. */
  lineOf(offset: number): number
  /** Offset where the line holding `offset` starts. */
  startOf(offset: number): number
  /** Offset of the line's end (its `\n`, or the text's end). */
  endOf(offset: number): number
}

export function createLineIndex(text: string): LineIndex {
  let starts: Int32Array | undefined
  const build = (): Int32Array => {
    let count = 1
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++
    const out = new Int32Array(count)
    let k = 1
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out[k++] = i + 1
    return out
  }
  /** Index of the last line start ≤ offset. */
  const find = (offset: number): number => {
    starts ??= build()
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return lo
  }
  return {
    lineOf: (offset) => find(offset) + 1,
    startOf: (offset) => {
      const k = find(offset)
      return starts![k]!
    },
    endOf: (offset) => {
      const k = find(offset)
      return k + 1 < starts!.length ? starts![k + 1]! - 1 : text.length
    },
  }
}
