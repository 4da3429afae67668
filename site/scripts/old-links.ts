/**
 * Links in the forms the official site uses land on the rule:
 * `/?r=<id or number>`, and `/#<id>` or `/#<number>` on a release's home
 * page (its anchors are rule IDs on one page). An ID this release does not
 * have but an earlier one did goes to `/r/<id>/`, which says what became of
 * it; a number it does not have but a release printed says what that number
 * named (`number-note.ts`); anything else goes to search. `?from=<number>`
 * on today's rule says what the number named before (a permalink's note).
 */
import { routes, siteRoutes } from '../shared/routes.ts'

export function initOldLinks(base: string) {
  const params = new URLSearchParams(location.search)
  const wanted = params.get('r')
  if (wanted) void land(base, wanted, true)
  const from = params.get('from')
  if (from && routes(base).current) void import('./number-note.ts').then((m) => m.noteFrom(from))
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
  if (hit) return location.replace(hit.url)
  // A number another release printed: what it named there, and where that rule is now.
  const number = numberOf(wanted)
  if (number) {
    const { noteUnknownNumber } = await import('./number-note.ts')
    if (await noteUnknownNumber(number, routes(base).version)) return
  }
  // Retired IDs have pages of their own (`/r/<id>/`, current rules only).
  if (/^[A-Za-z][\w-]*$/.test(wanted)) {
    const page = siteRoutes.retired(wanted)
    const found = await fetch(page, { method: 'HEAD' }).then((r) => r.ok, () => false)
    if (found) return location.replace(page)
  }
  if (orSearch) location.replace(routes(base).search(wanted))
}
