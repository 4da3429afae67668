/**
 * Search costs nothing until the reader reaches for it: `/` or a click,
 * focus or keystroke in a search box loads the search module and, at the
 * same time, starts Pagefind (`pagefind-load.ts`), the number lookup and the
 * vocabulary: nothing waits for the module to arrive before it starts.
 */
import { loadLookup } from './lookup.ts'
import { loadPagefind, pagefindEntry, preloadFetch } from './pagefind-load.ts'
import { routes } from '../shared/routes.ts'

export function initSearchBoot(base: string) {
  const forms = Array.from(document.querySelectorAll<HTMLFormElement>('form[data-search]'))
  if (forms.length === 0) return
  let loading = false
  const load = () => {
    if (loading) return
    loading = true
    // In the order they are needed: on a host with few connections (HTTP/1.1: six), what is asked first comes first.
    void import('./search.ts').then((m) => m.initSearch(base, forms))
    loadPagefind(base).catch(() => undefined) // search.ts reports a failure
    // The lookup's code comes with the page (≈ 1.5 KB gzipped), so the first focus asks for one module, not two.
    loadLookup(base).catch(() => undefined) // search.ts reports a failure
    preload(base)
    warmSegmenter()
  }

  const inputs = forms.map((form) => form.querySelector('input')!)
  for (const input of inputs) {
    input.addEventListener('focus', load, { once: true })
    input.addEventListener('pointerdown', load, { once: true })
    input.addEventListener('input', load, { once: true })
  }
  // The search page runs its query straight away; so does a box the reader
  // reached before this script ran (a slow phone, a quick thumb): its focus
  // and keystrokes went to no one, and search.ts runs what is in it.
  if (document.querySelector('[data-search-page]') || inputs.some((i) => i === document.activeElement || i.value.trim())) load()

  document.addEventListener('keydown', (e) => {
    if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return
    const t = e.target as HTMLElement
    if (t.closest('input, textarea, select, [contenteditable]')) return
    e.preventDefault()
    const input = (document.querySelector('[data-search-page] input') ?? forms[0]!.querySelector('input')) as HTMLInputElement
    input.focus()
    input.select()
  })
}

/**
 * Pagefind splits every query with `Intl.Segmenter`, and the first one built
 * in a page loads the browser's text-break rules: 20–30 ms on a laptop,
 * ≈ 100 ms of the main thread on a mid-tier phone, in the middle of
 * search's start (it was done here on the main thread, while the files
 * downloaded: it held up reading them). The rules, once loaded, are kept for
 * the whole page process (ICU's data cache), workers included: one built in
 * a throwaway worker costs the page's thread nothing, and Pagefind's own
 * first one is then free. Where workers or `Intl.Segmenter` are missing (or
 * a policy refuses a `blob:` worker) Pagefind loads the rules itself, as
 * before.
 */
function warmSegmenter() {
  if (typeof Intl.Segmenter !== 'function' || typeof Worker !== 'function') return
  const lang = JSON.stringify(document.documentElement.lang || 'en')
  const url = URL.createObjectURL(new Blob([`for(const _ of new Intl.Segmenter(${lang},{granularity:'grapheme'}).segment('x'))break;postMessage(0)`], { type: 'text/javascript' }))
  try {
    const worker = new Worker(url)
    const done = () => {
      worker.terminate()
      URL.revokeObjectURL(url)
    }
    worker.onmessage = done
    worker.onerror = done
  } catch {
    URL.revokeObjectURL(url)
  }
}

/**
 * Ask for search's data while its code loads, not after: the first results
 * come sooner. (`search-ids.json`, which names Pagefind's metadata, is
 * fetched by `loadPagefind` itself, the lookup by `loadLookup`.)
 */
function preload(base: string) {
  const at = routes(base)
  for (const href of [at.searchVocab(), pagefindEntry(base), at.pagefind('wasm.en.pagefind')]) preloadFetch(href)
}
