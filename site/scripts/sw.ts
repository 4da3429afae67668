/**
 * The service worker (`/sw.js`; `integration/offline.ts` writes it with this
 * build's ID). After one visit the current rules read offline: their pages,
 * search index, previews and card data are kept (precached) from the list in
 * `/offline.json`, and served from the cache first, so a venue's failing
 * Wi-Fi never stalls a page. Everything else (older releases, changes
 * pages, the PDF) is kept as it is read — or all at once, when the reader
 * asks for a release — and served from the network first.
 *
 * A new build installs beside the old one (reusing every file whose hash is
 * unchanged) and waits: the page offers a reload, and only then does it take
 * over, so a page and the files it loads never come from two builds.
 */

// The build's ID, written in by the integration; changing it is what makes browsers install the new worker.
const BUILD = '__CR_BUILD__'
const PRECACHE = `cr-pre-${BUILD}`
const RUNTIME = 'cr-run'
const LIST = '/offline.json'

interface OfflineList {
  build: string
  /** `[path, content hash]` */
  files: [string, string][]
}

/** An older release kept all at once: its list, stored in the runtime cache when the last file is in. */
interface KeptRelease extends OfflineList {
  /** When it was kept (ISO 8601). */
  kept: string
}

// The worker's own types, declared here: the site's TypeScript uses the DOM lib, not WebWorker.
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  request: Request
  respondWith(r: Response | Promise<Response>): void
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown
  source: { postMessage(message: unknown): void } | null
}
interface WorkerScope {
  location: Location
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void
  addEventListener(type: 'message', fn: (e: ExtendableMessageEvent) => void): void
}
const worker = self as unknown as WorkerScope

/** Fetch with at most `width` requests in flight; the first failure fails all. */
async function each<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!)
  }
  await Promise.all(Array.from({ length: width }, lane))
}

async function fetchList(url: string): Promise<OfflineList> {
  const res = await fetch(url, { cache: 'no-cache' })
  if (!res.ok) throw new Error(`${url}: ${res.status}`)
  return (await res.json()) as OfflineList
}

/** Pagefind's own gzipped files (`.pf_meta`, `.pf_index`, `.pf_fragment`, `.pf_filter`, its WebAssembly `wasm.en.pagefind`). */
const PAGEFIND_GZIP = /\/pagefind\/(.*\.pf_[a-z]+|wasm\.[\w-]+\.pagefind)$/
/** What Pagefind's payloads start with: it reads a file as gzip, or inflated only with this. */
const SIGNATURE = [...'pagefind_dcd'].map((c) => c.charCodeAt(0))

/**
 * A response as it is kept: Pagefind's files inflated once here, off the
 * page's thread, when the host sent them as plain gzip bytes. Pagefind then
 * skips its own JavaScript inflate on every offline search (a third of its
 * start on a slow phone). Hosts that send them with `Content-Encoding: gzip`
 * arrive inflated already; browsers without `DecompressionStream` keep them
 * as they came.
 */
async function keepable(path: string, res: Response): Promise<Response> {
  if (!PAGEFIND_GZIP.test(path) || typeof DecompressionStream !== 'function') return res
  const bytes = new Uint8Array(await res.arrayBuffer())
  const headers = new Headers(res.headers)
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new Response(bytes, { status: res.status, headers })
  const inflated = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer())
  // Not Pagefind's signed payload: kept as the gzip it came as, which Pagefind reads.
  if (SIGNATURE.some((c, i) => inflated[i] !== c)) return new Response(bytes, { status: res.status, headers })
  headers.delete('content-length')
  return new Response(inflated, { status: res.status, headers })
}

