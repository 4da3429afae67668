/**
 * Each entry's text and examples in the canonical style (`text.ts`): what
 * diffs compare, what rule hashes fingerprint. Rendered once per model.
 */
import type { ResolvedRelease } from '../model/types.ts'
import { renderContextFor } from './context.ts'
import { renderText } from './text.ts'

export interface ComparableEntry {
  text: string
  examples: string[]
}

const memos = new WeakMap<ResolvedRelease, Map<string, ComparableEntry>>()

/** ID → canonical text and examples, for every entry of `model`. */
export function canonicalTexts(model: ResolvedRelease): ReadonlyMap<string, ComparableEntry> {
  let out = memos.get(model)
  if (!out) {
    const ctx = renderContextFor(model)
    out = new Map()
    for (const e of model.entries) {
      if (out.has(e.id)) continue
      out.set(e.id, { text: renderText(e.text, ctx, 'canonical'), examples: e.examples.map((x) => renderText(x.text, ctx, 'canonical')) })
    }
    memos.set(model, out)
  }
  return out
}
