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

type Style = 'canonical' | 'compared'
const memos: Record<Style, WeakMap<ResolvedRelease, Map<string, ComparableEntry>>> = { canonical: new WeakMap(), compared: new WeakMap() }

/** ID → canonical text and examples, for every entry of `model`: what rule hashes fingerprint. */
export function canonicalTexts(model: ResolvedRelease): ReadonlyMap<string, ComparableEntry> {
  return textsIn(model, 'canonical')
}

/**
 * ID → the text and examples releases are compared by: canonical, with a reference's generated word
 * ("rule"/"section") not counted, so a rule is never "reworded" by another rule gaining sub-rules.
 */
export function comparedTexts(model: ResolvedRelease): ReadonlyMap<string, ComparableEntry> {
  return textsIn(model, 'compared')
}

function textsIn(model: ResolvedRelease, style: Style): ReadonlyMap<string, ComparableEntry> {
  let out = memos[style].get(model)
  if (!out) {
    const ctx = renderContextFor(model)
    out = new Map()
    for (const e of model.entries) {
      if (out.has(e.id)) continue
      out.set(e.id, { text: renderText(e.text, ctx, style), examples: e.examples.map((x) => renderText(x.text, ctx, style)) })
    }
    memos[style].set(model, out)
  }
  return out
}
