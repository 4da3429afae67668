/**
 * Every release at once: diffs between any two, each rule's history, the
 * version switcher's "same rule in that release", redirects for retired IDs,
 * and old citations (`CR v24.03 6.1.4`) resolved to today's rule.
 *
 * Built from compiled documents, so it stays pure; diffs and histories are
 * computed on first use and kept.
 */
import { buildLookup, findRule, type LookupTable } from '../lookup.ts'
import { suggesterFor } from '../ids.ts'
import type { ResolvedRelease } from '../model/types.ts'
import { comparedTexts } from '../render/canonical.ts'
import { indexView } from '../render/document.ts'
import type { CompiledDocument } from '../types.ts'
import { diffReleases, type ReleaseDiff } from './diff.ts'
import { buildHistory, type RuleHistory } from './history.ts'
import { withLegacyIds } from './legacy-ids.ts'
import { indexDiff, stepBack, stepForward, type DiffIndex } from './lineage.ts'
import { emptyRetirements, followRetirement, strongestKind, type RetiredEntry, type RetirementKind, type Retirements } from './retired.ts'

/** The label of the editable rules (`rules/`) among the releases. */
export const CURRENT = 'current'

export type CitationStatus = 'same' | RetirementKind

export interface OldCitation {
  /** As asked: `6.1.4`, `rule_end_the_run`. */
  query: string
  /** The release it was resolved in (`current` for today's rules). */
  version: string
  found: boolean
  /** When not found: the closest IDs or the nearest existing number. */
  suggestions?: string[]
  /** The entry the citation meant, in that release. */
  old?: { id: string; number: string; text: string }
  /** Today's ID, when the rule still exists (after renames and merges). */
  id?: string
  currentNumber?: string
  status?: CitationStatus
  /** Today's text differs from the text in that release (reference numbers aside). */
  textChanged?: boolean
  /** Releases after that one in which the text changed. */
  changedIn?: string[]
  /** The retirement note or reason, when the ID was retired. */
  reason?: string
  /** Removed: the last release that had the rule, followed through every release after the one asked (never the one asked, unless it was the last). */
  removedAfter?: string
}

export interface MappedId {
  /** The same rule in the target release; with `exact: false`, its nearest surviving ancestor. */
  id?: string
  exact: boolean
}

export interface Redirect {
  /** Where `/r/<id>/` should go: the ID itself when current, its successor when retired. */
  id?: string
  status: 'current' | RetirementKind | 'unknown'
  /** The last retirement followed (its `reason` says why). */
  retirement?: RetiredEntry
  suggestions?: string[]
}

export interface VersionIndex {
  /** Release versions, oldest first, then `current` when the editable rules were given. */
  versions: string[]
  /** A version's index view (plain text, one-page HTML). */
  document(version: string): CompiledDocument | undefined
  /** A version's resolved model. */
  model(version: string): ResolvedRelease | undefined
  /** The diff between any two versions (memoised). */
  diff(from: string, to: string): ReleaseDiff
  /** The diff a release introduced (against the release before it). */
  changesIn(version: string): ReleaseDiff | undefined
  /** Every rule's history across the releases (memoised). */
  history(): Map<string, RuleHistory>
  /** The same rule in another version, for the version switcher. */
  mapId(id: string, from: string, to: string): MappedId
  /** `/r/<id>/`, `rule(id)`: today's ID for any ID a release ever had. */
  redirect(id: string): Redirect
  /** `CR v24.03 6.1.4` → today's rule, number, and whether the text changed. */
  resolve(version: string, query: string): OldCitation
}

export interface VersionIndexInput {
  /** Releases, oldest first. */
  releases: ResolvedRelease[]
  /** The editable rules, listed as `current`; without it the last release is today's. */
  current?: ResolvedRelease
  retired?: Retirements
  /** Diffs kept from an earlier run (the site's build cache); the index asks it before diffing two releases. */
  diffStore?: DiffStore
}

/**
 * Where diffs computed before are kept, by the two versions' names and the
 * retirements they were followed through (the release file's entries and the
 * legacy IDs of today's rules). The caller keys them by what else a diff is
 * made of (both releases' sources, the code); the index trusts what it gets.
 */
export interface DiffStore {
  get(from: string, to: string, retired: Retirements): ReleaseDiff | undefined
  set(from: string, to: string, retired: Retirements, diff: ReleaseDiff): void
}

