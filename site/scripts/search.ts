/**
 * Search as you type, at rule granularity. A rule number or ID goes straight
 * to the rule (from `lookup.json`); words go to Pagefind, whose results are
 * one rule each. Loaded on first use (see `search-boot.ts`).
 */
import { definingRules, isNumberQuery, loadLookup, resolveQuery, termsStartingWith, type Lookup } from './lookup.ts'

interface PagefindResultData {
  url: string
  excerpt: string
  meta: Record<string, string>
}
interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>
  init(): Promise<void>
  search(q: string | null, o?: { filters?: Record<string, string> }): Promise<{ results: { id: string; data(): Promise<PagefindResultData> }[] } | null>
}

const DROPDOWN_RESULTS = 8
const PAGE_RESULTS = 40

let pagefindPromise: Promise<Pagefind> | undefined
let pagefindReady = false
function loadPagefind(base: string): Promise<Pagefind> {
  return (pagefindPromise ??= (async () => {
    const url = `${base}pagefind/pagefind.js`
    const pf = (await import(/* @vite-ignore */ url)) as Pagefind
    // Short records (one rule each): length matters less than on web pages.
    // Tuned on the glossary: the defining rule is the first result for most
    // of its 220 terms (exact terms are pinned first anyway, see lookup.ts).
    // No worker: the index is small, and starting one costs the first keystroke ~20 ms.
    await pf.options({ noWorker: true, excerptLength: 24, ranking: { pageLength: 0.4, termSaturation: 2 } })
    await pf.init()
    // Warm up while the reader starts typing: this loads the WebAssembly and
    // the index metadata, so the first real search only fetches its words.
    await pf.search('')
    pagefindReady = true
    return pf
  })())
}

/** Pagefind's excerpt: text with `<`/`>` escaped and `<mark>` around matches. Built as DOM, never as HTML. */
function excerptNodes(excerpt: string): Node[] {
  const out: Node[] = []
  let mark: HTMLElement | null = null
  for (const part of excerpt.split(/(<\/?mark>)/)) {
    if (part === '<mark>') mark = document.createElement('mark')
    else if (part === '</mark>') {
      if (mark) out.push(mark)
      mark = null
    } else if (part) {
      const text = document.createTextNode(part.replace(/&lt;/g, '<').replace(/&gt;/g, '>'))
      if (mark) mark.append(text)
      else out.push(text)
    }
  }
  if (mark) out.push(mark)
  return out
}

function span(className: string, ...content: (string | Node)[]) {
  const el = document.createElement('span')
  el.className = className
  el.append(...content)
  return el
}

function resultItem(url: string, number: string, where: string, excerpt: Node[] | string) {
  const li = document.createElement('li')
  const a = document.createElement('a')
  a.href = url
  a.className = 'hit'
  a.append(span('hit-n', number), ' ', span('hit-where', where))
  a.append(span('hit-x', ...(typeof excerpt === 'string' ? [excerpt] : excerpt)))
  li.append(a)
  return li
}

export function initSearch(base: string, forms: HTMLFormElement[]) {
  const lookupPromise = loadLookup(base)
  // Start both downloads now: the reader is about to type.
  const pagefind = loadPagefind(base)
  pagefind.catch((e) => console.error('Search is unavailable:', e))
  for (const form of forms) wire(form, lookupPromise, pagefind)
}

