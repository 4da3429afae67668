/**
 * Load one YAML source file: check its bytes are UTF-8, parse it, and return
 * the data together with a way to find any JSON path in the source, so later
 * steps (schema validation, markup checks) can point at the right line.
 *
 * Two parsers, one result. js-yaml is fast (about 3.5× `yaml` on the CR) but
 * gives positions only for syntax errors; `yaml` keeps a node tree with
 * offsets that we can walk by JSON path. So a file is read with js-yaml, and
 * parsed again with `yaml` only when something needs a place it cannot give
 * cheaply: a diagnostic, or an excerpt. The entries' own places (`rule: x`
 * lines) come from a line index. A file js-yaml rejects goes straight to
 * `yaml`, whose errors we word.
 */
import { CORE_SCHEMA, load as loadFast, type EventType, type State } from 'js-yaml'
import type { Document, Node, YAMLError } from 'yaml'
import { MAX_YAML_ALIASES, MAX_YAML_DEPTH, parseDocumentWithin, yaml, type YamlBoundsProblem } from './yaml-lazy.ts'
import { checkDataBounds, MAX_ALIAS_NODES } from './data-bounds.ts'
import { diagnostic } from './diagnostics.ts'
import { findNode, isEmptyValue, pointAt, scalarOffsets, startOf, type JsonPath, type SourcePoint } from './locate.ts'
import type { Diagnostic, SourceFile } from './types.ts'

export type { JsonPath, SourcePoint } from './locate.ts'

export interface LoadedYaml {
  /** The document as plain JSON-like data; flags such as `new:` load as `null`. */
  data: unknown
  /** The decoded source, BOM removed; all offsets refer to it. */
  text: string
  /**
   * Where the node at `path` starts: its value (default) or, for `'key'`,
   * its map key. A path that does not exist falls back to the nearest
   * existing ancestor; an empty value (`new:`) to its key.
   */
  locate(path: JsonPath, which?: 'key' | 'value'): SourcePoint
  /**
   * Where the character at `offsetInString` of the string at `path` (its
   * value after unescaping and unfolding) is in the file.
   */
  locateInString(path: JsonPath, offsetInString: number): SourcePoint
}

export interface LoadResult {
  /** Absent when the file could not be decoded or parsed. */
  loaded?: LoadedYaml
  messages: Diagnostic[]
}

/** `precise`: parse with `yaml` only (tests compare the two paths). */
export function loadYaml(file: SourceFile, options: { precise?: boolean } = {}): LoadResult {
  const decoded = decode(file)
  if ('message' in decoded) return { messages: [decoded.message] }
  return withinBounds((options.precise ? undefined : loadQuickly(decoded.text)) ?? loadPrecisely(file, decoded.text), file.path)
}

/**
 * The data as later steps walk it, aliases expanded, within MAX_YAML_DEPTH
 * and MAX_ALIAS_NODES; otherwise one located error and no data, so nothing
 * after this (schema, compiler, cache, site) ever sees the expansion.
 */
function withinBounds(result: LoadResult, file: string): LoadResult {
  // Without aliases the data is the tree the parser measured: nothing can expand.
  if (!result.loaded || aliasFree.has(result.loaded)) return result
  const problem = checkDataBounds(result.loaded.data)
  if (!problem) return result
  const at = result.loaded.locate(problem.path)
  const message =
    problem.kind === 'depth'
      ? `Unexpected nesting ${Number.isFinite(problem.depth) ? `${problem.depth.toLocaleString('en')} levels deep` : 'without end'} once aliases are expanded, expected at most ${MAX_YAML_DEPTH}`
      : `Unexpected aliases that add ${problem.extra > 1e15 ? 'more than 10^15' : Math.round(problem.extra).toLocaleString('en')} nodes to the file once expanded (the first is here), expected at most ${MAX_ALIAS_NODES.toLocaleString('en')}: write the repeated content out`
  const code = problem.kind === 'depth' ? 'yaml-too-deep' : 'yaml-alias-limit'
  return { messages: [...result.messages.filter((m) => m.severity !== 'error'), diagnostic(code, 'error', { file, line: at.line, column: at.column }, message)] }
}

/** Loaded data known to hold no alias, so no deeper or larger than the parser saw it. */
const aliasFree = new WeakSet<LoadedYaml>()

