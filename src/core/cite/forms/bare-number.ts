/**
 * A number without a marker in a comment (`// 6.1.4a: end the run`): only
 * with `bareNumbers: "comments"`, three parts or more, never after `v`,
 * `version`, `@` or `§`; under an edition named alone on a comment line
 * (`;; CR 1.8`), a number of that edition.
 */
import type { FileScan, ScannerSetup } from '../context.ts'
import { readNumbers } from '../grammar.ts'
import { hit, stamp } from '../hit.ts'
import { plausibleNumber, versionByWords } from '../other-documents.ts'
import type { WordForm } from './form.ts'

export const bareNumber: WordForm = {
  name: 'bare-number',
  source(setup: ScannerSetup) {
    if (setup.config.bareNumbers !== 'comments') return undefined
    return String.raw`(?<![A-Za-z0-9_.§@^~=<>]|[Vv]ersion )\d{1,2}\.\d{1,3}\.\d{1,3}(?:[a-zA-Z]{1,2})?(?![A-Za-z0-9_]|\.\d)`
  },
  read(scan: FileScan, offset: number, number: string) {
    if (!scan.setup.table.chapters.has(number.slice(0, number.indexOf('.')))) return undefined
    const place = scan.placeOf(offset)
    if (place !== 'comment' && place !== 'doc') return undefined
    const { items, end } = readNumbers(scan.text, offset, scan.setup.between)
    // Without a marker, only what could be a rule is one: `lodash 4.17.21 to 4.17.23`, `serde 1.0.197` are
    // versions, and so is every number on a line with one (`tokio 1.36.0 and the 2.4.1 protocol`).
    if (!items.every((it) => it.values.every((v) => plausibleNumber(scan.setup, v)))) return end
    if (lineHasVersion(scan, offset)) return end
    // `Node 8.4.2`, `RFC 8446 section 4.1.2`, `the 2.3.1 hotfix`, `upgrade to 6.2.5`: what the words around say.
    if (versionByWords(scan.setup.table, scan.text, offset, end)) return end
    // Below `;; CR 1.8` alone on its line, the numbers quoted are that edition's: a held release's are read
    // through it; any other's are not today's rules, and not read.
    const header = scan.editionHeader
    const edition = header && offset >= header.from && offset < header.to ? scan.edition(header.written) : undefined
    if (edition && edition.kind !== 'held' && edition.kind !== undefined) return end
    for (const it of items) {
      for (const v of it.values) {
        const h = hit(it.offset, it.text, v, true, 'number')
        if (it.values.length > 1) h.range = true
        scan.hits.push(edition ? stamp(h, edition.name, undefined) : h)
      }
    }
    return end
  },
}

const VERSION_LIKE = /(?<![\d.])\d{1,3}\.\d{1,3}\.\d{1,4}(?![\d.])/g
const versionLines = new WeakMap<FileScan, Map<number, boolean>>()

/** Does the line at `offset` hold a three-part number that cannot be a rule (a version)? Once per line. */
function lineHasVersion(scan: FileScan, offset: number): boolean {
  const start = scan.lines.startOf(offset)
  let cache = versionLines.get(scan)
  if (!cache) versionLines.set(scan, (cache = new Map()))
  const known = cache.get(start)
  if (known !== undefined) return known
  let end = scan.text.indexOf('\n', start)
  if (end === -1) end = scan.text.length
  const line = scan.text.slice(start, end)
  let found = false
  VERSION_LIKE.lastIndex = 0
  for (let m = VERSION_LIKE.exec(line); m !== null && !found; m = VERSION_LIKE.exec(line)) found = !plausibleNumber(scan.setup, m[0])
  cache.set(start, found)
  return found
}
