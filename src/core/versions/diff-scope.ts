/**
 * One chapter's or section's part of a diff (`cr diff v24.03 v26.03 --chapter 6.2`): the entry is
 * found as a person names it (a number in citation form or an ID, `lookup.ts`) in either release,
 * and the diff keeps every change under it on either side — a rule added to it, removed from it,
 * moved into or out of it, or reworded in it — whatever the section's ID or number became.
 */
import { buildLookup, findRule } from '../lookup.ts'
import type { RuleEntry } from '../types.ts'
import { emptyCounts, type ReleaseDiff } from './diff.ts'

export type DiffScope = { ok: true; diff: ReleaseDiff; entry: RuleEntry } | { ok: false; suggestions: string[] }

export function scopeDiff(diff: ReleaseDiff, from: readonly RuleEntry[], to: readonly RuleEntry[], query: string): DiffScope {
  const inTo = findRule(buildLookup([...to]), query)
  const inFrom = inTo.entry ? undefined : findRule(buildLookup([...from]), query)
  const entry = inTo.entry ?? inFrom?.entry
  if (!entry) return { ok: false, suggestions: [...new Set([...inTo.suggestions, ...(inFrom?.suggestions ?? [])])].slice(0, 3) }
  // The same heading on the other side: by the diff's ID map (renamed), else by its ID.
  const back = new Map(Object.entries(diff.idMap).map(([old, now]) => [now, old]))
  const toId = inTo.entry ? entry.id : (diff.idMap[entry.id] ?? entry.id)
  const fromId = inTo.entry ? (back.get(entry.id) ?? entry.id) : entry.id
  const toScope = under(to, toId)
  const fromScope = under(from, fromId)
  const entries = diff.entries.filter((e) => {
    if (e.change === 'removed') return fromScope.has(e.id)
    if (e.change === 'added') return toScope.has(e.id)
    return toScope.has(e.id) || fromScope.has(e.oldId ?? e.id)
  })
  const counts = emptyCounts()
  for (const e of entries) for (const c of e.changes) counts[c]++
  const chapters = diff.chapters.filter((c) => entries.some((e) => e.chapter === c.id))
  return { ok: true, entry, diff: { ...diff, entries, counts, chapters } }
}

/** The IDs of an entry and everything under it, in one release. */
function under(rules: readonly RuleEntry[], id: string): Set<string> {
  const children = new Map<string, string[]>()
  for (const r of rules) if (r.parent !== null) children.set(r.parent, [...(children.get(r.parent) ?? []), r.id])
  const out = new Set<string>()
  if (!rules.some((r) => r.id === id)) return out
  const stack = [id]
  while (stack.length > 0) {
    const x = stack.pop()!
    out.add(x)
    stack.push(...(children.get(x) ?? []))
  }
  return out
}
