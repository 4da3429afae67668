/**
 * Source positions for data loaded from YAML: the node at a JSON path, and
 * the file offset of any character inside a string scalar's value.
 *
 * A scalar's value is its source after YAML removed quotes, escapes,
 * block indentation and line folding. We strip what is never content (the
 * quotes, a block's header and indentation, the whitespace around folded
 * line breaks) and align the value against what remains: matching
 * characters pair up in order, an escape pairs with its backslash, a folded
 * break with the line break it came from. That is exact for every character
 * a style keeps as written, and monotonic whatever the input.
 */
import type { Document, LineCounter, Node, Scalar } from 'yaml'
import { yaml } from './yaml-lazy.ts'

export type JsonPath = (string | number)[]

export interface SourcePoint {
  /** 1-based. */
  line: number
  /** 1-based, in UTF-16 code units. */
  column: number
  /** 0-based offset into the decoded text (BOM removed). */
  offset: number
}

export function pointAt(lineCounter: LineCounter, offset: number): SourcePoint {
  const { line, col } = lineCounter.linePos(offset)
  // `line` is 0 only for an empty line table; every loaded file has line 1.
  return { line: Math.max(line, 1), column: Math.max(col, 1), offset }
}

interface Found {
  /** The deepest node reached, and the key of the pair holding it, if any. */
  node: Node | null
  key: Node | null
  /** Did the whole path resolve? */
  complete: boolean
}

/** Walk `path` through the document's nodes as far as it goes. */
export function findNode(doc: Document, path: JsonPath): Found {
  let node = (doc.contents ?? null) as Node | null
  let key: Node | null = null
  for (const segment of path) {
    if (yaml().isAlias(node)) node = (node.resolve(doc) ?? null) as Node | null
    let next: { node: Node | null; key: Node | null } | undefined
    if (yaml().isMap(node)) {
      const pair = pairsOf(node).get(String(segment))
      if (pair) next = { node: (pair.value ?? null) as Node | null, key: pair.key as Node }
    } else if (yaml().isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment]
      if (item !== undefined) next = { node: item as Node | null, key: null }
    }
    if (!next) return { node, key, complete: false }
    // `key:` with nothing after it may have no value node at all.
    if (next.node === null) return { node: next.key, key: next.key, complete: false }
    node = next.node
    key = next.key
  }
  return { node, key, complete: true }
}

/**
 * A map's pairs by key, built once per map: a linear search per lookup made
 * locating 20,000 diagnostics in one map quadratic. The first pair of a
 * duplicated key wins, as the linear search did.
 */
const pairIndex = new WeakMap<object, Map<string, { key: unknown; value: unknown }>>()

function pairsOf(map: { items: unknown[] }): Map<string, { key: unknown; value: unknown }> {
  let index = pairIndex.get(map)
  if (index === undefined || index.size > map.items.length) {
    index = new Map()
    for (const p of map.items) {
      if (!yaml().isPair(p)) continue
      const k = keyText(p.key)
      if (k !== undefined && !index.has(k)) index.set(k, p)
    }
    pairIndex.set(map, index)
  }
  return index
}

function keyText(key: unknown): string | undefined {
  if (yaml().isScalar(key)) return String(key.value)
  return undefined
}

/** Start offset of a node; an empty value (`new:`) has no text of its own. */
export function startOf(node: Node | null, fallback: number): number {
  const range = node?.range
  return range ? range[0] : fallback
}

export function isEmptyValue(node: Node | null): boolean {
  return yaml().isScalar(node) && node.value === null && !!node.range && node.range[0] === node.range[1]
}

/**
 * For each index of the scalar's value (and one past its end), the offset
 * in `text` it came from. Never throws; always non-decreasing.
 */
export function scalarOffsets(text: string, node: Scalar): number[] {
  const value = typeof node.value === 'string' ? node.value : String(node.value ?? '')
  const range = node.range ?? [0, 0, 0]
  const [chars, offsets, end] = scalarContent(text, node, value, range[0], range[1])
  const map: number[] = new Array(value.length + 1)
  const double = node.type === 'QUOTE_DOUBLE'
  const single = node.type === 'QUOTE_SINGLE'
  let i = 0
  let j = 0
  while (i < value.length && j < chars.length) {
    const v = value[i]!
    const c = chars[j]!
    if (double && c === '\\') {
      const next = chars[j + 1]
      if (next === '\n' || next === '\r') {
        // An escaped line break produces nothing; neither does the next line's indentation.
        j += 2
        while (j < chars.length && /[ \t\r\n]/.test(chars[j]!)) j++
        continue
      }
      const width = next === 'x' ? 4 : next === 'u' ? 6 : next === 'U' ? 10 : 2
      map[i++] = offsets[j]!
      // `\U0001F600` decodes to two UTF-16 code units.
      if (next === 'U' && i < value.length && isLowSurrogate(value, i)) map[i++] = offsets[j]!
      j += width
    } else if (single && c === "'" && chars[j + 1] === "'") {
      map[i++] = offsets[j]!
      j += 2
    } else if (v === c) {
      map[i++] = offsets[j++]!
    } else if (isSpace(v) && isSpace(c)) {
      // A folded line break (value ' ') against the source's '\n', or the like.
      map[i++] = offsets[j++]!
    } else if (isSpace(c)) {
      j++
    } else if (isSpace(v)) {
      map[i++] = offsets[j]!
    } else {
      // Should not happen for well-formed scalars; keep going, monotonically.
      map[i++] = offsets[j++]!
    }
  }
  // One past the last character (and anything the source ran out for).
  const tail = i > 0 ? map[i - 1]! + 1 : (offsets[0] ?? end)
  while (i <= value.length) map[i++] = tail
  return map
}

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r'
}