/** Put every file of a list in `cache`, reusing what the previous build already has. */
async function store(cache: Cache, list: OfflineList, reuse?: { cache: Cache; hashes: Map<string, string> }) {
  await each(list.files, 6, async ([path, hash]) => {
    if (reuse?.hashes.get(path) === hash) {
      const kept = await reuse.cache.match(path)
      if (kept) return cache.put(path, kept)
    }
    const res = await fetch(path, { cache: 'no-cache' })
    if (!res.ok) throw new Error(`${path}: ${res.status}`)
    await cache.put(path, await keepable(path, res))
  })
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const list = await fetchList(LIST)
      // Deployed halfway: try again on the next visit rather than cache a mix of builds.
      if (list.build !== BUILD) throw new Error(`${LIST} is build ${list.build}, this worker is ${BUILD}`)
      const previous = (await caches.keys()).find((k) => k.startsWith('cr-pre-') && k !== PRECACHE)
      let reuse: { cache: Cache; hashes: Map<string, string> } | undefined
      if (previous) {
        const old = await caches.open(previous)
        const oldList = await old.match(LIST)
        if (oldList) reuse = { cache: old, hashes: new Map(((await oldList.json()) as OfflineList).files) }
      }
      const cache = await caches.open(PRECACHE)
      await store(cache, list, reuse)
      await cache.put(LIST, new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } }))
    })(),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('cr-pre-') && key !== PRECACHE) await caches.delete(key)
      await worker.clients.claim()
    })(),
  )
})

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: string; base?: string } | null
  // The reader accepted the update the page offered.
  if (data?.type === 'skip-waiting') void worker.skipWaiting()
  // "Keep this release offline": an older release, all at once.
  if (data?.type === 'save-release' && typeof data.base === 'string' && /^\/[\w.-]+\/$/.test(data.base)) {
    const base = data.base
    event.waitUntil(
      fetchList(`${base}offline.json`)
        .then(async (list) => {
          const cache = await caches.open(RUNTIME)
          await store(cache, list)
          // Last, once every file is in: the mark the release's pages look for (`offline.ts`), with when.
          const kept: KeptRelease = { ...list, kept: new Date().toISOString() }
          await cache.put(`${base}offline.json`, new Response(JSON.stringify(kept), { headers: { 'content-type': 'application/json' } }))
        })
        .then(
          () => event.source?.postMessage({ type: 'saved', base }),
          () => event.source?.postMessage({ type: 'save-failed', base }),
        ),
    )
  }
})

/**
 * Pages and files are the same whatever the query (`/?r=6.1.4`, `/search/?q=`,
 * Pagefind's `?ts=`), and every file is kept under its path alone: a request
 * is looked up by its origin and path, exactly. (Asked to ignore the query,
 * Chrome's Cache Storage reads every entry of the cache for each lookup: with
 * the 1,700 files of the current rules kept, 40–70 ms a lookup at load, and a
 * keystroke's eight fragments waited on one another's. An exact key is one
 * look-up, 1–5 ms.)
 */
const keyOf = (url: URL) => `${url.origin}${url.pathname}`
const MATCH = { ignoreVary: true }

worker.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== worker.location.origin || url.pathname === '/sw.js') return
  event.respondWith(respond(request, url))
})

async function respond(request: Request, url: URL): Promise<Response> {
  const kept = await (await caches.open(PRECACHE)).match(keyOf(url), MATCH)
  if (kept) return kept
  try {
    const res = await fetch(request)
    // Not the lists: a release's kept list is the worker's mark that all of it is kept.
    if (res.ok && res.type === 'basic' && !url.pathname.endsWith('/offline.json')) {
      const copy = res.clone()
      void caches.open(RUNTIME).then(async (c) => c.put(url.pathname, await keepable(url.pathname, copy)))
    }
    return res
  } catch (error) {
    const saved = await caches.match(keyOf(url), MATCH)
    if (saved) return saved
    if (request.mode !== 'navigate') throw error
    // A permalink not yet read, or an old release's (`/v24.03/r/6.2.5/`, which the 404 page
    // would send on): the release's home page (kept, or kept with the release) finds the rule.
    // The shape is `PERMALINK_PATH` of shared/routes.ts (this file imports nothing; a test holds them equal).
    const permalink = /^(\/(?:v\d{2}\.\d{2}\/)?)r\/([^/?#]+)\/?$/i.exec(url.pathname)
    if (permalink) return Response.redirect(`${permalink[1]!.toLowerCase()}?r=${permalink[2]}`, 302)
    return offlinePage()
  }
}

/**
 * The page for a page not kept. It links only to pages every visitor has
 * kept (the precached list: not `/full/`, the PDFs or older releases, which
 * are kept once read), and is styled inline like the site, dark mode too:
 * its stylesheet may not be at hand.
 */
function offlinePage(): Response {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Offline · Netrunner CR</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
:root{--bg:#fdfdfc;--fg:#1b1d21;--muted:#555b66;--link:#0b57b0;--line:#d9dce1}
@media (prefers-color-scheme:dark){:root{--bg:#15171b;--fg:#e6e7ea;--muted:#a6adb9;--link:#8ab4f8;--line:#343841}}
body{font:1rem/1.55 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;background:var(--bg);color:var(--fg)}
a{color:var(--link);text-underline-offset:.15em}h1{font-size:1.6rem;margin:0 0 .5rem}
ul{padding-left:1.2rem}p.hint{color:var(--muted);border-top:1px solid var(--line);padding-top:.75rem}
</style>
<body><h1>You are offline</h1><p>This page was not saved for offline reading. The current rules are kept on this device:</p>
<ul class="kept"><li><a href="/">Contents</a> (every chapter)</li><li><a href="/search/">Search</a></li><li><a href="/glossary/">Glossary</a></li><li><a href="/cards/">Cards in the rules</a></li></ul>
<p class="hint">All rules on one page, the PDFs and older releases are kept once you have opened them online; an older release's banner can keep all of it at once.</p>`
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } })
}
