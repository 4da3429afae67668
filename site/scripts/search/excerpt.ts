/**
 * A result's excerpt from the rule's own text only. A rule's search record
 * goes on, after `SHOWN_END`, with the headings it sits under and players'
 * words for it (search-index.ts): they find the rule, but a row that showed
 * "corp installs new ice behind me" as the rule's text would misquote it.
 * Pagefind's own excerpt is the densest window of the whole record, so it is
 * made again here the way Pagefind makes it (`calculate_excerpt_region`,
 * `build_excerpt`), over the words before `SHOWN_END`.
 */
import { recordWords, shownEnd } from '../../shared/top-text.ts'

export interface ExcerptSource {
  /** The record's text, unescaped (Pagefind's `raw_content`). */
  raw_content?: string
  weighted_locations?: { weight: number; balanced_score: number; location: number }[]
  locations?: number[]
  /** Pagefind's excerpt of the whole record. */
  excerpt: string
}

const escape = (w: string) => w.replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The excerpt as Pagefind's (`<mark>` around matches, `<`/`>` escaped), cut
 * to the rule's own words; undefined when no match is in them (the row shows
 * the start of the rule's text then).
 */
export function shownExcerpt(d: ExcerptSource, length = 24): string | undefined {
  const raw = d.raw_content
  if (raw === undefined || !d.weighted_locations) return d.excerpt
  const words = recordWords(raw)
  const end = shownEnd(words)
  if (end < 0) return d.excerpt
  const own = d.weighted_locations.filter((l) => l.location < end)
  if (own.length === 0) return undefined
  // The densest window of `length` words, by the matches' scores (Pagefind's calculate_excerpt_region, within `end`).
  const score = new Array<number>(end).fill(0)
  for (const l of own) score[l.location]! += l.balanced_score
  let start = 0
  if (end > length) {
    // As Pagefind counts: the window ending at `i + length` is credited to `i`, and of equally dense ones in a row the middle is taken.
    let sum = score.slice(0, length).reduce((a, b) => a + b, 0)
    let best = sum
    const bestAt = [0]
    for (let i = 0; i < end; i++) {
      sum += (score[i + length] ?? 0) - score[i]!
      if (sum > best) {
        best = sum
        bestAt.splice(0, bestAt.length, i)
      } else if (sum === best && bestAt[bestAt.length - 1] === i - 1) bestAt.push(i)
    }
    start = Math.min(bestAt[Math.floor(bestAt.length / 2)]!, end - length)
  }
  const stop = Math.min(end, start + length)
  const marked = new Set(own.map((l) => l.location))
  const text = words
    .slice(start, stop)
    .map((w, i) => (marked.has(start + i) ? `<mark>${escape(w)}</mark>` : escape(w)))
    .join(' ')
    .trim()
  return stop < end ? `${text} …` : text
}
