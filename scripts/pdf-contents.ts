/**
 * `npm run pdf-contents`: keep in the repository (`data/pdf-contents.json`)
 * the page numbers each PDF's contents had in the last build, read from the
 * build cache. A fresh clone's first build (CI, `npm start` on a new
 * machine) then prints each PDF once instead of twice while they hold; a
 * stale entry costs one more print, never a different PDF (build-cache.ts).
 * Pages of the last build (`dist/`) not printed into the cache are kept as
 * they were. `--dist DIR`: another build (its cache: `CR_SITE_CACHE_DIR`). `--check`: say which pages are out of date, write nothing, exit 1 if any.
 */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openBuildCache, PDF_CONTENTS, printedContents, type PdfContents } from '../site/integration/build-cache.ts'
import { isDirectory, isFile, listDir, writeFile } from '../src/io/files.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../..')
const at = process.argv.indexOf('--dist')
const DIST = at >= 0 ? resolve(process.argv[at + 1]!) : join(ROOT, 'dist')
const check = process.argv.includes('--check')

const { cache, committed } = openBuildCache(ROOT)
if (!cache) {
  console.error('pdf-contents: the build cache is off (CR_SITE_CACHE=0): nothing to read the printed numbers from')
  process.exit(1)
}
// The printed pages of the last build: `/full/` and each release's `/vNN.NN/full/`.
const pages = ['/full/', ...(isDirectory(DIST) ? listDir(DIST).filter((d) => /^v\d/.test(d)).map((d) => `/${d}/full/`) : [])].filter((p) => isFile(join(DIST, p, 'index.html')))
const next: PdfContents = { ...committed }
const changed: string[] = []
for (const page of pages) {
  const printed = printedContents(cache, page)
  if (!printed) continue
  if (JSON.stringify(printed) !== JSON.stringify(committed[page])) changed.push(page)
  next[page] = printed
}
if (check) {
  console.log(changed.length === 0 ? `${PDF_CONTENTS}: up to date (${pages.length} pages)` : `${PDF_CONTENTS}: out of date for ${changed.join(', ')}`)
  process.exit(changed.length === 0 ? 0 : 1)
}
const sorted = Object.fromEntries(Object.keys(next).sort().map((k) => [k, next[k]!]))
writeFile(join(ROOT, PDF_CONTENTS), `${JSON.stringify(sorted, null, 1)}\n`)
console.log(`${PDF_CONTENTS}: ${changed.length} of ${pages.length} printed pages updated${changed.length ? ` (${changed.join(', ')})` : ''}`)
