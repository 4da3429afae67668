/**
 * Pagefind, loaded once per page. The search box's boot starts it at the
 * first focus, in parallel with the search module, not after it: on a slow
 * phone Pagefind's start (its code, WebAssembly and index metadata) is most
 * of the wait for the first results.
 */
import { routes } from '../shared/routes.ts'
import type { SearchIdsJson } from '../shared/pagefind-chunks.ts'

export interface PagefindResultData {
  url: string
  excerpt: string
  content: string
  /** The record's text, unescaped. */
  raw_content?: string
  /** Where the query's words are in it (word indices), with the weight of the part they are in. */
  weighted_locations?: { weight: number; balanced_score: number; location: number }[]
  locations?: number[]
  meta: Record<string, string>
}
export interface PagefindResult {
  id: string
  score: number
  words: number[]
  data(): Promise<PagefindResultData>
}
export interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>
  init(): Promise<void>
  search(q: string | null, o?: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[] } | null>
}

let pagefindPromise: Promise<Pagefind> | undefined
let ready = false

/**
 * Pagefind asks for `pagefind-entry.json?ts=<now>` (never a stale entry)
 * once its code has loaded and started: one more round trip in a row before
 * the first results. The same fresh value, chosen once per page as its
 * `metaCacheTag`, makes that URL known in advance, so the search box's boot
 * asks for it beside Pagefind's code (`search-boot.ts`), and Pagefind finds
 * it there.
 */
export const ENTRY_TAG = String(Date.now())

/** The URL Pagefind reads its entry from, under `ENTRY_TAG`. */
export const pagefindEntry = (base: string) => `${routes(base).pagefind('pagefind-entry.json')}?ts=${ENTRY_TAG}`

/** Has Pagefind finished starting (so a search costs only its words)? */
export const pagefindReady = () => ready

const preloaded = new Set<string>()

/**
 * Ask for `url` now, for a `fetch()` that comes later (Pagefind's): the
 * browser hands that fetch this response. Once per URL: a second preload
 * of a file already fetched would only fetch it again.
 */
export function preloadFetch(url: string): void {
  if (preloaded.has(url)) return
  preloaded.add(url)
  const link = document.createElement('link')
  link.rel = 'preload'
  link.as = 'fetch'
  link.crossOrigin = 'anonymous'
  link.href = url
  document.head.append(link)
}

const indexInfos = new Map<string, Promise<SearchIdsJson | undefined>>()

/**
 * `search-ids.json` of the release at `base` (`shared/pagefind-chunks.ts`):
 * which rule each result is, and the names of Pagefind's metadata and
 * chunks. Undefined when it cannot be read: search works without it, later.
 */
export function loadIndexInfo(base: string): Promise<SearchIdsJson | undefined> {
  let p = indexInfos.get(base)
  if (!p) {
    p = fetch(routes(base).searchIds())
      .then((r) => (r.ok ? (r.json() as Promise<SearchIdsJson | string[]>) : undefined))
      // A list alone is the file before it named Pagefind's chunks.
      .then((json) => (Array.isArray(json) ? { results: json, shown: [], meta: '', chunks: [], filters: [], stems: {} } : json))
      .catch(() => undefined)
    indexInfos.set(base, p)
  }
  return p
}

export function loadPagefind(base: string): Promise<Pagefind> {
  return (pagefindPromise ??= (async () => {
    const at = routes(base)
    const url = at.pagefind('pagefind.js')
    // Pagefind reads its metadata only once its code has run and its entry is read: asked
    // for here as soon as its name is known, before Pagefind starts (so before it asks).
    const info = loadIndexInfo(base).then((i) => {
      if (i?.meta) preloadFetch(at.pagefind(i.meta))
    })
    const pf = (await import(/* @vite-ignore */ url)) as Pagefind
    await info
    // Short records (one rule each): length matters less than on web pages.
    // Tuned on the glossary: the defining rule is the first result for most
    // of its 220 terms (exact terms are pinned first anyway, see lookup.ts).
    // No worker: the index is small, and starting one costs the first keystroke ~20 ms.
    // Records carry their whole path (`/v24.03/runs/#…`): no base in front of it (Pagefind's default is the bundle's parent, which doubled it).
    await pf.options({ baseUrl: '/', noWorker: true, excerptLength: 24, ranking: { pageLength: 0.4, termSaturation: 2 }, metaCacheTag: ENTRY_TAG })
    await pf.init()
    // Warm up while the reader starts typing: this loads the WebAssembly and
    // the index metadata, so the first real search only fetches its words.
    await pf.search('')
    ready = true
    return pf
  })())
}
