/**
 * Citation calls: `cite!("rule_x")`, `cite('6.1.4')`, `#[cr("6.1.4")]`,
 * `[Cite("rule_x")]`, `@cr("6.1.4")`, `rule('6.2.5', { version: 'v24.03' })`,
 * and in Lisp files `(cite "rule_x")`, `(cr/cite "…")`. Every string argument
 * is a capture; a macro's or attribute's bare tokens too (`cite!(rule_x)`).
 */
import type { FileScan } from '../context.ts'
import { tokenizeCapture } from '../grammar.ts'
import { isIdentChar } from '../hit.ts'
import { captureHits } from './capture.ts'
import type { CaptureForm } from './form.ts'

const CALL = /(?<![A-Za-z0-9_])(cite|Cite|CITE|cr|Cr|CR|rule|Rule|cite_rule|cr_rule)(!?)[ \t]*\(/g
/** Lisp calls, `(cite "…")`, `(cr/cite "…")`: looked for in Lisp files only. */
const LISP_CALL = /\((?:[A-Za-z][\w.-]*\/)?(?:cite|cr)[ \t]+(?=["'])/g
/** `version: 'v24.03'` in a call's other arguments (`rule('6.2.5', { version: 'v24.03' })`). */
const VERSION_ARG = /\bversion\s*:\s*['"`]([^'"`\n]{1,12})['"`]/
/** How far a citation call's arguments may reach. */
const CALL_SPAN = 400

export const citationCalls: CaptureForm = {
  name: 'call',
  find(scan: FileScan) {
    const { text } = scan
    // What patterns captured is theirs: a call's literal inside one is not read twice.
    const taken = new SpanSet(scan.spans)
    const calls = scan.syntax().lisp ? LISP_CALL : CALL
    calls.lastIndex = 0
    for (let m = calls.exec(text); m !== null; m = calls.exec(text)) {
      // Part of a longer word (`excite(`, `my_rule(`): not a citation call.
      if (m[1] !== undefined && m.index > 0 && isIdentChar(text.charCodeAt(m.index - 1))) continue
      const callAt = m.index
      const bare = m[2] === '!' || text.charCodeAt(m.index - 2) === 35 /* #[cr( */
      readCall(text, calls.lastIndex, bare, (start, end, version) => {
        if (end <= start || taken.overlaps(start, end)) return
        taken.add(start, end)
        scan.spans.push([start, end])
        captureHits(scan, tokenizeCapture(text, start, end, scan.setup.between), version, 'call', callAt)
      })
    }
  },
}

/**
 * Disjoint spans kept sorted, for "does this literal overlap one already
 * read?" in logarithmic time. Calls come in text order and their literals lie
 * within `CALL_SPAN` of the call, so an insertion lands at or near the end.
 */
class SpanSet {
  private readonly starts: number[] = []
  private readonly ends: number[] = []
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
  /** A span that overlaps none. */
  add(start: number, end: number): void {
    const k = this.firstFrom(start)
    this.starts.splice(k, 0, start)
    this.ends.splice(k, 0, end)
  }
}

/**
 * The string arguments of a citation call whose `(` ends at `from`: each
 * literal's content is a capture (`cite!("rule_x")`, `cite("6.1.4", "6.1.5")`);
 * a macro's or attribute's bare tokens too (`cite!(rule_x)`, `#[cr(6.1.4)]`).
 * Other arguments are skipped, except `version: 'v24.03'`, which names the
 * release of the literals before it. Stops at the closing `)` or after
 * `CALL_SPAN` characters.
 */
function readCall(text: string, from: number, bareTokens: boolean, capture: (start: number, end: number, version?: string) => void) {
  const limit = Math.min(text.length, from + CALL_SPAN)
  const literals: [number, number][] = []
  let version: string | undefined
  let i = from
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 41 /* ) */) break
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 44) {
      i++
      continue
    }
    // A string literal: "…", '…', `…`, r"…", r#"…"#, @"…".
    let q = i
    if ((c === 114 || c === 64) && (text[i + 1] === '"' || text[i + 1] === '#')) q = text[i + 1] === '#' ? i + 2 : i + 1
    const quote = text.charCodeAt(q)
    if (quote === 34 || quote === 39 || quote === 96) {
      let j = q + 1
      while (j < limit && text.charCodeAt(j) !== quote && text.charCodeAt(j) !== 10) j += text.charCodeAt(j) === 92 ? 2 : 1
      if (j >= limit || text.charCodeAt(j) !== quote) break
      literals.push([q + 1, j])
      i = j + 1
      if (text[i] === '#') i++
      continue
    }
    // Another argument: to the next top-level `,` or `)`.
    let depth = 0
    const start = i
    while (i < limit) {
      const d = text.charCodeAt(i)
      if (d === 40 || d === 91 || d === 123) depth++
      else if (d === 41 || d === 93 || d === 125) {
        if (depth === 0) break
        depth--
      } else if (d === 44 && depth === 0) break
      else if (d === 10 && depth === 0) break
      i++
    }
    // A `]` or `}` that closes nothing ends the call: `cite!(a}` must not spin on the same character.
    if (i === start) break
    const arg = text.slice(start, i)
    const v = VERSION_ARG.exec(arg)
    if (v) version = v[1]
    else if (bareTokens && /^[\w.+§ -]+$/.test(arg.trim())) literals.push([start, start + arg.trimEnd().length])
    if (i < limit && text.charCodeAt(i) === 10) break
  }
  for (const [s, e] of literals) capture(s, e, version)
}
