/**
 * `cr fmt`: one canonical layout for the YAML sources, on the `yaml`
 * package's Document API so comments and blank lines stay where they are.
 *
 * - Key order: the ID key first, then `text`, the flags, `toc_entry`,
 *   `snippet`, and the children last (`examples`, `rules`, `elements`,
 *   `sections`); keys we do not know keep their order, after those we do.
 * - Strings are plain when YAML (1.2 for us, 1.1 for the rules team's Python
 *   generator) allows it; otherwise double quotes for a line of up to 80
 *   characters that needs no escapes (`"2026-03-02"`, `"Rules by: …"`), and a
 *   literal block (`|-`) for longer texts, the style the rules team's files
 *   already use for texts starting with `{` or containing `: `.
 * - No line width: a paragraph is one line, so a rewording changes one line.
 * - Sequences are not indented under their key (`sections:` / `- section:`),
 *   flags are written bare (`new:`), two spaces per level.
 *
 * Formatting never changes the data (a test compares the compiled documents
 * and runs the fidelity tests on formatted sources) and is idempotent.
 */
import { Document, isMap, isPair, isScalar, isSeq, parse, parseDocument, Scalar, stringify, visit } from 'yaml'
import { MAX_YAML_ALIASES, MAX_YAML_DEPTH, parseDocumentWithin } from './yaml-lazy.ts'

/** Keys in canonical order; any other key goes after these, in its original order. */
export const KEY_ORDER = [
  // IDs and headers
  'chapter', 'section', 'subsection', 'rule', 'timing_structure', 'id', 'version', 'effective', 'release', 'title',
  'text',
  // flags
  'toc', 'steps', 'bold', 'new',
  'toc_entry', 'snippet',
  // retirements
  'renamed_to', 'merged_into', 'split_into', 'removed', 'note',
  'preamble', 'acknowledgements',
  // children last, so a rule's own fields are read before its sub-rules
  'examples', 'rules', 'elements', 'sections', 'changelog', 'retired',
] as const

const rank = new Map<string, number>(KEY_ORDER.map((k, i) => [k, i]))

export const FORMAT_OPTIONS = { indent: 2, indentSeq: false, lineWidth: 0, minContentWidth: 0, nullStr: '', flowCollectionPadding: false } as const

export type FormatResult = { ok: true; text: string; changed: boolean } | { ok: false; line: number; column: number; message: string }

/**
 * Layouts made lately, by the exact text (most recently used last): formatting is pure, and a process
 * that formats the same files again (`main()` called in-process by the language server's quick fixes,
 * a tool or a test; `cr fmt --check` after `cr check`) parses and prints each text once. Bounded by
 * characters, texts and layouts both (4 M: the CR's sources are 0.5 M; a language server sees each edit as new text).
 */
const laidOut = new Map<string, FormatResult>()
const LAID_OUT_CHARS = 4 * 1024 * 1024
let laidOutChars = 0
const sizeOf = (source: string, r: FormatResult) => source.length + (r.ok ? r.text.length : r.message.length)

/** The canonical layout of one file's text. */
export function formatYaml(source: string): FormatResult {
  const known = laidOut.get(source)
  if (known) {
    laidOut.delete(source)
    laidOut.set(source, known)
    return known
  }
  const result = Object.freeze(layOut(source))
  const size = sizeOf(source, result)
  if (size <= LAID_OUT_CHARS) {
    laidOut.set(source, result)
    laidOutChars += size
    for (const [text, r] of laidOut) {
      if (laidOutChars <= LAID_OUT_CHARS) break
      laidOut.delete(text)
      laidOutChars -= sizeOf(text, r)
    }
  }
  return result
}

function layOut(source: string): FormatResult {
  // CRLF is a line break like LF inside every YAML scalar, so dropping the CRs changes no value; left
  // in, the `yaml` package keeps them inside comments it moves (`# note\r`), where no later step sees them.
  const text = source.replace(/\r\n/g, '\n')
  const parsed = parseDocumentWithin(text, { uniqueKeys: true, prettyErrors: false })
  if (parsed.problem) {
    const [line, column] = lineCol(text, parsed.problem.offset)
    const message = parsed.problem.kind === 'depth' ? `Unexpected nesting deeper than ${MAX_YAML_DEPTH} levels` : `Unexpected alias past the ${MAX_YAML_ALIASES}th`
    return { ok: false, line, column, message }
  }
  const doc = parsed.doc
  const error = doc.errors[0]
  if (error) {
    const [line, column] = error.linePos?.[0] ? [error.linePos[0].line, error.linePos[0].col] : lineCol(text, error.pos[0])
    return { ok: false, line, column, message: error.message.replace(/ at line \d+, column \d+[\s\S]*$/, '').trim() }
  }
  placeComments(doc, text)
  canonicalize(doc)
  const out = doc.toString(FORMAT_OPTIONS)
  return { ok: true, text: out, changed: out !== source }
}

