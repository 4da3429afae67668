/**
 * The citation scanner: one file's text in, its citations and problems out.
 * Language-agnostic, but not blind to code: a word is a citation only where
 * it is written as one (see README.md, "What counts as a citation").
 *
 * The steps, each its own module:
 *   1. capture forms (`forms/`: project patterns, Lisp calls), each a pass;
 *   2. word forms (`forms/`: citation calls, ID words, markers, bare numbers), one expression;
 *   3. lines and columns of the hits (`lines.ts`);
 *   4. resolving each hit (`resolve-hit.ts`);
 *   5. pairing numbers with IDs on a line (`pairing.ts`);
 *   6. citations, hints and silenced problems (`problems.ts`).
 *
 * Speed matters (every commit of a large engine), and every step is linear
 * in the text and its hits (a minified line with 60,000 citations included):
 * hits are rare, and everything else — places, lines, pairs, suggestions — is
 * computed for hits only, suggestions cached per word.
 */
import { DEFAULT_CITE_CONFIG, type CiteConfig } from './config.ts'
import { createFileScan, createSetup } from './context.ts'
import { CAPTURE_FORMS, WORD_FORMS } from './forms/index.ts'
import { NOT_MINE } from './forms/form.ts'
import { aboutOtherRules } from './other-documents.ts'
import type { Hit } from './hit.ts'
import { pairNumbersWithIds } from './pairing.ts'
import { collect, silence } from './problems.ts'
import { resolveHit } from './resolve-hit.ts'
import type { CiteTable } from './table.ts'
import type { CiteProblem, CiteRule, ScanResult } from './types.ts'
import { hit as makeHit } from './hit.ts'
import { normalizeNumber, olderEdition, parseCitation } from '../ids.ts'

export interface Scanner {
  /** Scan one file; `file` picks the comment syntax (by extension) and is copied into the results. */
  scan(text: string, file: string): ScanResult
  /**
   * One rule written as data, not found in text (an exceptions entry:
   * `rule_x`, `10.5.5`, `CR 6.1.4a`, `CR v24.03 6.2.5`): resolved as the same
   * words cited would be, with the same problems (renamed, an old number, a
   * typo's suggestions) placed at `line:column` of `file`.
   * `needsReleases` as for `scan`; `number`, the number read when no release or edition was named
   * (what a baseline rereads, as it does a `Citation`'s).
   */
  resolve(written: string, file: string, line: number, column: number): { rule?: CiteRule; problem?: CiteProblem; number?: string; needsReleases?: true }
}

/** What a scan without releases returns for a text that cites one: nothing yet, scan again with them. */
const needsReleases = (): ScanResult => ({ citations: [], problems: [], needsReleases: true })

export function createScanner(table: CiteTable, config: CiteConfig = DEFAULT_CITE_CONFIG): Scanner {
  const setup = createSetup(table, config)
  // One expression for the whole file: each word form is one alternative, its own group.
  const forms = WORD_FORMS.flatMap((form) => {
    const source = form.source(setup)
    return source === undefined ? [] : [{ form, source }]
  })
  // Never inside a longer word (`my_rule_x`, `ABCR 6.1`): refused by the expression itself, so such words
  // cost no match object and no call.
  const main = new RegExp(`(?<![A-Za-z0-9_])(?:${forms.map((f) => `(${f.source})`).join('|')})`, 'g')

  return {
    scan(text, file) {
      const scan = createFileScan(setup, text, file)
      for (const form of CAPTURE_FORMS) form.find(scan)
      const covered = scan.covered()

      main.lastIndex = 0
      for (let m = main.exec(text); m !== null; m = main.exec(text)) {
        const offset = m.index
        let k = 0
        while (m[k + 1] === undefined) k++
        const form = forms[k]!.form
        if (!form.readsInCaptures && covered.covers(offset)) continue
        const next = form.read(scan, offset, m[k + 1]!)
        if (next === NOT_MINE) main.lastIndex = offset + 1
        else if (next !== undefined) main.lastIndex = Math.max(main.lastIndex, next)
      }
      // `ignoreIds` for what capture forms read (word forms ask themselves).
      if (config.ignoreIds && scan.hits.length > 0) scan.hits = scan.hits.filter((h) => h.isNumber || (h.via !== 'call' && h.via !== 'pattern') || !setup.isIgnored(h.value))
      // A file about another game's rules (`Reference: Flesh and Blood Comprehensive Rules`): its numbers are that game's.
      if (scan.hits.some((h) => h.isNumber) && aboutOtherRules(table, text)) scan.hits = scan.hits.filter((h) => !h.isNumber)
      const hits = scan.hits
      // Numbers are read with their history (`CR 10.5.5` was a rule until v25.08): the releases hold it.
      if (!table.releases && (table.editions?.length ?? 0) > 0 && hits.some((h) => h.isNumber && h.version === undefined && h.notHeld === undefined)) scan.needsReleases = true
      if (scan.needsReleases) return needsReleases()
      if (hits.length === 0) return { citations: [], problems: [] }

      hits.sort((a, b) => a.offset - b.offset)
      locate(scan.lines, hits)
      for (const h of hits) resolveHit(setup, h, file)
      const bareHits = pairNumbersWithIds(setup, text, hits, file)
      const result = collect(setup, bareHits.length > 0 ? hits.concat(bareHits) : hits, file)
      return silence(text, scan.lines, result, config.ignoreCodes)
    },
    resolve(written, file, line, column) {
      const text = written.trim()
      // An edition not held (`CR 1.8 9.1.8g`) is said to be one, as in a file; never read as today's rule.
      const older = olderEdition(text)
      const cited = parseCitation(text)
      const version = cited.version
      const query = older !== undefined ? older.query : version !== undefined ? cited.query : text
      const number = normalizeNumber(query)
      const value = number ?? query.replace(/^(?:CR|rule)\s+/i, '')
      const h = makeHit(0, text, value, number !== undefined, 'call')
      if (older !== undefined) h.notHeld = older.edition
      else if (version !== undefined) h.version = version
      h.line = line
      h.column = column
      if (!table.releases && (table.editions?.length ?? 0) > 0 && older === undefined && (version !== undefined || h.isNumber)) return { needsReleases: true }
      resolveHit(setup, h, file)
      return { ...(h.rule ? { rule: h.rule } : {}), ...(h.problem ? { problem: h.problem } : {}), ...(number !== undefined && h.version === undefined && h.notHeld === undefined ? { number } : {}) }
    },
  }
}

/** Lines and columns of the hits. */
function locate(lines: { lineOf(o: number): number; startOf(o: number): number }, hits: Hit[]) {
  for (const h of hits) {
    h.line = lines.lineOf(h.offset)
    h.column = h.offset - lines.startOf(h.offset) + 1
  }
}
