/**
 * The incremental half of `astro:build:done`: each release's Pagefind index
 * and PDF are kept (src/io/dir-cache.ts) by a key made of what they are made
 * from and the code that makes them, and copied instead of rebuilt when the
 * key is found. An edit in rules/ changes only the current rules' records and
 * `/full/` page, so only its index and PDF are made again; a change to the
 * integration's code, the lock file (Pagefind, Chromium's driver, pdf-lib…)
 * or Chromium itself makes everything again.
 *
 * - Pagefind: the search records (each becomes the HTML Pagefind is given by
 *   search-index.ts, part of the code).
 * - PDF: what the print reads (pdf.ts `printInputs`: the `/full/` page as
 *   rendered, its card data, the site's scripts; it is refused the rest),
 *   and the PDF's document information.
 *
 * `CR_SITE_CACHE=0` turns it off; `CR_SITE_CACHE_DIR` moves it (default
 * `node_modules/.cache/netrunner-cr-site`).
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cacheKey, folderFingerprint, openDirCache, type DirCache } from '../../src/io/dir-cache.ts'
import { fileOfSitePath } from '../shared/routes.ts'
import { pathExists, readBytes, readJson, realPath, statTarget } from '../../src/io/files.ts'
import { CHROMIUM_PATH } from './chromium.ts'
import { openPrinter, printInputs, type PdfJob, type PdfResult, type Printer } from './pdf.ts'
import { readPagefindIds, writeSearchIndexes, type PagefindRef, type SearchIndexJob, type SearchIndexResult } from './search-index.ts'

const HERE = fileURLToPath(new URL('.', import.meta.url))

export interface BuildCache {
  cache: DirCache | undefined
  /** The code that renders: this folder's sources and the lock file. */
  code: string
  /** The contents' page numbers kept in the repository (`PDF_CONTENTS`), by page: a cold build's guess. */
  committed: PdfContents
}

/** Each printed page (`/full/`, `/v24.03/full/`) → its contents' page numbers (`#id` → page). */
export type PdfContents = Record<string, Record<string, number>>

/**
 * The contents' page numbers as a print last had them, kept in the
 * repository (`npm run pdf-contents` writes it from the last build): a
 * fresh clone or CI, whose cache is empty, prints each PDF once when they
 * still hold, instead of twice. Only a guess: a wrong one is found and
 * printed again (pdf.ts), the same bytes either way.
 */
export const PDF_CONTENTS = 'data/pdf-contents.json'

export function openBuildCache(root: string, env: NodeJS.ProcessEnv = process.env): BuildCache {
  const lock = join(root, 'package-lock.json')
  const code = cacheKey(folderFingerprint(HERE), pathExists(lock) ? readBytes(lock) : '')
  return { cache: openDirCache(env, root), code, committed: readCommittedContents(join(root, PDF_CONTENTS)) }
}

/** `PDF_CONTENTS` as far as it is a guess we can read: a page's numbers all integers, else left out. */
function readCommittedContents(path: string): PdfContents {
  try {
    if (!pathExists(path)) return {}
    const json = readJson(path)
    if (!json || typeof json !== 'object' || Array.isArray(json)) return {}
    return Object.fromEntries(Object.entries(json as Record<string, unknown>).filter((e): e is [string, Record<string, number>] => isContents(e[1])))
  } catch {
    return {}
  }
}
const isContents = (v: unknown): v is Record<string, number> => !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((n) => Number.isInteger(n))

/** The contents' page numbers the last print of `pagePath` had, kept in the build cache (undefined when none). */
export function printedContents(cache: DirCache | undefined, pagePath: string): Record<string, number> | undefined {
  // Without the repository's numbers, a guess can only be the cache's.
  return guessedContents(cache, {}, { pagePath }).contents
}

export type Cached<T> = T & { cached: boolean; /** Where a print's guess of its contents' pages came from (a PDF printed with one). */ guessFrom?: 'cache' | 'repository' }

