/**
 * Offline reading, the page's half: register the service worker (`/sw.js`,
 * see `sw.ts`), offer a reload when a newer build of the site is ready, and
 * on an old release's banner offer to keep that whole release offline.
 * Loaded once the page is idle; without service workers nothing happens.
 */
export function initOffline() {
  const sw = navigator.serviceWorker
  if (!sw) return
  let accepted = false
  // The reader chose to reload into the new build (a first install's claim is no reason to reload).
  sw.addEventListener('controllerchange', () => {
    if (accepted) location.reload()
  })
  sw.register('/sw.js')
    .then((reg) => {
      void showOfflineState(reg)
      const offer = (next: ServiceWorker) => {
        if (sw.controller) showUpdate(next, () => (accepted = true))
      }
      if (reg.waiting) offer(reg.waiting)
      reg.addEventListener('updatefound', () => {
        const next = reg.installing
        next?.addEventListener('statechange', () => {
          if (next.state === 'installed') offer(next)
        })
      })
      // A tab open all day at a tournament still hears of a new build.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') reg.update().catch(() => {})
      })
      void offerRelease(sw)
    })
    .catch(() => {})
}

function button(label: string) {
  const b = document.createElement('button')
  b.type = 'button'
  b.className = 'btn'
  b.textContent = label
  return b
}

function showUpdate(next: ServiceWorker, accept: () => void) {
  if (document.querySelector('.update')) return
  const bar = document.createElement('div')
  bar.className = 'update'
  bar.setAttribute('role', 'status')
  const reload = button('Reload')
  const later = button('Later')
  reload.addEventListener('click', () => {
    accept()
    reload.disabled = true
    // Another tab may have let it in already.
    if (next.state === 'activated') location.reload()
    else next.postMessage({ type: 'skip-waiting' })
  })
  later.addEventListener('click', () => bar.remove())
  bar.append('A new version of the rules is available. ', reload, ' ', later)
  document.body.append(bar)
}

/**
 * An old release reads offline page by page as it is read; this keeps all of
 * it. Once kept (the worker stores the release's `offline.json` last), every
 * page of it says so instead of offering the button again.
 */
async function offerRelease(sw: ServiceWorkerContainer) {
  const banner = document.querySelector('p.old')
  const base = document.documentElement.dataset.base
  if (!banner || !base || base === '/') return
  const version = base.slice(1, -1)
  const saved = await keptRelease(base)
  if (saved) {
    banner.append(' ', keptNote(version, saved))
    return
  }
  const keep = button(`Keep ${version} offline`)
  keep.classList.add('keep')
  sw.addEventListener('message', (e: MessageEvent<{ type?: string; base?: string }>) => {
    if (e.data?.base !== base) return
    keep.textContent = e.data.type === 'saved' ? 'Saved for offline reading' : 'Could not save it; try again online'
    keep.disabled = e.data.type === 'saved'
  })
  keep.addEventListener('click', async () => {
    keep.disabled = true
    keep.textContent = 'Saving…'
    ;(await sw.ready).active?.postMessage({ type: 'save-release', base })
  })
  banner.append(' ', keep)
}

interface Kept {
  files: number
  kept?: string
}

/** The release's list as the worker stored it once every file was kept; undefined when it is not kept. */
async function keptRelease(base: string): Promise<Kept | undefined> {
  try {
    const res = await caches.match(`${base}offline.json`)
    if (!res) return undefined
    const list = (await res.json()) as { files?: unknown[]; kept?: string }
    return { files: list.files?.length ?? 0, kept: list.kept }
  } catch {
    return undefined
  }
}

/** "Kept offline", and what: how many files, since when. */
function keptNote(version: string, saved: Kept) {
  const note = document.createElement('span')
  note.className = 'keep kept'
  note.textContent = '✓ Kept offline'
  const when = saved.kept ? new Date(saved.kept) : undefined
  const detail = document.createElement('small')
  detail.textContent = ` (all of ${version}, ${saved.files.toLocaleString('en')} files${when && !Number.isNaN(when.getTime()) ? `, since ${when.toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' })}` : ''})`
  note.append(detail)
  return note
}

/**
 * "Ready offline": the footer says so once the current rules are all kept
 * (the worker stores `/offline.json` last, when every file is in), and a
 * first visit, which keeps them in the background (about 11 s on a phone),
 * says when it is done with a note that goes away by itself.
 */
async function showOfflineState(reg: ServiceWorkerRegistration | undefined) {
  // A browser that blocks service workers may register none.
  if (!reg) return
  const state = document.querySelector<HTMLElement>('.offline-state')
  const ready = async () => (await caches.match('/offline.json').catch(() => undefined)) !== undefined
  const say = (text: string) => {
    if (!state) return
    state.textContent = text
    state.hidden = false
  }
  if (reg.active && (await ready())) {
    say('✓ Ready offline: the current rules, search and glossary work without a connection.')
    return
  }
  const installing = reg.installing ?? reg.waiting
  if (!installing) return
  say('Saving the rules for offline use…')
  const done = async () => {
    if (!(await ready())) return false
    say('✓ Ready offline: the current rules, search and glossary work without a connection.')
    const toast = document.createElement('div')
    toast.className = 'update ready-offline'
    toast.setAttribute('role', 'status')
    toast.textContent = '✓ Ready offline: the rules now work without a connection.'
    document.body.append(toast)
    setTimeout(() => toast.remove(), 6000)
    return true
  }
  installing.addEventListener('statechange', () => {
    if (installing.state === 'installed' || installing.state === 'activated') void done()
    else if (installing.state === 'redundant') say('Could not save the rules for offline use; they will be saved on your next visit.')
  })
}
