/**
 * Rule number and ID → page, for the search box to jump straight to a rule
 * (Pagefind would split `6.1.4` into words) and for `/?r=<id>`.
 */
import type { APIRoute, InferGetStaticPropsType } from 'astro'
import { releasePaths } from '../../data/store.ts'

export const getStaticPaths = releasePaths

/**
 * Adds each rule's section (`s`: section names, `w`: an index into it per
 * entry of `r`, -1 for none), so a search row shows its place, chapter and
 * section, from its first paint, with nothing filled in later.
 */
export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => {
  const { lookup, search } = props.release
  const sectionOf = new Map(search.map((r) => [r.id, r.section]))
  const s: string[] = []
  const at = new Map<string, number>()
  const w = lookup.r.map(([id]) => {
    const name = sectionOf.get(id)
    if (!name) return -1
    if (!at.has(name)) at.set(name, s.push(name) - 1)
    return at.get(name)!
  })
  return Response.json({ ...lookup, s, w })
}
