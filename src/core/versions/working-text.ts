/**
 * What every output calls the working text (`rules/`): the name of the last
 * frozen release it was edited from, with a `+` while it differs from that
 * release (`v26.03+`), so no message, page or PDF passes unreleased text off
 * as a published release. One home for the site's badge and titles, `cr show`,
 * `cr diff`, `cr cite`, `cr check` and `cr release`.
 */
import type { ReleaseTexts } from '../release/identity.ts'

/** The mark of a text ahead of its release: `v26.03+`. */
export const UNRELEASED_MARK = '+'

/** `v26.03`, or `v26.03+` when the working text has changes not yet in a release. */
export function workingTextLabel(version: string, unreleased: boolean): string {
  return unreleased ? `${version}${UNRELEASED_MARK}` : version
}

/**
 * Whether two release folders read differently: an entry added, removed,
 * moved (its place in the order or its depth) or reworded, an example
 * changed. Formatting, comments and the front matter (`release.yaml`,
 * `changelog.yaml`) are not the rules' text. Compared by identity
 * (`release/identity.ts`), so it needs no compile: cheap enough for every
 * command that names the working text.
 */
export function textsDiffer(a: ReleaseTexts, b: ReleaseTexts): boolean {
  if (a.broken.length > 0 || b.broken.length > 0) return true
  const key = (t: ReleaseTexts) => [...t.entries.values()].map((e) => [e.id, e.path.length, e.text?.identity ?? '', ...e.examples.map((x) => x.text.identity)].join('\u0000'))
  const ka = key(a)
  const kb = key(b)
  return ka.length !== kb.length || ka.some((k, i) => k !== kb[i])
}
