/**
 * Word-level text differences, as judges read them: whole words and whole
 * rule numbers (`6.2.4a`, not `6.2.` + `4a`) change, whitespace between two
 * changed words belongs to the change, and the parts concatenate back to both
 * texts (`removed` parts are skipped for the new text, `added` for the old).
 */
import { escapeForTerminal } from '../terminal-text.ts'
import type { TextRun } from '../render/text.ts'
import { diffArrays } from 'diff'

/** One run of a word diff: unchanged when neither flag is set. */
export interface WordPart {
  value: string
  added?: boolean
  removed?: boolean
  /**
   * The game symbols in `value` (from the model, when the diff was made over
   * text runs): where each one's token starts and its name, so a page draws
   * the icon without looking for tokens in the text.
   */
  symbols?: { at: number; name: string }[]
}

// Rule numbers stay whole; words keep inner apostrophes and hyphens. (Over a plain string, a
// symbol's token `[credit]` is one word too; over runs, each symbol is one token already.)
const TOKEN = /\d+(?:\.\d+)*[a-z]{0,2}(?:\.[ivx]+)?|\[[^\]\s]+\]|[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|\s+|[^\s\p{L}\p{N}]/gu

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? []
}

/** A word of a diff: text, or a game symbol (one word whatever its token). */
type Token = string | { symbol: string; token: string }

const tokensOf = (text: string | readonly TextRun[]): Token[] =>
  typeof text === 'string' ? tokenize(text) : text.flatMap((r): Token[] => (typeof r === 'string' ? tokenize(r) : [r]))
const tokenText = (t: Token): string => (typeof t === 'string' ? t : t.token)
const sameToken = (a: Token, b: Token): boolean => (typeof a === 'string' || typeof b === 'string' ? a === b : a.symbol === b.symbol)

/** A part being built: its text and the symbols in it. */
class PartText {
  value = ''
  symbols: { at: number; name: string }[] = []
  add(tokens: readonly Token[]) {
    for (const t of tokens) {
      if (typeof t !== 'string') this.symbols.push({ at: this.value.length, name: t.symbol })
      this.value += tokenText(t)
    }
  }
  part(flags: { added?: true; removed?: true }): WordPart {
    return { value: this.value, ...flags, ...(this.symbols.length > 0 ? { symbols: this.symbols } : {}) }
  }
}

/** A whole text as one part (an added or removed rule), its symbols marked. */
export function wholePart(text: string | readonly TextRun[], flags: { added?: true; removed?: true } = {}): WordPart {
  const p = new PartText()
  p.add(tokensOf(text))
  return p.part(flags)
}

/**
 * Word-level differences of two texts: plain strings, or text runs from the
 * model (`renderRuns`), whose symbols stay symbols in the parts.
 */
export function wordDiff(oldText: string | readonly TextRun[], newText: string | readonly TextRun[]): WordPart[] {
  const oldTokens = tokensOf(oldText)
  const newTokens = tokensOf(newText)
  if (oldTokens.length === newTokens.length && oldTokens.every((t, i) => sameToken(t, newTokens[i]!))) return oldTokens.length === 0 ? [] : [wholePart(oldText)]
  const changes = diffArrays<Token>(oldTokens, newTokens, { comparator: sameToken })
  // A run of unchanged whitespace between two changes reads better as part of them.
  const runs = changes.map((c) => ({ tokens: c.value, added: c.added, removed: c.removed }))
  const parts: WordPart[] = []
  let removed = new PartText()
  let added = new PartText()
  let same: PartText | undefined
  const flush = () => {
    if (same?.value) parts.push(same.part({}))
    if (removed.value) parts.push(removed.part({ removed: true }))
    if (added.value) parts.push(added.part({ added: true }))
    same = undefined
    removed = new PartText()
    added = new PartText()
  }
  runs.forEach((run, i) => {
    if (run.removed || run.added) {
      if (same) {
        parts.push(same.part({}))
        same = undefined
      }
      ;(run.removed ? removed : added).add(run.tokens)
      return
    }
    const prev = runs[i - 1]
    const next = runs[i + 1]
    const between = prev && next && (prev.added || prev.removed) && (next.added || next.removed)
    if (between && run.tokens.every((t) => typeof t === 'string' && /^\s+$/.test(t))) {
      removed.add(run.tokens)
      added.add(run.tokens)
      return
    }
    if (removed.value || added.value) flush()
    same ??= new PartText()
    same.add(run.tokens)
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
