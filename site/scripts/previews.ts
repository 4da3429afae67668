/**
 * Hover or focus a reference to see the rule it names; hover or focus a card
 * name to see the card; on a touch screen, tap it (a second tap opens it). One tooltip element serves all links, described by
 * `aria-describedby` while shown. Without JavaScript these are plain links.
 *
 * Rule text comes from `previews/<chapter>.json`, cards from
 * `card-data.json`, fetched on first use; both are HTML the build produced
 * from escaped, compiled text.
 */
import { releaseOfPath, routes, RULE_LINK, ruleOfLink } from '../shared/routes.ts'

type Previews = Record<string, [string, string, [string, string][], string[]?]>
type CardData = Record<string, { title: string; image?: string; type?: string; text?: string }>

const SHOW_DELAY = 120
const HIDE_DELAY = 200
const TRIGGER = `${RULE_LINK}, a.cr-card[data-card]`

export function initPreviews(base: string) {
  const pop = document.createElement('div')
  pop.id = 'cr-pop'
  pop.className = 'pop'
  pop.setAttribute('role', 'tooltip')
  pop.hidden = true
  document.body.append(pop)

  const chapters = new Map<string, Promise<Previews>>()
  let cards: Promise<CardData> | undefined
  let current: HTMLAnchorElement | null = null
  let showTimer = 0
  let hideTimer = 0

  const fetchJson = <T,>(url: string) => fetch(url).then((r) => (r.ok ? (r.json() as Promise<T>) : Promise.reject(new Error(r.statusText))))

  /** The previews of the chapter a link's rule is in, in the release the link is to. */
  async function previewsOf(a: HTMLAnchorElement, id: string): Promise<Previews> {
    const { base: there, rest } = releaseOfPath(new URL(a.href, location.href).pathname)
    let slug = rest.split('/')[0] ?? ''
    // On the one-page rules (`/full/#id`) and the home page, the link does not name the chapter: the lookup does.
    if (!slug || slug === 'full') {
      const { loadLookup } = await import('./lookup.ts')
      slug = (await loadLookup(there)).byId.get(id)?.slug ?? ''
    }
    const url = routes(there).previews(slug)
    if (!chapters.has(url)) chapters.set(url, fetchJson<Previews>(url))
    return chapters.get(url)!.catch(() => ({}) as Previews)
  }

  async function ruleContent(a: HTMLAnchorElement): Promise<DocumentFragment | null> {
    const id = ruleOfLink(a.href)
    if (!id) return null
    const entry = (await previewsOf(a, id).catch(() => ({}) as Previews))[id]
    if (!entry) return null
    const [number, title, body] = entry
    const frag = document.createDocumentFragment()
    const head = document.createElement('p')
    head.className = 'pop-h'
    // Built from the compiler's escaped HTML, like the page itself.
    head.innerHTML = title
    head.prepend(`${number} `)
    frag.append(head)
    for (const [n, html] of body) {
      const p = document.createElement('p')
      p.className = 'pop-b'
      p.innerHTML = html
      if (n) {
        const b = document.createElement('b')
        b.textContent = `${n} `
        p.prepend(b)
      }
      frag.append(p)
    }
    return frag
  }

  async function cardContent(a: HTMLAnchorElement): Promise<DocumentFragment | null> {
    cards ??= fetchJson<CardData>(routes(base).cardData()).catch(() => ({}))
    const card = (await cards)[a.dataset.card!]
    if (!card) return null
    const frag = document.createDocumentFragment()
    if (card.image) {
      const img = document.createElement('img')
      img.loading = 'lazy'
      img.decoding = 'async'
      img.alt = ''
      img.width = 150
      img.height = 209
      img.src = card.image
      img.className = 'pop-img'
      img.addEventListener('error', () => img.remove())
      frag.append(img)
    }
    const head = document.createElement('p')
    head.className = 'pop-h'
    head.textContent = card.title
    frag.append(head)
    if (card.type) {
      const type = document.createElement('p')
      type.className = 'pop-t'
      type.textContent = card.type
      frag.append(type)
    }
    if (card.text) {
      const text = document.createElement('p')
      text.className = 'pop-b'
      // Rendered at build time from tokens, everything else escaped (card-text.ts).
      text.innerHTML = card.text
      frag.append(text)
    }
    return frag
  }

  function position(a: HTMLElement) {
    const r = a.getBoundingClientRect()
    const width = Math.min(420, document.documentElement.clientWidth - 16)
    pop.style.width = `${width}px`
    const left = Math.max(8, Math.min(r.left, document.documentElement.clientWidth - width - 8))
    pop.style.left = `${left + scrollX}px`
    const below = r.bottom + 6
    const height = pop.offsetHeight
    const top = below + height > innerHeight && r.top - height - 6 > 0 ? r.top - height - 6 : below
    pop.style.top = `${top + scrollY}px`
  }

  /** The preview's own link: on a touch screen the first tap shows the preview, this opens what it previews. */
  function goLink(a: HTMLAnchorElement, label: string) {
    const p = document.createElement('p')
    p.className = 'pop-go'
    const go = document.createElement('a')
    go.href = a.href
    go.textContent = label
    p.append(go)
    return p
  }

  /** Show `a`'s preview: true when shown, false when there is none (unknown rule, data not loaded), undefined when another took its place. */
  async function show(a: HTMLAnchorElement): Promise<boolean | undefined> {
    if (current === a && !pop.hidden) return true
    hide()
    current = a
    const isCard = a.matches('a.cr-card')
    const content = isCard ? await cardContent(a) : await ruleContent(a)
    if (current !== a) return undefined
    if (!content) {
      current = null
      return false
    }
    content.append(goLink(a, isCard ? "Open the card's entry" : 'Open the rule'))
    pop.replaceChildren(content)
    pop.classList.toggle('pop-card', isCard)
    pop.hidden = false
    a.setAttribute('aria-describedby', pop.id)
    position(a)
    return true
  }

  function hide() {
    clearTimeout(showTimer)
    pop.hidden = true
    current?.removeAttribute('aria-describedby')
    current = null
  }

  const trigger = (e: Event) => (e.target as Element).closest?.<HTMLAnchorElement>(TRIGGER) ?? null
  document.addEventListener('mouseover', (e) => {
    const a = trigger(e)
    if (a) {
      clearTimeout(hideTimer)
      clearTimeout(showTimer)
      showTimer = window.setTimeout(() => show(a), SHOW_DELAY)
    } else if ((e.target as Element).closest?.('#cr-pop')) clearTimeout(hideTimer)
  })
  document.addEventListener('mouseout', (e) => {
    if (trigger(e) || (e.target as Element).closest?.('#cr-pop')) {
      clearTimeout(showTimer)
      hideTimer = window.setTimeout(hide, HIDE_DELAY)
    }
  })
  document.addEventListener('focusin', (e) => {
    const a = trigger(e)
    if (a) show(a)
    else if (!pop.contains(e.target as Node)) hide()
  })
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !pop.hidden) hide()
  })

  // Touch screens have no hover: a tap on a reference or a card name shows its
  // preview, a second tap (or the preview's own link) opens it, a tap
  // elsewhere closes it. Mouse and keyboard keep hover and focus.
  let pointer = ''
  document.addEventListener('pointerdown', (e) => (pointer = e.pointerType), { capture: true, passive: true })
  // A finger lifted anywhere else closes it, whether or not the browser makes
  // a click of the touch (a press held long makes none, nor does a slow phone
  // that takes it for one); a touch that scrolls ends in pointercancel, not
  // here, so reading on does not close it.
  document.addEventListener(
    'pointerup',
    (e) => {
      if (e.pointerType === 'mouse' || pop.hidden || pop.contains(e.target as Node) || trigger(e)) return
      hide()
    },
    { passive: true },
  )
  document.addEventListener('click', (e) => {
    if (pointer !== 'touch' && pointer !== 'pen') return
    const a = trigger(e)
    if (!a) {
      if (!pop.contains(e.target as Node)) hide()
      return
    }
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    if (current === a && !pop.hidden) return
    e.preventDefault()
    clearTimeout(showTimer)
    void show(a).then((shown) => {
      // Nothing to preview (offline before the data came, an unknown rule): the tap opens the link after all.
      if (shown === false) location.href = a.href
    })
  })
}
