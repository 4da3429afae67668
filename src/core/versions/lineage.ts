/**
 * One step of a rule's lineage across one diff: which old entry a new one
 * continues (backward) and which new entry an old one became (forward).
 * History, the version switcher and old citations all walk these steps.
 */
import type { ChangeKind, DiffEntry, ReleaseDiff } from './diff.ts'

export interface LineageStep {
  /** The entry this one continues in the older release (absent: it is new there). */
  previous?: string
  /** The diff entry describing its change, when it changed. */
  entry?: DiffEntry
  /** Old rules merged into this one (or split from, for a secondary part) in this release. */
  absorbed: DiffEntry[]
}

export interface DiffIndex {
  diff: ReleaseDiff
  /** Entries by their ID in the newer release (removed entries excluded). */
  byNew: ReadonlyMap<string, DiffEntry[]>
  /** Removed entries by old ID. */
  removed: ReadonlyMap<string, DiffEntry>
  /** Entries by their ID in the older release, for those that changed ID. */
  byOld: ReadonlyMap<string, DiffEntry[]>
}

export function indexDiff(diff: ReleaseDiff): DiffIndex {
  const byNew = new Map<string, DiffEntry[]>()
  const byOld = new Map<string, DiffEntry[]>()
  const removed = new Map<string, DiffEntry>()
  for (const e of diff.entries) {
    if (e.change === 'removed') {
      removed.set(e.id, e)
      continue
    }
    byNew.set(e.id, [...(byNew.get(e.id) ?? []), e])
    if (e.oldId !== undefined) byOld.set(e.oldId, [...(byOld.get(e.oldId) ?? []), e])
  }
  return { diff, byNew, removed, byOld }
}

const continues = (e: DiffEntry) => !e.changes.includes('merged') && !(e.changes.includes('split') && e.targets?.[0] !== e.id)

/**
 * How `id` of the newer release relates to the older one. `hadId` says
 * whether the older release defined the same ID.
 */
export function stepBack(ix: DiffIndex, id: string, hadId: boolean): LineageStep {
  const entries = ix.byNew.get(id) ?? []
  if (entries.some((e) => e.change === 'added')) return { absorbed: [] }
  const entry = entries.find(continues)
  const absorbed = entries.filter((e) => !continues(e))
  if (entry) return { previous: entry.oldId ?? id, entry, absorbed }
  // Unchanged under the same ID, unless that old ID went elsewhere (a shifted timing element).
  if (hadId && ix.diff.idMap[id] === undefined && !ix.removed.has(id)) return { previous: id, absorbed }
  return { absorbed }
}

export interface ForwardStep {
  next?: string
  /** How it got there: `same` when the ID continues unchanged or only reworded. */
  how: 'same' | 'renamed' | 'merged' | 'split' | 'removed'
  entry?: DiffEntry
}

/** What `id` of the older release became in the newer one. */
export function stepForward(ix: DiffIndex, id: string, hasId: boolean): ForwardStep {
  const gone = ix.removed.get(id)
  if (gone) return { how: 'removed', entry: gone }
  const next = ix.diff.idMap[id]
  if (next !== undefined) {
    const entry = (ix.byOld.get(id) ?? []).find((e) => e.id === next)
    const kinds: ChangeKind[] = entry?.changes ?? []
    const how = kinds.includes('merged') ? 'merged' : kinds.includes('split') ? 'split' : kinds.includes('renamed') ? 'renamed' : 'same'
    return { next, how, ...(entry ? { entry } : {}) }
  }
  if (!hasId) return { how: 'removed' }
  const entry = (ix.byNew.get(id) ?? []).find((e) => e.oldId === undefined)
  // The same ID now names a different entry (an element inserted before a timing element).
  if (entry?.change === 'added') return { how: 'removed' }
  return { next: id, how: 'same', ...(entry ? { entry } : {}) }
}
