/**
 * Text bound for a terminal: rule text and file names are data, and data
 * never reaches the terminal as control characters. An ANSI escape in a
 * rule could recolour, move the cursor, retitle the window or worse; a
 * bidi override reorders what the reader sees.
 *
 * Each such character becomes one visible character (so carets under an
 * excerpt stay aligned): C0 controls their Unicode control picture (`␛`,
 * `␀`), DEL `␡`, C1 controls, bidi controls and what prints as nothing
 * `�`. Line breaks and tabs are kept.
 */

/**
 * Characters that print as nothing: zero-width spaces and joiners, word
 * joiner, invisible operators, soft hyphen, direction marks, fillers,
 * variation selectors, a byte-order mark inside text, tag characters. In rule
 * text each is an error (`text-invisible-char`: `{term:run\u200b}` made a
 * new term that reads "run"); printed, each shows as `�`.
 */
export const INVISIBLE_CHARS = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2060-\u2064\u206a-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}]/u

/** C0 but \t and \n, DEL, C1, bidi embeddings/overrides/isolates, the line and paragraph separators, and what prints as nothing. */
export const UNSAFE_TERMINAL_CHARS = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069\\u2028\\u2029]|${INVISIBLE_CHARS.source}`, 'gu')

export function escapeForTerminal(text: string): string {
  UNSAFE_TERMINAL_CHARS.lastIndex = 0
  if (!UNSAFE_TERMINAL_CHARS.test(text)) return text
  return text.replace(UNSAFE_TERMINAL_CHARS, visible)
}

function visible(c: string): string {
  const code = c.charCodeAt(0)
  if (code < 0x20) return String.fromCharCode(0x2400 + code)
  if (code === 0x7f) return '\u2421'
  return '\ufffd'
}

/** The colours we write ourselves (`cr diff`: removed, added, reset); no other escape sequence passes. */
const OUR_COLOURS = /^\u001b\[(?:31;9|32;4|0)m$/

/**
 * The same for a whole output stream, which also carries our own colours:
 * the three SGR sequences `cr diff` writes pass (a file name holding
 * `ESC [ 31 m` once passed as "a colour", issue 24), other C0 controls become pictures,
 * and DEL, C1, bidi controls and invisible characters `\uXXXX` — valid inside JSON strings (where
 * `--json` output has them), readable in text. The CLI's last line of
 * defence: formatters escape rule text themselves.
 */
export function escapeStreamText(text: string): string {
  UNSAFE_TERMINAL_CHARS.lastIndex = 0
  if (!UNSAFE_TERMINAL_CHARS.test(text)) return text
  return text.replace(new RegExp(`\\u001b\\[[0-9;]*m|${UNSAFE_TERMINAL_CHARS.source}`, 'gu'), (m) => {
    if (m.startsWith('\u001b[') && m.length > 1) return OUR_COLOURS.test(m) ? m : `\u241b${m.slice(1)}`
    const code = m.codePointAt(0)!
    if (code < 0x20) return String.fromCharCode(0x2400 + code)
    // JSON's escape, readable in text and valid inside `--json` strings (two, for a character past U+FFFF).
    return m
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('')
  })
}