/** The message for a source the `yaml` package was not asked to compose. */
function boundsMessage(problem: YamlBoundsProblem): { code: 'yaml-too-deep' | 'yaml-alias-limit'; message: string } {
  return problem.kind === 'depth'
    ? { code: 'yaml-too-deep', message: `Unexpected nesting deeper than ${MAX_YAML_DEPTH} levels, expected at most ${MAX_YAML_DEPTH} (the rules nest 11 deep)` }
    : { code: 'yaml-alias-limit', message: `Unexpected alias past the ${MAX_YAML_ALIASES}th, expected at most ${MAX_YAML_ALIASES} aliases (\`*name\`) in a file` }
}

/**
 * js-yaml's data, with `yaml` parsed on demand for places; undefined when
 * js-yaml does not accept the file as a mapping, or when it has a key
 * js-yaml would have turned into text (see `collectionKeyWatch`).
 */
function loadQuickly(text: string): LoadResult | undefined {
  // More `*` than aliases allowed: the precise path counts the aliases and says where (the rules have no `*` at all).
  const stars = countChar(text, '*', MAX_YAML_ALIASES + 1)
  if (stars > MAX_YAML_ALIASES) return undefined
  let data: unknown
  const keys = collectionKeyWatch(text)
  try {
    // js-yaml's own depth bound (`maxDepth`, not yet in @types/js-yaml) counts scalars as a level: what it
    // accepts nests at most MAX_YAML_DEPTH collections deep. A file past it goes to the precise path, which
    // counts collections only, and says where.
    data = loadFast(text, { schema: CORE_SCHEMA, listener: keys.listener, maxDepth: MAX_YAML_DEPTH } as Parameters<typeof loadFast>[1])
  } catch {
    return undefined
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data) || keys.found()) return undefined
  let precise: LoadedYaml | undefined
  const full = (): LoadedYaml => {
    if (!precise) {
      const lineCounter = new (yaml().LineCounter)()
      const point = (offset: number) => pointAt(lineCounter, Math.max(0, Math.min(offset, text.length)))
      // js-yaml already refused duplicate keys; `yaml`'s own check is quadratic in the keys of a map.
      const parsed = parseDocumentWithin(text, { lineCounter, prettyErrors: false, uniqueKeys: false, logLevel: 'error' })
      if (parsed.problem) {
        // Only a file `checkDataBounds` refuses gets here: every place is the one the bound names.
        const at = point(parsed.problem.offset)
        precise = { data, text, locate: () => at, locateInString: () => at }
      } else {
        precise = makeLoaded(parsed.doc, text, data, point)
      }
    }
    return precise
  }
  let lines: Map<string, SourcePoint[]> | undefined
  let nodes: Map<string, string[]> | undefined
  const loaded: LoadedYaml = {
    data,
    text,
    locate(path, which = 'value') {
      const key = path[path.length - 1]
      const value = which === 'value' && typeof key === 'string' ? valueAt(data, path) : undefined
      if (typeof value === 'string') {
        lines ??= indexPlainPairs(text)
        const pair = `${key}\0${value}`
        const at = lines.get(pair)
        if (at && at.length === 1) return at[0]!
        if (at) {
          // The same pair on several lines (`text: Action Phase`): the n-th such node of the data, in
          // document order, is on the n-th such line, when every one of them is written on one line.
          nodes ??= indexStringNodes(data)
          const same = nodes.get(pair)
          const n = same && same.length === at.length ? same.indexOf(pathKey(path)) : -1
          if (n !== -1) return at[n]!
        }
      }
      return full().locate(path, which)
    },
    locateInString: (path, offsetInString) => full().locateInString(path, offsetInString),
  }
  // No `*` in the text: no alias.
  if (stars === 0) aliasFree.add(loaded)
  return { loaded, messages: [] }
}

/**
 * A mapping or sequence used as a key (`? [a, b]`, `{[a]: 1}`, `*list :`) is
 * valid YAML that no rules file can mean. js-yaml turns it into text without
 * a word (`a,b`, `a`: `[text]: x` would read as `text: x`), the `yaml`
 * package into text with a Node process warning; `loadPrecisely` reports it
 * as `yaml-collection-key`. Spotted while js-yaml loads, from its node
 * events: a collection followed by `:` on its line is an implicit key, one
 * right after `?` an explicit key. A false alarm only costs the precise parse.
 */
