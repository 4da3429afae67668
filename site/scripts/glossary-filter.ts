/**
 * The glossary's filter box: as you type, only the terms containing every
 * word typed (at a word's start: "trash c" finds "trash cost", "ice" finds
 * "Ice" and "approach ice phase", never "device") stay; the count says how
 * many; nothing found offers a search of the rules. The box's text is kept
 * in the URL (`?q=`), so a filtered glossary can be shared and Back returns
 * to it. Without script the box stays hidden and the whole list shows.
 */
import { words } from './query/fold.ts'

export function initGlossaryFilter() {
  const box = document.querySelector<HTMLElement>('.gfilter')
  const input = document.querySelector<HTMLInputElement>('#gf')
  const list = document.querySelector<HTMLElement>('#glossary')
  if (!box || !input || !list) return
  const count = box.querySelector<HTMLElement>('.gf-count')!
  const none = box.querySelector<HTMLElement>('.gf-none')!
  const searchLink = none.querySelector<HTMLAnchorElement>('[data-search-link]')!
  const searchBase = searchLink.getAttribute('href')!
  const entries = Array.from(list.children as HTMLCollectionOf<HTMLElement>).map((el) => ({ el, words: words(el.dataset.term ?? '') }))
  box.classList.add('on')

  const apply = () => {
    const q = words(input.value)
    let shown = 0
    for (const e of entries) {
      const match = q.every((w) => e.words.some((t) => t.startsWith(w)))
      e.el.hidden = !match
      if (match) shown++
    }
    count.textContent = q.length === 0 ? `${entries.length} entries` : `${shown} of ${entries.length} entries`
    none.hidden = shown > 0
    if (shown === 0) {
      none.querySelector('span')!.textContent = input.value.trim()
      searchLink.href = `${searchBase}?q=${encodeURIComponent(input.value.trim())}`
    }
    const url = new URL(location.href)
    if (input.value.trim()) url.searchParams.set('q', input.value.trim())
    else url.searchParams.delete('q')
    history.replaceState(history.state, '', url)
  }
  // "See influence cost" leads to an entry the filter may hide: clear it first.
  list.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a[href^="#"]') && input.value) {
      input.value = ''
      apply()
    }
  })
  const initial = new URL(location.href).searchParams.get('q')
  if (initial) input.value = initial
  input.addEventListener('input', apply)
  // Enter on a single match opens it.
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return
    e.preventDefault()
    const visible = entries.filter((x) => !x.el.hidden)
    if (visible.length === 1) visible[0]!.el.querySelector<HTMLAnchorElement>('dt a')?.click()
  })
  apply()
}
