/**
 * A permalink typed in another form (`/r/6.1.4A/`, `/r/6.1.4%20a/`,
 * `/r/RULE_END_THE_RUN`, `/v24.03/r/6.2.5A/`) has no file: `dist/` holds one
 * page per canonical form only (a page per form would have no end, and on a
 * case-insensitive disk `6.1.4A/` is `6.1.4a/`). The 404 page's script finds
 * the rule; this finds it without script, for the server `npm start` runs
 * (static-server.ts): the place to redirect to, read as the site reads a
 * permalink (`parsePermalink`, then the release's `lookup.json` through the
 * same `resolveQuery` the search box and `?r=` use).
 *
 * Where it lands: the canonical permalink page when there is one (it unfurls,
 * and a retired ID's page says what became of it), else the rule on its
 * chapter page (a held release has no permalink pages).
 */
import { join } from 'node:path'
import { createLookup, numberOf, resolveQuery, type LookupJson } from '../scripts/lookup.ts'
import { fileOfSitePath, parsePermalink, routes, siteRoutes } from '../shared/routes.ts'
import { isFile, readJson } from '../../src/io/files.ts'

/** Where a permalink path that has no file lands, or undefined when it is no permalink or names nothing. */
export function foldPermalink(root: string, pathname: string): string | undefined {
  const link = parsePermalink(pathname)
  if (!link) return undefined
  const exists = (path: string) => {
    try {
      return isFile(join(root, fileOfSitePath(path)))
    } catch {
      return false
    }
  }
  const at = routes(link.base)
  if (at.current) {
    // The page for the key as the site writes it: IDs and numbers in lower case, no spaces.
    const key = link.key.toLowerCase().replace(/\s+/g, '')
    const folded = siteRoutes.retired(key)
    // Only a key that could be a file's name: `%2e%2e` decodes to a way out of `r/`.
    if (/^[\w.-]*\w[\w.-]*$/.test(key) && folded !== pathname && exists(folded)) return folded
  }
  let lookup
  try {
    lookup = createLookup(readJson<LookupJson>(join(root, fileOfSitePath(at.lookup()))), link.base)
  } catch {
    return undefined
  }
  const hit = resolveQuery(lookup, link.key)
  if (!hit) return undefined
  if (at.current) {
    const number = numberOf(link.key)
    const page = siteRoutes.retired(number === hit.number ? hit.number : hit.id)
    if (page !== pathname && exists(page)) return page
  }
  return hit.url
}
