/**
 * Where the query's words are in a rule's text, to mark them in the top
 * result (its whole text, not Pagefind's excerpt): a word matches when both
 * share a stem (`jack` marks "Jacking", `trashed` marks "trashes").
 */
import { fold } from './fold.ts'

const stem = (w: string) => (w.length > 4 ? w.replace(/(?:ing|ed|es|s)$/, '') : w)

/** `[start, end)` ranges of `text` to mark. */
export function highlightRanges(text: string, queryWords: string[]): [number, number][] {
  const stems = queryWords.filter((w) => w.length >= 2).map(stem)
  if (stems.length === 0) return []
  const out: [number, number][] = []
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:[&'’][\p{L}\p{N}]+)*/gu)) {
    const w = stem(fold(m[0]).replace(/'s$/, ''))
    if (stems.some((s) => w === s || (s.length >= 3 && w.startsWith(s)))) out.push([m.index, m.index + m[0].length])
  }
  return out
}
