/** Dark mode, "mark new" (with a note saying what it marked) and the contents drawer; choices persist in localStorage. */
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
  if (changes && root.classList.contains('show-new')) showNewNote(changes)
  changes?.addEventListener('click', () => {
    const on = root.classList.toggle('show-new')
    changes.setAttribute('aria-pressed', String(on))
    remember('cr-new', on ? '1' : null)
    if (on) showNewNote(changes)
    else document.querySelector('.new-note')?.remove()
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

/** What is marked new on this page. */
const NEW_MARKS = '.cr-new, .new > .rt, .new > .st, .ex.new'

/**
 * "Mark new" says what it did on every page, at the top of the text: how many
 * marks this page has ("7 rules and passages on this page are new in
 * v26.03"), or that it has none, with the release's summary of changes.
 */
function showNewNote(button: HTMLButtonElement) {
  const main = document.querySelector('main')
  if (!main) return
  document.querySelector('.new-note')?.remove()
  const count = main.querySelectorAll(NEW_MARKS).length
  const version = button.dataset.version ?? 'this release'
  const note = document.createElement('p')
  note.className = 'new-note'
  note.setAttribute('role', 'status')
  note.append(
    count === 0
      ? `Marking what is new in ${version}: nothing on this page is. `
      : `Marking what is new in ${version}: ${count} ${count === 1 ? 'passage' : 'passages'} on this page, in green. `,
  )
  if (button.dataset.changes) {
    const link = document.createElement('a')
    link.href = button.dataset.changes
    link.textContent = 'Summary of changes'
    note.append(link)
  }
  const off = document.createElement('button')
  off.type = 'button'
  off.className = 'btn'
  off.textContent = 'Stop marking'
  off.addEventListener('click', () => button.click())
  note.append(' ', off)
  // After an old release's banner, before the text.
  const banner = main.querySelector(':scope > p.old')
  if (banner) banner.after(note)
  else main.prepend(note)
}
