/**
 * Lookups over one resolved release, built once per release object: by ID
 * and by number. The model itself stays plain JSON (it is cached as such).
 */
import type { ResolvedEntry, ResolvedRelease } from './types.ts'

export interface ReleaseIndex {
  byId: ReadonlyMap<string, ResolvedEntry>
  byNumber: ReadonlyMap<string, ResolvedEntry>
}

const indexes = new WeakMap<ResolvedRelease, ReleaseIndex>()

export function indexRelease(release: ResolvedRelease): ReleaseIndex {
  let index = indexes.get(release)
  if (!index) {
    const byId = new Map<string, ResolvedEntry>()
    const byNumber = new Map<string, ResolvedEntry>()
    for (const e of release.entries) {
      // The first definition wins, as the compiler resolves references to it.
      if (!byId.has(e.id)) byId.set(e.id, e)
      if (!byNumber.has(e.number)) byNumber.set(e.number, e)
    }
    indexes.set(release, (index = { byId, byNumber }))
  }
  return index
}
