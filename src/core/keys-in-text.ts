/**
 * A key of the format indented deeper than the `text:` above it is read by
 * YAML as more of that text (a plain scalar goes on over every deeper line),
 * so the key and what it held are lost without a parse error:
 *
 *     text: Resolve the steps in order
 *      steps                 ← `text` is now "… in order steps"
 *
 * A key line with `: ` does not parse there (`recovery/root-cause.ts` words
 * that error); the ones that do are the key without its colon (`rules`) or
 * without the space after it (`rule:rule_x`). The keys come from the schema.
 * The mirror slip, text read as a key, is `schema-text-as-key` (validate.ts).
 */
import { diagnostic } from './diagnostics.ts'
import type { LoadedYaml } from './load-yaml.ts'
import type { Diagnostic } from './types.ts'

/** Every key a schema names, at any depth. */
export function schemaKeys(schema: unknown): Set<string> {
  const keys = new Set<string>()
  const stack = [schema]
  while (stack.length > 0) {
    const node = stack.pop()
    if (node === null || typeof node !== 'object') continue
    const properties = (node as { properties?: unknown }).properties
    if (properties && typeof properties === 'object') for (const k of Object.keys(properties)) keys.add(k)
    stack.push(...Object.values(node))
  }
  keys.delete('$schema')
  return keys
}

/** `key: value` on one line (list markers allowed): the key's column, the key, the value. */
const KEY_LINE = /^( *(?:- +)*)([A-Za-z_][\w-]*):(?:[ \t]+(.*))?$/
/** A continuation line that is a key of ours, but not one YAML reads as a key: `rules`, `rule:rule_x`. */
const KEY_LIKE = /^( *(?:- +)?)([A-Za-z_][\w-]*)(?::(\S.*?))?[ \t]*$/

const indentOf = (line: string) => line.length - line.trimStart().length

/** Keys that open a list item (`- rule: x`): one meant there starts the next item, a level up. */
const ITEM_KEYS = new Set(['section', 'subsection', 'rule', 'timing_structure'])

export function keysReadAsText(loaded: LoadedYaml, file: string, keys: ReadonlySet<string>): Diagnostic[] {
  const lines = loaded.text.split(/\r?\n|\r/)
  const out: Diagnostic[] = []
  let n = 0
  while (n < lines.length) {
    const m = KEY_LINE.exec(lines[n]!)
    n++
    if (!m) continue
    const column = m[1]!.length
    const value = (m[3] ?? '').trim()
    // A block scalar, a quoted or flow value, a value ended by a comment: its deeper lines are not plain text going on.
    const plain = value !== '' && !/^[|>"'[{&*!#%@`]/.test(value) && !/\s#/.test(value)
    const start = n
    while (n < lines.length && (lines[n]!.trim() === '' || indentOf(lines[n]!) > column)) n++
    if (!plain) continue
    for (let k = start; k < n; k++) {
      const line = lines[k]!
      if (line.trim() === '') continue
      if (line.trimStart().startsWith('#')) break
      const like = KEY_LIKE.exec(line)
      if (!like || !keys.has(like[2]!)) continue
      // Read as text, as the data says: some string under this key holds the line (not a parse we failed to follow).
      if (!stringsUnder(loaded.data, m[2]!).some((s) => s.startsWith(value) && s.includes(line.trim()))) continue
      const key = like[2]!
      const at = like[1]!.length
      const item = ITEM_KEYS.has(key) && column >= 2
      const meant = `${item ? '- ' : ''}${key}:${like[3] === undefined ? '' : ` ${like[3]}`}`
      const where = item ? `${column - 2} spaces, a new item of the list` : `${column} spaces, beside \`${m[2]}:\``
      out.push(
        diagnostic(
          'schema-key-as-text',
          'warning',
          { file, line: k + 1, column: at + 1 },
          `Unexpected \`${key}\` read as more of the text of \`${m[2]}:\` on line ${start}: indented ${at} spaces, deeper than \`${m[2]}:\` at ${column}, YAML reads it as that text going on, not as a key, and what it holds is lost; expected \`${meant}\` at ${where}`,
        ),
      )
    }
  }
  return out
}

/** Every string value under `key`, anywhere in the data. */
function stringsUnder(data: unknown, key: string): string[] {
  const out: string[] = []
  const stack = [data]
  while (stack.length > 0) {
    const node = stack.pop()
    if (node === null || typeof node !== 'object') continue
    if (Array.isArray(node)) stack.push(...node)
    else
      for (const [k, v] of Object.entries(node)) {
        if (k === key && typeof v === 'string') out.push(v)
        else stack.push(v)
      }
  }
  return out
}
