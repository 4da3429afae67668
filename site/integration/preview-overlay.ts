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
import { phraseText } from '../../src/core/phrase.ts'
import { reasonPhrase } from '../../src/core/versions/reason.ts'
import { parseRetirements, type RetiredEntry } from '../../src/core/versions/retired.ts'

/** Columns of source shown per line. */
export const FRAME_WIDTH = 90
/** Lines shown above and below the marked one. */
const CONTEXT = 3
const LISTED = 8

export interface OverlayPayload {
  type: 'error'
  /** Astro's mark for a payload it must pass through as it is (no Markdown, no highlighter over rule text). */
  __isEnhancedAstroErrorPayload: true
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

/** What else a save changed that the editor should see: what a rename (or an edit) wrote to retired.yaml. */
export interface OverlayNotes {
  /** retired.yaml's path as messages name it (`rules/retired.yaml`). */
  file: string
  /** `retirementChanges(before, after)`. */
  changes: readonly RetirementChange[]
}

/**
 * The overlay for a rebuild: errors first, then warnings, then what
 * retired.yaml got; undefined when there is nothing to say. The code frame is
 * the first error's, else the first warning's, else retired.yaml at its first
 * changed entry.
 */
export function overlayPayload(
  messages: readonly Diagnostic[],
  sourceOf: (file: string) => string | undefined,
  root: string,
  rulesDir: string,
  notes?: OverlayNotes,
): OverlayPayload | undefined {
  const errors = messages.filter((m) => m.severity === 'error')
  const warnings = messages.filter((m) => m.severity !== 'error')
  const changes = notes?.changes ?? []
  if (errors.length + warnings.length + changes.length === 0) return undefined
  const ordered = [...errors, ...warnings]
  const line = (m: Diagnostic) => `${m.file}:${m.line}:${m.column}: ${m.severity}[${m.code}]: ${m.message}${m.suggestions ? ` (did you mean ${m.suggestions.map((s) => `\`${s}\``).join(', ')}?)` : ''}`
  const listed = ordered.slice(0, LISTED).map((m) => messageHtml(line(m)))
  if (ordered.length > LISTED) listed.push(escapeHtml(`… and ${ordered.length - LISTED} more in the terminal`))
  if (changes.length > 0) {
    listed.push(escapeHtml(`${notes!.file} now says:`))
    for (const c of changes) listed.push(messageHtml(`${notes!.file}${c.line ? `:${c.line}` : ''}: ${c.text}`))
  }
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`
  const saidOfRetired = changes.length > 0 ? `${notes!.file}: ${count(changes.length, 'entry').replace('entrys', 'entries')} changed` : ''
  const title =
    errors.length > 0
      ? `The rules do not compile: ${count(errors.length, 'error')}${warnings.length > 0 ? `, ${count(warnings.length, 'warning')}` : ''}`
      : warnings.length > 0
        ? `The rules compile, with ${count(warnings.length, 'warning')}${saidOfRetired ? `; ${saidOfRetired}` : ''}`
        : `The rules compile; ${saidOfRetired}`
  const first = ordered[0]
  const at = first ? { file: first.file, line: first.line, column: first.column } : { file: notes!.file, line: changes.find((c) => c.line)?.line ?? 1, column: 1 }
  const file = resolve(root, at.file)
  const source = sourceOf(at.file)
  const frame = source === undefined ? undefined : codeFrame(source, at.line, at.column)
  return {
    type: 'error',
    // Built whole here: Astro passes it through untouched (astro/dist/core/module-loader/vite.js reads this mark).
    __isEnhancedAstroErrorPayload: true,
    err: {
      name: errors.length > 0 ? 'RulesError' : warnings.length > 0 ? 'RulesWarning' : 'RulesNotice',
      title,
      message: listed.join('<br>'),
      hint: escapeHtml(
        errors.length > 0
          ? 'The page shows the last rules that compiled. Fix the file and save: the page reloads.'
          : 'The page underneath has these rules. Press Esc to read it; the terminal keeps the messages.',
      ),
      loc: { file, line: at.line, column: at.column },
      highlightedCode: frame?.html,
      stack: '',
      id: file.startsWith(rulesDir) ? file : rulesDir,
      plugin: 'netrunner-cr-live-preview',
    },
  }
}

export interface RetirementChange {
  /** `+ rule_a: renamed to rule_c (after v26.03)`, `~ …`, `- …`. */
  text: string
  /** The entry's line in the new retired.yaml (none for an entry taken out). */
  line?: number
}

/** What a save of `retired.yaml` changed (a rename in the editor writes it), in words, with each entry's line. */
export function retirementChanges(before: string, after: string): RetirementChange[] {
  const read = (text: string) => parseRetirements({ path: 'retired.yaml', content: text })
  const now = read(after)
  // A file that does not load says nothing about its entries (its error shows as a diagnostic).
  if (now.messages.some((m) => m.severity === 'error' && /^(yaml|file)-/.test(m.code))) return []
  const a = read(before).retirements.byId
  const b = now.retirements.byId
  const say = (e: RetiredEntry) => (e.kind === 'removed' ? `removed after ${e.release}${e.reason ? `: ${phraseText(reasonPhrase(e.reason))}` : ''}` : `${e.kind} ${e.kind === 'renamed' ? 'to' : 'into'} ${e.targets.join(', ')} (after ${e.release})`)
  const out: RetirementChange[] = []
  for (const [id, e] of b) {
    const was = a.get(id)
    if (!was) out.push({ text: `+ ${id}: ${say(e)}`, line: e.source.line })
    else if (say(was) !== say(e)) out.push({ text: `~ ${id}: ${say(e)} (was ${say(was)})`, line: e.source.line })
  }
  for (const [id, e] of a) if (!b.has(id)) out.push({ text: `- ${id}: no longer retired (was ${say(e)})` })
  return out
}
