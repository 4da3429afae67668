/**
 * Links in the forms the official site uses land on the rule:
 * `/?r=<id or number>`, and `/#<id>` or `/#<number>` on a release's home
 * page (its anchors are rule IDs on one page). Another release's ID of a
 * rule this release has under another name lands on it here (`lookup.json`'s
 * `o`); one this release has no equivalent of goes to `/r/<id>/`, which says
 * what became of it, from the current rules, and is said to be absent on a
 * held release's pages, with a link there. A number lands where search's Enter and the permalinks land
 * (`number-history.ts`): its rule, or the one rule it named elsewhere, with
 * `?from=<number>` when it named or names another rule elsewhere, and the
 * page says so (`number-note.ts`); anything else goes to search. `?gone=<id>`
 * (the version switcher's, `routes().nearest`) says the rule is absent here.
 */
import { routes, siteRoutes } from '../shared/routes.ts'

export function initOldLinks(base: string) {
  const params = new URLSearchParams(location.search)
  const wanted = params.get('r')
  if (wanted) void land(base, wanted, true)
  const from = params.get('from')
  if (from) void import('./number-note.ts').then((m) => m.noteFrom(from, base))
  // The version switcher's landing for a rule this release has no equivalent of: the section holding its place, saying so.
  const gone = params.get('gone')
  if (gone) void import('./number-note.ts').then((m) => m.noteAbsent(gone, routes(base).version ?? 'the current rules', siteRoutes.retired(gone)))
  const fromHash = () => {
    const hash = decodeURIComponent(location.hash.slice(1))
    if (location.pathname === routes(base).home() && hash && !document.getElementById(hash)) void land(base, hash, false)
  }
  fromHash()
  addEventListener('hashchange', fromHash)
}

async function land(base: string, wanted: string, orSearch: boolean) {
  const { loadLookup, numberOf, resolveQuery } = await import('./lookup.ts')
  const hit = resolveQuery(await loadLookup(base), wanted)
  const number = numberOf(wanted)
  // A number lands as search's Enter and the permalinks do: on its rule (or the one rule it
  // named elsewhere), told on landing what else it named (`?from=`); several: said here.
  if (number && (!hit || hit.number === number)) {
    const { numberHistory } = await import('./number-history.ts')
    const story = await numberHistory(number, base)
    if (story.landing) return location.replace(story.landing)
    const { noteNumber } = await import('./number-note.ts')
    if (await noteNumber(story)) return
  }
  if (hit) return location.replace(hit.url)
  // Retired IDs have pages of their own (`/r/<id>/`, current rules only), by their ID in lower case.
  if (/^[A-Za-z][\w-]*$/.test(wanted.trim())) {
    const page = siteRoutes.retired(wanted.trim().toLowerCase())
    const found = await fetch(page, { method: 'HEAD' }).then((r) => r.ok, () => false)
    // On a held release (`/v24.03/`), an ID of another release stays here and is said to be absent.
    const version = routes(base).version
    if (found && version) return void import('./number-note.ts').then((m) => m.noteAbsent(wanted.trim(), version, page))
    if (found) return location.replace(page)
  }
  if (orSearch) location.replace(routes(base).search(wanted))
}
