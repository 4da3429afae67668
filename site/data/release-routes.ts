/** A built release's route builder (`shared/routes.ts`), its rules' chapters from its lookup data; one per release. */
import { routes, type Routes } from '../shared/routes.ts'
import type { ReleaseData } from './types.ts'

const built = new WeakMap<ReleaseData, Routes>()

export function routesOf(release: Pick<ReleaseData, 'base' | 'lookup'>): Routes {
  const key = release as ReleaseData
  let r = built.get(key)
  if (!r) {
    const { c, r: rules } = release.lookup
    const slugOf = new Map(rules.map(([id, , chapter]) => [id, c[chapter]!]))
    r = routes({ base: release.base, chapterOf: (id) => slugOf.get(id) })
    built.set(key, r)
  }
  return r
}
