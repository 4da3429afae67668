/**
 * Search costs nothing until the reader reaches for it: `/` or a click,
 * focus or keystroke in a search box loads the search module, which loads
 * Pagefind and the number lookup.
 */
export function initSearchBoot(base: string) {
  const forms = Array.from(document.querySelectorAll<HTMLFormElement>('form[data-search]'))
  if (forms.length === 0) return
  let loading: Promise<unknown> | undefined
  const load = () => (loading ??= (preload(base), import('./search.ts').then((m) => m.initSearch(base, forms))))

  for (const form of forms) {
    const input = form.querySelector('input')!
    input.addEventListener('focus', load, { once: true })
    input.addEventListener('pointerdown', load, { once: true })
  }
  // The search page runs its query straight away.
  if (document.querySelector('[data-search-page]')) load()

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

/** Ask for search's data while its code loads, not after: the first results come sooner. */
function preload(base: string) {
  for (const href of [`${base}lookup.json`, `${base}search-vocab.json`, `${base}pagefind/pagefind.js`]) {
    const link = document.createElement('link')
    if (href.endsWith('.js')) link.rel = 'modulepreload'
    else {
      link.rel = 'preload'
      link.as = 'fetch'
      link.crossOrigin = 'anonymous'
    }
    link.href = href
    document.head.append(link)
  }
}
