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
  /** Offset where 1-based `line` starts; undefined past the last line. */
  startOfLine(line: number): number | undefined
}

export function createLineIndex(text: string): LineIndex {
  let starts: Int32Array | undefined
  const build = (): Int32Array => {
    // One pass: grown by doubling, trimmed at the end.
    let out = new Int32Array(Math.max(16, text.length >> 5))
    let k = 1
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      if (k === out.length) {
        const grown = new Int32Array(out.length * 2)
        grown.set(out)
        out = grown
      }
      out[k++] = i + 1
    }
    return out.subarray(0, k)
  }
  let last = 0
  /** Index of the last line start ≤ offset. */
  const find = (offset: number): number => {
    starts ??= build()
    // Asked mostly in text order: the line of the last answer, or the next one, first.
    if (starts[last]! <= offset) {
      if (last + 1 === starts.length || offset < starts[last + 1]!) return last
      if (last + 2 === starts.length || offset < starts[last + 2]!) return ++last
    }
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    last = lo
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
    startOfLine: (line) => {
      starts ??= build()
      return line >= 1 && line <= starts.length ? starts[line - 1] : undefined
    },
  }
}
