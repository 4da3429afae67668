/**
 * Word-level text differences, as judges read them: whole words and whole
 * rule numbers (`6.2.4a`, not `6.2.` + `4a`) change, whitespace between two
 * changed words belongs to the change, and the parts concatenate back to both
 * texts (`removed` parts are skipped for the new text, `added` for the old).
 */
import { escapeForTerminal } from '../terminal-text.ts'
import { diffArrays } from 'diff'

/** One run of a word diff: unchanged when neither flag is set. */
export interface WordPart {
  value: string
  added?: boolean
  removed?: boolean
}

// Rule numbers and symbols stay whole; words keep inner apostrophes and hyphens.
const TOKEN = /\d+(?:\.\d+)*[a-z]{0,2}(?:\.[ivx]+)?|\[[^\]\s]+\]|[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|\s+|[^\s\p{L}\p{N}]/gu

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? []
}

export function wordDiff(oldText: string, newText: string): WordPart[] {
  if (oldText === newText) return oldText === '' ? [] : [{ value: oldText }]
  const changes = diffArrays(tokenize(oldText), tokenize(newText))
  // A run of unchanged whitespace between two changes reads better as part of them.
  const runs: { tokens: string[]; added: boolean; removed: boolean }[] = changes.map((c) => ({
    tokens: c.value,
    added: c.added,
    removed: c.removed,
  }))
  const parts: WordPart[] = []
  let removed = ''
  let added = ''
  const flush = () => {
    if (removed) parts.push({ value: removed, removed: true })
    if (added) parts.push({ value: added, added: true })
    removed = ''
    added = ''
  }
  runs.forEach((run, i) => {
    const value = run.tokens.join('')
    if (run.removed) removed += value
    else if (run.added) added += value
    else {
      const prev = runs[i - 1]
      const next = runs[i + 1]
      const between = prev && next && (prev.added || prev.removed) && (next.added || next.removed)
      if (between && /^\s+$/.test(value)) {
        removed += value
        added += value
        return
      }
      flush()
      const last = parts[parts.length - 1]
      if (last && !last.added && !last.removed) last.value += value
      else parts.push({ value })
    }
  })
  flush()
  return parts
}

/** The old (`side: 'old'`) or new text a word diff was made from. */
export function sideOf(parts: WordPart[], side: 'old' | 'new'): string {
  return parts
    .filter((p) => (side === 'old' ? !p.added : !p.removed))
    .map((p) => p.value)
    .join('')
}

/** git's `--word-diff=plain` notation: `[-old-]{+new+}`. */
export function formatWordDiffPlain(parts: WordPart[]): string {
  return parts.map((p) => ({ ...p, value: escapeForTerminal(p.value) })).map((p) => (p.removed ? `[-${p.value}-]` : p.added ? `{+${p.value}+}` : p.value)).join('')
}

/** Terminal colours: removed red and struck through, added green and underlined. */
export function formatWordDiffAnsi(parts: WordPart[]): string {
  return parts
    .map((p) => ({ ...p, value: escapeForTerminal(p.value) }))
    .map((p) => (p.removed ? `\u001b[31;9m${p.value}\u001b[0m` : p.added ? `\u001b[32;4m${p.value}\u001b[0m` : p.value))
    .join('')
}
