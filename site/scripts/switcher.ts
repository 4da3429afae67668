/**
 * The version switcher (a `<details>` of links, which work without script):
 * close it on Escape or a click elsewhere, and when the URL names a rule
 * (`#rule_end_the_run`), go to that rule in the chosen release, wherever it
 * is there. `switch.json` (from the build's version index) lists only the
 * rules whose place differs, so most lookups find nothing and keep the ID.
 * A rule with no equivalent there lands on the section that holds its
 * place, which says the rule is not one of that release's (`?gone=<id>`,
 * old-links.ts), with a link to what became of it; to the current rules, a
 * rule removed since goes straight to its `/r/<id>/` page, which says when
 * and why.
 */
import { routes, siteRoutes } from '../shared/routes.ts'

/** Target release key → rule ID → `[chapter slug, ID]` there, `[slug, nearest ID, 0]` when it has no equivalent there, or '' (site/data/types.ts `SwitchTarget`). */
type SwitchMap = Record<string, Record<string, [string, string] | [string, string, 0] | ''>>

let maps: Promise<SwitchMap> | undefined
const load = (base: string) =>
  (maps ??= fetch(routes(base).switchMap())
    .then((r) => (r.ok ? (r.json() as Promise<SwitchMap>) : ({} as SwitchMap)))
    .catch(() => ({}) as SwitchMap))

/** Where the rule `id` of this page is in the release `a` links to. */
async function sameRule(base: string, a: HTMLAnchorElement, id: string): Promise<string> {
  const there = (await load(base))[a.dataset.vs ?? '']?.[id]
  // From a held release to the current rules, a rule removed since goes to its `/r/<id>/` page, which says when and why (not silently to its section).
  if (there !== undefined && routes(base).version && (a.dataset.vsBase ?? '/') === '/') {
    const { loadLookup } = await import('./lookup.ts')
    if ((await loadLookup(base)).changed.get(id) === 'x') return siteRoutes.retired(id)
  }
  const page = a.href.replace(/#.*$/, '')
  if (there === undefined) return `${page}#${id}`
  const target = routes(a.dataset.vsBase ?? '/')
  if (there === '') return target.find(id)
  // On the one-page rules, stay on the one-page rules.
  const onePage = location.pathname === routes(base).onePage()
  if (there[2] === 0) return target.nearest(there[0], there[1], id, onePage)
  return onePage ? target.onePage(there[1]) : target.chapter(there[0], there[1])
}

export function initSwitcher(base: string) {
  const menus = Array.from(document.querySelectorAll<HTMLDetailsElement>('details.vs'))
  for (const m of menus) m.addEventListener('toggle', () => m.open && load(base))
  document.addEventListener('click', (e) => {
    const t = e.target as Element
    for (const m of menus) if (m.open && !m.contains(t)) m.open = false
    const a = t.closest?.<HTMLAnchorElement>('a[data-vs]')
    const id = decodeURIComponent(location.hash.slice(1))
    if (!a || !id || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    sameRule(base, a, id).then(
      (url) => location.assign(url),
      () => location.assign(a.href),
    )
  })
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return
    for (const m of menus) {
      if (!m.open) continue
      m.open = false
      m.querySelector('summary')?.focus()
    }
  })
}