function collectionKeyWatch(text: string): { listener: (event: EventType, state: State) => void; found: () => boolean } {
  const starts: number[] = []
  let found = false
  const blank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r'
  return {
    listener(event, state) {
      if (event === 'open') {
        starts.push(state.position)
        return
      }
      const start = starts.pop() ?? 0
      if (found || state.result === null || typeof state.result !== 'object') return
      let i = state.position
      while (text[i] === ' ' || text[i] === '\t') i++
      let j = start - 1
      while (j >= 0 && blank(text[j])) j--
      found = text[i] === ':' || text[j] === '?'
    },
    found: () => found,
  }
}

const pathKey = (path: JsonPath) => path.join('\u0001')

/** How many times `char` occurs in `text`, counting no further than `stop`. */
function countChar(text: string, char: string, stop: number): number {
  let n = 0
  for (let i = text.indexOf(char); i !== -1 && n < stop; i = text.indexOf(char, i + 1)) n++
  return n
}

/** Every string under a key, by key and value: the paths holding it, in document order (js-yaml keeps the file's key order). */
function indexStringNodes(data: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>()
  // An explicit stack, entries pushed in reverse: document order without recursion. A string
  // under a key is recorded when its turn comes, between its siblings' subtrees, as a walk would.
  const stack: { node: unknown; path: JsonPath; pair?: string }[] = [{ node: data, path: [] }]
  while (stack.length > 0) {
    const { node, path, pair } = stack.pop()!
    if (pair !== undefined) {
      const list = out.get(pair)
      if (list) list.push(pathKey(path))
      else out.set(pair, [pathKey(path)])
      continue
    }
    if (node === null || typeof node !== 'object') continue
    const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((child, i) => [i, child]) : Object.entries(node)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i]!
      if (typeof v === 'string') {
        if (typeof k === 'string') stack.push({ node: v, path: [...path, k], pair: `${k}\0${v}` })
      } else stack.push({ node: v, path: [...path, k] })
    }
  }
  return out
}

function valueAt(data: unknown, path: JsonPath): unknown {
  let here = data
  for (const k of path) {
    if (here === null || typeof here !== 'object') return undefined
    here = (here as Record<string | number, unknown>)[k]
  }
  return here
}

/**
 * Every one-line `key: value` pair (in a list item or not), by key and
 * value: where the value starts. Simple quotes are taken off so a quoted
 * and a plain copy of one value count as two places (then `yaml` decides).
 * A hand-written scan, not a regular expression: rule texts make long lines.
 */
function indexPlainPairs(text: string): Map<string, SourcePoint[]> {
  const out = new Map<string, SourcePoint[]>()
  let offset = 0
  let line = 1
  while (offset <= text.length) {
    let end = text.indexOf('\n', offset)
    if (end === -1) end = text.length
    let i = offset
    // Indentation and list markers: `  - - key: value`.
    for (;;) {
      while (text[i] === ' ' || text[i] === '\t') i++
      if (text[i] === '-' && (text[i + 1] === ' ' || text[i + 1] === '\t')) i += 2
      else break
    }
    const keyStart = i
    while (i < end && /[\w-]/.test(text[i]!)) i++
    if (i > keyStart && /[A-Za-z_]/.test(text[keyStart]!) && text[i] === ':' && (text[i + 1] === ' ' || text[i + 1] === '\t')) {
      const key = text.slice(keyStart, i)
      i += 2
      while (text[i] === ' ' || text[i] === '\t') i++
      let valueEnd = end
      while (valueEnd > i && /\s/.test(text[valueEnd - 1]!)) valueEnd--
      const indicator = text.slice(i, valueEnd)
      if (indicator === '|-' || indicator === '|') {
        // A literal block: its lines, less their indentation; `|` keeps one final newline, `|-` none.
        const point = { line, column: i - offset + 1, offset: i }
        const value = literalBlock(text, end + 1, keyStart - offset, indicator === '|')
        if (value !== undefined) {
          const k = `${key}\0${value}`
          const list = out.get(k)
          if (list) list.push(point)
          else out.set(k, [point])
        }
      } else if (valueEnd > i) {
        let value = text.slice(i, valueEnd)
        const quoted = /^"([^"\\]*)"$/.exec(value) ?? /^'([^']*)'$/.exec(value)
        if (quoted) value = quoted[1]!
        // Anything else with YAML syntax in it (comments, flow collections, block scalars, anchors) is `yaml`'s to place.
        if (quoted || !/^[|>&*!{[\]"'%@`]|\s#|:\s/.test(value)) {
          const k = `${key}\0${value}`
          const point = { line, column: i - offset + 1, offset: i }
          const list = out.get(k)
          if (list) list.push(point)
          else out.set(k, [point])
        }
      }
    }
    offset = end + 1
    line++
  }
  return out
}

