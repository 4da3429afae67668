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
import { Document, isMap, isPair, isScalar, parse, parseDocument, Scalar, stringify, visit } from 'yaml'
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
  canonicalize(doc)
  const out = doc.toString(FORMAT_OPTIONS)
  return { ok: true, text: out, changed: out !== source }
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
