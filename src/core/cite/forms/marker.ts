/**
 * A marker and what it numbers: `CR 6.1.4`, `rule 6.1.4a`, `rules 6.1.4 and
 * 6.1.5`, `CR: 6.9`, a configured `§6.1.4`; after it, optionally, an edition
 * (`CR v24.03 6.2.5`, `CR 24.03 §6.2.5`, `CR 1.8 9.1.8g`) and then numbers or
 * an ID of that edition.
 */
import type { FileScan, ScannerSetup } from '../context.ts'
import { editionName, isEditionAfterMarker, isYearForm } from '../editions.ts'
import { NUMBER, readNumbers, type NumberItem } from '../grammar.ts'
import { escapeRegExp, hit, stamp } from '../hit.ts'
import { isPlaceholder } from '../lexical.ts'
import type { WordForm } from './form.ts'

/** A word that may be an ID of an old release (IDs with other prefixes existed). */
const OLD_ID_WORD = /[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*\+*/y
/** After a marker: `:`, `#`, `§` and blanks, in any order; or the end of a line and the next line's comment marker (`CR` / `// 6.1.4`). */
const AFTER_MARKER = /[ \t]*(?:\r?\n[ \t]*(?:\/\/[\/!]?|#+|;+|\*(?!\/)|--)?[ \t]*)?(?:\([ \t]*)?(?:[:#][ \t]*)?(?:§[ \t]*)?/y
/** The rules' name written out, a marker like `CR`. */
const FULL_NAME = /[Cc]omprehensive[ \t]+[Rr]ules/
/** `step 6.9.1a`: a citation only when the number is a rule; never an error (`step 3.2` of a recipe). */
const SOFT_MARKER = /^[Ss]teps?$/
/** Words before `CR 1.8` that make it an edition: `per Nisei CR 1.5`, `NSG CR 1.4`. */
const EDITION_BEFORE = /(?:^|[^A-Za-z])(?:nisei|nsg|ffg)[ \t]*$/i
/** `9.6.2, 9.6.5 and 9.6.15 of CR 1.8`: numbers of an edition. */
const NUMBERS_OF = /\d[a-z]?[ \t]*,?[ \t]+of[ \t]+(?:the[ \t]+)?$/
/** Words after `CR 1.4` that make it an edition: `CR 1.4 errata`, `CR 1.8 section 1.8`. */
const EDITION_AFTER = /^[ \t]*(?:errata|edition|version|release|faq|update|changes|text\b|section[ \t]+\d)/i
/** `CR 1.8` alone on a comment line, the lines after it quoting that edition's numbered rules. */
const ALONE_BEFORE = /^[ \t]*(?:\/\/[\/!]?|\/\*+|#+|;+|\*|--)?[ \t]*$/
const ALONE_AFTER = /^[ \t.:;,)]*\r?\n[ \t]*(?:\/\/[\/!]?|#+|;+|\*|--)?[ \t]*\d+\.\d+/
/** An edition after a marker: `v24.03`, `24.03`, `1.8`, `v1.8`. */
const EDITION = /([vV])?(\d{1,2}\.\d{1,2})(?![A-Za-z0-9_]|\.\d)/y
/** Between an edition and what it numbers: blanks, or a comma. */
const EDITION_GAP = /([ \t]*,[ \t]*|[ \t]+)(?:§[ \t]*)?/y
const NUMBER_AT = new RegExp(NUMBER, 'y')
const RULE_MARKER = /^[Rr]/

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
    if (isEditionAfterMarker({ v, yearForm, nextNumber: nextNumber !== null, nextId: nextId !== null, gap: gap !== null, blankGap: gap !== null && !gap[1]!.includes(',') })) {
      // `CR v24.03` alone names a release, not a rule.
      if (!nextNumber && !nextId) return afterEdition
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
    if (!v && !SOFT_MARKER.test(marker) && isEditionByContext(text, offset, afterEdition, digits)) return afterEdition
  }
  NUMBER_AT.lastIndex = pos
  const first = NUMBER_AT.exec(text)
  if (!first) return undefined
  // `rule 2.5` in an unrelated comment is not the CR; `CR 12.1` is, and wrong.
  if ((RULE_MARKER.test(marker) || SOFT_MARKER.test(marker)) && !table.chapters.has(first[0].slice(0, first[0].indexOf('.')))) return undefined
  const { items, end } = readNumbers(text, pos, setup.between)
  if (items.length === 0) return undefined
  if (SOFT_MARKER.test(marker)) {
    // `step 6.9.1a` cites; `step 2.5` of something else is nothing.
    const known = (n: string) => table.byNumber.has(n) || (table.releases?.ledger.meanings(n).length ?? 0) > 0
    const kept = items.map((it) => ({ ...it, values: it.values.filter(known) })).filter((it) => it.values.length > 0)
    if (kept.length === 0) return end
    pushItems(scan, kept[0]!.offset === items[0]!.offset ? offset : kept[0]!.offset, kept, undefined, undefined)
    return end
  }
  // A marker ending the line before: the citation is where the number is.
  pushItems(scan, text.slice(offset, pos).includes('\n') ? pos : offset, items, undefined, undefined)
  return end
}

/** Numbers read after a marker; the first one's text starts at the marker (`CR 6.1.4`). */
function pushItems(scan: FileScan, markerAt: number, items: readonly NumberItem[], version: string | undefined, notHeld: string | undefined) {
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
  return NUMBERS_OF.test(before) || (ALONE_BEFORE.test(before) && ALONE_AFTER.test(after))
}
