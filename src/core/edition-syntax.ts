/**
 * How a citation names its edition of the CR, before the number or after it: the one home of that
 * syntax, read by the scanner (`cr cite`), `parseCitation` and `olderEdition` (`cr show`, the search).
 *
 *   before:  CR v24.03 6.1.4   CR 24.03 §6.1.4   CR 1.8 9.1.8g   v24.03 rule_x
 *   after:   CR 6.1.4 (v24.03)   6.1.4 [CR v24.03]   6.1.4@v24.03   CR 6.1.4, CR v24.03
 *            rule 6.1.4 of CR 24.03   6.1.4 in the 24.03 rules   6.1.4 as of v24.03
 *
 * An edition is `v` and two numbers (`v24.03`, `v1.8`) or the numbers alone (`24.03`, `1.8`). Without
 * its `v`, `NN.NN` is a release only when `NN` is not a chapter (`CR 10.10` is section 10.10); after the
 * number, an edition written without `v` and not in the year form (`(1.8)`) needs the CR's name beside
 * it (`(CR 1.8)`, `of CR 1.8`), or it is a section in parentheses.
 */

/** An edition as written: its `v` (group 1) and digits (group 2); never the start of a longer number. */
export const EDITION_SOURCE = String.raw`([vV])?(\d{1,2}\.\d{1,2})(?![A-Za-z0-9_]|\.\d)`

/** `v24.03`, `24.03`, `V1.8`, `1.8` → `v24.03`, `v24.03`, `v1.8`, `v1.8`. */
export function editionName(written: string): string {
  return `v${written.replace(/^[vV]/, '')}`
}

/** `24.03` without its `v` is a release only when `24` is not a chapter: `CR 10.10` is section 10.10. */
export function isYearForm(digits: string, chapters?: ReadonlySet<string>): boolean {
  return /^\d{2}\.\d{2}$/.test(digits) && !(chapters?.has(digits.slice(0, 2)) ?? Number(digits.slice(0, 2)) <= 11)
}

/** The CR's own names, as an edition's neighbour: `CR`, `NSG CR`, `the Comprehensive Rules`, `rules`. */
const CR_WORD = String.raw`(?:(?:NSG|Nisei)[ \t]+)?(?:CR|Cr|cr|[Cc]omprehensive[ \t]+[Rr]ules)`
/** After an edition, words that make it the CR's: `the 24.03 rules`, `v24.03 CR`, `CR 1.8 edition`. */
const NOUN_AFTER = String.raw`(?:[ \t]+(?:${CR_WORD}|[Rr]ules|edition|release))`

/**
 * The forms after a number, as one expression anchored where the numbers end. Groups: 1 a CR word
 * before the edition, 2 `v`, 3 the digits, 4 a noun after it (each tells the edition is the CR's).
 */
const AFTER = new RegExp(
  String.raw`(?:` +
    // `(v24.03)`, `(CR v24.03)`, `[CR v24.03]`, `(the 24.03 rules)`: an edition in brackets, nothing else.
    String.raw`[ \t]*[(\[][ \t]*(?:the[ \t]+)?(?:(${CR_WORD})[ \t]*,?[ \t]*)?` +
    '|' +
    // `6.1.4@v24.03`, `6.1.4 @ 24.03`.
    String.raw`[ \t]*@[ \t]*` +
    '|' +
    // `CR 6.1.4, CR v24.03`, `6.1.4, v24.03`, `CR 6.1.4 v24.03`.
    String.raw`(?:[ \t]*,[ \t]*|[ \t]+)(?=(?:CR|Cr|cr)?[ \t]*[vV]\d)(?:(CR|Cr|cr)[ \t]*)?` +
    '|' +
    // `of CR 24.03`, `in the 24.03 rules`, `as of v24.03`, `from the v24.03 CR`.
    String.raw`,?[ \t]+(?:of|in|from|per|under|as[ \t]+of)[ \t]+(?:the[ \t]+)?(?:(${CR_WORD})[ \t]*)?` +
    String.raw`)${EDITION_SOURCE}(${NOUN_AFTER})?`,
  'y',
)

