/**
 * The top search result shows this much of its rule's text, so it can be read
 * without a click: the build puts it in the rule's Pagefind record (its
 * `text` meta) and the search box shows it as it is.
 */
export const TOP_TEXT = 420

/** `text` with its white space collapsed, cut at a word to at most `max` characters (then ` …`). */
export function clipText(text: string, max = TOP_TEXT): string {
  const t = text.replace(/\s+/g, ' ').trim()
  if (t.length <= max) return t
  const cut = t.lastIndexOf(' ', max)
  return `${t.slice(0, cut > 0 ? cut : max)} …`
}

/**
 * Where a rule's search record stops being what a result may show: after it
 * come the headings it sits under and players' words for it (search-index.ts),
 * indexed to find the rule but never shown as its text. A sign no rule uses,
 * and no word: Pagefind keeps it in the text, and indexes nothing for it.
 */
export const SHOWN_END = '⁂'

/** A record's words as Pagefind numbers a match's position: its text split on white space. */
export const recordWords = (content: string): string[] => content.split(/[\r\n\s]+/g)

/** Where `SHOWN_END` is in a record's words, which is how many are the rule's own (-1 without the mark). */
export const shownEnd = (words: readonly string[]): number => words.indexOf(SHOWN_END)

/** The first `n` words of `text` (then ` …`): a row's text when its excerpt is none of the rule's own. */
export function leadWords(text: string, n = 24): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ')
  return words.length <= n ? words.join(' ') : `${words.slice(0, n).join(' ')} …`
}
