/**
 * What the build makes of each release before Astro renders, kept between
 * builds (issue 22): a release's resolved model by the hash of its sources
 * and card data, and a frozen release's site data (`ReleaseData`, shaped for
 * the pages, search records and official JSON included) by the same hash and
 * its URL prefix. Both are also keyed by the code that makes them (`src/core`,
 * `src/io`, `site/data`, `site/shared`, the lock file), so an edit in `rules/`
 * compiles and shapes the current rules only, and a change to the compiler or
 * to the shaping makes everything again.
 *
 * Entries live in `src/io/cache.ts` (checksummed, then checked by shape:
 * anything else is a miss, removed and written again) under the site's cache
 * folder (`CR_SITE_CACHE_DIR`, default `node_modules/.cache/netrunner-cr-site`),
 * in `data/`. `CR_SITE_CACHE=0` turns it off, with the output cache.
 *
 * The diffs between releases (changes pages, histories, the switcher's maps)
 * are kept by both releases' sources and the retirements followed: after an
 * edit in `rules/` only the diffs to the current rules are made again.
 *
 * The current rules' site data is never kept: it carries the histories
 * across releases and the coverage, which change with any release. What is
 * made from every release's words (the search box's English-words filter,
 * 1–2 s of CPU) is kept by those words: an edit that brings no new word to
 * the rules makes it again from the cache.
 */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cacheKey, folderFingerprint } from '../../src/io/dir-cache.ts'
import { createCache, hashSources, type Cache } from '../../src/io/cache.ts'
import { isCachedModel } from '../../src/io/cache-shapes.ts'
import { pathExists, readBytes } from '../../src/io/files.ts'
import type { Diagnostic, SourceFile } from '../../src/core/types.ts'
import type { ResolvedRelease } from '../../src/core/model/types.ts'
import type { ReleaseData } from './types.ts'
import type { ReleaseDiff } from '../../src/core/versions/diff.ts'
import type { BloomJson } from '../scripts/query/bloom.ts'

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')
/** The code between a release's sources and its site data. */
const CODE_FOLDERS = ['src/core', 'src/io', 'site/data', 'site/shared']

export interface ReleaseCache {
  /** The key of a release's sources with the card data (`cards` bytes, or none). */
  sourcesKey(files: readonly SourceFile[], cards: Buffer | undefined): string
  model(key: string): { model: ResolvedRelease | undefined; messages: Diagnostic[] } | undefined
  setModel(key: string, value: { model: ResolvedRelease | undefined; messages: Diagnostic[] }): void
  /** A frozen release's site data under its URL prefix, before the build adds its changes page. */
  release(key: string, base: string): ReleaseData | undefined
  setRelease(key: string, base: string, data: ReleaseData): void
  /** The English-words filter of every release's words (english-words.ts), by those words. */
  /** A diff between two releases (store.ts keys it by both releases' sources and the retirements followed). */
  diff(key: string): ReleaseDiff | undefined
  setDiff(key: string, diff: ReleaseDiff): void
  englishFilter(words: readonly string[]): BloomJson | undefined
  setEnglishFilter(words: readonly string[], filter: BloomJson): void
}

let codeKey: string | undefined
/** The fingerprint of the code, once per process (a few hundred files). */
function code(): string {
  if (codeKey === undefined) {
    const lock = join(REPO, 'package-lock.json')
    codeKey = cacheKey(...CODE_FOLDERS.map((f) => folderFingerprint(join(REPO, f))), pathExists(lock) ? readBytes(lock) : '')
  }
  return codeKey
}

/** The cache under the site's cache folder, or undefined when `CR_SITE_CACHE=0`. */
export function openReleaseCache(root: string, env: NodeJS.ProcessEnv = process.env): ReleaseCache | undefined {
  if (env.CR_SITE_CACHE === '0') return undefined
  const dir = env.CR_SITE_CACHE_DIR ? resolve(root, env.CR_SITE_CACHE_DIR) : join(root, 'node_modules/.cache/netrunner-cr-site')
  return releaseCacheIn(createCache(join(dir, 'data'), code()))
}

/** The search box's query code (bloom.ts, typo.ts): the English filter is made with it too. */
let queryKey: string | undefined
const englishKey = (words: readonly string[]) => cacheKey((queryKey ??= folderFingerprint(join(REPO, 'site/scripts/query'))), [...words].sort().join(' '))
const isBloomJson = (v: unknown): v is BloomJson => Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && typeof v[1] === 'string'

