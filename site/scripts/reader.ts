/**
 * Every page's script, kept small: the reader's toggles, per-rule copy
 * tools, reference and card previews, keyboard shortcuts, the version
 * switcher's "same rule in that release", the official site's links, a
 * bootstrap that loads search (Pagefind) only once the reader reaches for
 * it, and, once the page is idle, the service worker for offline reading.
 */
import { initToggles } from './toggles.ts'
import { initRuleTools } from './rule-tools.ts'
import { initPreviews } from './previews.ts'
import { initSearchBoot } from './search-boot.ts'
import { initSwitcher } from './switcher.ts'
import { initOldLinks } from './old-links.ts'
import { versionOfBase } from '../shared/routes.ts'

const base = document.documentElement.dataset.base ?? '/'

initToggles()
initRuleTools()
initPreviews(base)
initSearchBoot(base)
initSwitcher(base)
initOldLinks(base)
// A held release's rules that changed since say so (`lookup.json`'s `h`).
const version = versionOfBase(base)
// Offline, a held release's lookup may not be kept: then no marks, and no error.
if (version) import('./release-marks.ts').then((m) => m.initReleaseMarks(base, version)).catch(() => {})
// The glossary's filter box, on the glossary only (no script inside a page's text).
if (document.getElementById('gf')) void import('./glossary-filter.ts').then((m) => m.initGlossaryFilter())
// A card's image comes from NetrunnerDB: offline (or gone) it is hidden, never a broken picture.
document.addEventListener('error', (e) => (e.target as Element).matches?.('img.card-img') && ((e.target as HTMLImageElement).hidden = true), true)
// An image that failed before this module ran (offline, the page from the cache) sent its error to no one: hide it now.
document.querySelectorAll<HTMLImageElement>('img.card-img').forEach((img) => {
  if (img.complete && img.naturalWidth === 0 && img.currentSrc) img.hidden = true
})
// Offline reading (service worker) and its update prompt, once the page is idle.
addEventListener('load', () => setTimeout(() => import('./offline.ts').then((m) => m.initOffline()), 1000), { once: true })
