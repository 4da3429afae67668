/**
 * Citation calls: `cite!("rule_x")`, `cite('6.1.4')`, `#[cr("6.1.4")]`,
 * `[Cite("rule_x")]`, `@cr("6.1.4")`, `rule('6.2.5', { version: 'v24.03' })`,
 * and in Lisp files `(cite "rule_x")`, `(cr/cite "…")`. Every string argument
 * is a capture; a macro's or attribute's bare tokens too (`cite!(rule_x)`).
 */
import type { FileScan } from '../context.ts'
import { tokenizeCapture } from '../grammar.ts'
import { captureHits } from './capture.ts'
import { NOT_MINE, type CaptureForm, type WordForm } from './form.ts'
import { readLiterals } from './literals.ts'

/**
 * `cite(`, `cite!(`, `#[cr(`, `[Cite(`, `@cr(`, `rule(`: an alternative of the main expression (a pass of its
 * own cost a sixth of the scan). Never in Lisp files, whose calls are `(cite "…")`.
 */
const CALL_NAMES = String.raw`(?:cite|Cite|CITE|cr|Cr|CR|rule|Rule|cite_rule|cr_rule)!?[ \t]*\(`
/** Lisp calls, `(cite "…")`, `(cr/cite "…")`: looked for in Lisp files only, in a pass of their own. */
const LISP_CALL = /\((?:[A-Za-z][\w.-]*\/)?(?:cite|cr)[ \t]+(?=["'])/g
/** How far a citation call's arguments may reach. */
const CALL_SPAN = 400

/** A call in a C-family, Rust, Python… file. */
export const citationCall: WordForm = {
  name: 'call',
  readsInCaptures: true,
  source: () => CALL_NAMES,
  read(scan: FileScan, offset: number, match: string) {
    if (scan.syntax().lisp) return NOT_MINE
    const bare = match.includes('!') || scan.text.charCodeAt(offset - 2) === 35 /* #[cr( */
    readArguments(scan, offset, offset + match.length, bare)
    return undefined
  },
}

/** Calls in Lisp files: a pass of their own, run before the main expression. */
export const lispCalls: CaptureForm = {
  name: 'lisp-call',
  find(scan: FileScan) {
    if (!scan.syntax().lisp) return
    const { text } = scan
    LISP_CALL.lastIndex = 0
    for (let m = LISP_CALL.exec(text); m !== null; m = LISP_CALL.exec(text)) readArguments(scan, m.index, LISP_CALL.lastIndex, false)
  },
}

/**
 * Each literal of the call at `callAt` whose arguments start at `from`, unless something read it already.
 * Its arguments are separate citations, all of one group: a number and an ID among them are never a pair.
 */
function readArguments(scan: FileScan, callAt: number, from: number, bare: boolean) {
  const { text } = scan
  let group: number | undefined
  readCall(text, from, bare, (start, end, version) => {
    if (end <= start || scan.covered().overlaps(start, end)) return
    scan.covered().add(start, end)
    captureHits(scan, tokenizeCapture(text, start, end, scan.setup.between), version, 'call', callAt, (group ??= scan.nextGroup()))
  })
}

/**
 * The literals of a citation call whose `(` ends at `from` (`literals.ts`): its string arguments, a macro's
 * or attribute's bare tokens, the values (lists too) of names that cite; `version:` names the release of
 * them all. Stops at the closing `)` or after `CALL_SPAN` characters.
 */
function readCall(text: string, from: number, bareTokens: boolean, capture: (start: number, end: number, version?: string) => void) {
  const { spans, version } = readLiterals(text, from, 41 /* ) */, true, bareTokens, from + CALL_SPAN)
  for (const [s, e] of spans) capture(s, e, version)
}
