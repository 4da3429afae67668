/**
 * The rules' own reference markup, as code that embeds or quotes rule text
 * writes it: `{ref:sec_credits}`, `{ref:Sec_clicks}` (the capital is the
 * rendering's, `Section 1.11`), `{ref/through:sec_run_initiation,sec_run_ends_phase}`.
 * Each ID in it is a citation; an ID written with a capital is the ID in lower
 * case. An unknown one is reported only when it is a close miss of a real ID,
 * as an ID word outside a citation form is.
 */
import type { FileScan } from '../context.ts'
import { hit } from '../hit.ts'
import type { WordForm } from './form.ts'

/** `{ref:` or `{ref/variant:`, then IDs separated by commas, up to `}`. */
const REF = /\{ref(?:\/[a-z]+)?:((?:[A-Za-z][A-Za-z0-9_]*)(?:,[ \t]*[A-Za-z][A-Za-z0-9_]*)*)\}/y

export const refMarkup: WordForm = {
  name: 'ref-markup',
  source: () => String.raw`\{ref[:/]`,
  read(scan: FileScan, offset: number) {
    const { setup, text } = scan
    REF.lastIndex = offset
    const m = REF.exec(text)
    if (m === null) return undefined
    let at = offset + m[0].indexOf(':') + 1
    for (const written of m[1]!.split(',')) {
      const start = text.indexOf(written.trim(), at)
      const raw = written.trim()
      at = start + raw.length
      const word = raw.charAt(0).toLowerCase() + raw.slice(1)
      const kind = setup.wordKind(word)
      if (kind !== 'known' && kind !== 'typo') continue
      if (setup.isIgnored(word)) continue
      const h = hit(start, raw, word, false, 'id')
      scan.hits.push(h)
    }
    return offset + m[0].length
  },
}