/** `writeSearchIndexes`, reusing every index whose records did not change. */
export async function cachedSearchIndexes({ cache, code }: BuildCache, jobs: SearchIndexJob[]): Promise<Cached<SearchIndexResult>[]> {
  // The records as data: their HTML is made from them by this folder's code (search-index.ts), already in `code`.
  const keys = jobs.map((job) => cacheKey('pagefind', code, JSON.stringify(job.records)))
  const results: (Cached<SearchIndexResult> | undefined)[] = jobs.map((job, i) => {
    if (!cache?.restoreDir('pagefind', keys[i]!, job.outputPath)) return undefined
    // Which rule each result is, kept beside the index: reading it back meant unzipping every fragment.
    const kept = cache.restoreText('pagefind-ids', keys[i]!)
    const pagefindIds = kept ? new Map(Object.entries(JSON.parse(kept) as Record<string, PagefindRef>)) : readPagefindIds(job.outputPath)
    return { records: job.records.length, pagefindIds, cached: true }
  })
  const missing = jobs.flatMap((job, i) => (results[i] ? [] : [{ job, i }]))
  if (missing.length > 0) {
    const written = await writeSearchIndexes(missing.map((m) => m.job))
    missing.forEach(({ job, i }, j) => {
      results[i] = { ...written[j]!, cached: false }
      cache?.storeDir('pagefind', keys[i]!, job.outputPath)
      cache?.storeText('pagefind-ids', keys[i]!, JSON.stringify(Object.fromEntries(written[j]!.pagefindIds)))
    })
  }
  return results.map((r) => r!)
}

/** Chromium as installed: a new version prints anew. */
function chromiumIdentity(): string {
  try {
    const real = realPath(CHROMIUM_PATH)
    const st = real === undefined ? undefined : statTarget(real)
    return st ? `${real}:${st.size}:${st.mtimeMs}` : 'none'
  } catch {
    return 'none'
  }
}

/** What a print reads of `out` (pdf.ts `printInputs`): from `served` when the build handed it over, else the file Astro wrote. */
export function inputBytes(out: string, path: string, served: Record<string, Uint8Array> = {}): Uint8Array {
  return served[path] ?? readBytes(join(out, fileOfSitePath(path)))
}

/**
 * The PDF step of a build: each release's PDF is copied when its key (the
 * page, the data it reads, the site's scripts, Chromium, the code and the
 * document information) was printed before, else printed by `printer`.
 * The key reads only what the print reads (printInputs), so it can be
 * taken as soon as Astro has rendered the page, before it has written the
 * rest of the site; `served` holds those rendered bytes.
 */
export function pdfStep({ cache, code, committed }: BuildCache, out: string, printer: Printer) {
  let shared: string | undefined
  return async (job: PdfJob, served: Record<string, Uint8Array> = {}): Promise<Cached<PdfResult>> => {
    // The site's scripts are written before Astro renders any page.
    shared ??= cacheKey(folderFingerprint(join(out, '_astro')), chromiumIdentity())
    const { page, data } = printInputs(job.pagePath)
    const key = cacheKey('pdf', code, shared, ...[page, ...data].flatMap((path) => [path, Buffer.from(inputBytes(out, path, served))]), JSON.stringify(job.info ?? null), job.siteUrl ?? '')
    if (cache?.restoreFile('pdf', key, job.outFile)) return { written: job.outFile, ms: 0, contents: {}, prints: 0, cached: true }
    const { contents, from } = guessedContents(cache, committed, job)
    const result = await printer.print({ ...job, ...(contents ? { contents } : {}), served })
    if ('written' in result) {
      cache?.storeFile('pdf', key, job.outFile)
      cache?.replaceText('pdf-contents', contentsKey(job), JSON.stringify(result.contents))
    }
    return { ...result, cached: false, ...(from ? { guessFrom: from } : {}) }
  }
}

/** `printPdfs`, copying every PDF whose page, data, scripts and code did not change. */
export async function cachedPdfs(buildCache: BuildCache, out: string, jobs: PdfJob[]): Promise<Cached<PdfResult>[]> {
  const printer = openPrinter(out)
  try {
    const pdf = pdfStep(buildCache, out, printer)
    return await Promise.all(jobs.map((job) => pdf(job)))
  } finally {
    await printer.close()
  }
}

/**
 * The contents' page numbers the last print of the same page had (by its
 * path alone: after a one-word edit they are mostly still right), as the
 * print's guess, else the repository's (`PDF_CONTENTS`); pdf.ts checks a
 * guess and prints again when it is wrong.
 */
const contentsKey = (job: Pick<PdfJob, 'pagePath'>) => cacheKey('pdf-contents', job.pagePath)
function guessedContents(cache: DirCache | undefined, committed: PdfContents, job: Pick<PdfJob, 'pagePath'>): { contents?: Record<string, number>; from?: 'cache' | 'repository' } {
  try {
    const kept = cache?.restoreText('pdf-contents', contentsKey(job))
    const contents = kept === undefined ? undefined : (JSON.parse(kept) as unknown)
    if (isContents(contents)) return { contents, from: 'cache' }
  } catch {
    // Not a guess we can read: the repository's, or none.
  }
  const inRepository = committed[job.pagePath]
  return inRepository && Object.keys(inRepository).length > 0 ? { contents: inRepository, from: 'repository' } : {}
}
