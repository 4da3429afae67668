/** Dark mode, "highlight changes" and the contents drawer; choices persist in localStorage. */
const root = document.documentElement

function remember(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

const isDark = () =>
  root.dataset.theme ? root.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches

export function initToggles() {
  const theme = document.querySelector<HTMLButtonElement>('.theme-btn')
  const changes = document.querySelector<HTMLButtonElement>('.new-btn')
  const toc = document.querySelector<HTMLButtonElement>('.toc-btn')

  const syncTheme = () => theme?.setAttribute('aria-pressed', String(isDark()))
  syncTheme()
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', syncTheme)
  theme?.addEventListener('click', () => {
    const next = isDark() ? 'light' : 'dark'
    // Back to following the system when the choice matches it.
    const system = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
    if (next === system) delete root.dataset.theme
    else root.dataset.theme = next
    remember('cr-theme', next === system ? null : next)
    syncTheme()
  })

  changes?.setAttribute('aria-pressed', String(root.classList.contains('show-new')))
  changes?.addEventListener('click', () => {
    const on = root.classList.toggle('show-new')
    changes.setAttribute('aria-pressed', String(on))
    remember('cr-new', on ? '1' : null)
  })

  const setToc = (open: boolean) => {
    root.classList.toggle('toc-open', open)
    toc?.setAttribute('aria-expanded', String(open))
  }
  toc?.addEventListener('click', () => {
    setToc(!root.classList.contains('toc-open'))
    if (root.classList.contains('toc-open')) document.querySelector<HTMLElement>('#toc a[aria-current]')?.focus()
  })
  // The drawer covers the page on a phone: a link, Close or Escape closes it.
  document.getElementById('toc')?.addEventListener('click', (e) => {
    const t = e.target as Element
    if (t.closest('a')) setToc(false)
    if (t.closest('.toc-close')) {
      setToc(false)
      toc?.focus()
    }
  })
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && root.classList.contains('toc-open')) {
      setToc(false)
      toc?.focus()
    }
  })
}