/** An edition named after a number: its name (`v24.03`) and where the suffix ends. */
export interface EditionAfter {
  /** As written: `v24.03`, `24.03`, `1.8`. */
  written: string
  /** `v24.03`. */
  name: string
  /** The CR's name was written beside it (`[CR v24.03]`, `in the 24.03 rules`), not only a version. */
  named: boolean
  /** Where the suffix ends (past a closing bracket). */
  end: number
}

/**
 * The edition written after the numbers ending at `at`, or undefined. A bracket must close right after
 * it (`(v24.03)`, not `(v24.03 of our schema)`); a form without the CR's name needs a `v` or the year
 * form (`@24.03`), and `6.1.4 v24.03` or `, v24.03` needs the `v`.
 */
export function readEditionAfter(text: string, at: number, chapters?: ReadonlySet<string>): EditionAfter | undefined {
  AFTER.lastIndex = at
  const m = AFTER.exec(text.length - at > 120 ? text.slice(0, at + 120) : text)
  if (!m) return undefined
  const [whole, crBracket, crComma, crOf] = [m[0], m[1], m[2], m[3]]
  const v = m[4] !== undefined
  const digits = m[5]!
  const noun = m[6] !== undefined
  const named = crBracket !== undefined || crComma !== undefined || crOf !== undefined || noun
  if (!named && !v && !isYearForm(digits, chapters)) return undefined
  let end = at + whole.length
  const opener = /^[ \t]*([(\[])/.exec(whole)?.[1]
  if (opener !== undefined) {
    const close = /^[ \t]*([)\]])/.exec(text.slice(end, end + 8))
    if (!close || (opener === '(') !== (close[1] === ')')) return undefined
    end += close[0].length
  }
  return { written: `${v ? 'v' : ''}${digits}`, name: editionName(digits), named, end }
}

/** `CR v24.03 6.1.4`, `CR 24.03 §6.1.4`, `v1.8 rule_x`: an edition before what it numbers. Groups: 1 `CR`, 2 `v`, 3 digits, 4 the rest. */
const BEFORE = new RegExp(String.raw`^\s*(CR\s*)?${EDITION_SOURCE}[\s,:]+(?:§\s*)?(\S.*?)\s*$`, 'i')
/** A number or an ID, as a whole query. */
const QUERY = /^(?:\d+(?:\.\d+)+[a-z]{0,2}|[a-z][a-z0-9]*_[a-z0-9_]+\+?)$/i

/** A whole citation that names its edition, before or after: the edition's `v` and digits, and what it cites. */
export interface WrittenEditionCitation {
  v: boolean
  digits: string
  /** The CR's name was written with the edition (`CR 1.8 …`, `… (CR 1.8)`). */
  named: boolean
  query: string
}

/**
 * A whole text that cites a rule of a named edition (what a person types in `cr show` or the search
 * box): `CR v24.03 6.1.4`, `v24.03 rule_x`, `CR 6.1.4 (v24.03)`, `6.1.4@v24.03`, `rule 6.1.4 of CR
 * 24.03`. Undefined for anything else (`CR 10.10`, `6.1.4 6.1.5`).
 */
export function parseEditionCitation(text: string): WrittenEditionCitation | undefined {
  const before = BEFORE.exec(text)
  if (before) return { v: before[2] !== undefined, digits: before[3]!, named: before[1] !== undefined, query: before[4]! }
  const lead = /^\s*(?:(?:CR|rule)\s*)?(?:§\s*)?(\d+(?:\.\d+)+[a-z]{0,2}|[a-z][a-z0-9]*_[a-z0-9_]+\+?)/i.exec(text)
  if (!lead) return undefined
  const after = readEditionAfter(text, lead[0].length)
  if (!after || text.slice(after.end).trim() !== '' || !QUERY.test(lead[1]!)) return undefined
  return { v: after.written.startsWith('v'), digits: after.written.replace(/^v/, ''), named: after.named || /^\s*CR/i.test(text), query: lead[1]! }
}
