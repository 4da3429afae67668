/**
 * How people write lists and ranges of rule numbers after `CR`, inside a
 * citation call or a pattern's capture:
 *
 *   CR 6.1.4, 6.1.5 and 6.1.6      CR 4.6.2/4.6.3 + 10.2.3a      CR 6.1.4 & 6.1.5
 *   CR 6.1.4a–c   CR 6.1.4a-6.1.4c   CR 6.3 through 6.8   CR 6.3–6.8
 *
 * A range stands for every number in it (`6.1.4a–c` is 6.1.4a, 6.1.4b and
 * 6.1.4c); it is one citation text with several rules.
 */
import { isIdentChar as isIdent } from '../chars.ts'
import { citationForm } from '../ids.ts'

/**
 * `6.1.4`, `6.1.4a`, printed `6.1.4.a` or `6.1.4(a)`, timing `11.2.2b.i`; a letter in either case (`6.1.4A`,
 * as `cr show` takes it): values are read in lower case (`numberValue`).
 */
export const NUMBER = String.raw`\d+(?:\.\d+)+(?:\.?[a-zA-Z]{1,2}(?![a-zA-Z])|\([a-zA-Z]{1,2}\))?(?:\.[ivxIVX]+(?![a-zA-Z]))?`

/** A number as written → its value: in citation form, its letters in lower case (`6.1.4.A` → `6.1.4a`). */
export const numberValue = (written: string): string => citationForm(written.toLowerCase())

/** One cited item: a number, or a range of them. */
export interface NumberItem {
  offset: number
  /** As written: `6.1.4`, `6.1.4a–c`, `6.3 through 6.8`. */
  text: string
  /** The numbers it stands for, in citation form. */
  values: string[]
}

const FIRST = new RegExp(NUMBER, 'y')
/** A range's second half: a number, or letters after a number ending in one (`6.1.4a–c`). */
const RANGE_TO = new RegExp(String.raw`(?:[ \t]*(?:–|—|\.\.)[ \t]*|-|[ \t]+-[ \t]+(?=\d)|[ \t]+(?:through|thru|to)[ \t]+)(${NUMBER}|[a-zA-Z]{1,2}(?![A-Za-z0-9_]))`, 'y')
/** `6.9.3c-i`: step c, branch i (how the timing structures are cited), never the range c…i. */
const BRANCH = /-(?:iii|ii|iv|ix|i|vi{0,3}|x)(?![A-Za-z0-9_])/iy
/** `6.2.7a/c/d`, `6.1.4a, c and d`: more letters of the same rule. */
const MORE_LETTERS = /[ \t]*(?:\/|,|&|\band\b|\bor\b)[ \t]*([a-zA-Z])(?![A-Za-z0-9_.])/y
const SEPARATOR = new RegExp(String.raw`[ \t]*(?:,|&|/|\+|\band\b|\bor\b)[ \t]*(?:and[ \t]+|or[ \t]+)?(?:§[ \t]*)?(?=\d)`, 'y')

/**
 * Numbers from `pos` (which must start one): the first, and any list or
 * range after it. `end` is where reading stopped. Nothing when the number
 * runs into a word (`6.1.4x2`).
 */
export function readNumbers(text: string, pos: number, between?: Between): { items: NumberItem[]; end: number } {
  const items: NumberItem[] = []
  let at = pos
  for (;;) {
    FIRST.lastIndex = at
    const m = FIRST.exec(text)
    if (!m) break
    let end = at + m[0].length
    if (end < text.length && isIdent(text.charCodeAt(end))) break
    const first = numberValue(m[0])
    let item: NumberItem = { offset: at, text: m[0], values: [first] }
    const letter = /[a-z]$/.test(first)
    BRANCH.lastIndex = end
    if (letter && BRANCH.exec(text)) {
      // A branch of a step: the step is what is cited.
      end = BRANCH.lastIndex
      item = { offset: at, text: text.slice(at, end), values: [first] }
    } else {
      RANGE_TO.lastIndex = end
      const r = RANGE_TO.exec(text)
      if (r) {
        const rEnd = RANGE_TO.lastIndex
        const to = numberValue(r[1]!)
        const values = expandRange(first, to) ?? (/^\d/.test(to) ? between?.(first, to) : undefined)
        if (values && !(rEnd < text.length && isIdent(text.charCodeAt(rEnd)))) {
          item = { offset: at, text: text.slice(at, rEnd), values }
          end = rEnd
        }
      } else if (letter) {
        // `6.2.7a/c/d`: each further letter after the last, in order.
        let last = first.charCodeAt(first.length - 1)
        const stem = first.slice(0, -1)
        for (;;) {
          MORE_LETTERS.lastIndex = end
          const l = MORE_LETTERS.exec(text)
          const more = l?.[1]!.toLowerCase()
          if (more === undefined || more.charCodeAt(0) <= last) break
          last = more.charCodeAt(0)
          item.values.push(`${stem}${more}`)
          end = MORE_LETTERS.lastIndex
        }
        if (item.values.length > 1) item.text = text.slice(at, end)
      }
    }
    items.push(item)
    SEPARATOR.lastIndex = end
    if (!SEPARATOR.exec(text)) {
      at = end
      break
    }
    at = SEPARATOR.lastIndex
  }
  return { items, end: items.length > 0 ? items[items.length - 1]!.offset + items[items.length - 1]!.text.length : pos }
}