/**
 * Parse a source for an edit that must keep every comment where it was (`cr release --next-cycle`):
 * the document `layOut` would print, its comments placed (`placeComments`), or undefined when it
 * does not parse. Delete a key with `deleteKeepingComments`, never `map.delete`.
 */
export function parseForEdit(source: string): Document | undefined {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n')
  const parsed = parseDocumentWithin(text, { uniqueKeys: false, prettyErrors: false })
  if (parsed.problem || parsed.doc.errors.length > 0) return undefined
  placeComments(parsed.doc, text)
  return parsed.doc
}

/**
 * The `yaml` package gives a value every comment line that follows it up to the next key or item
 * when the comment is indented deeper than that key (always, after a flag with no value, `new:`),
 * and prints them all on the value's own line: `new:` / `# reviewed by the judges` / `- subsection: …`
 * became `new: # reviewed by the judges`, and a later edit that removed the flag removed the note.
 * And a comment on the line of a key whose value is a list or mapping (`rules: # C1`) went to the
 * line below. Each comment goes back where the editor wrote it: a comment on its own line before the
 * next key or item (or closing the mapping or list, after its last entry), one on a line stays on it.
 */
function placeComments(doc: Document, text: string) {
  const own = (value: unknown, next: unknown, collection: { comment?: string | null }) => {
    if (!isScalar(value) || !value.comment || !value.range) return
    // Where the comment starts: on the value's line, or after a line break.
    const tail = text.slice(value.range[1], value.range[2])
    const hash = tail.indexOf('#')
    if (hash < 0) return
    const lines = value.comment.split('\n')
    const inline = !tail.slice(0, hash).includes('\n')
    const moved = inline ? lines.slice(1) : lines
    while (moved[moved.length - 1] === '') moved.pop()
    const target = isScalar(next) || isMap(next) || isSeq(next) ? next : undefined
    if (moved.length === 0) {
      // Only a comment on the value's line, then a blank line: the blank line is the next entry's
      // (the package would print a comment ending in one on a line of its own).
      if (lines.length > 1) {
        value.comment = lines[0]
        // At the end of the document there is nothing for it to stand before: a file ends with its last line.
        if (target) target.spaceBefore = true
      }
      return
    }
    value.comment = inline ? lines[0] : undefined
    // Blank lines as the source has them, not as the package guessed (it counts a comment's own line break as one).
    const blankBefore = !inline && /\n[ \t]*\n/.test(tail.slice(0, hash))
    const lastHash = text.lastIndexOf('#', value.range[2] - 1)
    const lineEnd = text.indexOf('\n', lastHash)
    // A blank line right after the comment's last line (not one further down, after other comments).
    const blankAfter = lineEnd >= 0 && /^\n[ \t]*(\n|$)/.test(text.slice(lineEnd))
    if (blankAfter) moved.push('')
    const comment = moved.join('\n')
    if (target) {
      target.commentBefore = [comment, target.commentBefore].filter((c) => typeof c === 'string').join('\n')
      if (value.value === null) value.spaceBefore = undefined
      target.spaceBefore = blankBefore ? true : undefined
    } else {
      collection.comment = [comment, collection.comment].filter((c) => typeof c === 'string').join('\n')
      if (value.value === null && !blankBefore) value.spaceBefore = undefined
    }
  }
  // Each value with what follows it in the document: the next key or item, else the one after its collection.
  type Entry = { commentBefore?: string | null; spaceBefore?: boolean; range?: unknown }
  const walk = (node: unknown, after: Entry | undefined) => {
    // A blank line before a mapping's or list's closing comment: the package drops it when it reads.
    if ((isMap(node) || isSeq(node)) && node.comment && node.range && !node.comment.startsWith('\n')) {
      const tail = text.slice(Math.max(0, node.range[1] - 1), node.range[2])
      const hash = tail.indexOf('#')
      if (hash >= 0 && /\n[ \t]*\n/.test(tail.slice(0, hash))) node.comment = `\n${node.comment}`
    }
    if (isMap(node)) {
      node.items.forEach((pair, i) => {
        const next = (node.items[i + 1]?.key as Entry | undefined) ?? after
        own(pair.value, next, node)
        // `rules: # C1` above a list: the comment stays on the key's line.
        const value = pair.value
        if ((isMap(value) || isSeq(value)) && value.commentBefore && isScalar(pair.key) && pair.key.range && value.range && !pair.key.comment) {
          const between = text.slice(pair.key.range[1], value.range[0])
          const hash = between.indexOf('#')
          if (hash >= 0 && !between.slice(0, hash).includes('\n')) {
            const [first, ...rest] = value.commentBefore.split('\n')
            pair.key.comment = first
            value.commentBefore = rest.some((l) => l !== '') ? rest.join('\n') : undefined
            // A blank line after that comment is the first entry's.
            const head = isSeq(value) ? value.items[0] : value.items[0]?.key
            if (rest.length > 0 && !value.commentBefore && head && typeof head === 'object') (head as { spaceBefore?: boolean }).spaceBefore = true
          }
        }
        walk(value, next)
      })
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const next = (node.items[i + 1] as Entry | undefined) ?? after
        own(item, next, node)
        walk(item, next)
      })
    }
  }
  walk(doc.contents, undefined)
}

