/** Small shared answers for pages: a date as people write it, the same page in another release. */
import { changeLabel } from '../../src/core/versions/diff.ts'
import { workingTextLabel } from '../../src/core/versions/working-text.ts'
import { routesOf } from './release-routes.ts'
import type { ChangeKind, ReleaseData, SiteData } from './types.ts'

/** `22 added, 3 renamed, 12 examples changed`; one rule's examples are `1 with examples changed`. */
export const countsText = (counts: [ChangeKind, number][]) =>
  counts.map(([k, n]) => (k === 'examples' && n === 1 ? '1 with examples changed' : `${n} ${changeLabel(k)}`)).join(', ')

/** `1 entry`, `2 entries`. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** `2024-03-30` → `30 March 2024`; `2022-12` → `December 2022`; anything else as is. */
export function formatDate(date: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(date)
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined
  if (!m || !month) return date
  return m[3] ? `${Number(m[3])} ${month} ${m[1]}` : `${month} ${m[1]}`
}

/** The current rules differ from the last release: they have a changes page of their own. */
export const hasUnreleasedChanges = (site: SiteData) => site.changes.some((c) => c.key === 'current')

/**
 * What a page calls its release: `v24.03`; the current rules `v26.03+` when they have changes not
 * yet in a release (the badge's "+", explained in the release menu), so a title, a shared link's
 * preview or a note never passes unreleased text off as v26.03.
 */
export const versionLabel = (site: SiteData, release: Pick<ReleaseData, 'current' | 'version'>) => workingTextLabel(release.version, Boolean(release.current) && hasUnreleasedChanges(site))

/** Pages every release has, by their path under the release base. */
const GENERIC = ['', 'full/', 'glossary/', 'cards/', 'search/']

/**
 * The page at `path` (under a release base: `runs/`, `full/`) in `target`:
 * the same page when it has one, else its home. Without JavaScript this is
 * where the version switcher goes; with it, the rule in the URL's `#` is
 * followed too (`scripts/switcher.ts`).
 */
export function samePageIn(target: ReleaseData, path: string): string {
  const exists = GENERIC.includes(path) || target.chapters.some((c) => `${c.slug}/` === path)
  const at = routesOf(target)
  return exists ? at.path(path) : at.home()
}
