/**
 * A copy of a markup tree without `position` fields: positions say where a
 * text was in its source file, which only diagnostics need. The resolved
 * model keeps trees without them (smaller, and equal across files and runs).
 */
import type { MarkupContent, MarkupRoot } from './nodes.ts'

export function stripPositions(tree: MarkupRoot): MarkupRoot {
  return strip(tree) as MarkupRoot
}

function strip(node: MarkupContent): MarkupContent {
  const out: Record<string, unknown> = {}
  for (const key in node) {
    if (key === 'position') continue
    const value = (node as unknown as Record<string, unknown>)[key]
    out[key] = key === 'children' ? (value as MarkupContent[]).map(strip) : Array.isArray(value) ? [...value] : value
  }
  return out as unknown as MarkupContent
}
