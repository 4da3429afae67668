/**
 * Comparable text. A rule's plain text prints its references as numbers
 * ("see rule 6.2.4"), so renumbering rule 6.2.4 would make every rule that
 * cites it look reworded. Comparisons use the text with each reference's
 * number replaced by the referenced ID; displays keep the real text.
 */
import { distance } from 'fastest-levenshtein'
import type { RuleEntry } from '../types.ts'

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `text` with the numbers of `refs` replaced by `⟦id⟧`, whitespace collapsed. */
export function canonicalize(text: string, refs: readonly string[], byId: ReadonlyMap<string, RuleEntry>): string {
  let t = text
  const targets = refs
    .map((id) => byId.get(id))
    .filter((e): e is RuleEntry => e !== undefined)
    // Longest first, so 6.1.4a is replaced before 6.1.4 could match inside it.
    .sort((a, b) => b.number.length - a.number.length || (a.id < b.id ? -1 : 1))
  for (const e of targets) t = t.replace(numberPattern(e.number), `⟦${e.id}⟧`)
  return t.replace(/\s+/g, ' ').trim()
}

/** Where `number` is cited in a text; one expression per number, built once (every text citing it uses it). */
const patterns = new Map<string, RegExp>()
function numberPattern(number: string): RegExp {
  let re = patterns.get(number)
  if (!re) {
    const n = escape(number)
    // A chapter number is a bare digit: only replace it where it is cited as one.
    re = number.includes('.') ? new RegExp(`(?<![\\w.])${n}(?![\\w]|\\.\\d)`, 'g') : new RegExp(`(?<=\\b[Ss]ections? )${n}(?![\\w]|\\.\\d)`, 'g')
    // Numbers are few (thousands per release), but a long-running language server sees every edit.
    if (patterns.size > 50_000) patterns.clear()
    patterns.set(number, re)
  }
  return re
}

export interface ComparableEntry {
  text: string
  examples: string[]
}

export function comparable(entry: RuleEntry, byId: ReadonlyMap<string, RuleEntry>): ComparableEntry {
  return {
    text: comparableText(entry, byId),
    examples: entry.examples.map((ex) => canonicalize(ex.text, entry.refs, byId)),
  }
}

/** `comparable(entry, byId).text`, without its examples. */
export function comparableText(entry: RuleEntry, byId: ReadonlyMap<string, RuleEntry>): string {
  return canonicalize(entry.text, entry.refs, byId)
}

/** 1 for equal texts, 0 for nothing in common (edit distance scaled by length). */
export function similarity(a: string, b: string): number {
  if (a === b) return 1
  const max = Math.max(a.length, b.length)
  if (max === 0) return 1
  return 1 - distance(a, b) / max
}
