/**
 * Each entry's text and examples as published-style runs (`renderRuns`):
 * what word diffs are made of, so their symbols stay symbols. Rendered on
 * demand, once per entry and model.
 */
import type { ResolvedEntry, ResolvedRelease } from '../model/types.ts'
import { renderContextFor } from './context.ts'
import { renderRuns, type TextRun } from './text.ts'

export interface EntryRuns {
  text: TextRun[]
  examples: TextRun[][]
}

const memos = new WeakMap<ResolvedRelease, (id: string) => EntryRuns | undefined>()

/** ID → the entry's runs, for entries of `model`. */
export function entryRuns(model: ResolvedRelease): (id: string) => EntryRuns | undefined {
  let lookup = memos.get(model)
  if (!lookup) {
    const ctx = renderContextFor(model)
    const byId = new Map<string, ResolvedEntry>()
    for (const e of model.entries) if (!byId.has(e.id)) byId.set(e.id, e)
    const done = new Map<string, EntryRuns>()
    lookup = (id) => {
      let runs = done.get(id)
      const e = byId.get(id)
      if (!runs && e) done.set(id, (runs = { text: renderRuns(e.text, ctx), examples: e.examples.map((x) => renderRuns(x.text, ctx)) }))
      return runs
    }
    memos.set(model, lookup)
  }
  return lookup
}
