/**
 * A section's row is a way in, not an answer (issue 20). A query naming the
 * section ("tags", "trash cost") keeps it where the index put it; a question
 * about its topic ("what can the corp do when the runner is tagged") is
 * answered by its rules, so the section goes just below the first of its own
 * rules the search found. Measured on every set: first answers up on the tuned
 * set, top 5 up on set A, no set down (a section kept first for its own name
 * is what the held-aside cases ask for).
 */
import { words } from './fold.ts'

/** A section is numbered `10.5`; its rules `10.5.1`, `10.5.1a`. */
const SECTION = /^\d+\.\d+$/

export interface Placed {
  number: string
  /** The section's title, for a section (`Tags`). */
  title?: string
}

/** `hits` with each section moved below the first of its rules among the first `window`, unless `query` names it. */
export function sectionsBelowTheirRules<T>(hits: T[], placeOf: (hit: T) => Placed | undefined, query: string[], window = 12): T[] {
  const list = hits.slice(0, window)
  const asked = query.join(' ')
  const moved = new Set<T>()
  for (let i = 0; i < list.length; i++) {
    const hit = list[i]!
    const place = placeOf(hit)
    if (!place || !SECTION.test(place.number) || moved.has(hit)) continue
    const title = words(place.title ?? '').join(' ')
    if (title && (asked === title || `${asked}s` === title || asked === `${title}s`)) continue
    const inside = (p: Placed | undefined) => !!p && p.number.startsWith(`${place.number}.`)
    const j = list.findIndex((h, k) => k > i && inside(placeOf(h)))
    if (j < 0) continue
    list.splice(i, 1)
    list.splice(j, 0, hit)
    moved.add(hit)
    i--
  }
  return [...list, ...hits.slice(window)]
}
