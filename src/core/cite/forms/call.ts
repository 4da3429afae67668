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

/**
 * `cite(`, `cite!(`, `#[cr(`, `[Cite(`, `@cr(`, `rule(`: an alternative of the main expression (a pass of its
 * own cost a sixth of the scan). Never in Lisp files, whose calls are `(cite "…")`.
 */
const CALL_NAMES = String.raw`(?:cite|Cite|CITE|cr|Cr|CR|rule|Rule|cite_rule|cr_rule)!?[ \t]*\(`
/** Lisp calls, `(cite "…")`, `(cr/cite "…")`: looked for in Lisp files only, in a pass of their own. */
const LISP_CALL = /\((?:[A-Za-z][\w.-]*\/)?(?:cite|cr)[ \t]+(?=["'])/g
/** `version: 'v24.03'` in a call's other arguments (`rule('6.2.5', { version: 'v24.03' })`, `version="v24.03"`, `Edition = "…"`). */
const VERSION_ARG = /\b(?:version|edition)\s*(?::|=>?)\s*['"`]([^'"`\n]{1,12})['"`]/i
/**
 * A named argument, in any language's way: `rule="6.9.6a"` (Python, Kotlin, Scala), `Rule = "…"` (C#
 * attributes, Rust's `#[cr(rule = "…")]`), `rule: "…"` (Swift, C#, Ruby, Dart, an options object),
 * `:rule => "…"` (Ruby). Not `==` (a comparison) nor `::` (a path).
 */
const NAMED = /:?([A-Za-z_][A-Za-z0-9_]{0,63})[ \t]*(?:=>|=(?!=)|:(?!:))[ \t]*/y
/** Names whose value cites (compared in lower case, `_` dropped: `rule_id`, `ruleId`, `RuleId`); any other named argument is not read. */
const CITING_NAMES = new Set(['rule', 'rules', 'id', 'ids', 'ruleid', 'ruleids', 'number', 'numbers', 'num', 'rulenumber', 'rulenumbers', 'ref', 'refs', 'reference', 'references', 'ruleref', 'rulerefs', 'cr', 'cite', 'cites', 'citation', 'citations', 'covers', 'step', 'steps', 'section', 'sections'])
const isCitingName = (name: string) => CITING_NAMES.has(name.toLowerCase().replaceAll('_', ''))
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
 * The string arguments of a citation call whose `(` ends at `from`: each
 * literal's content is a capture (`cite!("rule_x")`, `cite("6.1.4", "6.1.5")`);
 * a macro's or attribute's bare tokens too (`cite!(rule_x)`, `#[cr(6.1.4)]`);
 * a named argument's value when its name cites (`rule="6.9.6a"`, `#[cr(rule =
 * "…")]`, `[Cite(Rule = "…")]`, `rule: "…"`, an options object's `{ rule: "…" }`).
 * Other arguments are skipped, except `version: 'v24.03'`, which names the
 * release of the literals before it. Stops at the closing `)` or after
 * `CALL_SPAN` characters.
 */
function readCall(text: string, from: number, bareTokens: boolean, capture: (start: number, end: number, version?: string) => void) {
  const limit = Math.min(text.length, from + CALL_SPAN)
  const literals: [number, number][] = []
  let version: string | undefined
  // Inside an options object (`cite({ rule: '6.1.4' })`): only named values are read.
  let object = false
  let i = from
  while (i < limit) {
    let c = text.charCodeAt(i)
    if (c === 41 /* ) */) break
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 44) {
      i++
      continue
    }
    if (c === 123 /* { */ && !object) {
      object = true
      i++
      continue
    }
    if (c === 125 /* } */ && object) {
      object = false
      i++
      continue
    }
    // A named argument whose name cites: its value is read as an argument would be.
    NAMED.lastIndex = i
    const name = NAMED.exec(text)
    const named = name !== null && isCitingName(name[1]!)
    if (named) {
      i = NAMED.lastIndex
      c = text.charCodeAt(i)
    }
    // A string literal: "…", '…', `…`, r"…", r#"…"#, @"…".
    let q = i
    if ((c === 114 || c === 64) && (text[i + 1] === '"' || text[i + 1] === '#')) q = text[i + 1] === '#' ? i + 2 : i + 1
    const quote = text.charCodeAt(q)
    if (quote === 34 || quote === 39 || quote === 96) {
      let j = q + 1
      while (j < limit && text.charCodeAt(j) !== quote && text.charCodeAt(j) !== 10) j += text.charCodeAt(j) === 92 ? 2 : 1
      if (j >= limit || text.charCodeAt(j) !== quote) break
      if (!object || named) literals.push([q + 1, j])
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
    else if (bareTokens && (!object || named) && /^[\w.+§ -]+$/.test(arg.trim())) literals.push([start, start + arg.trimEnd().length])
    if (i < limit && text.charCodeAt(i) === 10) break
  }
  for (const [s, e] of literals) capture(s, e, version)
}
