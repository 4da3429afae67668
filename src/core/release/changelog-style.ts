/**
 * How the rules team words a summary of changes, learned from the summaries
 * they published (every held release's `changelog.yaml`, and `rules/`'s):
 * the tense of the opening verb ("Added {ref:…}" in v23.08 and v26.03, "Add
 * {ref:…}" from v24.03 to v25.08 — the newest release decides), the verb each
 * kind of change opens with, and the purpose clause an addition takes ("to
 * clarify …"). Pure: the summaries' texts in, a style out.
 */

export type ChangeVerb = 'add' | 'update' | 'remove' | 'move' | 'merge' | 'split'

export interface ChangelogStyle {
  tense: 'past' | 'imperative'
  /** The opening verb for each kind of change, in that tense. */
  verbs: Record<ChangeVerb, string>
  /** The clause an added rule's entry goes on with: `to clarify`. */
  purpose: string
  /** How many entries it learned from, and from which releases (for the draft's header). */
  learnedFrom: { releases: string[]; entries: number }
}

const FORMS: Record<ChangeVerb, { past: string; imperative: string }> = {
  add: { past: 'Added', imperative: 'Add' },
  update: { past: 'Updated', imperative: 'Update' },
  remove: { past: 'Removed', imperative: 'Remove' },
  move: { past: 'Moved', imperative: 'Move' },
  merge: { past: 'Merged', imperative: 'Merge' },
  split: { past: 'Split', imperative: 'Split' },
}

/** Opening words that say the tense: past (`Clarified`) or imperative (`Clarify`). */
const PAST = /^(Added|Updated|Removed|Moved|Merged|Clarified|Expanded|Simplified|Consolidated|Switched|Fixed|Changed|Incorporated|Cleared|Organized|Overhauled|Made)\b/
const IMPERATIVE = /^(Add|Update|Remove|Move|Merge|Clarify|Expand|Simplify|Consolidate|Switch|Fix|Change|Incorporate|Clear|Organize|Overhaul|Make)\b/

export const DEFAULT_STYLE: ChangelogStyle = {
  tense: 'past',
  verbs: Object.fromEntries(Object.entries(FORMS).map(([k, v]) => [k, v.past])) as Record<ChangeVerb, string>,
  purpose: 'to clarify',
  learnedFrom: { releases: [], entries: 0 },
}

/** `summaries`: each release's changelog texts (source markup), oldest first. */
export function learnChangelogStyle(summaries: readonly { version: string; texts: readonly string[] }[]): ChangelogStyle {
  let tense: ChangelogStyle['tense'] = DEFAULT_STYLE.tense
  const purposes = new Map<string, number>()
  let entries = 0
  const releases: string[] = []
  for (const { version, texts } of summaries) {
    let past = 0
    let imperative = 0
    for (const t of texts) {
      entries++
      if (PAST.test(t)) past++
      else if (IMPERATIVE.test(t)) imperative++
      // "Add {ref:x} to clarify …", "Added {ref:x} and {ref:y} to define …": the purpose verb after the references.
      const m = /^(?:Add|Added)\b[^.]*?\}\s+(to [a-z]+)\b/.exec(t)
      if (m) purposes.set(m[1]!, (purposes.get(m[1]!) ?? 0) + 1)
    }
    if (past + imperative > 0) {
      releases.push(version)
      // The newest release with a clear majority decides.
      if (past !== imperative) tense = past > imperative ? 'past' : 'imperative'
    }
  }
  const purpose = [...purposes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? DEFAULT_STYLE.purpose
  const verbs = Object.fromEntries(Object.entries(FORMS).map(([k, v]) => [k, v[tense]])) as Record<ChangeVerb, string>
  return { tense, verbs, purpose, learnedFrom: { releases, entries } }
}
