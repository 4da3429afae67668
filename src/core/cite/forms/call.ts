/**
 * Citation calls: `cite!("rule_x")`, `cite('6.1.4')`, `#[cr("6.1.4")]`,
 * `[Cite("rule_x")]`, `@cr("6.1.4")`, `rule('6.2.5', { version: 'v24.03' })`,
 * and in Lisp files `(cite "rule_x")`, `(cr/cite "…")`. Every string argument
 * is a capture; a macro's or attribute's bare tokens too (`cite!(rule_x)`).
 */
import type { FileScan } from '../context.ts'
import { isYearForm } from '../editions.ts'
import { tokenizeCapture, type CaptureToken } from '../grammar.ts'
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
 * An argument that is only a release (`cite("CR v24.03", "6.2.5")`, `#[cr("v24.03", rule_x)]`) names the
 * release of the others, as `version:` does.
 */
function readArguments(scan: FileScan, callAt: number, from: number, bare: boolean) {
  const { text, setup } = scan
  const read = readLiterals(text, from, 41 /* ) */, true, bare, from + CALL_SPAN)
  const literals: { start: number; end: number; tokens: CaptureToken[] }[] = []
  let version = read.version
  for (const [start, end] of read.spans) {
    if (end <= start || scan.covered().overlaps(start, end)) continue
    scan.covered().add(start, end)
    const tokens = tokenizeCapture(text, start, end, setup.between)
    const edition = version === undefined ? releaseOnly(tokens, setup.table.chapters) : undefined
    if (edition !== undefined) version = edition
    else literals.push({ start, end, tokens })
  }
  let group: number | undefined
  for (const { tokens } of literals) captureHits(scan, tokens, version, 'call', callAt, (group ??= scan.nextGroup()))
}

/** `v24.03`, `CR 24.03`, `CR: v24.03`: a literal that names a release and nothing else (`1.8` alone is section 1.8). */
function releaseOnly(tokens: readonly CaptureToken[], chapters: ReadonlySet<string>): string | undefined {
  const last = tokens[tokens.length - 1]
  if (last?.kind !== 'edition' || !tokens.slice(0, -1).every((t) => t.kind === 'marker')) return undefined
  const digits = last.text.replace(/^[vV]/, '')
  return /^[vV]/.test(last.text) || isYearForm(digits, chapters) ? last.text : undefined
}
