/**
 * Search's view: draws a pipeline `Snapshot` into one search form's panel
 * (the header's dropdown, or the search page's list). Rule text is data:
 * rows are built as DOM from text, Pagefind's excerpts included, never
 * parsed as HTML.
 *
 * The list says how far it is on `data-*` attributes tests and the bench
 * read: `data-q` (results for this query are showing), `data-ranked` (ranked
 * ones, not only what showed while Pagefind started), `data-done` (all);
 * the form's `data-search-ready`: Pagefind has started (`events.ts`).
 *
 * Stable under the thumb (issue 20): for one query, a row once shown keeps
 * its place, number and text; later stages only fill in a row shown without
 * text and add rows below, never above, and a row's text has room reserved
 * (search.css), so nothing the reader may be reading or tapping moves.
 */
import { highlightRanges } from '../query/highlight.ts'
import type { Understood } from '../query/understand.ts'
import type { Routes } from '../../shared/routes.ts'
import { isEmptyText, type Offer, type Row, type RowText, type Snapshot } from './pipeline.ts'

export interface SearchView {
  readonly input: HTMLInputElement
  readonly chapter: HTMLSelectElement
  /** The search page (results always shown), not the header's dropdown. */
  readonly onPage: boolean
  /** `run`: which run of the pipeline this snapshot is from; a new run starts a new list. */
  render(s: Snapshot, run: number): void
  clear(): void
  open(): void
  close(): void
  /** The result links, in order. */
  links(): HTMLAnchorElement[]
}

export interface ViewActions {
  /** "Search instead for …": the query as typed. */
  searchAsTyped(q: string): void
  /** The search page's "Show all N". */
  showAll(shown: number): void
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...content: (string | Node)[]) {
  const e = document.createElement(tag)
  e.className = className
  e.append(...content)
  return e
}

