/**
 * One mistake, said once and where it is. A YAML file that does not parse
 * makes the parser complain several times (a tab gives a tab error, then a
 * duplicate key, then a sequence used as a key…): everything after the first
 * complaint follows from it. This picks the complaint that is the cause and,
 * for the slips rules editors make, says what happened in their words, at the
 * character that caused it:
 *
 * - an unquoted text starting with markup (`text: {term:X} is…`): YAML reads
 *   the `{` as the start of a mapping;
 * - `: ` inside unquoted text (`{term: x}`, `Note: …`), often on a wrapped
 *   line, and a half-typed `{ref:` at the end of a line: YAML reads a key;
 * - a tab in the indentation.
 *
 * A table of slips, each a small function; the first that recognises the
 * file's first error wins, else that error stands as the parser worded it.
 */
import { diagnostic } from '../diagnostics.ts'
import { schemaKeys } from '../keys-in-text.ts'
import type { Diagnostic } from '../types.ts'
import chapterSchema from '../../../schema/chapter.schema.json' with { type: 'json' }

interface Point {
  line: number
  column: number
}

interface Slip {
  name: string
  /** The better place and wording, or undefined when this is not that slip. */
  explain(text: string, lines: string[], first: Diagnostic): { at: Point; message: string } | undefined
}

/** `key: value` with the value's first column, on one line (`- ` list markers allowed). */
const KEY_VALUE = /^(\s*(?:-\s+)*)([A-Za-z_][\w-]*):[ \t]+(\S.*)$/

