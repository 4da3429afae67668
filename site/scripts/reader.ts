/**
 * Every page's script, kept small: the reader's toggles, per-rule copy
 * tools, reference and card previews, keyboard shortcuts, the version
 * switcher's "same rule in that release", and a bootstrap
 * that loads search (Pagefind) only once the reader reaches for it.
 */
import { initToggles } from './toggles.ts'
import { initRuleTools } from './rule-tools.ts'
import { initPreviews } from './previews.ts'
import { initSearchBoot } from './search-boot.ts'
import { initSwitcher } from './switcher.ts'

const base = document.documentElement.dataset.base ?? '/'

initToggles()
initRuleTools()
initPreviews(base)
initSearchBoot(base)
initSwitcher(base)

// The official site's deep links: `/?r=<id>` (a number works too).
const wanted = new URLSearchParams(location.search).get('r')
if (wanted) {
  import('./lookup.ts').then(async ({ loadLookup, resolveQuery }) => {
    const hit = resolveQuery(await loadLookup(base), wanted)
    location.replace(hit ? hit.url : `${base}search/?q=${encodeURIComponent(wanted)}`)
  })
}