/** Pagefind's excerpt: text with `<`/`>` escaped and `<mark>` around matches. Built as DOM, never as HTML. */
export function excerptNodes(excerpt: string): Node[] {
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

function textNodes(text: RowText): Node[] {
  if ('excerpt' in text) return excerptNodes(text.excerpt)
  if ('note' in text) return [document.createTextNode(text.note)]
  return text.marks.length > 0 ? markedText(text.plain, text.marks) : [document.createTextNode(text.plain)]
}

function rowItem(row: Row): HTMLLIElement {
  const li = document.createElement('li')
  const a = el('a', 'hit', el('span', 'hit-n', row.number), ' ', el('span', 'hit-where', row.where))
  a.href = row.url
  a.append(el('span', 'hit-x', ...textNodes(row.text)))
  li.append(a)
  li.dataset.id = row.id
  if (!isEmptyText(row.text)) li.dataset.text = 'final'
  return li
}

/**
 * A shown row is final (issue 20: the reader may be reading or tapping it):
 * its number and place never change, and its text, once shown, is never
 * replaced; a row shown without text yet is filled in, once. Its link may
 * gain a query (`?from=`) for the same rule.
 */
function fillRow(li: HTMLLIElement, row: Row) {
  // Its link may learn more (a number's `?from=`, once its story is read); nothing moves.
  const a = li.querySelector<HTMLAnchorElement>('a.hit')
  if (a && a.getAttribute('href') !== row.url) a.href = row.url
  if (li.dataset.text === 'final' || isEmptyText(row.text)) return
  li.querySelector('.hit-x')!.replaceChildren(...textNodes(row.text))
  li.dataset.text = 'final'
}

function offerList(offers: Offer[]): HTMLElement {
  const p = el('span', 'search-offers')
  offers.forEach((o, i) => {
    const a = el('a', '', o.label)
    a.href = o.url
    if (/^https?:/.test(o.url)) a.rel = 'noopener'
    p.append(i === 0 ? ' ' : ' · ', a)
  })
  return p
}

export function createView(form: HTMLFormElement, at: Routes, actions: ViewActions): SearchView {
  const input = form.querySelector('input')!
  const chapter = form.querySelector('select')!
  const panel = form.querySelector<HTMLElement>('.search-panel')!
  const list = form.querySelector<HTMLOListElement>('.search-results')!
  const status = form.querySelector<HTMLElement>('[aria-live]')!
  const note = form.querySelector<HTMLElement>('.search-note')!
  const count = form.querySelector<HTMLElement>('.search-count')!
  const onPage = form.closest('[data-search-page]') !== null

  /** "Showing results for …; search instead for …" when typos or jargon changed the query. */
  function showNote(q: string, u: Understood | undefined) {
    if (!u || (u.changes.length === 0 && u.unknown.length === 0)) {
      note.replaceChildren()
      return
    }
    // Words no rule uses: said, and searched without them.
    const unknown = u.unknown.length > 0 ? `No rule mentions ${u.unknown.map((w) => `“${w}”`).join(', ')}. ` : ''
    if (u.changes.length === 0) {
      note.replaceChildren(unknown.trim())
      return
    }
    const typos = u.changes.some((c) => c.why === 'typo')
    const instead = el('a', 'search-instead', q)
    instead.href = at.search(q)
    instead.addEventListener('click', (e) => {
      e.preventDefault()
      actions.searchAsTyped(q)
    })
    const jargon = u.changes.filter((c) => c.why !== 'typo').map((c) => `${c.why === 'jargon' ? c.from.toUpperCase() : c.from}: ${c.to}`)
    note.replaceChildren(
      unknown,
      typos ? 'Showing results for ' : 'Searching for ',
      el('strong', 'search-fixed', u.text),
      jargon.length > 0 ? ` (${jargon.join('; ')})` : '',
      '. Search instead for ',
      instead,
    )
  }

  /** `relaxed`: no rule has every word, so the count is of rules with some of them, which says so. */
  function showCount(q: string, c: Snapshot['count']) {
    if (!c) {
      count.replaceChildren()
      return
    }
    const { total, shown, relaxed } = c
    const what = `${total} ${total === 1 ? 'rule' : 'rules'}${relaxed ? ' with some of the words' : ''}`
    if (shown >= total) {
      count.replaceChildren(what)
      return
    }
    if (onPage) {
      const more = el('button', 'search-more', `Show all ${total}`)
      more.type = 'button'
      more.addEventListener('click', () => actions.showAll(shown))
      count.replaceChildren(`${shown} of ${what} `, more)
    } else {
      const all = el('a', 'search-more', `Show all ${total}`)
      all.href = at.search(q, chapter.value)
      count.replaceChildren(`${shown} of ${what} · `, all)
    }
  }

  /** The query whose rows are showing, and each row by rule ID: a later snapshot of it adds below, never reorders. */
  let shown: { run: number; rows: Map<string, HTMLLIElement>; limit: number } | undefined

  const view: SearchView = {
    input,
    chapter,
    onPage,
    render(s, run) {
      if (s.status !== undefined) status.textContent = s.status
      // Interim answers leave what was said before in place: the full results say it.
      if (s.stage !== 'interim' || s.understood) showNote(s.q, s.understood)
      if (s.stage !== 'interim') showCount(s.q, s.count)
      if (s.rows.length === 0) {
        const li = document.createElement('li')
        li.className = 'none'
        li.textContent = s.empty ?? 'No rules match.'
        if (s.offers?.length) li.append(offerList(s.offers))
        list.replaceChildren(li)
        shown = undefined
      } else if (shown?.run !== run) {
        const items = s.rows.map(rowItem)
        list.replaceChildren(...items)
        shown = { run, rows: new Map(items.map((li) => [li.dataset.id!, li])), limit: Math.max(items.length, s.rows.length) }
      } else {
        // The same query, further on: rows shown stay where they are; new ones go below, up to the list's size.
        const limit = Math.max(shown.rows.size, s.rows.length)
        for (const row of s.rows) {
          const li = shown.rows.get(row.id)
          if (li) fillRow(li, row)
          else if (shown.rows.size < limit) {
            const item = rowItem(row)
            list.append(item)
            shown.rows.set(row.id, item)
          }
        }
      }
      const first = list.querySelector<HTMLLIElement>('li[data-id]')
      if (s.topText && first) first.classList.add('hit-top')
      list.dataset.q = s.q
      if (s.stage !== 'interim') list.dataset.ranked = s.q
      else delete list.dataset.ranked
      if (s.stage === 'done') list.dataset.done = s.q
      else delete list.dataset.done
      panel.hidden = false
    },
    clear() {
      shown = undefined
      list.replaceChildren()
      list.dataset.q = ''
      list.dataset.done = ''
      delete list.dataset.ranked
      status.textContent = ''
      note.replaceChildren()
      count.replaceChildren()
      view.close()
    },
    open() {
      if (list.childElementCount > 0) panel.hidden = false
    },
    close() {
      if (!onPage) panel.hidden = true
    },
    links: () => Array.from(list.querySelectorAll<HTMLAnchorElement>('a.hit')),
  }
  return view
}