/**
 * Remove `key` from the mapping at `path` and keep what the editors wrote around it: the comments
 * above it and on its line, and its blank lines, go to what follows it (the next key, else the
 * mapping's closing comment; a blank line, to the next entry of the document), so deleting a flag
 * deletes one line of data and nothing else.
 */
export function deleteKeepingComments(doc: Document, path: readonly (string | number)[], key: string): void {
  const map = path.length === 0 ? doc.contents : doc.getIn(path, true)
  if (!isMap(map)) return
  const i = map.items.findIndex((p) => isScalar(p.key) && p.key.value === key)
  if (i < 0) return
  const pair = map.items[i]!
  const k = isScalar(pair.key) ? pair.key : undefined
  const v = isScalar(pair.value) ? pair.value : undefined
  // In the order they print: a blank line, comments above the key, the key's line, a blank line after it.
  const comments = [k?.commentBefore, k?.comment, v?.commentBefore, v?.comment].filter((c): c is string => typeof c === 'string' && c !== '')
  const blankAbove = k?.spaceBefore === true
  const blankBelow = v?.value === null && v.spaceBefore === true
  map.items.splice(i, 1)
  const next = map.items[i]
  // What the flag's line was above: the next key (the mapping itself when the flag came first, so
  // nothing is put between a list's `- ` and its first key), else the next entry of the document.
  const target: { spaceBefore?: boolean; commentBefore?: string | null } | undefined = i === 0 && path.length > 0 ? map : next && isScalar(next.key) ? next.key : nextEntry(doc, path)
  if (!target) {
    // The end of the document: what was below the flag closes its mapping, a blank line first if there was one.
    const lines = [...(blankAbove ? [''] : []), ...comments, ...(blankBelow ? [''] : [])]
    if (comments.length > 0 || (lines.length > 0 && map.comment)) map.comment = [...lines, map.comment].filter((c) => typeof c === 'string').join('\n')
    return
  }
  if (comments.length === 0) {
    if (blankAbove || blankBelow) target.spaceBefore = true
    return
  }
  // The next entry's own blank line stays just above it, after what moved before it.
  const blankAfter = blankBelow || target.spaceBefore === true
  target.commentBefore = [...comments, ...(blankAfter ? [''] : []), target.commentBefore].filter((c) => typeof c === 'string').join('\n')
  target.spaceBefore = blankAbove || undefined
}

