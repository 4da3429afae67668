/**
 * Search's events: one search form wired to the pipeline and its view.
 * Typing runs the query; a newer query drops the snapshots of older ones;
 * Enter goes where the text in the box says (the rule it names, or the full
 * results), waiting for its answer if the list is behind; arrows move
 * through the results, Escape closes them.
 */
import type { SearchSources } from './data.ts'
import { runQuery } from './pipeline.ts'
import { createView } from './view.ts'

const DROPDOWN_RESULTS = 8
const PAGE_RESULTS = 40

export function wireSearch(form: HTMLFormElement, src: SearchSources) {
  const at = src.routes
  let seq = 0
  let showAll = false
  /** Queries to search as typed ("search instead for …"). */
  const asTyped = new Set<string>()
  /** The last query run and where Enter goes for it, once known. */
  let latest: { q: string; enter: Promise<string | undefined>; known?: { url: string | undefined }; direct?: boolean } | undefined

  const view = createView(form, at, {
    searchAsTyped(q) {
      asTyped.add(q)
      start()
      view.input.focus()
    },
    showAll(shown) {
      showAll = true
      start().then(() => view.links()[shown]?.focus())
    },
  })
  const { input, chapter, onPage } = view

  /** Run the text in the box; resolves with where Enter goes for it. */
  function start(): Promise<string | undefined> {
    const q = input.value.trim()
    const mine = ++seq
    if (onPage) {
      const url = new URL(location.href)
      url.searchParams.set('q', q)
      if (chapter.value) url.searchParams.set('chapter', chapter.value)
      else url.searchParams.delete('chapter')
      history.replaceState(null, '', url)
    }
    if (!q) {
      latest = undefined
      view.clear()
      return Promise.resolve(undefined)
    }
    let decide!: (url: string | undefined) => void
    const run: NonNullable<typeof latest> = { q, enter: new Promise((resolve) => (decide = resolve)) }
    void (async () => {
      const limit = onPage ? (showAll ? Infinity : PAGE_RESULTS) : DROPDOWN_RESULTS
      try {
        for await (const snapshot of runQuery({ q, chapter: chapter.value, limit, asTyped: asTyped.has(q) }, src)) {
          if (mine !== seq) return
          view.render(snapshot, mine)
          if (snapshot.direct) run.direct = true
          // Enter need not wait for the rest (the top result's text).
          if (snapshot.enter && !run.known) {
            run.known = snapshot.enter
            decide(snapshot.enter.url)
          }
        }
      } catch (error) {
        console.error('Search failed:', error)
      } finally {
        decide(undefined)
      }
    })()
    latest = run
    return run.enter
  }

  input.addEventListener('input', () => {
    showAll = false
    start()
  })
  chapter.addEventListener('change', () => start())
  form.addEventListener('submit', async (e) => {
    // Enter: the rule itself when the query names one, else the best match
    // for the text in the box now, not for what the list still shows.
    e.preventDefault()
    const q = input.value.trim()
    if (!q) return
    const run = latest?.q === q ? latest : undefined
    const target = run?.known ? run.known.url : await (run ? run.enter : start())
    if (input.value.trim() !== q) return
    if (target) location.assign(target)
    else if (!onPage) location.assign(at.search(q))
  })
  form.addEventListener('keydown', (e) => {
    const all = view.links()
    const i = all.indexOf(document.activeElement as HTMLAnchorElement)
    if (e.key === 'ArrowDown' && all.length > 0) {
      e.preventDefault()
      all[Math.min(i + 1, all.length - 1)]!.focus()
    } else if (e.key === 'ArrowUp' && i >= 0) {
      e.preventDefault()
      if (i === 0) input.focus()
      else all[i - 1]!.focus()
    } else if (e.key === 'Escape') {
      view.close()
      input.focus()
    }
  })
  input.addEventListener('focus', () => view.open())
  // Said on the form for tests and the bench: Pagefind has started, a search now costs only its words.
  void src.index.then(() => (form.dataset.searchReady = ''), () => undefined)
  document.addEventListener('click', (e) => {
    if (!form.contains(e.target as Node)) view.close()
  })

  if (onPage) {
    const params = new URLSearchParams(location.search)
    const q = params.get('q') ?? ''
    if (params.get('chapter')) chapter.value = params.get('chapter')!
    if (q) {
      input.value = q
      // A query that names a rule (a number, an ID, a citation of a release, one another release
      // printed) goes where Enter would: the header's box sends it here when Enter comes before
      // search has loaded (a citation pasted and entered at once), and it must land as a typed one does.
      void start().then((url) => {
        if (url && latest?.q === q && latest.direct && input.value.trim() === q) location.replace(url)
      })
    }
  } else if (input.value.trim()) start()
}
