/**
 * The one normalisation the fidelity tests apply before comparing our plain
 * text with a published document's text. It removes only differences that a
 * reader of the published page cannot see, or that come from how the page was
 * captured; everything else must match exactly.
 *
 * What we observed (every rule, sub-rule and example of official/v26.03
 * against cr-v26.03/, and of official/v24.03 against the v24.03 scrape):
 *
 * - Whitespace. The source has trailing newlines (block scalars), double
 *   spaces ("protecting it  refers", 4.6.x), a newline inside the 1.10
 *   snippet and spaces inside markup (`{term: draw phase}`); both published
 *   texts show single spaces, trimmed — HTML collapses whitespace.
 * - Symbols. The v26.03 extraction writes `[credit] [click] [mu] [subroutine]
 *   [trash-cost] [recurring] [trash] [interrupt] [link]`; the v24.03 page
 *   shows the source's own tokens (`[c] [MU] [sub] [trashcost]`, and
 *   `[Click]` where the source capitalised it).
 * - `[dash]` is rendered as U+2012 FIGURE DASH in v26.03 and left as
 *   "[dash]" in v24.03.
 *
 * Deliberately not normalised, because the published texts do not differ
 * from the source that way: quotes and dashes (the source's straight quotes
 * and its few “ ” – are printed as they are), template placeholders
 * (`[N] [player] [cost] [instructions] [type]`, kept as written, case
 * included), card names (printed as written, even when the card's title is
 * spelled otherwise: "Miraju"), case of words.
 */

/** Every spelling of a symbol token → the v26.03 oracle's (and our compiler's) token. */
export const SYMBOL_TOKENS: Readonly<Record<string, string>> = {
  c: '[credit]',
  credit: '[credit]',
  click: '[click]',
  mu: '[mu]',
  sub: '[subroutine]',
  subroutine: '[subroutine]',
  trashcost: '[trash-cost]',
  'trash-cost': '[trash-cost]',
  recurring: '[recurring]',
  trash: '[trash]',
  interrupt: '[interrupt]',
  link: '[link]',
}

/** What v26.03 prints for the source's `[dash]` placeholder. */
export const FIGURE_DASH = '\u2012'

export function normalizeText(s: string): string {
  return (
    s
      // HTML whitespace only (space, tab, LF, FF, CR): a no-break space is visible spacing and stays.
      .replace(/[ \t\n\f\r]+/g, ' ')
      .trim()
      // Symbols, case-insensitively; unknown bracketed words (placeholders) are left alone.
      .replace(/\[([A-Za-z-]+)\]/g, (whole, name: string) => {
        const lower = name.toLowerCase()
        if (lower === 'dash') return FIGURE_DASH
        return SYMBOL_TOKENS[lower] ?? whole
      })
  )
}
