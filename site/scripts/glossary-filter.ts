/**
 * The glossary's filter box: as you type, only the terms containing every
 * word typed (at a word's start: "trash c" finds "trash cost", "ice" finds
 * "Ice" and "approach ice phase", never "device") stay; the count says how
 * many; nothing found offers a search of the rules. Players' words find the
 * CR's term too (the entry's `data-says`, from search's vocabulary: "brain
 * damage" finds core damage, "face-check" the encounter ice phase), and the
 * entry says which word it was found by. The box's text is kept
 * in the URL (`?q=`), so a filtered glossary can be shared and Back returns
 * to it. Without script the box stays hidden and the whole list shows.
 */
import { words } from './query/fold.ts'

/** An entry as the filter reads it: its term's words, and players' words for it, each also without spaces. */
export interface FilterEntry {
  words: string[]
  says: { s: string; joined: string }[]
}

export function filterEntry(term: string, says: string): FilterEntry {
  // "face check", "face-check" and "facecheck" are one.
  return { words: words(term), says: says.split('|').filter(Boolean).map((s) => ({ s, joined: words(s).join('') })) }
}

/**
 * Whether a query finds an entry: every word typed starts a word of the term, in any
 * order; or what is typed is one of the players' words ("BP"), or starts it from three
 * letters on ("p" is not "put"); which word is returned, to say so.
 */
export function matchEntry(query: string, e: FilterEntry): { by?: string } | undefined {
  const q = words(query)
  if (q.every((w) => e.words.some((t) => t.startsWith(w)))) return {}
  const joined = q.join('')
  const by = e.says.find((x) => x.joined === joined || (joined.length >= 3 && x.joined.startsWith(joined)))
  return by ? { by: by.s } : undefined
}

export function initGlossaryFilter() {
  const box = document.querySelector<HTMLElement>('.gfilter')
  const input = document.querySelector<HTMLInputElement>('#gf')
  const list = document.querySelector<HTMLElement>('#glossary')
  if (!box || !input || !list) return
  const count = box.querySelector<HTMLElement>('.gf-count')!
  const none = box.querySelector<HTMLElement>('.gf-none')!
  const searchLink = none.querySelector<HTMLAnchorElement>('[data-search-link]')!
  const searchBase = searchLink.getAttribute('href')!
  const entries = Array.from(list.children as HTMLCollectionOf<HTMLElement>).map((el) => ({
    el,
    ...filterEntry(el.dataset.term ?? '', el.dataset.says ?? ''),
    via: undefined as HTMLElement | undefined,
  }))
  box.classList.add('on')

  const apply = () => {
    const q = words(input.value)
    let shown = 0
    const found: string[] = []
    for (const e of entries) {
      const match = matchEntry(input.value, e)
      const by = match?.by
      e.el.hidden = !match
      if (match) shown++
      if (by) {
        if (!e.via) {
          e.via = document.createElement('span')
          e.via.className = 'gf-via'
          e.el.querySelector('dt')!.append(e.via)
        }
        const term = e.el.querySelector('dt a')!.textContent ?? ''
        e.via.textContent = ` ← “${by}”`
        found.push(`“${by}” is ${term}`)
      }
      if (e.via) e.via.hidden = !by
    }
    const mapped = found.length > 0 ? `; in the CR’s words: ${[...new Set(found)].slice(0, 3).join(', ')}` : ''
    count.textContent = q.length === 0 ? `${entries.length} entries` : `${shown} of ${entries.length} entries${mapped}`
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