function wire(form: HTMLFormElement, lookupPromise: Promise<Lookup>, pagefind: Promise<Pagefind>) {
  const input = form.querySelector('input')!
  const chapter = form.querySelector('select')!
  const panel = form.querySelector<HTMLElement>('.search-panel')!
  const list = form.querySelector<HTMLOListElement>('.search-results')!
  const status = form.querySelector<HTMLElement>('[aria-live]')!
  const onPage = form.closest('[data-search-page]') !== null
  let seq = 0
  let direct: { url: string } | undefined

  const links = () => Array.from(list.querySelectorAll<HTMLAnchorElement>('a'))
  const close = () => {
    if (!onPage) panel.hidden = true
  }

  async function run() {
    const q = input.value.trim()
    const filter = chapter.value
    const mine = ++seq
    if (onPage) {
      const url = new URL(location.href)
      url.searchParams.set('q', q)
      if (filter) url.searchParams.set('chapter', filter)
      else url.searchParams.delete('chapter')
      history.replaceState(null, '', url)
    }
    if (!q) {
      direct = undefined
      list.replaceChildren()
      list.dataset.q = ''
      list.dataset.done = ''
      status.textContent = ''
      close()
      return
    }
    const lookup = await lookupPromise
    if (mine !== seq) return
    const hit = resolveQuery(lookup, q)
    direct = hit
    const limit = onPage ? PAGE_RESULTS : DROPDOWN_RESULTS
    const head: HTMLLIElement[] = []
    if (hit) head.push(resultItem(hit.url, hit.number, 'Go to rule', hit.id))
    if (isNumberQuery(q) || hit) {
      status.textContent = hit ? `Rule ${hit.number}: press Enter to go` : `No rule numbered ${q}`
      show(q, head, true)
      return
    }
    const pinned = definingRules(lookup, q).filter((d) => !filter || d.hit.chapter === filter)
    for (const { term, hit: h } of pinned) head.push(resultItem(h.url, h.number, h.chapter, `Defines “${term}”`))
    const pinnedAt = new Map(pinned.map((p, i) => [p.hit.url, i]))
    const merge = (data: PagefindResultData[]) => {
      const items = [...head]
      for (const d of data) {
        const where = [d.meta.chapter, d.meta.section].filter(Boolean).join(' › ')
        const item = () => resultItem(d.url, d.meta.number ?? '', where, excerptNodes(d.excerpt))
        const at = pinnedAt.get(d.url)
        // A pinned rule Pagefind also found gets its excerpt, and stays first.
        if (at !== undefined) items[at] = item()
        else if (items.length < limit) items.push(item())
      }
      return items
    }
    if (!pagefindReady) {
      // Pagefind is still loading (first keystroke): defined terms starting
      // with the query answer meanwhile; Pagefind's results replace them.
      const interim = termsStartingWith(lookup, q, 5).filter((t) => !pinnedAt.has(t.hit.url) && (!filter || t.hit.chapter === filter))
      if (interim.length > 0) show(q, [...head, ...interim.map(({ term, hit: h }) => resultItem(h.url, h.number, h.chapter, `Defines “${term}”`))], false)
    }
    const pf = await pagefind
    const found = await pf.search(q, filter ? { filters: { chapter: filter } } : {})
    if (mine !== seq || !found) return
    const pending = found.results.slice(0, limit + pinned.length).map((r) => r.data())
    // The best match as soon as it is here; the rest follow.
    if (pending.length > 1) {
      const best = await pending[0]!
      if (mine !== seq) return
      show(q, merge([best]), false)
    }
    const data = await Promise.all(pending)
    if (mine !== seq) return
    status.textContent = `${found.results.length} rules found`
    show(q, merge(data), true)
  }

  /** `data-q`: results for this query are showing; `data-done`: all of them. */
  function show(q: string, items: HTMLLIElement[], done: boolean) {
    if (items.length === 0) {
      const li = document.createElement('li')
      li.className = 'none'
      li.textContent = isNumberQuery(q) ? `No rule numbered ${q}.` : 'No rules match.'
      items.push(li)
    }
    list.replaceChildren(...items)
    list.dataset.q = q
    if (done) list.dataset.done = q
    else delete list.dataset.done
    panel.hidden = false
  }

  input.addEventListener('input', run)
  chapter.addEventListener('change', run)
  form.addEventListener('submit', (e) => {
    // Enter: the rule itself when the query names one, else the best match.
    const target = direct?.url ?? (input.value.trim() ? links()[0]?.href : undefined)
    if (target) {
      e.preventDefault()
      location.assign(target)
    } else if (onPage) e.preventDefault()
  })
  form.addEventListener('keydown', (e) => {
    const all = links()
    const i = all.indexOf(document.activeElement as HTMLAnchorElement)
    if (e.key === 'ArrowDown' && all.length > 0) {
      e.preventDefault()
      all[Math.min(i + 1, all.length - 1)]!.focus()
    } else if (e.key === 'ArrowUp' && i >= 0) {
      e.preventDefault()
      if (i === 0) input.focus()
      else all[i - 1]!.focus()
    } else if (e.key === 'Escape') {
      close()
      input.focus()
    }
  })
  input.addEventListener('focus', () => {
    if (list.childElementCount > 0) panel.hidden = false
  })
  document.addEventListener('click', (e) => {
    if (!form.contains(e.target as Node)) close()
  })

  if (onPage) {
    const params = new URLSearchParams(location.search)
    const q = params.get('q') ?? ''
    if (params.get('chapter')) chapter.value = params.get('chapter')!
    if (q) {
      input.value = q
      lookupPromise.then((lookup) => {
        const hit = resolveQuery(lookup, q)
        if (hit) location.replace(hit.url)
        else run()
      })
    }
  } else if (input.value.trim()) run()
}