export function createVersionIndex(input: VersionIndexInput): VersionIndex {
  const models = new Map<string, ResolvedRelease>()
  for (const d of input.releases) models.set(d.release.version, d)
  // Named `current` everywhere (diffs, histories): its release.yaml still names the release it was edited from.
  if (input.current) models.set(CURRENT, { ...input.current, release: { ...input.current.release, version: CURRENT } })
  // A version's index view, rendered when first asked for (indexView keeps it by model): diffs and
  // histories read the models, and a build whose diffs come from its cache renders no old release again.
  const doc = (v: string) => {
    const m = models.get(v)
    return m && indexView(m)
  }
  const versions = [...models.keys()]
  const today = versions[versions.length - 1]
  // Our old chapter-11 IDs (`<section>__2_b`) redirect to the generator's, as renamed IDs.
  const retired = withLegacyIds(input.retired ?? emptyRetirements(), today !== undefined ? doc(today)!.rules : [])
  const lookups = new Map<string, LookupTable>()
  const lookup = (v: string) => {
    let t = lookups.get(v)
    if (!t) lookups.set(v, (t = buildLookup(doc(v)!.rules)))
    return t
  }
  const diffs = new Map<string, ReleaseDiff>()
  const stepIndexes = new Map<string, DiffIndex>()
  let histories: Map<string, RuleHistory> | undefined

  const need = (v: string) => {
    const d = models.get(v)
    if (!d) throw new Error(`Unknown version \`${v}\`, expected one of ${versions.join(', ')}`)
    return d
  }
  const diff = (from: string, to: string) => {
    const key = `${from}\0${to}`
    let d = diffs.get(key)
    if (!d) {
      d = input.diffStore?.get(from, to, retired)
      if (!d) {
        d = diffReleases(need(from), need(to), retired)
        input.diffStore?.set(from, to, retired, d)
      }
      diffs.set(key, d)
    }
    return d
  }
  /** The index of the diff between consecutive versions `versions[i]` → `versions[i + 1]`. */
  const step = (i: number) => {
    const key = versions[i]!
    let ix = stepIndexes.get(key)
    if (!ix) stepIndexes.set(key, (ix = indexDiff(diff(versions[i]!, versions[i + 1]!))))
    return ix
  }

  /** Follow `id` from version index `i` to `j` (forward only), noting the strongest change. */
  const follow = (id: string, i: number, j: number) => {
    let cur: string | undefined = id
    let status: CitationStatus = 'same'
    const changedIn: string[] = []
    for (let k = i; k < j && cur !== undefined; k++) {
      const next = versions[k + 1]!
      const f = stepForward(step(k), cur, lookup(next).byId.has(cur))
      // The last release that still had it, whichever release the walk started from.
      if (f.how === 'removed') return { status: 'removed' as const, changedIn, lastIn: versions[k]! }
      if (f.how !== 'same' && (status === 'same' || status === 'renamed')) status = f.how
      const c = f.entry?.changes ?? []
      if (c.includes('reworded') || c.includes('merged') || c.includes('split')) changedIn.push(next)
      cur = f.next
    }
    return { id: cur, status, changedIn }
  }

  const index: VersionIndex = {
    versions,
    document: doc,
    model: (v) => models.get(v),
    diff,
    changesIn(version) {
      const i = versions.indexOf(version)
      return i > 0 ? diff(versions[i - 1]!, version) : undefined
    },
    history() {
      // Histories cover the releases; the editable rules join them only when they differ.
      if (!histories) {
        const n = input.current && input.releases.length > 0 && diff(versions[versions.length - 2]!, CURRENT).entries.length > 0 ? versions.length : input.releases.length
        const chain = versions.slice(0, n - 1).map((v, i) => diff(v, versions[i + 1]!))
        histories = buildHistory(versions.slice(0, n).map((v) => need(v)), retired, { diffs: chain })
      }
      return histories
    },
    mapId(id, from, to) {
      const i = versions.indexOf(from)
      const j = versions.indexOf(to)
      if (i === -1 || j === -1) return { exact: false }
      const fromDoc = lookup(from)
      if (i === j) return fromDoc.byId.has(id) ? { id, exact: true } : { exact: false }
      const direct = i < j ? follow(id, i, j).id : back(id, i, j)
      if (direct !== undefined) return { id: direct, exact: true }
      // No equivalent: the nearest ancestor that has one.
      let parent = fromDoc.byId.get(id)?.parent ?? null
      while (parent !== null) {
        const p = i < j ? follow(parent, i, j).id : back(parent, i, j)
        if (p !== undefined) return { id: p, exact: false }
        parent = fromDoc.byId.get(parent)?.parent ?? null
      }
      return { exact: false }
    },
    redirect(id) {
      const now = lookup(today!)
      if (now.byId.has(id)) return { id, status: 'current' }
      const trail = followRetirement(id, retired, (x) => now.byId.has(x))
      const last = trail.steps[trail.steps.length - 1]
      if (last) {
        const status: RetirementKind = trail.end === 'found' ? strongestKind(trail.steps.map((s) => s.kind)) : 'removed'
        return { ...(trail.id !== undefined ? { id: trail.id } : {}), status, retirement: last }
      }
      // An ID some release had, renamed without a retirement entry (matched by text).
      for (let i = versions.length - 2; i >= 0; i--) {
        if (!lookup(versions[i]!).byId.has(id)) continue
        const f = follow(id, i, versions.length - 1)
        if (f.id !== undefined) return { id: f.id, status: f.status === 'same' ? 'renamed' : f.status }
        return { status: 'removed' }
      }
      return { status: 'unknown', suggestions: suggesterFor(now.byId)(id) }
    },
    resolve(version, query) {
      const i = versions.indexOf(version)
      if (i === -1) throw new Error(`Unknown version \`${version}\`, expected one of ${versions.join(', ')}`)
      const table = lookup(version)
      const nowTable = lookup(today!)
      const { entry, suggestions } = findRule(table, query)
      if (!entry) {
        // An ID retired before that release still names a rule today.
        const r = retired.byId.has(query) ? index.redirect(query) : undefined
        const now = r?.id !== undefined ? nowTable.byId.get(r.id) : undefined
        if (r && now) {
          const reason = r.retirement?.reason
          return { query, version, found: true, id: now.id, currentNumber: now.number, status: r.status === 'current' ? 'same' : (r.status as CitationStatus), textChanged: true, ...(reason !== undefined ? { reason } : {}) }
        }
        return { query, version, found: false, ...(suggestions.length > 0 ? { suggestions } : {}) }
      }
      const f = follow(entry.id, i, versions.length - 1)
      const out: OldCitation = { query, version, found: true, old: { id: entry.id, number: entry.number, text: entry.text }, status: f.status, changedIn: f.changedIn }
      const trail = followRetirement(entry.id, retired, (x) => nowTable.byId.has(x))
      const reason = f.status !== 'same' ? trail.steps[trail.steps.length - 1]?.reason : undefined
      const now = f.id !== undefined ? nowTable.byId.get(f.id) : undefined
      if (!now) {
        // Gone by today: after the last release the walk found it in (`current` is not a release: then the newest one, as the retirement file says).
        const lastIn = 'lastIn' in f ? f.lastIn : undefined
        const after = lastIn !== undefined && lastIn !== CURRENT ? lastIn : (trail.steps[0]?.release ?? versions.filter((v) => v !== CURRENT).at(-1))
        return { ...out, status: 'removed', textChanged: true, ...(reason !== undefined ? { reason } : {}), ...(after !== undefined ? { removedAfter: after } : {}) }
      }
      return {
        ...out,
        id: now.id,
        currentNumber: now.number,
        textChanged: comparedTexts(models.get(version)!).get(entry.id)!.text !== comparedTexts(models.get(today!)!).get(now.id)!.text,
        ...(reason !== undefined ? { reason } : {}),
      }
    },
  }
  return index

  /** Follow `id` backward from version index `i` to `j < i`; a rule made from several continues as the first. */
  function back(id: string, i: number, j: number): string | undefined {
    let cur: string | undefined = id
    for (let k = i; k > j && cur !== undefined; k--) {
      const b = stepBack(step(k - 1), cur, lookup(versions[k - 1]!).byId.has(cur))
      cur = b.previous ?? b.absorbed[0]?.oldId
    }
    return cur
  }
}

export { parseCitation, type ParsedCitation } from '../ids.ts'
