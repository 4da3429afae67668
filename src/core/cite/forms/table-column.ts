/**
 * A column of rules in a table of data: a CSV or TSV file (a traceability sheet, a test plan exported
 * from a spreadsheet) whose header names a column `rule`, `rules`, `rule_id`, `rule number`, `cr`,
 * `covers`, `citations`. Each cell of that column is an element of a list written as data
 * (`key-list.ts`): `6.1.4`, `"6.1.4, 6.1.4a"`, `rule_end_the_run`; a cell with anything else in it
 * (`see 6.1.4`, `4.17.21`) is the sheet's own. Other columns are read as any text is.
 */
import type { FileScan } from '../context.ts'
import type { CaptureForm } from './form.ts'
import { readElement } from './key-list.ts'

/** A header that names the rules a row cites. */
const RULE_HEADER = /^(?:rules?|cites|citations?|covers|cr|cr[ _-]?rules?|rule[ _-]?(?:ids?|numbers?|refs?))$/i

export const tableColumn: CaptureForm = {
  name: 'table-column',
  find(scan: FileScan) {
    const separator = /\.csv$/i.test(scan.file) ? ',' : /\.tsv$/i.test(scan.file) ? '\t' : undefined
    if (separator === undefined) return
    const rows = cells(scan.text, separator)
    const header = rows.next()
    if (header.done) return
    const columns = new Set<number>()
    header.value.forEach((c, i) => {
      if (RULE_HEADER.test(scan.text.slice(c.start, c.end).trim())) columns.add(i)
    })
    if (columns.size === 0) return
    for (const row of rows) {
      for (const i of columns) {
        const c = row[i]
        if (c === undefined) continue
        // Blanks around a cell's value are the sheet's, not the value's.
        let start = c.start
        let end = c.end
        while (start < end && /[ \t]/.test(scan.text[start]!)) start++
        while (end > start && /[ \t\r]/.test(scan.text[end - 1]!)) end--
        readElement(scan, start, end, true, start, scan.nextGroup())
      }
    }
  },
}

/** The cells of each row, as offsets (inside a quoted cell's quotes); a quoted cell may hold separators and line breaks. Linear. */
function* cells(text: string, separator: string): Generator<{ start: number; end: number }[]> {
  let row: { start: number; end: number }[] = []
  let i = 0
  while (i < text.length) {
    if (text[i] === '"') {
      const start = i + 1
      let j = start
      for (;;) {
        const q = text.indexOf('"', j)
        if (q === -1) {
          j = text.length
          break
        }
        if (text[q + 1] === '"') j = q + 2
        else {
          j = q
          break
        }
      }
      row.push({ start, end: j })
      i = j + 1
      while (i < text.length && text[i] !== separator && text[i] !== '\n') i++
    } else {
      const start = i
      while (i < text.length && text[i] !== separator && text[i] !== '\n') i++
      row.push({ start, end: i })
    }
    if (i >= text.length || text[i] === '\n') {
      yield row
      row = []
    }
    i++
  }
  if (row.length > 0) yield row
}
