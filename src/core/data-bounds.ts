/**
 * The size of loaded YAML data as every later step will see it: aliases
 * share one object between several places (js-yaml and `yaml` both), so a
 * 1 KB file of aliases of aliases is, walked or written out, a billion
 * nodes ("billion laughs"), and a chain of aliases nests as deep as it has
 * links. Measured once, iteratively and memoised by identity, so the cost is
 * the file's own size whatever it expands to.
 */
import type { JsonPath } from './locate.ts'
import { MAX_YAML_DEPTH } from './yaml-lazy.ts'

/** Nodes that aliases may add to a file's data, all expanded. The rules use no aliases at all. */
export const MAX_ALIAS_NODES = 100_000

export type DataBoundsProblem =
  | { kind: 'depth'; path: JsonPath; depth: number }
  | { kind: 'expansion'; path: JsonPath; extra: number }

interface Measure {
  /** Nodes, aliases expanded (a number: it can exceed 2^53, it only has to compare). */
  size: number
  /** Collections on the deepest path, this one included. */
  depth: number
}

const childrenOf = (node: object): [string | number, unknown][] => (Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node))
const isCollection = (v: unknown): v is object => v !== null && typeof v === 'object'

/** The first bound `data` breaks, with the path of the place to report, or undefined. */
export function checkDataBounds(data: unknown): DataBoundsProblem | undefined {
  if (!isCollection(data)) return undefined
  const memo = new Map<object, Measure>()
  const open = new Set<object>()
  let distinct = 0
  // Post-order with an explicit stack; each collection is expanded once.
  const stack: { node: object; entered: boolean }[] = [{ node: data, entered: false }]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (!frame.entered) {
      frame.entered = true
      open.add(frame.node)
      const kids = childrenOf(frame.node)
      distinct += 1
      // Pushed in reverse so that children are entered in document order.
      for (let i = kids.length - 1; i >= 0; i--) {
        const value = kids[i]![1]
        if (!isCollection(value)) {
          distinct += 1
          continue
        }
        // A collection that contains itself cannot come from YAML; treat it as too deep.
        if (open.has(value)) return { kind: 'depth', path: [], depth: Infinity }
        if (!memo.has(value)) stack.push({ node: value, entered: false })
      }
      continue
    }
    stack.pop()
    open.delete(frame.node)
    let size = 1
    let depth = 0
    for (const [, value] of childrenOf(frame.node)) {
      const m = isCollection(value) ? memo.get(value) : undefined
      size += m ? m.size : 1
      if (m && m.depth > depth) depth = m.depth
    }
    memo.set(frame.node, { size, depth: depth + 1 })
  }
  const root = memo.get(data)!
  if (root.depth > MAX_YAML_DEPTH) return { kind: 'depth', path: deepestPath(data, memo), depth: root.depth }
  const extra = root.size - distinct
  if (extra > MAX_ALIAS_NODES) return { kind: 'expansion', path: firstSharedPath(data) ?? [], extra }
  return undefined
}

/** Down the deepest branch to the first collection past the bound. */
function deepestPath(data: object, memo: Map<object, Measure>): JsonPath {
  const path: JsonPath = []
  let node = data
  for (let level = 1; level <= MAX_YAML_DEPTH; level++) {
    let next: [string | number, object] | undefined
    for (const [key, value] of childrenOf(node)) {
      if (isCollection(value) && memo.get(value)!.depth === memo.get(node)!.depth - 1) {
        next = [key, value]
        break
      }
    }
    if (!next) break
    path.push(next[0])
    node = next[1]
  }
  return path
}

/** The first place, in document order, that reaches a collection a second time. */
function firstSharedPath(data: object): JsonPath | undefined {
  // Parent links, not a path per node: a chain of aliases can be thousands of levels deep.
  type Step = { node: object; up?: Step; key?: string | number }
  const pathOf = (step: Step, last: string | number): JsonPath => {
    const path: JsonPath = [last]
    for (let s: Step | undefined = step; s?.up; s = s.up) path.unshift(s.key!)
    return path
  }
  const seen = new Set<object>([data])
  const stack: Step[] = [{ node: data }]
  while (stack.length > 0) {
    const step = stack.pop()!
    const kids = childrenOf(step.node)
    for (const [key, value] of kids) {
      if (!isCollection(value)) continue
      if (seen.has(value)) return pathOf(step, key)
      seen.add(value)
    }
    for (let i = kids.length - 1; i >= 0; i--) {
      const [key, value] = kids[i]!
      if (isCollection(value)) stack.push({ node: value, up: step, key })
    }
  }
  return undefined
}
