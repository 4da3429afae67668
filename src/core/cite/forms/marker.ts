/**
 * A marker and what it numbers: `CR 6.1.4`, `rule 6.1.4a`, `rules 6.1.4 and
 * 6.1.5`, `CR: 6.9`, a configured `§6.1.4`; after it, optionally, an edition
 * (`CR v24.03 6.2.5`, `CR 24.03 §6.2.5`, `CR 1.8 9.1.8g`) and then numbers or
 * an ID of that edition.
 */
import type { FileScan, ScannerSetup } from '../context.ts'
import { editionName, isEditionAfterMarker, isYearForm, readEditionAfter } from '../editions.ts'
import { NUMBER, readNumbers, type NumberItem } from '../grammar.ts'
import { escapeRegExp } from '../../chars.ts'
import { EDITION_SOURCE } from '../../edition-syntax.ts'
import { hit, stamp } from '../hit.ts'
import { isPlaceholder } from '../lexical.ts'
import { followedByOtherDocument, isOtherNumbering, namedOtherDocument, plausibleNumber } from '../other-documents.ts'
import type { WordForm } from './form.ts'

/** A word that may be an ID of an old release (IDs with other prefixes existed). */
const OLD_ID_WORD = /[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*\+*/y
/** After a marker: `:`, `#`, `§` and blanks, in any order; or the end of a line and the next line's comment marker (`CR` / `// 6.1.4`). */
const AFTER_MARKER = /[ \t]*(?:\r?\n[ \t]*(?:\/\/[\/!]?|#+|;+|\*(?!\/)|--)?[ \t]*)?(?:\([ \t]*)?(?:[:#][ \t]*)?(?:§[ \t]*)?/y
/** The rules' name written out, a marker like `CR`. */
const FULL_NAME = /[Cc]omprehensive[ \t]+[Rr]ules/
/** `step 6.9.1a`: a citation only when the number is a rule; never an error (`step 3.2` of a recipe). */
const SOFT_MARKER = /^[Ss]teps?$/
/** What `step` may number: a rule, a sub-rule or a step, three parts or more (`step 2.5` is a recipe's). */
const STEP_NUMBER = /^\d+\.\d+\.\d/
/** Words before `CR 1.8` that make it an edition: `per Nisei CR 1.5`, `NSG CR 1.4`. */
const EDITION_BEFORE = /(?:^|[^A-Za-z])(?:nisei|nsg|ffg)[ \t]*$/i
/** `9.6.2, 9.6.5 and 9.6.15 of CR 1.8`: numbers of an edition. */
const NUMBERS_OF = /\d[a-z]?[ \t]*,?[ \t]+of[ \t]+(?:the[ \t]+)?$/
/** Words after `CR 1.4` that make it an edition: `CR 1.4 errata`, `CR 1.8 section 1.8`. */
const EDITION_AFTER = /^[ \t]*(?:errata|edition|version|release|faq|update|changes|text\b|section[ \t]+\d)/i
/**
 * What opens a comment line, in every syntax cr reads and a few more: `//`, `///`, `//!`, `/*`, `/**`, ` *`,
 * `#`, `;;`, `--`, `%`, `'` (VB), `REM`, `"""`, `'''`, `<!--`, `(*`, `{-`.
 */
const LEADER = String.raw`(?:\/\/[\/!]?|\/\*+!?|\*|#+|;+|--+|%+|'(?!'')|REM\b|"""|'''|<!--|\(\*|\{-)`
/** `CR 1.8` alone on a comment line, the lines after it quoting that edition's numbered rules. */
const ALONE_BEFORE = new RegExp(String.raw`^[ \t]*${LEADER}?[ \t]*$`)
/** `;; Quoted from CR 1.8:`: words before the edition, none a number, and a colon after it. */
const TITLE_BEFORE = new RegExp(String.raw`^[ \t]*${LEADER}?[ \t]*[A-Za-z][^\d\n]{0,80}$`)
const COLON_AFTER = /^[ \t]*:/
/** Nothing after the edition on its line but punctuation and a comment's end. */
const TAIL = String.raw`[ \t.:;,)]*(?:\*\/|-->|"""|'''|\*\)|-\})?[ \t]*`
const ALONE_TAIL = new RegExp(String.raw`^${TAIL}\r?$`)
/** The next lines: up to two empty comment lines, then one starting with a number. */
const ALONE_AFTER = new RegExp(String.raw`^${TAIL}(?:\r?\n[ \t]*${LEADER}?[ \t]*){1,3}(\d+(?:\.\d+)+)`)
/** An edition after a marker: `v24.03`, `24.03`, `1.8`, `v1.8`. */
const EDITION = new RegExp(EDITION_SOURCE, 'y')
/** Between an edition and what it numbers: blanks, a colon (`CR v24.03: 6.2.5`), or a comma. */
const EDITION_GAP = /([ \t]*[,:][ \t]*|[ \t]+)(?:§[ \t]*)?/y
const NUMBER_AT = new RegExp(NUMBER, 'y')
const RULE_MARKER = /^[Rr]/
/** The CR's own names: no word before them makes them someone else's. */
const CR_NAME = /^(?:CR|Cr|cr|[Cc]omprehensive[ \t]+[Rr]ules)$/

export const markedNumber: WordForm = {
  name: 'marker',
  source(setup: ScannerSetup) {
    const markers = ['CR', 'Cr', 'cr', '[Rr]ules?', 'RULES?', '[Ss]teps?', ...setup.config.markers.map(escapeRegExp)].join('|')
    // `CR` may end a line, its number starting the next (after that line's comment marker).
    return (
      String.raw`(?:${markers})(?=[ \t]*(?:[:#][ \t]*)?(?:§[ \t]*)?[vV]?\d)|CR(?=[ \t]*\r?\n[ \t]*(?:\/\/[\/!]?|#+|;+|\*(?!\/)|--)?[ \t]*(?:§[ \t]*)?\d)` +
      // `the Comprehensive Rules (10.3)`, `Comprehensive Rules §6.1.4`: the name written out, its number in parentheses or not.
      String.raw`|${FULL_NAME.source}(?=[ \t]*(?:\([ \t]*)?(?:[:#][ \t]*)?(?:§[ \t]*)?\d)`
    )
  },
  read: readMarked,
}

/**
 * A marker at `offset`: an edition and what it numbers, or a list of
 * numbers. Returns where reading stopped, or undefined when it is no citation.
 */
function readMarked(scan: FileScan, offset: number, marker: string): number | undefined {
  const { setup, text } = scan
  const { table } = setup
  // `MISRA C:2012 Rule 10.4`, `Flesh and Blood Comprehensive Rules 1.0.1a`: another document's rules.
  const strong = !RULE_MARKER.test(marker) && !SOFT_MARKER.test(marker)
  if (namedOtherDocument(table, text, offset, strong, !strong || !CR_NAME.test(marker))) return skipNumbers(scan, offset + marker.length)
  AFTER_MARKER.lastIndex = offset + marker.length
  AFTER_MARKER.exec(text)
  const pos = AFTER_MARKER.lastIndex
  EDITION.lastIndex = pos
  const e = EDITION.exec(text)
  if (e) {
    const digits = e[2]!
    const afterEdition = EDITION.lastIndex
    EDITION_GAP.lastIndex = afterEdition
    const gap = EDITION_GAP.exec(text)
    const next = gap ? EDITION_GAP.lastIndex : afterEdition
    NUMBER_AT.lastIndex = next
    const nextNumber = gap ? NUMBER_AT.exec(text) : null
    OLD_ID_WORD.lastIndex = next
    const nextId = gap && !nextNumber ? OLD_ID_WORD.exec(text) : null
    const v = e[1] !== undefined
    const yearForm = isYearForm(digits, table.chapters)
    // A colon is a label's (`CR v24.03: 6.2.5`, `Quoted from CR 1.8:` above the rules): nothing after it is no
    // gap; before a number of its own section (`CR 1.2: 1.2.1`) it follows the section, not an edition.
    const colon = gap !== null && gap[1]!.includes(':')
    const labelled = colon && (nextNumber !== null || nextId !== null)
    const ownSection = colon && nextNumber !== null && nextNumber[0].startsWith(`${digits}.`)
    const hasGap = gap !== null && (!colon || labelled)
    if (!ownSection && isEditionAfterMarker({ v, yearForm, nextNumber: nextNumber !== null, nextId: nextId !== null, gap: hasGap, blankGap: hasGap && !gap[1]!.includes(',') })) {
      // `CR v24.03` alone names a release, not a rule (and, alone on its line, the edition of what follows).
      if (!nextNumber && !nextId) {
        noteHeader(scan, offset, afterEdition, `${v ? 'v' : ''}${digits}`)
        return afterEdition
      }
      if (RULE_MARKER.test(marker) && !v && !yearForm) return undefined
      const name = editionName(`${v ? 'v' : ''}${digits}`)
      if (nextId) {
        const release = table.releases?.byVersion.get(name)
        const word = setup.trimPlus(nextId[0], (w) => setup.isKnownId(w) || (release?.byId.has(w) ?? false))
        const prefix = word.slice(0, word.indexOf('_'))
        const inRelease = release?.byId.has(word) ?? false
        // `CR v24.03 release_notes`: only likely IDs are citations.
        if (!inRelease && !setup.isKnownId(word) && !setup.strict.has(prefix) && !table.loosePrefixes.includes(prefix)) return afterEdition
        if (setup.isIgnored(word)) return next + word.length
        if (!inRelease && !setup.isKnownId(word) && isPlaceholder(word) && scan.placeOf(offset) !== 'code') return next + word.length
        const ed = scan.edition(name)
        scan.hits.push(stamp(hit(offset, text.slice(offset, next + word.length), word, false, 'id'), ed.kind === 'not-held' ? undefined : name, ed.kind === 'not-held' ? name : undefined))
        return next + word.length
      }
      const ed = scan.edition(name)
      const { items, end } = readNumbers(text, next, setup.between)
      pushItems(scan, offset, items, ed.kind === 'not-held' ? undefined : ed.name, ed.kind === 'not-held' ? ed.name : undefined)
      return end
    }
    // `CR 24.03 release notes`: a release named, no rule; no chapter 24 makes it a section.
    if (yearForm) return afterEdition
    // `per Nisei CR 1.5`, `… of CR 1.8.`, `CR 1.4 errata`, `;; CR 1.8` above quoted rules: an edition named, no rule.
    if (!v && !SOFT_MARKER.test(marker) && isEditionByContext(text, offset, afterEdition, digits)) {
      noteHeader(scan, offset, afterEdition, digits)
      return afterEdition
    }
  }
  NUMBER_AT.lastIndex = pos
  const first = NUMBER_AT.exec(text)
  if (!first) return undefined
  // `CR 601.2a`: Magic's numbering (the CR's chapters are 1 to 11), or another document's.
  if (isOtherNumbering(first[0])) return skipNumbers(scan, pos)
  // `rule 2.5` in an unrelated comment is not the CR; `CR 12.1` is, and wrong.
  if ((RULE_MARKER.test(marker) || SOFT_MARKER.test(marker)) && !table.chapters.has(first[0].slice(0, first[0].indexOf('.')))) return undefined
  const { items, end } = readNumbers(text, pos, setup.between)
  if (items.length === 0) return undefined
  // `CR 6.1.4 (v24.03)`, `rule 6.1.4 of CR 24.03`, `CR 6.1.4, CR v24.03`: the edition named after the numbers.
  const after = readEditionAfter(text, end, table.chapters)
  if (after) {
    const ed = scan.edition(after.written)
    pushItems(scan, text.slice(offset, pos).includes('\n') ? pos : offset, items, ed.kind === 'not-held' ? undefined : ed.name, ed.kind === 'not-held' ? ed.name : undefined)
    return after.end
  }
  // `rule 8.13` (MISRA's), `Rule 1.0.1` (another game's): after a weak marker, a number whose section the CR
  // never had is another document's. Decided with the releases, which know every number once printed.
  if ((RULE_MARKER.test(marker) || SOFT_MARKER.test(marker)) && !items.every((it) => it.values.every((v) => plausibleNumber(setup, v)))) {
    if (!table.releases && (table.editions?.length ?? 0) > 0) scan.needsReleases = true
    return end
  }
  // `rule 6.1.4 of the Ruff docs`, `rule 4.2 in MTR`.
  if (followedByOtherDocument(table, text, end)) return end
  if (SOFT_MARKER.test(marker)) {
    // `step 6.9.1a` cites; `step 2.5` of something else is nothing: a step is never a chapter or a section
    // (two parts), whatever the CR numbers so.
    const known = (n: string) => STEP_NUMBER.test(n) && (table.byNumber.has(n) || (table.releases?.ledger.meanings(n).length ?? 0) > 0)
    const kept = items.map((it) => ({ ...it, values: it.values.filter(known) })).filter((it) => it.values.length > 0)
    if (kept.length === 0) return end
    pushItems(scan, kept[0]!.offset === items[0]!.offset ? offset : kept[0]!.offset, kept, undefined, undefined)
    return end
  }
  // A marker ending the line before: the citation is where the number is.
  pushItems(scan, text.slice(offset, pos).includes('\n') ? pos : offset, items, undefined, undefined)
  return end
}

/** Past the numbers at `from` (after a marker of another document's): none of them is read, not even as a bare number. */
function skipNumbers(scan: FileScan, from: number): number {
  AFTER_MARKER.lastIndex = from
  AFTER_MARKER.exec(scan.text)
  const pos = AFTER_MARKER.lastIndex
  const { items, end } = readNumbers(scan.text, pos, scan.setup.between)
  return items.length > 0 ? end : from
}

/** Numbers read after a marker; the first one's text starts at the marker (`CR 6.1.4`). */
export function pushItems(scan: FileScan, markerAt: number, items: readonly NumberItem[], version: string | undefined, notHeld: string | undefined) {
  items.forEach((it, i) => {
    const start = i === 0 ? markerAt : it.offset
    const written = scan.text.slice(start, it.offset + it.text.length)
    for (const v of it.values) {
      const h = hit(start, written, v, true, 'number')
      if (it.values.length > 1) h.range = true
      scan.hits.push(stamp(h, version, notHeld))
    }
  })
}

/** Is the two-part number after a marker (`CR 1.8`) an edition, by what is written around it? */
function isEditionByContext(text: string, markerAt: number, afterEdition: number, digits: string): boolean {
  // A bounded look around: a minified line of `CR 1.8 …` stays linear.
  const window = text.slice(Math.max(0, markerAt - 120), markerAt)
  const before = window.slice(window.lastIndexOf('\n') + 1)
  const after = text.slice(afterEdition, Math.min(text.length, afterEdition + 200))
  if (EDITION_BEFORE.test(before) || EDITION_AFTER.test(after)) return true
  // The numbered editions were 1.x (before the dated releases, v22.12): only their numbers are read so.
  if (!digits.startsWith('1.')) return false
  if (NUMBERS_OF.test(before)) return true
  const alone = ALONE_BEFORE.test(before) || (TITLE_BEFORE.test(before) && COLON_AFTER.test(after))
  if (!alone) return false
  const next = ALONE_AFTER.exec(after)
  // `// CR 1.2` above `// 1.2.1 …` is the section and its rules, not an edition.
  return next !== null && !next[1]!.startsWith(`${digits}.`)
}

/** Lines a header may look through (a quoted edition is read a screen at a time, and a scan stays linear). */
const HEADER_LINES = 200

/**
 * An edition named alone on a comment line (`;; CR 1.8`, `// CR v24.03`, `# Quoted from CR 1.8:`): the
 * comment block below it — the lines while they are comments — quotes that edition, so numbers read
 * there (`bareNumbers`) are its, never today's.
 */
function noteHeader(scan: FileScan, markerAt: number, afterEdition: number, written: string) {
  const { text } = scan
  const lineStart = scan.lines.startOf(markerAt)
  if (markerAt - lineStart > 120) return
  let lineEnd = text.indexOf('\n', afterEdition)
  if (lineEnd === -1) lineEnd = text.length
  if (lineEnd - afterEdition > 40) return
  const before = text.slice(lineStart, markerAt)
  const after = text.slice(afterEdition, lineEnd)
  if (!ALONE_TAIL.test(after)) return
  if (!ALONE_BEFORE.test(before) && !(TITLE_BEFORE.test(before) && COLON_AFTER.test(after))) return
  // What the edition is, only when a number below needs it (a held release costs a compile).
  scan.editionHeader = { written, from: lineEnd, to: commentBlockEnd(scan, lineStart, lineEnd) }
}

/**
 * Where the comment block after the header's line (ending at `from`) ends: a block comment or docstring
 * the header is inside ends with it; a run of line comments (`//`, `#`, `;;`, `--`) at the first line
 * that is not one; prose at a blank line; none goes on past `HEADER_LINES`.
 */
function commentBlockEnd(scan: FileScan, headerLine: number, from: number): number {
  const { text } = scan
  const syntax = scan.syntax()
  const lineComment = (at: number) => syntax.line.some((m) => text.startsWith(m, at))
  // Inside a block comment or docstring that goes on after this line, or a run of line comments.
  const inBlock = !syntax.prose && !lineComment(firstNonBlank(text, headerLine, from)) && isComment(scan.placeOf(from))
  let end = from
  for (let n = 0; n < HEADER_LINES && end < text.length; n++) {
    const start = end + 1
    let next = text.indexOf('\n', start)
    if (next === -1) next = text.length
    const k = firstNonBlank(text, start, next)
    const blank = k === next
    const goesOn = syntax.prose ? !blank : inBlock ? isComment(scan.placeOf(k)) : !blank && lineComment(k)
    if (!goesOn) return start
    end = next
  }
  return end
}

function firstNonBlank(text: string, from: number, to: number): number {
  let k = from
  while (k < to && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9 || text.charCodeAt(k) === 13)) k++
  return k
}

const isComment = (place: string) => place === 'comment' || place === 'doc'
