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
