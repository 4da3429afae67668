/**
 * Numbers with no marker before them, their edition named after them: `6.1.4@v24.03`, `6.1.4 [CR
 * v24.03]`, `6.2.5 in the 24.03 rules`, `9.1.8g (CR 1.8)`. The suffix is the marker. Read when it names
 * the CR (`CR`, `rules`) or a release held here (`(v24.03)`, `@v24.03`: a release's exact name); never
 * when the words around make the number a version (`upgraded to 1.16.2 in v24.03 of the lockfile`).
 * A held release's numbers are read through it; an edition not held names its numbers without
 * reading them (as `9.6.2 of CR 1.8` always did): not today's rules, and no marker asked for them.
 */
import type { FileScan, ScannerSetup } from '../context.ts'
import { readEditionAfter } from '../editions.ts'
import { readNumbers } from '../grammar.ts'
import { followedByOtherDocument, plausibleNumber, versionByWords } from '../other-documents.ts'
import { bareNumber } from './bare-number.ts'
import type { WordForm } from './form.ts'
import { pushItems } from './marker.ts'

const CR_WORD = String.raw`(?:(?:NSG|Nisei)[ \t]+)?(?:CR|Cr|cr|[Cc]omprehensive)`
/** More numbers of the list (`6.1.4 and 6.1.5 (v24.03)`), as `readNumbers` reads them. */
const LIST_TAIL = String.raw`(?:[ \t]*(?:,|&|\/|\+|and|or)[ \t]*(?:and[ \t]+|or[ \t]+)?(?:§[ \t]*)?\d[\w.]*(?:[–-][\w.]+)?)*`
/** Where an edition may start after the numbers: `(`, `[`, `@`, `of`/`in`/`from`/`as of` (the exact forms: `readEditionAfter`). */
const SUFFIX_START = String.raw`(?:[ \t]*[(\[][ \t]*(?:the[ \t]+)?(?:${CR_WORD}[ \t]*,?[ \t]*)?[vV]?\d|[ \t]*@[ \t]*[vV]?\d|,?[ \t]+(?:of|in|from|per|under|as[ \t]+of)[ \t]+(?:the[ \t]+)?(?:${CR_WORD}|[vV]?\d)|[ \t]*,[ \t]*${CR_WORD}[ \t]*[vV]?\d)`

export const editionAfter: WordForm = {
  name: 'edition-after',
  source: () => String.raw`(?<![\d.])\d{1,2}(?:\.\d+)+(?:[a-zA-Z]{1,2})?(?=${LIST_TAIL}${SUFFIX_START})`,
  read(scan: FileScan, offset: number, match: string) {
    const { setup, text } = scan
    const { table } = setup
    const { items, end } = readNumbers(text, offset, setup.between)
    const after = items.length > 0 ? readEditionAfter(text, end, table.chapters) : undefined
    // `6.1.4 v24.03`, `6.1.4, v24.03`: after a marker only (`CR 6.1.4, v24.03`); alone, two version strings.
    const loose = after !== undefined && !after.named && /^[ \t,]*[vV]?\d/.test(text.slice(end, after.end))
    if (!after || loose) return fallBack(scan, offset, match, setup)
    const ed = scan.edition(after.written)
    if (!after.named && ed.kind !== 'held') return fallBack(scan, offset, match, setup)
    if (!table.chapters.has(match.slice(0, match.indexOf('.')))) return after.end
    // `upgraded nokogiri to 1.16.2 in v24.03 of the Gemfile.lock`: a version, another document's edition.
    if (versionByWords(table, text, offset, end) || followedByOtherDocument(table, text, after.end)) return after.end
    if (ed.kind === 'not-held') return after.end
    if (!items.every((it) => it.values.every((v) => plausibleNumber(setup, v)))) {
      if (!table.releases && (table.editions?.length ?? 0) > 0) scan.needsReleases = true
      return after.end
    }
    pushItems(scan, offset, items, ed.name, undefined)
    return after.end
  },
}

/** Not this form after all: a number in a comment is still a bare number when the project reads those. */
function fallBack(scan: FileScan, offset: number, match: string, setup: ScannerSetup): number | undefined {
  const source = bareNumber.source(setup)
  if (source === undefined) return undefined
  const bare = new RegExp(source, 'y')
  bare.lastIndex = offset
  const m = bare.exec(scan.text)
  return m === null ? undefined : bareNumber.read(scan, offset, m[0])
}
