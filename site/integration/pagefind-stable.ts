/**
 * Pagefind writes the same index in a different order each time: a filter's
 * values come out of a hash map (Pagefind/pagefind#638: fragments are stable
 * since 1.3, "filter/metadata indexes" are not). So the filter chunk, the
 * metadata naming it, the entry naming that, and through them each release's
 * offline list and the service worker's build ID changed with every build of
 * the same rules: every reader's offline copy was fetched again after each
 * deploy, and a rebuild was never byte for byte a cold build (issue 22).
 *
 * Here the values of each filter chunk are put in order (by value), and the
 * chunk, the metadata and the entry are written again under names made from
 * their bytes, as Pagefind names them. Search reads them as before: the same
 * values with the same pages, in another order.
 *
 * The files are Pagefind's: gzip of a signature and CBOR (cborg reads and
 * writes it; arrays, strings and integers only, as Pagefind writes them).
 */
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { decode, encode } from 'cborg'
import { readBytes, readText, removePath, writeOutputFile } from '../../src/io/files.ts'

const SIGNATURE = 'pagefind_dcd'

/** A Pagefind file's data: gzip of a signature and CBOR. */
export function readChunk(path: string): unknown {
  const bytes = gunzipSync(readBytes(path))
  if (bytes.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE) throw new Error(`${path}: not a Pagefind chunk (no ${SIGNATURE} signature)`)
  return decode(bytes.subarray(SIGNATURE.length))
}

/** The chunk's bytes (gzip with no timestamp: the same data, the same bytes) and the hash Pagefind-style names take. */
function chunkBytes(value: unknown): { bytes: Buffer; hash: string } {
  const bytes = gzipSync(Buffer.concat([Buffer.from(SIGNATURE, 'latin1'), encode(value)]), { level: 9 })
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex') }
}

const byValue = (a: unknown, b: unknown) => {
  const [x, y] = [String((a as unknown[])[0]), String((b as unknown[])[0])]
  return x < y ? -1 : x > y ? 1 : 0
}

function expectArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`Pagefind ${what}: expected an array, found ${typeof value}`)
  return value
}

/**
 * Rewrite one Pagefind bundle (`…/pagefind/`) so that the same records give
 * the same files. Only what Pagefind orders at random changes; a bundle
 * already in order is written as it is.
 */
export function stabilizeBundle(outputPath: string): void {
  const entryPath = join(outputPath, 'pagefind-entry.json')
  const entry = JSON.parse(readText(entryPath)) as { languages: Record<string, { hash: string }> }
  for (const [lang, info] of Object.entries(entry.languages)) {
    const metaPath = join(outputPath, `pagefind.${info.hash}.pf_meta`)
    // [version, pages, index chunks, filters: [name, chunk hash][], sorts, meta fields]
    const meta = expectArray(readChunk(metaPath), 'metadata')
    const filters = expectArray(meta[3], 'metadata filters') as [string, string][]
    meta[3] = filters
      .map(([name, hash]) => {
        const path = join(outputPath, 'filter', `${hash}.pf_filter`)
        // [filter name, [value, pages][]]
        const chunk = expectArray(readChunk(path), 'filter chunk')
        chunk[1] = [...expectArray(chunk[1], 'filter values')].sort(byValue)
        const written = chunkBytes(chunk)
        const name2 = `${lang}_${written.hash.slice(0, 7)}`
        removePath(path)
        writeOutputFile(join(outputPath, 'filter', `${name2}.pf_filter`), written.bytes)
        return [name, name2] as [string, string]
      })
      .sort(byValue)
    const written = chunkBytes(meta)
    const hash = `${lang}_${written.hash.slice(0, 10)}`
    removePath(metaPath)
    writeOutputFile(join(outputPath, `pagefind.${hash}.pf_meta`), written.bytes)
    info.hash = hash
  }
  writeOutputFile(entryPath, JSON.stringify(entry))
}