/** At most this many numbers in one range: `6.1 through 6.99` is a typo, not 99 citations. */
export const MAX_RANGE = 40

/**
 * Every number from `a` to `b` in the rules' order, for a range across
 * parents (`5.6.2d–5.6.3e`); undefined when either is not a rule, `b` comes
 * first, or the range is longer than `MAX_RANGE`. The scanner supplies it
 * from its table; without one, only ranges under one parent are read.
 */
export type Between = (a: string, b: string) => string[] | undefined

/**
 * Every number from `a` to `b`, or undefined when they do not make a range:
 * letters of one rule (`6.1.4a`–`c`, `6.1.4a`–`6.1.4c`) or last parts under
 * one parent (`6.3`–`6.8`, `6.1.4`–`6.1.6`).
 */
export function expandRange(a: string, b: string): string[] | undefined {
  const la = /^(\d+(?:\.\d+)+)([a-z])$/.exec(a)
  if (la) {
    const lb = /^(?:(\d+(?:\.\d+)+))?([a-z])$/.exec(b)
    if (!lb || (lb[1] !== undefined && lb[1] !== la[1])) return undefined
    const from = la[2]!.charCodeAt(0)
    const to = lb[2]!.charCodeAt(0)
    if (to <= from) return undefined
    return Array.from({ length: to - from + 1 }, (_, i) => `${la[1]}${String.fromCharCode(from + i)}`)
  }
  const na = /^(\d+(?:\.\d+)*)\.(\d+)$/.exec(a)
  const nb = /^(\d+(?:\.\d+)*)\.(\d+)$/.exec(b)
  if (!na || !nb || na[1] !== nb[1]) return undefined
  const from = Number(na[2])
  const to = Number(nb[2])
  if (to <= from || to - from >= MAX_RANGE) return undefined
  return Array.from({ length: to - from + 1 }, (_, i) => `${na[1]}.${from + i}`)
}

/** One token of a capture (a pattern's group, a citation call's string). */
export interface CaptureToken {
  offset: number
  text: string
  kind: 'numbers' | 'word' | 'edition' | 'marker'
  /** For `numbers`: the numbers (a range has several). */
  values?: string[]
}

/** After a two-part number in a capture: blanks or a label's colon, then a number (`1.8 9.1.8g`, `1.8: 9.1.8g`). */
const EDITION_BEFORE_NUMBER = /^(?:[ \t]+|[ \t]*:[ \t]*)(?:§[ \t]*)?\d/
/** Words that introduce a citation inside a capture (`//@ rule: CR 6.1.4`): not references. */
const CAPTURE_MARKER = /^(?:CR|Cr|cr|[Rr]ules?|RULES?|[Ss]teps?|[Ss]ections?|[Ss]ee|and|or|through|thru|to)$/
const CAPTURE_WORD = /[^\s,;/&+"'`()[\]{}|][^\s,;/&"'`()[\]{}|]*/y

/**
 * Split a capture into numbers (lists and ranges read as after `CR`), IDs and
 * the words around them. The capture is cut out once, so a long one (a
 * pattern that captures a whole minified line) costs its length, not its
 * length for every number in it.
 */
export function tokenizeCapture(text: string, start: number, end: number, between?: Between): CaptureToken[] {
  const out: CaptureToken[] = []
  const window = text.slice(start, end)
  const length = window.length
  let at = 0
  while (at < length) {
    const c = window.charCodeAt(at)
    if (c >= 48 && c <= 57 && !/^\d{2}\.\d{2}(?![\d.a-z])/.test(window.slice(at, at + 6))) {
      const { items, end: after } = readNumbers(window, at, between)
      // `1.8 9.1.8g`, `1.8: 9.1.8g`: a two-part number alone before another may be an edition, as after `CR`
      // (`captureHits` decides, with `isEditionInCapture`).
      if (items.length === 1 && /^\d+\.\d+$/.test(items[0]!.text) && EDITION_BEFORE_NUMBER.test(window.slice(after, after + 8))) {
        out.push({ offset: start + at, text: items[0]!.text, kind: 'edition' })
        // Past a label's colon, which is no marker of its own (`captureHits` reads the gap).
        at = after + (/^[ \t]*:/.exec(window.slice(after, after + 8))?.[0].length ?? 0)
        continue
      }
      if (items.length > 0) {
        for (const it of items) out.push({ offset: start + it.offset, text: it.text, kind: 'numbers', values: it.values })
        at = after
        continue
      }
    }
    // `§6.1.4`, `6.1.4@v24.03`: signs before a number or an edition.
    if (c === 167 /* § */ || c === 64 /* @ */) {
      at++
      continue
    }
    CAPTURE_WORD.lastIndex = at
    const m = CAPTURE_WORD.exec(window)
    if (!m || m.index !== at) {
      at++
      continue
    }
    const word = m[0]
    if (word.length > 0) {
      // `CR:`, `v24.03:`, `covers:`: a label's colon; no ID has one, so a word before it is a marker.
      const label = word.endsWith(':')
      const bare = label ? word.slice(0, -1) : word
      const kind = CAPTURE_MARKER.test(bare) ? 'marker' : /^[vV]?\d+\.\d+$/.test(bare) ? 'edition' : label ? 'marker' : 'word'
      out.push({ offset: start + at, text: bare, kind })
    }
    at += Math.max(1, word.length)
  }
  return out
}
