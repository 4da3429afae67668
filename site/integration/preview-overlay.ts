/**
 * What the live preview's overlay shows (Astro's error overlay, fed a payload
 * we build whole, so nothing is rendered from rule text as HTML): the errors,
 * then the warnings, each `file:line:col: severity[code]: message`; and the
 * first one's file around its line, every line scrolled to the marked column
 * — a rule is one long line, and a frame cut at its left edge left the caret
 * off-screen — with the line numbers the file has and a caret under the
 * column. Warnings alone show too (the page underneath has the new rules).
 */
import { resolve } from 'node:path'
import type { Diagnostic } from '../../src/core/types.ts'
import { parseRetirements, type RetiredEntry } from '../../src/core/versions/retired.ts'

/** Columns of source shown per line. */
export const FRAME_WIDTH = 90
/** Lines shown above and below the marked one. */
const CONTEXT = 3
const LISTED = 8

export interface OverlayPayload {
  type: 'error'
  err: Record<string, unknown>
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
/** A message as HTML: escaped, its `code` spans set as code. */
const messageHtml = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>')

/** Where the window over a line starts so that `column` (1-based) is well inside it. */
export function windowStart(lineLength: number, column: number, width = FRAME_WIDTH): number {
  if (lineLength <= width) return 0
  return Math.max(0, Math.min(column - 1 - Math.floor(width / 3), lineLength - width))
}

/** The source around `line`, windowed at `column`, as the overlay's code block. */
export function codeFrame(source: string, line: number, column: number, width = FRAME_WIDTH): { html: string; caretColumn: number } {
  const lines = source.split(/\r?\n/)
  const first = Math.max(1, line - CONTEXT)
  const last = Math.min(lines.length, line + CONTEXT)
  const start = windowStart((lines[line - 1] ?? '').length, column, width)
  const show = (text: string) => {
    const cut = text.slice(start, start + width)
    return (start > 0 && text.length > 0 ? '…' : '') + cut + (start + width < text.length ? '…' : '')
  }
  const caretColumn = column - start + (start > 0 ? 1 : 0)
  const rows: string[] = []
  for (let n = first; n <= last; n++) {
    const text = escapeHtml(show(lines[n - 1] ?? ''))
    if (n === line) {
      rows.push(`<span class="line" data-marked="true" style="background-color:#f4909026;display:inline-block;width:100%">${text}</span>`)
      rows.push(`<span class="line error-caret"><span style="padding-left:${caretColumn - 1}ch">^</span></span>`)
    } else rows.push(`<span class="line">${text}</span>`)
  }
  // The counter starts where the excerpt does: the numbers are the file's.
  return { html: `<pre class="shiki" tabindex="0"><code style="counter-reset: step ${first - 1}">${rows.join('\n')}</code></pre>`, caretColumn }
}

export function overlayPayload(messages: readonly Diagnostic[], sourceOf: (file: string) => string | undefined, root: string, rulesDir: string): OverlayPayload | undefined {
  const errors = messages.filter((m) => m.severity === 'error')
  const warnings = messages.filter((m) => m.severity !== 'error')
  if (errors.length + warnings.length === 0) return undefined
  const ordered = [...errors, ...warnings]
  const first = ordered[0]!
  const file = resolve(root, first.file)
  const line = (m: Diagnostic) => `${m.file}:${m.line}:${m.column}: ${m.severity}[${m.code}]: ${m.message}${m.suggestions ? ` (did you mean ${m.suggestions.map((s) => `\`${s}\``).join(', ')}?)` : ''}`
  const listed = ordered.slice(0, LISTED).map((m) => messageHtml(line(m)))
  if (ordered.length > LISTED) listed.push(escapeHtml(`… and ${ordered.length - LISTED} more in the terminal`))
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`
  const title =
    errors.length > 0
      ? `The rules do not compile: ${count(errors.length, 'error')}${warnings.length > 0 ? `, ${count(warnings.length, 'warning')}` : ''}`
      : `The rules compile, with ${count(warnings.length, 'warning')}`
  const source = sourceOf(first.file)
  const frame = source === undefined ? undefined : codeFrame(source, first.line, first.column)
  return {
    type: 'error',
    err: {
      // Built whole here: Astro passes it through untouched (no Markdown, no highlighter over rule text).
      __isEnhancedAstroErrorPayload: true,
      name: errors.length > 0 ? 'RulesError' : 'RulesWarning',
      title,
      message: listed.join('<br>'),
      hint: escapeHtml(errors.length > 0 ? 'The page shows the last rules that compiled. Fix the file and save: the page reloads.' : 'The page shows these rules. Press Esc to read it; the warnings stay in the terminal.'),
      loc: { file: first.file.startsWith('/') ? first.file : file, line: first.line, column: first.column },
      highlightedCode: frame?.html,
      stack: '',
      id: file.startsWith(rulesDir) ? file : rulesDir,
      plugin: 'netrunner-cr-live-preview',
    },
  }
}

/** What a save of `retired.yaml` changed (a rename in the editor writes it), in words for the terminal. */
export function retirementChanges(before: string, after: string): string[] {
  const read = (text: string) => parseRetirements({ path: 'retired.yaml', content: text }).retirements.byId
  const a = read(before)
  const b = read(after)
  const say = (e: RetiredEntry) => (e.kind === 'removed' ? `removed after ${e.release}` : `${e.kind} ${e.kind === 'renamed' ? 'to' : 'into'} ${e.targets.join(', ')} (after ${e.release})`)
  const out: string[] = []
  for (const [id, e] of b) {
    const was = a.get(id)
    if (!was) out.push(`+ ${id}: ${say(e)}`)
    else if (say(was) !== say(e)) out.push(`~ ${id}: ${say(e)} (was ${say(was)})`)
  }
  for (const [id, e] of a) if (!b.has(id)) out.push(`- ${id}: no longer retired (was ${say(e)})`)
  return out
}
