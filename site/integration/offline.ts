/**
 * Offline reading, the build's half: after the pages and search indexes are
 * written, list each release's files a reader needs offline
 * (`<base>offline.json`: pages but the one-page rules, lookup, previews,
 * card data, Pagefind's index, the site's scripts and icons for the current
 * release) and write
 * the service worker (`scripts/sw.ts`, transpiled) with an ID derived from
 * the current release's files, so a build that changes nothing a reader
 * keeps installs nothing new.
 */
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ReleaseData } from '../data/types.ts'
import { isFile, listDir as namesIn, readBytes, readText, writeOutputFile } from '../../src/io/files.ts'
import { fileOfSitePath, routes, siteRoutes } from '../shared/routes.ts'
import { searchBundleFiles } from './search-index.ts'

export interface OfflineResult {
  build: string
  /** Per release base: files listed and their bytes (as stored, uncompressed). */
  releases: { base: string; files: number; bytes: number }[]
}

const SITE_FILES = ['/manifest.webmanifest', '/favicon.svg', '/icon-192.png', '/icon-512.png']

/** Pagefind files a search needs (search-index.ts: the bundle holds nothing else), as site paths. */
const pagefindFiles = (out: string, base: string): string[] => searchBundleFiles(join(out, base, 'pagefind')).map((f) => routes(base).pagefind(f))

const listDir = (out: string, path: string, ext: string) =>
  namesIn(join(out, path)).filter((f) => f.endsWith(ext)).map((f) => `${path}${f}`)

/** Every file of one release a reader needs offline, as site paths. */
export function offlineFiles(out: string, release: ReleaseData): string[] {
  const at = routes(release.base)
  // Not `/full/`: it is the chapters' text again (0.9 MB), kept once it is read.
  const pages = [at.home(), ...release.chapters.map((c) => at.chapter(c.slug)), at.glossary(), at.cards(), at.search()]
  const data = [at.lookup(), at.searchVocab(), at.cardTerms(), at.searchIds(), at.cardData(), at.switchMap()]
  const previews = release.chapters.map((c) => at.previews(c.slug))
  const shared = release.current ? [...listDir(out, '/_astro/', '.js'), ...listDir(out, '/_astro/', '.css'), ...SITE_FILES, siteRoutes.numbers(), at.searchEnglish()] : []
  return [...pages, ...data, ...previews, ...pagefindFiles(out, release.base), ...shared].filter((path) => isFile(fileOf(out, path)))
}

const fileOf = (out: string, path: string) => join(out, fileOfSitePath(path))

/** Write `<base>offline.json` for every release and `/sw.js` for this build. */
export function writeOffline(out: string, releases: ReleaseData[]): OfflineResult {
  const result: OfflineResult = { build: '', releases: [] }
  let build = ''
  for (const release of releases) {
    let bytes = 0
    const files = offlineFiles(out, release).map((path): [string, string] => {
      const body = readBytes(fileOf(out, path))
      bytes += body.length
      return [path, createHash('sha256').update(body).digest('hex').slice(0, 12)]
    })
    const id = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 12)
    if (release.current) build = id
    writeOutputFile(join(out, routes(release.base).offlineList()), JSON.stringify({ build: id, files }))
    result.releases.push({ base: release.base, files: files.length, bytes })
  }
  result.build = build
  writeOutputFile(join(out, siteRoutes.serviceWorker()), workerSource(build))
  return result
}

/** `scripts/sw.ts` as the JavaScript browsers run, with the build's ID. */
function workerSource(build: string): string {
  const path = fileURLToPath(new URL('../scripts/sw.ts', import.meta.url))
  // Node's own require: in `astro:build:done` Vite's module runner no longer takes dynamic imports.
  // esbuild, not TypeScript: loading TypeScript cost each build half a second of CPU (issue 22).
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild')
  const js = esbuild.transformSync(readText(path), { loader: 'ts', target: 'es2022', format: 'esm', legalComments: 'none' }).code
  const placeholder = /(["'])__CR_BUILD__\1/
  if (!placeholder.test(js)) throw new Error(`${path}: expected the placeholder '__CR_BUILD__'`)
  return js.replace(placeholder, `'${build}'`)
}