export function releaseCacheIn(cache: Cache): ReleaseCache {
  return {
    diff: (key) => cache.get('site-diff', key, isCachedDiff),
    setDiff: (key, diff) => cache.set('site-diff', key, diff),
    englishFilter: (words) => cache.get('english-filter', englishKey(words), isBloomJson),
    setEnglishFilter: (words, filter) => cache.set('english-filter', englishKey(words), filter),
    sourcesKey: (files, cards) => hashSources(cards ? [...files, { path: '\0cards', content: cards }] : files, 'site-release'),
    // Shared: a model read again is the same object, so its index view (indexView, by model) is rendered once per process.
    model: (key) => cache.get('site-model', key, isCachedModel, { shared: true }),
    setModel: (key, value) => cache.set('site-model', key, { model: value.model, messages: value.messages }),
    release: (key, base) => cache.get('site-release', `${key}\0${base}`, isCachedReleaseData),
    setRelease: (key, base, data) => cache.set('site-release', `${key}\0${base}`, data),
  }
}

type Rec = Record<string, unknown>
const isObject = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v)
const isString = (v: unknown): v is string => typeof v === 'string'
const arrayOf = (v: unknown, each: (x: Rec) => boolean) => Array.isArray(v) && v.every((x) => isObject(x) && each(x))
const isHtmlList = (v: unknown) => arrayOf(v, (x) => isString(x.html))
const isNode = (x: Rec): boolean => isString(x.id) && isString(x.number) && isString(x.html) && Array.isArray(x.children)

const isSide = (v: unknown) => isObject(v) && isString(v.version) && isString(v.effective)
/** A release diff as the version index reads it: its sides, entries (each with its changes), counts, chapters and ID map. */
export function isCachedDiff(v: unknown): v is ReleaseDiff {
  return (
    isObject(v) &&
    isSide(v.from) &&
    isSide(v.to) &&
    arrayOf(v.entries, (e) => isString(e.id) && isString(e.change) && Array.isArray(e.changes) && isString(e.kind) && isString(e.chapter)) &&
    isObject(v.counts) &&
    arrayOf(v.chapters, (c) => isString(c.id) && isString(c.number) && isString(c.title)) &&
    isObject(v.idMap) &&
    Object.values(v.idMap).every(isString)
  )
}

/**
 * A frozen release's site data as the pages read it: every field they read,
 * and the fields of each item of its lists. The checksum catches damage; this
 * catches an entry of another layout (a hand edit, a build that shaped it
 * differently under the same key).
 */
export function isCachedReleaseData(v: unknown): v is ReleaseData {
  if (!isObject(v)) return false
  const strings = ['key', 'version', 'effective', 'title', 'base', 'edition'].every((k) => isString(v[k]))
  return (
    strings &&
    v.current === false &&
    arrayOf(v.toc, (c) => isString(c.id) && isString(c.slug) && isString(c.url) && Array.isArray(c.sections)) &&
    isHtmlList(v.changelog) &&
    isHtmlList(v.changelogFull) &&
    arrayOf(v.chapters, (c) => isString(c.slug) && isObject(c.tree) && isNode(c.tree as Rec)) &&
    arrayOf(v.full, isNode) &&
    arrayOf(v.permalinks, (p) => isString(p.key) && isString(p.id) && isString(p.url)) &&
    arrayOf(v.glossary, (g) => isString(g.term) && isString(g.id) && isString(g.url) && isString(g.anchor) && isString(g.html)) &&
    Array.isArray(v.cards) &&
    isObject(v.previews) &&
    Object.values(v.previews).every(isObject) &&
    isObject(v.lookup) &&
    Array.isArray(v.lookup.r) &&
    arrayOf(v.search, (s) => isString(s.id) && isString(s.url) && isString(s.text) && Array.isArray(s.terms) && Array.isArray(s.context) && Array.isArray(s.examples)) &&
    (v.pdf === undefined || isString(v.pdf)) &&
    isObject(v.front) &&
    Array.isArray(v.front.acknowledgements) &&
    isObject(v.officialJson) &&
    Object.values(v.officialJson).every(isString)
  )
}
