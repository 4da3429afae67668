/**
 * Search as you type, at rule granularity. A rule number or ID goes straight
 * to the rule (from `lookup.json`); words are first understood (stop words,
 * jargon, typos, defined terms, card names: `query/understand.ts`), then go
 * to Pagefind, relaxed into one search per word when the strict query finds
 * few rules (`query/fuse.ts`). Loaded on first use (see `search-boot.ts`).
 */
import { parseCitation } from '../../src/core/ids.ts'
import { isNumberQuery, loadLookup, resolveQuery, termsStartingWith, type Hit, type Lookup } from './lookup.ts'
import { searchRelaxed, type IndexHit } from './query/fuse.ts'
import { highlightRanges } from './query/highlight.ts'
import { jargonIndex } from './query/jargon.ts'
import { createVocabulary } from './query/typo.ts'
import { createCards, definedTermsIn, understandQuery, type QueryContext, type Understood } from './query/understand.ts'
import { loadPagefind, pagefindReady, type Pagefind, type PagefindResult, type PagefindResultData } from './pagefind-load.ts'

type Previews = Record<string, [string, string, [string, string][]]>

const DROPDOWN_RESULTS = 8
const PAGE_RESULTS = 40
/** The top result shows this much of its rule, so it can be read without a click. */
const TOP_TEXT = 420

const fetchJson = <T,>(url: string) => fetch(url).then((r) => (r.ok ? (r.json() as Promise<T>) : Promise.reject(new Error(`${url}: ${r.status}`))))

/** The vocabulary, jargon, defined terms and cards `understandQuery` reads. */
function loadContext(base: string, lookup: Promise<Lookup>): Promise<QueryContext> {
  return Promise.all([lookup, fetchJson<{ w: string; k: number; c: [string, number[]][] }>(`${base}search-vocab.json`)]).then(([l, v]) => ({
    vocab: createVocabulary(v.w.split(' '), v.k),
    jargon: jargonIndex(),
    terms: l.terms,
    cards: createCards(v.c, l.ids),
  }))
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

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...content: (string | Node)[]) {
  const e = document.createElement(tag)
  e.className = className
  e.append(...content)
  return e
}

function resultItem(url: string, number: string, where: string, excerpt: Node[] | string) {
  const li = document.createElement('li')
  const a = el('a', 'hit', el('span', 'hit-n', number), ' ', el('span', 'hit-where', where))
  a.href = url
  a.append(el('span', 'hit-x', ...(typeof excerpt === 'string' ? [excerpt] : excerpt)))
  li.append(a)
  return li
}