const SLIPS: Slip[] = [
  {
    name: 'a key indented a space or two off its siblings',
    explain(_text, lines, first) {
      // `examples:` at 5 spaces under `text:` at 4 reads as the text going on (then `: ` is a key in it);
      // `text:` at 3 under `- rule:`'s 4 ends the list item. The parser blames the text or the list.
      // The parser complains at the line it cannot read on, or at the text the slipped key is read into.
      for (const n of [first.line, first.line + 1, first.line - 1, first.line - 2]) {
        if (n < 1) continue
        const k = INDENTED_KEY.exec(lines[n - 1] ?? '')
        if (!k || !FORMAT_KEYS.has(k[3]!)) continue
        const dash = k[2] !== undefined
        const column = dash ? k[1]!.length : k[1]!.length + (k[2]?.length ?? 0)
        // A list item's own keys, on the next line, say where its dash was meant (`- rule:` then `  text:`).
        const next = dash ? INDENTED_KEY.exec(lines[n] ?? '') : null
        const meant = next && next[2] === undefined ? next[1]!.length - 2 : undefined
        const sibling = meant !== undefined && meant !== column && Math.abs(meant - column) <= 2 ? meant : siblingColumn(lines, n, dash)
        if (sibling === undefined || sibling === column || Math.abs(sibling - column) > 2) continue
        const written = dash ? `- ${k[3]}:` : `${k[3]}:`
        const what = dash ? 'the other items of its list' : 'its siblings'
        const text = dash ? undefined : plainTextAbove(lines, n, column)
        const why = text ? `: deeper than \`${text.key}:\` on line ${text.line}, YAML reads it as more of that text` : ''
        return {
          at: { line: n, column: column + 1 },
          message: `Unexpected indentation: \`${written}\` is indented ${column} space${column === 1 ? '' : 's'} and ${what} ${sibling}, expected ${sibling} spaces (YAML nests by indentation${why})`,
        }
      }
      return undefined
    },
  },
  {
    name: 'a key indented deeper than the text above it',
    explain(_text, lines, first) {
      // `steps:` at 7 spaces under `text: …` at 4: YAML reads the line as the text going on, then `: ` in it as a key.
      for (const n of [first.line, first.line + 1, first.line - 1]) {
        const k = INDENTED_KEY.exec(lines[n - 1] ?? '')
        if (!k || k[2] !== undefined || !FORMAT_KEYS.has(k[3]!)) continue
        const column = k[1]!.length
        const text = plainTextAbove(lines, n, column)
        if (!text) continue
        return {
          at: { line: n, column: column + 1 },
          message: `Unexpected indentation: \`${k[3]}:\` is indented ${column} spaces, deeper than \`${text.key}:\` at ${text.column} on line ${text.line}, so YAML reads it as more of that text, not as a key, expected \`${k[3]}:\` at ${text.column} spaces, beside \`${text.key}:\``,
        }
      }
      return undefined
    },
  },
  {
    name: 'a text on the line after its key, not indented deeper',
    explain(_text, lines, first) {
      // `- text:` then the text below it at the key's column: YAML reads the text as another key.
      const line = lines[first.line - 1] ?? ''
      let p = first.line - 1
      while (p >= 1 && (lines[p - 1] ?? '').trim() === '') p--
      const k = /^(\s*(?:-\s+)?)([A-Za-z_][\w-]*):[ \t]*$/.exec(lines[p - 1] ?? '')
      if (!k || !TEXT_KEYS.has(k[2]!) || line.trim() === '') return undefined
      const indent = line.length - line.trimStart().length
      if (indent > k[1]!.length) return undefined
      return {
        at: { line: first.line, column: indent + 1 },
        message: `Unexpected text at the indentation of its \`${k[2]}:\` key on the line above: YAML reads it as another key, expected the text on the \`${k[2]}:\` line, or \`${k[2]}: |-\` with the text indented ${k[1]!.length + 2} spaces`,
      }
    },
  },
  {
    name: 'unquoted text starting with markup',
    explain(_text, lines, first) {
      // The flow collection ends on its line (or the error is just after it): look back a few lines for its start.
      for (let n = first.line; n >= Math.max(1, first.line - 2); n--) {
        const m = KEY_VALUE.exec(lines[n - 1] ?? '')
        if (!m) continue
        const value = m[3]!
        if (!/^[{[]/.test(value)) continue
        // A real flow collection (`items: [a, b]`, `x: {}`) parses; only text that goes on after it is a slip.
        const tag = /^\{(ref(?:\/through)?|term|subtype|card|product|link|img|curly|n|c)\b/.exec(value)
        const symbol = /^\[[^\]]+\]/.exec(value)
        if (!tag && !symbol) continue
        // Text goes on after the markup closes (`{term:X} is…`, `[click] Gain…`): a flow collection on its own (`x: []`) is not this slip.
        const close = value.indexOf(value[0] === '{' ? '}' : ']')
        if (close === -1 || /^\s*(#.*)?$/.test(value.slice(close + 1))) continue
        const column = lines[n - 1]!.length - value.length + 1
        const opener = value[0]!
        const what = opener === '{' ? 'a mapping' : 'a list'
        return {
          at: { line: n, column },
          message: `Unexpected \`${opener}\` at the start of an unquoted \`${m[2]}\`: YAML reads \`${clip(value)}\` as ${what}, expected the text quoted (\`${m[2]}: "${clip(value, 24)}"\`) or as a block (\`${m[2]}: |-\`)`,
        }
      }
      return undefined
    },
  },
  {
    name: 'unquoted text starting with a YAML indicator',
    explain(_text, lines, first) {
      // `text: *Note* …` (an alias), `` `x` `` / `@x` (reserved), `%x` (a directive), `| x` / `> x` (a block
      // header with text after it), `? x` (a complex key), `!x y` (a tag), each followed by text.
      const m = KEY_VALUE.exec(lines[first.line - 1] ?? '')
      if (!m) return undefined
      const value = m[3]!
      const said = INDICATORS.find((i) => i.test(value))
      if (!said) return undefined
      const column = lines[first.line - 1]!.length - value.length + 1
      return {
        at: { line: first.line, column },
        message: `Unexpected \`${value[0]}\` at the start of an unquoted \`${m[2]}\`: YAML reads it as ${said.reads}, expected the text quoted (\`${m[2]}: "${clip(value, 24).replace(/"/g, '\\"')}"\`) or as a block (\`${m[2]}: |-\`)`,
      }
    },
  },
  {
    name: 'a quoted text that goes on after its closing quote',
    explain(_text, lines, first) {
      // `text: 'Tis the Runner's turn`: the `'` in Runner's closes the string, and the rest is left over.
      for (let n = first.line; n >= Math.max(1, first.line - 3); n--) {
        const m = KEY_VALUE.exec(lines[n - 1] ?? '')
        if (!m) continue
        const value = m[3]!
        const quote = value[0]
        if (quote !== "'" && quote !== '"') return undefined
        const close = closingQuote(value, quote)
        if (close === -1 || /^\s*(#.*)?$/.test(value.slice(close + 1))) return undefined
        const start = lines[n - 1]!.length - value.length
        const inside = quote === "'" ? "inside single quotes a `'` is written `''`" : 'inside double quotes a `"` is written `\\"`'
        return {
          at: { line: n, column: start + close + 1 },
          message: `Unexpected text after the closing \`${quote}\` of a quoted \`${m[2]}\`: ${inside}, expected the whole text quoted, or as a block (\`${m[2]}: |-\`)`,
        }
      }
      return undefined
    },
  },
  {
    name: 'a list item without a space after `-`',
    explain(_text, lines, first) {
      for (let n = first.line; n >= Math.max(1, first.line - 1); n--) {
        const m = /^(\s*)-([A-Za-z_][\w-]*):/.exec(lines[n - 1] ?? '')
        if (!m) continue
        return { at: { line: n, column: m[1]!.length + 1 }, message: `Unexpected \`-${m[2]}\`: a list item needs a space after its \`-\`, expected \`- ${m[2]}:\`` }
      }
      return undefined
    },
  },
  {
    name: 'a key without a space after its `:`',
    explain(_text, lines, first) {
      for (let n = first.line; n >= Math.max(1, first.line - 1); n--) {
        const m = /^(\s*(?:-\s+)?)([A-Za-z_][\w-]*):([^\s:][^:]*)$/.exec(lines[n - 1] ?? '')
        // Only a key of the format (`rule:x`); `see:` in the middle of a text is another slip.
        if (!m || !FORMAT_KEYS.has(m[2]!)) continue
        return { at: { line: n, column: m[1]!.length + m[2]!.length + 2 }, message: `Unexpected \`${m[2]}:${clip(m[3]!, 30)}\`: YAML reads a key only when its \`:\` is followed by a space, expected \`${m[2]}: ${clip(m[3]!, 30)}\`` }
      }
      return undefined
    },
  },
  {
    name: '`: ` or a line-final `:` inside unquoted text',
    explain(_text, lines, first) {
      if (!/Nested mappings|Implicit (map )?keys|implicit key|must be followed by map values|Unexpected scalar|All mapping items/i.test(first.message)) return undefined
      // The plain text the error is in: from its `key:` line down to the error's line and one beyond.
      let start = first.line
      while (start > 1 && !KEY_VALUE.test(lines[start - 1] ?? '')) start--
      const keyLine = KEY_VALUE.exec(lines[start - 1] ?? '')
      if (!keyLine || /^[|>"'{[]/.test(keyLine[3]!)) return undefined
      const keyIndent = keyLine[1]!.length
      for (let n = start; n <= Math.min(lines.length, first.line + 1); n++) {
        const line = lines[n - 1]!
        // Continuation lines of the text are indented deeper than its key.
        if (n > start && (line.trim() === '' || line.length - line.trimStart().length <= keyIndent)) break
        const from = n === start ? line.length - keyLine[3]!.length : 0
        const re = /:(?=[ \t]|$)/g
        re.lastIndex = from
        const colon = re.exec(line)
        if (!colon) continue
        const before = line.slice(0, colon.index)
        const tag = /\{(ref(?:\/through)?|term|subtype|card|product|link|img|curly)$/.exec(before)
        const column = colon.index + 1
        if (tag && /^:[ \t]*$/.test(line.slice(colon.index))) {
          return { at: { line: n, column }, message: `Unfinished \`{${tag[1]}:\` at the end of a line: in unquoted text YAML reads \`:\` before a line break as a key, expected what \`{${tag[1]}:…}\` names after it` }
        }
        // `{ref: ` typed in the middle of a line, its closing brace not there yet.
        if (tag && !/^:[ \t]+[^{}]*\}/.test(line.slice(colon.index))) {
          return { at: { line: n, column }, message: `Unfinished \`{${tag[1]}:\`: in unquoted text YAML reads \`: \` as a key, expected what \`{${tag[1]}:…}\` names right after the colon, and a closing \`}\`` }
        }
        if (tag) {
          return { at: { line: n, column }, message: `Unexpected space after \`{${tag[1]}:\`: in unquoted text YAML reads \`: \` as a key, expected \`{${tag[1]}:${clip(line.slice(colon.index + 1).trimStart().replace(/\}.*$/, ''), 30)}}\` (no space), or the text quoted` }
        }
        return { at: { line: n, column }, message: `Unexpected \`: \` inside an unquoted text: YAML reads what comes before it as a key, expected the text quoted or as a block (\`${keyLine[2]}: |-\`)` }
      }
      return undefined
    },
  },
  {
    name: 'tab in the indentation',
    explain(_text, lines, first) {
      if (!/tab/i.test(first.message)) return undefined
      const line = lines[first.line - 1] ?? ''
      const tab = line.indexOf('\t')
      if (tab === -1) return undefined
      return { at: { line: first.line, column: tab + 1 }, message: 'Unexpected tab in indentation, expected spaces (YAML indents with spaces only)' }
    },
  },
]

/** A key line: its indentation, `- ` when a list item, its key. */
const INDENTED_KEY = /^( *)(-[ ]+)?([A-Za-z_][\w-]*):(?:[ \t]|$)/

/** Keys whose value is text shown to people. */
const TEXT_KEYS = new Set(['text', 'snippet', 'toc_entry', 'note'])

/**
 * The column a key line at `n` should have, when it is a space or two off: the nearest line above of
 * its kind (list items are compared by their dash, keys by their key's column) — unless a line at its
 * own column comes first, going up to its parent (then it is that line's sibling, and fine).
 */
function siblingColumn(lines: string[], n: number, dash: boolean): number | undefined {
  const columnOf = (k: RegExpExecArray) => (dash ? k[1]!.length : k[1]!.length + (k[2]?.length ?? 0))
  const mine = columnOf(INDENTED_KEY.exec(lines[n - 1]!)!)
  let candidate: number | undefined
  for (let i = n - 1; i >= Math.max(1, n - 200); i--) {
    const k = INDENTED_KEY.exec(lines[i - 1] ?? '')
    if (!k || !FORMAT_KEYS.has(k[3]!)) continue
    if (dash && k[2] === undefined) {
      // The list's parent key (its items at its column or deeper): nothing above it is a sibling.
      if (k[1]!.length <= mine) break
      continue
    }
    const col = columnOf(k)
    if (col === mine) return undefined
    // Deeper lines between are the children of its siblings: the nearest a space or two off is the one meant.
    if (Math.abs(col - mine) <= 2) candidate ??= col
    if (col < mine || (dash && k[1]!.length < mine)) break
  }
  return candidate
}

/** What YAML makes of an unquoted value that starts with one of its indicators and goes on as text. */
const INDICATORS: { test: (value: string) => boolean; reads: string }[] = [
  { test: (v) => /^\*\S*\s+\S/.test(v) || /^\*[^\s*]+\*/.test(v), reads: 'an alias (`*name`)' },
  { test: (v) => /^[`@]/.test(v), reads: 'a reserved character' },
  { test: (v) => /^%/.test(v), reads: 'a directive' },
  { test: (v) => /^[|>][-+]?[0-9]?[ \t]+[^\s#]/.test(v), reads: 'a block header, with the text on the lines below it' },
  { test: (v) => /^\?[ \t]/.test(v), reads: 'a complex key (`? key`)' },
  { test: (v) => /^![^\s]*\s+\S/.test(v), reads: 'a tag (`!tag`)' },
]

/**
 * The keys the rules format has (the ones a definition or text is written with): every key of the
 * chapter schema, and the ones of the other files an entry is written with. Not their top-level
 * lists (`retired:`, `changelog:`), which would pass for a sibling of every entry's keys.
 */
const FORMAT_KEYS: ReadonlySet<string> = new Set([...schemaKeys(chapterSchema), 'version', 'effective', 'id', 'release', 'renamed_to', 'merged_into', 'split_into', 'removed', 'note'])

/**
 * The one-line plain `key: value` whose text a line at `column` (line `n`) goes on: the nearest
 * line above it that is less indented, when its value is plain text (not a block, quoted or flow).
 */
function plainTextAbove(lines: string[], n: number, column: number): { key: string; line: number; column: number } | undefined {
  for (let i = n - 1; i >= 1; i--) {
    const line = lines[i - 1] ?? ''
    if (line.trim() === '') continue
    // A comment ends a plain text; deeper lines between are more of it.
    if (line.trimStart().startsWith('#')) return undefined
    if (line.length - line.trimStart().length >= column) continue
    const m = KEY_VALUE.exec(line)
    // Spaces only: a tab there is its own slip.
    if (!m || !/^[ -]*$/.test(m[1]!) || m[1]!.length >= column || /^[|>"'{[&*!#%@`]/.test(m[3]!) || /\s#/.test(m[3]!)) return undefined
    return { key: m[2]!, line: i, column: m[1]!.length }
  }
  return undefined
}

/** Where a quoted YAML string that starts `value` closes, or -1. */
function closingQuote(value: string, quote: string): number {
  for (let i = 1; i < value.length; i++) {
    if (quote === '"' && value[i] === '\\') i++
    else if (value[i] === quote) {
      if (quote === "'" && value[i + 1] === "'") i++
      else return i
    }
  }
  return -1
}

const clip = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)

/** Codes that stop a file from loading; a duplicate key does not (the last one wins). */
const BLOCKING = new Set(['yaml-syntax', 'yaml-collection-key', 'file-encoding', 'file-empty'])

/**
 * The one message for a file that does not load, and the mistakes before it
 * that stand on their own: its first blocking error (the parser's order is
 * the file's), reworded and re-placed when it is a known slip. `text` is the
 * file's text, when it could be decoded.
 */
export function rootCause(file: string, text: string | undefined, messages: readonly Diagnostic[]): { cause: Diagnostic; before: Diagnostic[] } | undefined {
  const byPlace = (a: Diagnostic, b: Diagnostic) => a.line - b.line || a.column - b.column
  const errors = messages.filter((m) => m.severity === 'error').sort(byPlace)
  const first = errors.find((m) => BLOCKING.has(m.code)) ?? errors[0]
  if (!first) return undefined
  const before = messages.filter((m) => m !== first && byPlace(m, first) < 0 && !BLOCKING.has(m.code))
  return { cause: explain(file, text, first), before }
}

function explain(file: string, text: string | undefined, first: Diagnostic): Diagnostic {
  if (text === undefined || first.code !== 'yaml-syntax') return first
  const lines = text.split(/\r?\n|\r/)
  for (const slip of SLIPS) {
    const found = slip.explain(text, lines, first)
    if (found) return diagnostic('yaml-syntax', 'error', { file, ...found.at }, found.message)
  }
  return first
}
