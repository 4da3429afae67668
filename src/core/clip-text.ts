/**
 * Prose shortened to fit a line: `cr cite --impact`, `--uncited`, `cr show`'s
 * children, the traceability matrix's titles. White space is collapsed, and
 * text over `max` characters is cut at the last word boundary that fits,
 * with an ellipsis — "toward the server. When an…", never "When an effec".
 * A single word longer than the line is cut where the line ends.
 */
export function clipText(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim()
  if (t.length <= max) return t
  const room = t.slice(0, max) // the ellipsis takes the place of the space (or character) cut at
  const space = room.lastIndexOf(' ')
  const cut = space > max / 2 ? room.slice(0, space) : room.slice(0, max - 1)
  // No dangling punctuation before the ellipsis ("server,…"), but a word's own end stays.
  return `${cut.replace(/[\s,;:(\u2013\u2014-]+$/u, '')}…`
}