/** The node a blank line before the entry that follows the one at `path` belongs to: the next item or key, up the tree. */
function nextEntry(doc: Document, path: readonly (string | number)[]): { spaceBefore?: boolean; commentBefore?: string | null } | undefined {
  for (let depth = path.length; depth > 0; depth--) {
    const parent = depth === 1 ? doc.contents : doc.getIn(path.slice(0, depth - 1), true)
    const step = path[depth - 1]
    if (isSeq(parent) && typeof step === 'number') {
      const item = parent.items[step + 1]
      if (item && typeof item === 'object') return item as { spaceBefore?: boolean; commentBefore?: string | null }
    } else if (isMap(parent)) {
      const at = parent.items.findIndex((p) => isScalar(p.key) && p.key.value === step)
      const next = at >= 0 ? parent.items[at + 1] : undefined
      if (next && isScalar(next.key)) return next.key
    }
  }
  return undefined
}

function canonicalize(doc: Document) {
  visit(doc, {
    Map(_, map) {
      const keyOf = (item: unknown) => (isPair(item) && isScalar(item.key) ? String(item.key.value) : '')
      const indexed = map.items.map((item, i) => ({ item, i, r: rank.get(keyOf(item)) ?? KEY_ORDER.length }))
      indexed.sort((a, b) => a.r - b.r || a.i - b.i)
      // A comment before the first key belongs to the map, not to whichever key ends up first.
      const first = map.items[0]
      const lead = isPair(first) && isScalar(first.key) ? { before: first.key.commentBefore, space: first.key.spaceBefore } : undefined
      if (lead && indexed[0]!.item !== first) {
        const k = first as { key: Scalar }
        k.key.commentBefore = undefined
        k.key.spaceBefore = undefined
        const head = indexed[0]!.item as { key: Scalar }
        head.key.commentBefore = lead.before
        head.key.spaceBefore = lead.space
      }
      map.items = indexed.map((x) => x.item)
      if (isMap(map)) map.flow = false
    },
    Scalar(key, node) {
      if (key === 'key' || typeof node.value !== 'string') return
      node.type = styleFor(node.value)
    },
  })
}

/** Up to this many characters a string that cannot be plain is double-quoted; longer texts are `|-` blocks. */
const SHORT = 80

/** The style the canonical layout writes a string value in. */
export function styleFor(value: string): Scalar.Type {
  if (!value.includes('\n') && canBePlain(value)) return Scalar.PLAIN
  // `"2026-03-02"`, `"Rules by: Adam Baker"`: a short line, double-quoted when that needs no escapes.
  if (value.length <= SHORT && !/[\n"\\\p{Cc}]/u.test(value) && roundTrips(value, Scalar.QUOTE_DOUBLE)) return Scalar.QUOTE_DOUBLE
  // Texts: a literal block, unless it cannot hold this value (only spaces, say).
  return roundTrips(value, Scalar.BLOCK_LITERAL) ? Scalar.BLOCK_LITERAL : Scalar.QUOTE_DOUBLE
}

const cache = new Map<string, boolean>()

function remember(key: string, compute: () => boolean): boolean {
  let ok = cache.get(key)
  if (ok === undefined) {
    ok = compute()
    if (cache.size > 100_000) cache.clear()
    cache.set(key, ok)
  }
  return ok
}

function canBePlain(value: string): boolean {
  return remember(`P${value}`, () => {
    // Ask the library: it quotes a plain scalar it cannot write plain. Plain for YAML 1.2 (us) and
    // 1.1 (the rules team's Python generator reads `2026-03-02` as a date, `yes` as true).
    const expected = `k: ${value}\n`
    return (
      stringify({ k: value }, { defaultStringType: 'PLAIN', lineWidth: 0 }) === expected &&
      stringify({ k: value }, { defaultStringType: 'PLAIN', lineWidth: 0, version: '1.1' }) === expected &&
      roundTrips(value, Scalar.PLAIN)
    )
  })
}

/** Written in this style, does the value read back the same, in YAML 1.2 and 1.1? */
function roundTrips(value: string, type: Scalar.Type): boolean {
  return remember(`${type}${value}`, () => {
    const node = new Scalar(value)
    node.type = type
    const doc = new Document({ k: null })
    doc.set('k', node)
    const text = doc.toString(FORMAT_OPTIONS)
    // Our own one-key text: nothing the library could warn about concerns the user (`logLevel`: never a Node warning).
    return parse(text, { logLevel: 'error' })?.k === value && parseDocument(text, { version: '1.1', logLevel: 'error' }).toJS()?.k === value
  })
}

function lineCol(text: string, offset: number): [number, number] {
  const before = text.slice(0, Math.max(0, offset))
  const line = before.split('\n').length
  return [line, before.length - before.lastIndexOf('\n')]
}
