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
 * - PDF: the `/full/` page as built, the release's data files beside it and
 *   the site's scripts (what the page loads while it prints), and the PDF's
 *   document information.
 *
 * `CR_SITE_CACHE=0` turns it off; `CR_SITE_CACHE_DIR` moves it (default
 * `node_modules/.cache/netrunner-cr-site`).
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cacheKey, folderFingerprint, openDirCache, type DirCache } from '../../src/io/dir-cache.ts'
import { isDirectory, isFile, listDir, pathExists, readBytes, realPath, statTarget } from '../../src/io/files.ts'
import { CHROMIUM_PATH } from './chromium.ts'
import { printPdfs, writtenBesidePrint, type PdfJob, type PdfResult } from './pdf.ts'
import { readPagefindIds, writeSearchIndexes, type SearchIndexJob, type SearchIndexResult } from './search-index.ts'

const HERE = fileURLToPath(new URL('.', import.meta.url))

export interface BuildCache {
  cache: DirCache | undefined
  /** The code that renders: this folder's sources and the lock file. */
  code: string
}

export function openBuildCache(root: string, env: NodeJS.ProcessEnv = process.env): BuildCache {
  const lock = join(root, 'package-lock.json')
  const code = cacheKey(folderFingerprint(HERE), pathExists(lock) ? readBytes(lock) : '')
  return { cache: openDirCache(env, root), code }
}

export type Cached<T> = T & { cached: boolean }

/** `writeSearchIndexes`, reusing every index whose records did not change. */
export async function cachedSearchIndexes({ cache, code }: BuildCache, jobs: SearchIndexJob[]): Promise<Cached<SearchIndexResult>[]> {
  // The records as data: their HTML is made from them by this folder's code (search-index.ts), already in `code`.
  const keys = jobs.map((job) => cacheKey('pagefind', code, JSON.stringify(job.records)))
  const results: (Cached<SearchIndexResult> | undefined)[] = jobs.map((job, i) => {
    if (!cache?.restoreDir('pagefind', keys[i]!, job.outputPath)) return undefined
    // Which rule each result is, kept beside the index: reading it back meant unzipping every fragment.
    const kept = cache.restoreText('pagefind-ids', keys[i]!)
    const pagefindIds = kept ? new Map(Object.entries(JSON.parse(kept) as Record<string, string>)) : readPagefindIds(job.outputPath)
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

/** Top-level files of a folder (not its subfolders) but the PDFs and what the print never reads (written beside it). */
function dataFiles(dir: string): string {
  if (!isDirectory(dir)) return ''
  return listDir(dir)
    .filter((f) => !writtenBesidePrint(f) && isFile(join(dir, f)) && !f.endsWith('.pdf'))
    .sort()
    .map((f) => `${f}:${cacheKey(readBytes(join(dir, f)))}`)
    .join('\n')
}

/** `printPdfs`, copying every PDF whose page, data, scripts and code did not change. */
export async function cachedPdfs({ cache, code }: BuildCache, out: string, jobs: PdfJob[], bases: string[]): Promise<Cached<PdfResult>[]> {
  const shared = cacheKey(folderFingerprint(join(out, '_astro')), chromiumIdentity())
  const keys = jobs.map((job, i) =>
    cacheKey('pdf', code, shared, readBytes(join(out, job.pagePath, 'index.html')), dataFiles(join(out, bases[i]!)), JSON.stringify(job.info ?? null), job.siteUrl ?? ''),
  )
  const results: (Cached<PdfResult> | undefined)[] = jobs.map((job, i) =>
    cache?.restoreFile('pdf', keys[i]!, job.outFile) ? { written: job.outFile, ms: 0, contents: {}, prints: 0, cached: true } : undefined,
  )
  const missing = jobs.flatMap((job, i) => (results[i] ? [] : [{ job, i }]))
  if (missing.length > 0) {
    const printed = await printPdfs(out, missing.map(({ job }) => ({ ...job, ...guessedContents(cache, job) })))
    missing.forEach(({ job, i }, j) => {
      const result = printed[j]!
      results[i] = { ...result, cached: false }
      if ('written' in result) {
        cache?.storeFile('pdf', keys[i]!, job.outFile)
        cache?.replaceText('pdf-contents', contentsKey(job), JSON.stringify(result.contents))
      }
    })
  }
  return results.map((r) => r!)
}

/**
 * The contents' page numbers the last print of the same page had (by its
 * path alone: after a one-word edit they are mostly still right), as the
 * print's guess; pdf.ts checks a guess and prints again when it is wrong.
 */
const contentsKey = (job: PdfJob) => cacheKey('pdf-contents', job.pagePath)
function guessedContents(cache: DirCache | undefined, job: PdfJob): Pick<PdfJob, 'contents'> {
  try {
    const kept = cache?.restoreText('pdf-contents', contentsKey(job))
    const contents = kept === undefined ? undefined : (JSON.parse(kept) as unknown)
    if (contents && typeof contents === 'object' && Object.values(contents).every((n) => Number.isInteger(n))) return { contents: contents as Record<string, number> }
  } catch {
    // Not a guess we can read: print without one.
  }
  return {}
}
