import type { DiagnosticCode } from './codes.ts'
import { escapeForTerminal } from './terminal-text.ts'
import type { Diagnostic, Place, RelatedPlace, Severity } from './types.ts'

/**
 * The place of a diagnostic about no file: a value given on the command line
 * (`--min-coverage 80`). Every format leaves the place out — text has no
 * `file:line:col:`, a GitHub annotation no `file=`, a SARIF result no
 * `locations`, JSON no `file`, `line` or `column` — rather than name a file
 * that does not exist.
 */
export const NOWHERE: Readonly<Place> = Object.freeze({ file: '', line: 0, column: 0 })

/** Whether a diagnostic is about a place in a file (see `NOWHERE`). */
export function isPlaced(p: Place): boolean {
  return p.file !== ''
}

/** A diagnostic as JSON prints it: without a place when it has none. */
export function placedOrNot<T extends Place>(d: T): T | Omit<T, keyof Place> {
  if (isPlaced(d)) return d
  const { file: _f, line: _l, column: _c, ...rest } = d
  return rest
}

/** Build a diagnostic; a tiny helper so call sites read as data. */
export function diagnostic(
  code: DiagnosticCode,
  severity: Severity,
  place: Place,
  message: string,
  extra: { suggestions?: string[]; related?: RelatedPlace[]; path?: (string | number)[]; subject?: string } = {},
): Diagnostic {
  const d: Diagnostic = { code, severity, file: place.file, line: place.line, column: place.column, message }
  if (extra.suggestions && extra.suggestions.length > 0) d.suggestions = extra.suggestions
  if (extra.related && extra.related.length > 0) d.related = extra.related
  if (extra.path) d.path = extra.path
  if (extra.subject !== undefined) d.subject = extra.subject
  return d
}

/** Deterministic order: file, line, column, code, message. */
export function sortDiagnostics(messages: Diagnostic[]): Diagnostic[] {
  return [...messages].sort(
    (a, b) =>
      cmp(a.file, b.file) || a.line - b.line || a.column - b.column || cmp(a.code, b.code) || cmp(a.message, b.message),
  )
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function hasErrors(messages: Diagnostic[], strict = false): boolean {
  return messages.some((m) => m.severity === 'error' || (strict && m.severity === 'warning'))
}

/**
 * `path:line:col: severity[code]: message`, then a source excerpt with a caret
 * and the suggestions — the rustc / unified-engine shape people already read.
 * `sourceOf` returns a file's text (or undefined when it is not text).
 */
export function formatDiagnostic(d: Diagnostic, sourceOf: (file: string) => string | undefined): string {
  // Messages quote the source, and the source is data: escaped for the terminal, one character for one.
  const out = [escapeForTerminal(`${isPlaced(d) ? `${d.file}:${d.line}:${d.column}: ` : ''}${d.severity}[${d.code}]: ${d.message}`)]
  const excerpt = isPlaced(d) ? excerptAt(sourceOf(d.file), d.line, d.column) : undefined
  if (excerpt) out.push(excerpt)
  if (d.suggestions && d.suggestions.length > 0) {
    out.push(escapeForTerminal(`  = help: did you mean ${d.suggestions.map((s) => `\`${s}\``).join(', ')}?`))
  }
  for (const r of d.related ?? []) out.push(escapeForTerminal(`  = note: ${r.file}:${r.line}:${r.column}: ${r.message}`))
  return out.join('\n')
}

const WIDTH = 100

/**
 * Where each line starts, per text: one pass per file instead of a split of
 * the whole file per diagnostic (20,000 diagnostics in one file were 72 s).
 * Diagnostics come sorted by file, so a few recent texts are enough.
 */
const lineIndexes: { text: string; starts: number[] }[] = []

function lineStartsOf(text: string): number[] {
  const known = lineIndexes.find((x) => x.text === text)
  if (known) return known.starts
  const starts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  lineIndexes.unshift({ text, starts })
  if (lineIndexes.length > 4) lineIndexes.pop()
  return starts
}

function lineOf(text: string, line: number): string | undefined {
  const starts = lineStartsOf(text)
  const start = starts[line - 1]
  if (start === undefined) return undefined
  const next = starts[line]
  const end = next === undefined ? text.length : next - 1
  return text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end)
}

function excerptAt(text: string | undefined, line: number, column: number): string | undefined {
  if (text === undefined) return undefined
  const found = lineOf(text, line)
  if (found === undefined) return undefined
  const raw = escapeForTerminal(found)
  // Long rule texts: show a window around the column, marked with ellipses.
  let start = 0
  if (raw.length > WIDTH) start = Math.max(0, Math.min(column - 1 - WIDTH / 2, raw.length - WIDTH))
  const shown = (start > 0 ? '…' : '') + raw.slice(start, start + WIDTH) + (start + WIDTH < raw.length ? '…' : '')
  const caretAt = column - 1 - start + (start > 0 ? 1 : 0)
  const gutter = String(line).length
  const pad = ' '.repeat(gutter)
  return [`${pad} |`, `${line} | ${shown}`, `${pad} | ${' '.repeat(Math.max(0, caretAt))}^`].join('\n')
}

/** Counts for the summary line: `2 errors, 1 warning`. */
export function summarize(messages: Diagnostic[]): string {
  const e = messages.filter((m) => m.severity === 'error').length
  const w = messages.length - e
  return `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}`
}