/** `text` with the query's words in `<mark>`, as DOM. */
function markedText(text: string, queryWords: string[]): Node[] {
  const out: Node[] = []
  let at = 0
  for (const [start, end] of highlightRanges(text, queryWords)) {
    out.push(document.createTextNode(text.slice(at, start)), el('mark', '', text.slice(start, end)))
    at = end
  }
  out.push(document.createTextNode(text.slice(at)))
  return out
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, text.lastIndexOf(' ', max))} …`)

/** Rule text from the hover previews (compiler HTML, read as text through an inert template). */
const previewCache = new Map<string, Promise<Previews>>()
async function ruleText(hit: Hit, mentions?: string): Promise<string> {
  // `<release base><chapter>/` → `<release base>previews/<chapter>.json`: a cited rule of another release reads from its own.
  const previews = new URL(hit.url, location.href).pathname.replace(/([^/]+)\/$/, 'previews/$1.json')
  if (!previewCache.has(previews)) previewCache.set(previews, fetchJson<Previews>(previews).catch(() => ({})))
  const entry = (await previewCache.get(previews)!)[hit.id]
  if (!entry) return ''
  const paragraphs = [entry[1], ...entry[2].map(([, html]) => html)].map(plainText).filter(Boolean)
  // A rule pinned for a card it mentions elsewhere (in an example): nothing here, so Pagefind's excerpt, which shows the card, stays.
  if (mentions) return paragraphs.find((text) => text.includes(mentions)) ?? ''
  return paragraphs[0] ?? ''
}

/** Compiler HTML as text: game symbols as the tokens the other results show ("2[credit]"), not dropped. */
function plainText(html: string): string {
  if (!html) return ''
  const t = document.createElement('template')
  t.innerHTML = html
  for (const sym of Array.from(t.content.querySelectorAll('svg[aria-label]'))) sym.replaceWith(`[${sym.getAttribute('aria-label')}]`)
  return (t.content.textContent ?? '').replace(/\s+/g, ' ').trim()
}

export function initSearch(base: string, forms: HTMLFormElement[]) {
  const lookupPromise = loadLookup(base)
  // Start the downloads now: the reader is about to type.
  const pagefind = loadPagefind(base)
  pagefind.catch((e) => console.error('Search is unavailable:', e))
  const context = loadContext(base, lookupPromise)
  context.catch((e) => console.error('Search runs without typo correction:', e))
  const ids = loadSearchIds(base, lookupPromise)
  for (const form of forms) wire(base, form, lookupPromise, context, pagefind, ids)
}

/** Which rule each Pagefind result is, both ways (`search-ids.json`); without it, results wait for their fragments. */
interface SearchIds {
  ruleOf: Map<string, string>
  resultOf: Map<string, string>
}
function loadSearchIds(base: string, lookup: Promise<Lookup>): Promise<SearchIds | undefined> {
  return Promise.all([lookup, fetchJson<string[]>(`${base}search-ids.json`)])
    .then(([l, results]) => {
      const ruleOf = new Map<string, string>()
      const resultOf = new Map<string, string>()
      results.forEach((result, i) => {
        const rule = l.ids[i]
        if (!result || !rule) return
        ruleOf.set(result, rule)
        resultOf.set(rule, result)
      })
      return { ruleOf, resultOf }
    })
    .catch(() => undefined)
}

/**
 * `CR 24.03 §6.1.4`, `v24.03 rule_end_the_run`: that rule in that release,
 * from the release's own lookup; undefined when the query names no release,
 * or one this site does not have.
 */
async function resolveInRelease(base: string, q: string): Promise<Hit | undefined> {
  const cited = parseCitation(q)
  if (!cited.version) return undefined
  const root = base.replace(/v\d{2}\.\d{2}\/$/, '')
  const release = await loadLookup(`${root}${cited.version}/`).catch(() => undefined)
  return release ? resolveQuery(release, cited.query) : undefined
}

/** One Pagefind search per word and filter, remembered: typing on only searches the new word. */
const indexCache = new Map<string, Promise<PagefindResult[]>>()
function searchIndex(pf: Pagefind, query: string, filter: string): Promise<PagefindResult[]> {
  const key = `${filter}\u0000${query}`
  let p = indexCache.get(key)
  if (!p) {
    p = pf.search(query, filter ? { filters: { chapter: filter } } : {}).then((r) => r?.results ?? [])
    indexCache.set(key, p)
    if (indexCache.size > 400) indexCache.delete(indexCache.keys().next().value!)
  }
  return p
}

function wire(
  base: string,
  form: HTMLFormElement,
  lookupPromise: Promise<Lookup>,
  contextPromise: Promise<QueryContext>,
  pagefind: Promise<Pagefind>,
  idsPromise: Promise<SearchIds | undefined>,
) {
  const input = form.querySelector('input')!
  const chapter = form.querySelector('select')!
  const panel = form.querySelector<HTMLElement>('.search-panel')!
  const list = form.querySelector<HTMLOListElement>('.search-results')!
  const status = form.querySelector<HTMLElement>('[aria-live]')!
  const note = form.querySelector<HTMLElement>('.search-note')!
  const count = form.querySelector<HTMLElement>('.search-count')!
  const onPage = form.closest('[data-search-page]') !== null
  let seq = 0
  let direct: { url: string } | undefined
  /** Queries to search as typed ("search instead for …"). */
  const asTyped = new Set<string>()
  /** The last query run and its top result, for Enter. */
  let latest: { q: string; top: Promise<string | undefined> } | undefined
  let showAll = false

  const links = () => Array.from(list.querySelectorAll<HTMLAnchorElement>('a.hit'))
  const close = () => {
    if (!onPage) panel.hidden = true
  }

  function start(): Promise<string | undefined> {
    const q = input.value.trim()
    const top = run(q)
    latest = { q, top }
    return top
  }

  async function run(q: string): Promise<string | undefined> {
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
      note.replaceChildren()
      count.replaceChildren()
      close()
      return undefined
    }
    const lookup = await lookupPromise
    if (mine !== seq) return undefined
    const hit = resolveQuery(lookup, q) ?? (await resolveInRelease(base, q))
    if (mine !== seq) return undefined
    direct = hit
    const limit = onPage ? (showAll ? Infinity : PAGE_RESULTS) : DROPDOWN_RESULTS
    if (isNumberQuery(q) || hit) {
      note.replaceChildren()
      count.replaceChildren()
      status.textContent = hit ? `Rule ${hit.number}: press Enter to go` : `No rule numbered ${q}`
      if (!hit) {
        show(q, [], true)
        return undefined
      }
      // The number and the rule's text, not its ID: the text follows when loaded.
      const item = resultItem(hit.url, hit.number, hit.chapter, '')
      item.classList.add('hit-top')
      show(q, [item], false)
      const text = await ruleText(hit)
      if (mine !== seq) return hit.url
      item.querySelector('.hit-x')!.textContent = clip(text, TOP_TEXT)
      show(q, [item], true)
      return hit.url
    }

    if (!pagefindReady()) {
      // Search is still loading (first keystroke): defined terms starting
      // with the query answer meanwhile; the full results replace them.
      const interim = termsStartingWith(lookup, q, 5).filter((t) => !filter || t.hit.chapter === filter)
      if (interim.length > 0) show(q, interim.map(({ term, hit: h }) => resultItem(h.url, h.number, h.chapter, `Defines “${term}”`)), false, false)
    }
    const context = await contextPromise.catch(() => undefined)
    if (mine !== seq) return undefined
    const understood: Understood = context
      ? understandQuery(q, context, { correct: !asTyped.has(q), typing: true })
      : { words: q.split(/\s+/), text: q, changes: [], pins: [], exact: false, cardName: false }
    showNote(q, understood)

    const pins = understood.pins.flatMap((p) => {
      const h = lookup.byId.get(p.id)
      return h && (!filter || h.chapter === filter) ? [{ hit: h, why: p.why, card: p.card }] : []
    })
    const head = pins.map(({ hit: h, why }) => resultItem(h.url, h.number, h.chapter, why))
    const pinnedAt = new Map(pins.map((p, i) => [p.hit.url, i]))
    if (!pagefindReady()) {
      // Pinned rules (a definition, a card's mentions) and the rules defining
      // the query's terms need no Pagefind: they answer while it starts.
      const known = new Set(pins.map((p) => p.hit.id))
      const defining = definedTermsIn(understood.text, lookup.terms).flatMap(({ term, ids }) =>
        ids.flatMap((id) => {
          const h = lookup.byId.get(id)
          if (!h || known.has(id) || (filter && h.chapter !== filter)) return []
          known.add(id)
          return [resultItem(h.url, h.number, h.chapter, `Defines “${term}”`)]
        }),
      )
      const interim = [...head, ...defining].slice(0, limit)
      if (interim.length > 0) show(q, interim, false, false)
    }
    const pf = await pagefind
    const ids = await idsPromise
    if (mine !== seq) return undefined
    const byId = new Map<string, PagefindResult>()
    const search = async (words: string): Promise<IndexHit[]> => {
      const results = await searchIndex(pf, words, filter)
      for (const r of results) byId.set(r.id, r)
      return results
    }
    const { hits, relaxed } = understood.exact
      ? { hits: await search(understood.text), relaxed: false }
      : understood.cardName
        ? { hits: await search(understood.words.join(' ')), relaxed: false }
      : await searchRelaxed(understood.words, search, { total: lookup.byId.size })
    if (mine !== seq) return undefined
    const top = hits.slice(0, Math.min(hits.length, limit + pins.length))
    const pending = top.map((h) => byId.get(h.id)!.data())

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
    // Rules found: Pagefind's, and the pinned ones it did not find. Known now with search-ids.json, else once the fragments say which rules they are.
    const hitIds = new Set(hits.map((h) => h.id))
    let total = ids ? hits.length + pins.filter((p) => !hitIds.has(ids.resultOf.get(p.hit.id) ?? '')).length : undefined
    // The ranked list at once, each rule's excerpt as its fragment arrives (without search-ids.json: the best match as soon as it is here).
    if (ids) {
      const items = [...head]
      for (const h of top) {
        const hit = lookup.byId.get(ids.ruleOf.get(h.id) ?? '')
        if (hit && !pinnedAt.has(hit.url) && items.length < limit) items.push(resultItem(hit.url, hit.number, hit.chapter, ''))
      }
      showCount(q, total!, items.length, relaxed)
      show(q, items, false)
    } else if (pending.length > 1 && pins.length === 0) {
      const best = await pending[0]!
      if (mine !== seq) return undefined
      show(q, merge([best]), false)
    }
    const data = await Promise.all(pending)
    if (mine !== seq) return undefined
    const items = merge(data)
    const found = new Set([...data.map((d) => d.url), ...pins.map((p) => p.hit.url)])
    total ??= hits.length + [...found].filter((u) => !data.some((d) => d.url === u)).length
    // The same words as the visible note: "Showing results for" a correction, "Searching for" jargon.
    const said = understood.changes.length === 0 ? '' : `${understood.changes.some((c) => c.why === 'typo') ? 'Showing results for' : 'Searching for'} ${understood.text}. `
    status.textContent = `${said}${total} ${total === 1 ? 'rule' : 'rules'} ${relaxed ? 'with some of the words' : 'found'}`
    showCount(q, total, items.length, relaxed)
    show(q, items, true)
    // The top result's text, whole (or nearly): often the answer itself.
    const first = items[0]?.querySelector<HTMLAnchorElement>('a.hit')
    if (first) {
      items[0]!.classList.add('hit-top')
      const url = new URL(first.href, location.href)
      const hitTop = lookup.byId.get(url.hash.slice(1))
      // Not awaited: Enter goes to the top result without waiting for its text.
      if (hitTop) {
        void ruleText(hitTop, pins.find((p) => p.hit.id === hitTop.id)?.card).then((text) => {
          if (mine === seq && text) first.querySelector('.hit-x')!.replaceChildren(...markedText(clip(text, TOP_TEXT), understood.words))
        })
      }
    }
    // Enter opens the top rule only when the query named it: a defined term or
    // a card (pinned), or a word or two all found together ("trash cost").
    // A question, or words found only apart, opens the results to choose from.
    const named = pins.length > 0 || (!relaxed && understood.words.length <= 2)
    return named ? first?.href : undefined
  }

  /** "Showing results for …; search instead for …" when typos or jargon changed the query. */
  function showNote(q: string, u: Understood) {
    if (u.changes.length === 0) {
      note.replaceChildren()
      return
    }
    const typos = u.changes.some((c) => c.why === 'typo')
    const instead = el('a', 'search-instead', q)
    instead.href = `${base}search/?q=${encodeURIComponent(q)}`
    instead.addEventListener('click', (e) => {
      e.preventDefault()
      asTyped.add(q)
      start()
      input.focus()
    })
    const jargon = u.changes.filter((c) => c.why === 'jargon').map((c) => `${c.from.toUpperCase()}: ${c.to}`)
    note.replaceChildren(
      typos ? 'Showing results for ' : 'Searching for ',
      el('strong', 'search-fixed', u.text),
      jargon.length > 0 ? ` (${jargon.join('; ')})` : '',
      '. Search instead for ',
      instead,
    )
  }

  /** `relaxed`: no rule has every word, so the count is of rules with some of them, which says so. */
  function showCount(q: string, total: number, shown: number, relaxed: boolean) {
    const what = `${total} ${total === 1 ? 'rule' : 'rules'}${relaxed ? ' with some of the words' : ''}`
    if (shown >= total) {
      count.replaceChildren(what)
      return
    }
    if (onPage) {
      const more = el('button', 'search-more', `Show all ${total}`)
      more.type = 'button'
      more.addEventListener('click', () => {
        showAll = true
        start().then(() => list.querySelectorAll<HTMLAnchorElement>('a.hit')[shown]?.focus())
      })
      count.replaceChildren(`${shown} of ${what} `, more)
    } else {
      const all = el('a', 'search-more', `Show all ${total}`)
      const params = new URLSearchParams({ q })
      if (chapter.value) params.set('chapter', chapter.value)
      all.href = `${base}search/?${params}`
      count.replaceChildren(`${shown} of ${what} · `, all)
    }
  }

  /**
   * `data-q`: results for this query are showing; `data-ranked`: ranked ones
   * (not only the definitions shown while Pagefind starts); `data-done`: all of them.
   */
  function show(q: string, items: HTMLLIElement[], done: boolean, ranked = true) {
    if (items.length === 0) {
      const li = document.createElement('li')
      li.className = 'none'
      li.textContent = isNumberQuery(q) ? `No rule numbered ${q}.` : 'No rules match.'
      items.push(li)
    }
    list.replaceChildren(...items)
    list.dataset.q = q
    if (ranked) list.dataset.ranked = q
    else delete list.dataset.ranked
    if (done) list.dataset.done = q
    else delete list.dataset.done
    panel.hidden = false
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
    const target = direct && latest?.q === q ? direct.url : await (latest?.q === q ? latest.top : start())
    if (input.value.trim() !== q) return
    if (target) location.assign(target)
    else if (!onPage) location.assign(`${base}search/?q=${encodeURIComponent(q)}`)
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
        else start()
      })
    }
  } else if (input.value.trim()) start()
}
