/**
 * Text bound for a terminal: rule text and file names are data, and data
 * never reaches the terminal as control characters. An ANSI escape in a
 * rule could recolour, move the cursor, retitle the window or worse; a
 * bidi override reorders what the reader sees.
 *
 * Each such character becomes one visible character (so carets under an
 * excerpt stay aligned): C0 controls their Unicode control picture (`␛`,
 * `␀`), DEL `␡`, C1 controls and bidi controls `�`. Line breaks and tabs
 * are kept.
 */

/** C0 but \t and \n, DEL, C1, bidi embeddings/overrides/isolates, the line and paragraph separators. */
export const UNSAFE_TERMINAL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g

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
 * and DEL, C1 and bidi controls `\uXXXX` — valid inside JSON strings (where
 * `--json` output has them), readable in text. The CLI's last line of
 * defence: formatters escape rule text themselves.
 */
export function escapeStreamText(text: string): string {
  UNSAFE_TERMINAL_CHARS.lastIndex = 0
  if (!UNSAFE_TERMINAL_CHARS.test(text)) return text
  return text.replace(/\u001b\[[0-9;]*m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, (m) => {
    if (m.length > 1) return OUR_COLOURS.test(m) ? m : `\u241b${m.slice(1)}`
    const code = m.charCodeAt(0)
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : `\\u${code.toString(16).padStart(4, '0')}`
  })
}