/** The value of a literal block scalar whose lines start at `from`, under a key indented `keyIndent`; undefined when it is not a simple one. */
function literalBlock(text: string, from: number, keyIndent: number, clip: boolean): string | undefined {
  const lines: string[] = []
  let indent = -1
  let at = from
  while (at < text.length) {
    let end = text.indexOf('\n', at)
    if (end === -1) end = text.length
    const raw = text.slice(at, end).replace(/\r$/, '')
    if (raw.trim() === '') lines.push('')
    else {
      const own = raw.length - raw.trimStart().length
      if (own <= keyIndent) break
      if (indent === -1) indent = own
      // Less indented than the block's first line, or tabs: leave it to `yaml`.
      if (own < indent || /^\s*\t/.test(raw)) return undefined
      lines.push(raw.slice(indent))
    }
    at = end + 1
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  if (lines.length === 0) return undefined
  return lines.join('\n') + (clip ? '\n' : '')
}

function loadPrecisely(file: SourceFile, text: string): LoadResult {

  const lineCounter = new (yaml().LineCounter)()
  const at = (offset: number) => pointAt(lineCounter, Math.max(0, Math.min(offset, text.length)))
  // The library's own duplicate-key check compares each key with every earlier one: 150,000
  // keys in one map took minutes. Ours uses a set per map and reports the same errors.
  // `logLevel: 'error'`: the one warning the library prints itself (a collection as a key, from
  // `toJS`) is ours to report, as `yaml-collection-key`, never a Node warning on the user's stderr.
  const parsed = parseDocumentWithin(text, { lineCounter, prettyErrors: false, uniqueKeys: false, logLevel: 'error' })
  if (parsed.problem) {
    const { code, message } = boundsMessage(parsed.problem)
    const place = at(parsed.problem.offset)
    return { messages: [diagnostic(code, 'error', { file: file.path, line: place.line, column: place.column }, message)] }
  }
  const doc = parsed.doc
  const collectionKeys = checkKeys(doc)

  if (isEmptyDocument(doc) && doc.errors.length === 0) {
    return { messages: [diagnostic('file-empty', 'error', { file: file.path, line: 1, column: 1 }, 'Unexpected empty file, expected a YAML document')] }
  }

  const messages: Diagnostic[] = []
  const seen = new Set<string>()
  const report = (error: YAMLError, severity: 'error' | 'warning') => {
    const quote = unclosedQuote(error, text)
    const place = at(quote ?? (error.pos[0] < 0 ? 0 : error.pos[0]))
    const code = error.code === 'DUPLICATE_KEY' ? 'yaml-duplicate-key' : 'yaml-syntax'
    const message = yamlMessage(error, text)
    // One mistake often trips several checks at the same place; the first says it best.
    const dedupe = `${place.offset}\0${code}`
    if (seen.has(dedupe)) return
    seen.add(dedupe)
    messages.push(diagnostic(code, severity, { file: file.path, line: place.line, column: place.column }, message))
  }
  // A syntax error on the line right after another one is the parser
  // recovering from the first: a cascade, not a second mistake.
  let lastSyntaxLine = -2
  for (const error of doc.errors) {
    if (error.code !== 'DUPLICATE_KEY') {
      const line = at(error.pos[0] < 0 ? 0 : error.pos[0]).line
      const cascade = line - lastSyntaxLine <= 1
      lastSyntaxLine = line
      if (cascade) continue
    }
    report(error, 'error')
  }
  for (const warning of doc.warnings) report(warning, 'warning')
  for (const key of collectionKeys) {
    const place = at(startOf(key.node, 0))
    // `- [click]: Gain 1[c].`: text that starts with a bracket, unquoted.
    const flow = /^[[{]/.test(text.slice(place.offset, place.offset + 1))
    const hint = flow ? '; text that starts with `[` or `{` must be quoted' : ''
    messages.push(
      diagnostic('yaml-collection-key', 'error', { file: file.path, line: place.line, column: place.column }, `Unexpected ${key.kind} as a key, expected a plain key such as \`text:\`${hint}`),
    )
  }

  // Data built from a broken parse only yields cascades of schema errors
  // (a collection key would be read as text: \`[ a, b ]\`); duplicate keys
  // are the exception (the data is whole, the last key wins).
  if (doc.errors.some((e) => e.code !== 'DUPLICATE_KEY') || collectionKeys.length > 0) return { messages }

  let data: unknown
  try {
    // Aliases are bounded in number before and in expansion after (`withinBounds`); toJS shares each anchor's value, so it is linear.
    data = doc.toJS({ maxAliasCount: -1 })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    messages.push(diagnostic('yaml-syntax', 'error', { file: file.path, line: 1, column: 1 }, `Unexpected YAML the loader cannot turn into data: ${reason}`))
    return { messages }
  }

  const loaded = makeLoaded(doc, text, data, at)
  if (parsed.aliases === 0) aliasFree.add(loaded)
  return { loaded, messages }
}

function makeLoaded(doc: Document, text: string, data: unknown, at: (offset: number) => SourcePoint): LoadedYaml {
  const offsetsCache = new WeakMap<object, number[]>()
  const locate = (path: JsonPath, which: 'key' | 'value' = 'value'): SourcePoint => {
    const found = findNode(doc, path)
    if (found.complete && (which === 'key' || isEmptyValue(found.node)) && found.key) return at(startOf(found.key, 0))
    return at(startOf(found.node, 0))
  }
  return {
    data,
    text,
    locate,
    locateInString(path, offsetInString) {
      const found = findNode(doc, path)
      const node = found.node
      if (!found.complete || !yaml().isScalar(node) || typeof node.value !== 'string' || !node.range) return locate(path)
      let offsets = offsetsCache.get(node)
      if (!offsets) {
        offsets = scalarOffsets(text, node)
        offsetsCache.set(node, offsets)
      }
      const index = Math.max(0, Math.min(Math.floor(offsetInString) || 0, offsets.length - 1))
      return at(offsets[index]!)
    },
  }
}

/** No content at all: nothing, comments, or a bare `---`. */
function isEmptyDocument(doc: Document): boolean {
  const contents = doc.contents
  return contents === null || (yaml().isScalar(contents) && contents.value === null && isEmptyValue(contents))
}

/** The yaml library's message, without its position suffix, as one sentence. */
function yamlMessage(error: YAMLError, text: string): string {
  const start = error.pos[0]
  const line = start >= 0 ? text.slice(start, text.indexOf('\n', start) === -1 ? undefined : text.indexOf('\n', start)) : ''
  switch (error.code) {
    case 'DUPLICATE_KEY': {
      // The error spans only the key's first character; the key runs to its colon.
      const key = /^(?:"[^"]*"|'[^']*'|[^:#]*?)(?=\s*:(?:\s|$))/.exec(line)?.[0]
      return `Unexpected duplicate key${key ? ` \`${key}\`` : ''}, expected each key once per map`
    }
    case 'MULTIPLE_DOCS':
      return 'Unexpected second YAML document (`---`), expected one document per file'
    case 'TAB_AS_INDENT':
      return 'Unexpected tab in indentation, expected spaces'
  }
  const quote = /^Missing closing (["'])quote/.exec(error.message)?.[1]
  if (quote) return `Unexpected end of file in the string opened here, expected a closing \`${quote}\``
  const cleaned = error.message
    .replace(/ at line \d+, column \d+[\s\S]*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.$/, '')
  // The usual cause: an unquoted text with `: ` in it (`text: Note: …`).
  const hint = /^Nested mappings/.test(cleaned) ? colonHint(text, start) : ''
  return `Invalid YAML: ${cleaned}${hint}`
}

/**
 * An unclosed quoted string runs to the end of the file, where the yaml
 * library reports it; point at its opening quote instead. Nothing after
 * that quote can be an unescaped one, so it is the last such quote.
 */
function unclosedQuote(error: YAMLError, text: string): number | undefined {
  const quote = /^Missing closing (["'])quote/.exec(error.message)?.[1]
  if (!quote || error.pos[0] < 0) return undefined
  for (let k = Math.min(error.pos[0], text.length) - 1; k >= 0; k--) {
    if (text[k] !== quote) continue
    if (quote === '"') {
      let backslashes = 0
      for (let b = k - 1; b >= 0 && text[b] === '\\'; b--) backslashes++
      if (backslashes % 2 === 0) return k
    } else {
      // `''` is an escaped quote inside the string; an odd run starts it.
      let start = k
      while (start > 0 && text[start - 1] === "'") start--
      if ((k - start + 1) % 2 === 1) return start
      k = start
    }
  }
  return undefined
}

function colonHint(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1
  const lineEnd = text.indexOf('\n', offset)
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd)
  return /:\s.*:\s/.test(line) ? '; a value containing `: ` must be quoted or written as a block (`text: |-`)' : ''
}

// --- Bytes to text -------------------------------------------------------

function decode(file: SourceFile): { text: string } | { message: Diagnostic } {
  let text: string
  if (typeof file.content === 'string') {
    text = file.content
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(file.content)
    } catch {
      return { message: encodingMessage(file.path, file.content) }
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  return { text }
}

function encodingMessage(path: string, bytes: Uint8Array): Diagnostic {
  const bad = firstInvalidUtf8(bytes)
  let where = ''
  let place = { line: 1, column: 1 }
  if (bad >= 0) {
    let prefix = new TextDecoder('utf-8').decode(bytes.subarray(0, bad))
    if (prefix.charCodeAt(0) === 0xfeff) prefix = prefix.slice(1)
    const line = prefix.split('\n').length
    const column = prefix.length - (prefix.lastIndexOf('\n') + 1) + 1
    const hex = bytes[bad]!.toString(16).toUpperCase().padStart(2, '0')
    where = ` 0x${hex} (byte ${bad})`
    place = { line, column }
  }
  return diagnostic('file-encoding', 'error', { file: path, ...place }, `Unexpected byte${where}, expected UTF-8 text: save the file as UTF-8`)
}

/** Index of the lead byte of the first ill-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const cont = (k: number, lo = 0x80, hi = 0xbf) => k < bytes.length && bytes[k]! >= lo && bytes[k]! <= hi
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    let size: number
    if (b < 0x80) size = 1
    else if (b >= 0xc2 && b <= 0xdf) size = cont(i + 1) ? 2 : 0
    else if (b === 0xe0) size = cont(i + 1, 0xa0) && cont(i + 2) ? 3 : 0
    else if (b === 0xed) size = cont(i + 1, 0x80, 0x9f) && cont(i + 2) ? 3 : 0
    else if (b >= 0xe1 && b <= 0xef) size = cont(i + 1) && cont(i + 2) ? 3 : 0
    else if (b === 0xf0) size = cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0
    else if (b >= 0xf1 && b <= 0xf3) size = cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
    else if (b === 0xf4) size = cont(i + 1, 0x80, 0x8f) && cont(i + 2) && cont(i + 3) ? 4 : 0
    else size = 0
    if (size === 0) return i
    i += size
  }
  return -1
}

/**
 * The keys of every map, in one pass. `uniqueKeys: true` in linear time: a
 * scalar key whose value an earlier key of the same map has is an error at
 * that key, as the library reports it (collection keys are compared by
 * identity there, so never duplicates). Returned: the keys that are
 * collections (or aliases of one), in document order.
 */
function checkKeys(doc: Document): { node: Node; kind: 'mapping' | 'sequence' }[] {
  const collections: { node: Node; kind: 'mapping' | 'sequence' }[] = []
  yaml().visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>()
      for (const pair of map.items) {
        const key = pair.key
        const target = yaml().isAlias(key) ? key.resolve(doc) : key
        if (yaml().isCollection(target)) collections.push({ node: key as Node, kind: yaml().isMap(target) ? 'mapping' : 'sequence' })
        if (!yaml().isScalar(key)) continue
        if (seen.has(key.value)) {
          const start = key.range?.[0] ?? 0
          doc.errors.push(new (yaml().YAMLParseError)([start, start + 1], 'DUPLICATE_KEY', 'Map keys must be unique'))
        } else {
          seen.add(key.value)
        }
      }
    },
  })
  return collections
}
