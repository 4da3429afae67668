/**
 * The data the runtime embeds for one release: the fields of `Rule` (no
 * HTML), retired IDs, the timing trees and, compactly, every older release.
 * `scripts/build-package.ts` writes it (from `src/core/package/`), the
 * runtime reads it; this type is the contract between them.
 */

export interface RuntimeRule {
  id: string
  number: string
  label: string
  kind: string
  title?: string
  text: string
  parent: string | null
  children: string[]
  chapter: string
  section: string | null
  new: boolean
  examples: { id: string; text: string; new: boolean }[]
  prose?: string
}

/**
 * One release as the runtime embeds it: only what differs from today's rules.
 * A number of today's rules that is in neither `numbers` nor `absent` names
 * the same ID in the release; an ID not in `fates` is still today's ID, with
 * the same text.
 */
export interface CompactRelease {
  /** Number → ID in the release, where today's number names another ID or none. */
  numbers: Record<string, string>
  /** Today's numbers the release did not have, space-separated. */
  absent: string
  /** Old ID → [today's ID (`''`: the same, `null`: removed), text changed (0/1), releases that changed it, status when not `same`]. */
  fates: Record<string, [string | null, 0 | 1, string[]] | [string | null, 0 | 1, string[], string]>
}

export interface RuntimeData {
  version: string
  effective: string
  /** Site root; a rule's URL is `<site>r/<id>/`. */
  site: string
  rules: RuntimeRule[]
  /** Retired ID → the ID it redirects to (chains followed), and how it got there. */
  redirects: Record<string, [target: string, status: 'renamed' | 'merged' | 'split']>
  /** Removed ID → why. */
  removed: Record<string, string>
  timing: Record<string, unknown>
  releases: Record<string, CompactRelease>
}
