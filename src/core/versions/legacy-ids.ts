/**
 * IDs we invented before the rules team's generator named them. Until our
 * v26.03 package, chapter 11's timing elements were `<section>__<path>`
 * (`sec_appendix_timing_structure_of_a_run__6_a`); since April 2026 the
 * generator publishes `<section>_<path>` and engines cite those, so we adopt
 * them. Ours stay resolvable: each is a rename to the official ID, followed
 * like any entry of `retired.yaml` (`cr show`, `cr cite`, the package's
 * `rule()`, the site's `/r/<id>/`), without filling the editors' file with a
 * hundred machine-made lines.
 */
import type { RetiredEntry, Retirements } from './retired.ts'

/** The last release for which our tools published the old IDs. */
export const LEGACY_TIMING_UNTIL = 'v26.03'

const REASON = 'the ID our tools gave this chapter-11 element until v26.03; the rules team\'s generator names it this way since April 2026'

interface EntryShape {
  id: string
  kind: string
  parent: string | null
}

/** `sec_x_6_a` (a timing element under section `sec_x`) → `sec_x__6_a`; undefined for anything else. */
export function legacyTimingId(entry: EntryShape, byId: ReadonlyMap<string, EntryShape>): string | undefined {
  if (entry.kind !== 'timing') return undefined
  let section: EntryShape | undefined = entry
  while (section && section.kind === 'timing') section = section.parent !== null ? byId.get(section.parent) : undefined
  if (!section || !entry.id.startsWith(`${section.id}_`)) return undefined
  return `${section.id}__${entry.id.slice(section.id.length + 1)}`
}

/** Renames from each old timing ID to today's, for the timing elements of `entries`. */
export function legacyTimingRetirements(entries: readonly EntryShape[]): RetiredEntry[] {
  const byId = new Map(entries.map((e) => [e.id, e]))
  const at = { file: '(built in: src/core/versions/legacy-ids.ts)', line: 1, column: 1 }
  const out: RetiredEntry[] = []
  for (const e of entries) {
    const old = legacyTimingId(e, byId)
    if (old === undefined || byId.has(old)) continue
    out.push({ id: old, release: LEGACY_TIMING_UNTIL, kind: 'renamed', targets: [e.id], reason: REASON, source: at, releaseSource: at, targetSources: [at] })
  }
  return out
}

/** `retired` plus the old timing IDs of `entries` (the file's own entries win). */
export function withLegacyIds(retired: Retirements, entries: readonly EntryShape[]): Retirements {
  const extra = legacyTimingRetirements(entries).filter((e) => !retired.byId.has(e.id))
  if (extra.length === 0) return retired
  const byId = new Map(retired.byId)
  for (const e of extra) byId.set(e.id, e)
  return { ...retired, entries: [...retired.entries, ...extra], byId }
}