function isLowSurrogate(s: string, i: number): boolean {
  const code = s.charCodeAt(i)
  return code >= 0xdc00 && code <= 0xdfff
}

/** The scalar's source characters that can carry value, with their offsets. */
function scalarContent(text: string, node: Scalar, value: string, start: number, valueEnd: number): [string[], number[], number] {
  const chars: string[] = []
  const offsets: number[] = []
  const push = (from: number, to: number) => {
    for (let k = from; k < to; k++) {
      chars.push(text[k]!)
      offsets.push(k)
    }
  }
  switch (node.type) {
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED': {
      // Content starts on the line after the `|-` header (which may carry a comment).
      const headerEnd = text.indexOf('\n', start)
      if (headerEnd === -1 || headerEnd >= valueEnd) return [chars, offsets, valueEnd]
      const indent = blockIndent(text, headerEnd + 1, valueEnd, value)
      let lineStart = headerEnd + 1
      while (lineStart < valueEnd) {
        const nl = text.indexOf('\n', lineStart)
        const lineEnd = nl === -1 || nl >= valueEnd ? valueEnd : nl + 1
        let k = lineStart
        while (k < lineEnd && k - lineStart < indent && text[k] === ' ') k++
        push(k, lineEnd)
        lineStart = lineEnd
      }
      return [chars, offsets, valueEnd]
    }
    case 'QUOTE_DOUBLE':
    case 'QUOTE_SINGLE': {
      const quote = node.type === 'QUOTE_DOUBLE' ? '"' : "'"
      const closed = valueEnd - 1 > start && text[valueEnd - 1] === quote
      const end = closed ? valueEnd - 1 : valueEnd
      pushFlowLines(text, start + 1, end, node.type === 'QUOTE_DOUBLE', push, chars, offsets)
      return [chars, offsets, end]
    }
    default:
      pushFlowLines(text, start, valueEnd, false, push, chars, offsets)
      return [chars, offsets, valueEnd]
  }
}

/**
 * Plain and quoted scalars spanning lines. YAML folds them: the whitespace
 * around a line break is dropped, a single break becomes a space and a run
 * of n breaks becomes n - 1 newlines. Emit the content in that shape, each
 * character at its source offset, so the value matches it one to one.
 */
function pushFlowLines(
  text: string,
  from: number,
  to: number,
  double: boolean,
  push: (from: number, to: number) => void,
  chars: string[],
  offsets: number[],
) {
  const breaks: number[] = []
  let escapedBreak = false
  let lineStart = from
  let first = true
  for (;;) {
    const nl = text.indexOf('\n', lineStart)
    const last = nl === -1 || nl >= to
    const lineEnd = last ? to : nl
    let a = lineStart
    let b = lineEnd
    if (!first) while (a < b && (text[a] === ' ' || text[a] === '\t')) a++
    let endsEscaped = false
    if (!last) {
      const raw = text[b - 1] === '\r' ? b - 1 : b
      while (b > a && (text[b - 1] === ' ' || text[b - 1] === '\t' || text[b - 1] === '\r')) b--
      if (double && oddBackslashesBefore(text, b, a)) {
        // `\ ` keeps the whitespace it escapes; a final `\` escapes the line break itself.
        if (b < raw) b++
        else endsEscaped = true
      }
    }
    const blank = !first && !last && a === b
    if (!blank) {
      if (breaks.length > 0) {
        const kept = escapedBreak ? breaks.slice(1) : breaks.length === 1 ? [] : breaks.slice(1)
        if (!escapedBreak && breaks.length === 1) {
          chars.push(' ')
          offsets.push(breaks[0]!)
        }
        for (const offset of kept) {
          chars.push('\n')
          offsets.push(offset)
        }
        breaks.length = 0
      }
      push(a, endsEscaped ? b - 1 : b)
      escapedBreak = endsEscaped
    }
    if (last) break
    breaks.push(nl)
    lineStart = nl + 1
    first = false
  }
}

function oddBackslashesBefore(text: string, index: number, floor: number): boolean {
  let count = 0
  for (let k = index - 1; k >= floor && text[k] === '\\'; k--) count++
  return count % 2 === 1
}

/**
 * The block's indentation: the first content line's leading spaces minus
 * the leading spaces its value line kept (non-zero only with an explicit
 * indentation indicator such as `|2`).
 */
function blockIndent(text: string, from: number, to: number, value: string): number {
  let lineStart = from
  while (lineStart < to) {
    const nl = text.indexOf('\n', lineStart)
    const lineEnd = nl === -1 || nl >= to ? to : nl
    const line = text.slice(lineStart, lineEnd)
    if (line.trim() !== '') {
      const sourceSpaces = line.length - line.trimStart().length
      const firstValueLine = value.split('\n').find((l) => l.trim() !== '') ?? ''
      const valueSpaces = firstValueLine.length - firstValueLine.trimStart().length
      return Math.max(0, sourceSpaces - valueSpaces)
    }
    lineStart = lineEnd + 1
  }
  return 0
}
