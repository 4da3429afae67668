/**
 * A number without a marker in a comment (`// 6.1.4a: end the run`): only
 * with `bareNumbers: "comments"`, three parts or more, never after `v`,
 * `version`, `@` or `§`.
 */
import type { FileScan, ScannerSetup } from '../context.ts'
import { readNumbers } from '../grammar.ts'
import { hit } from '../hit.ts'
import type { WordForm } from './form.ts'

export const bareNumber: WordForm = {
  name: 'bare-number',
  source(setup: ScannerSetup) {
    if (setup.config.bareNumbers !== 'comments') return undefined
    return String.raw`(?<![A-Za-z0-9_.§@]|[Vv]ersion )\d{1,2}\.\d{1,3}\.\d{1,3}(?:[a-z]{1,2})?(?![A-Za-z0-9_]|\.\d)`
  },
  read(scan: FileScan, offset: number, number: string) {
    if (!scan.setup.table.chapters.has(number.slice(0, number.indexOf('.')))) return undefined
    const place = scan.placeOf(offset)
    if (place !== 'comment' && place !== 'doc') return undefined
    const { items, end } = readNumbers(scan.text, offset)
    for (const it of items) {
      for (const v of it.values) scan.hits.push(it.values.length > 1 ? { ...hit(it.offset, it.text, v, true, 'number'), range: true } : hit(it.offset, it.text, v, true, 'number'))
    }
    return end
  },
}
