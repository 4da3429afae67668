/**
 * Editions of the CR named in a citation: `CR v24.03 6.1.4`, `CR 24.03 6.1.4`,
 * `CR 1.8 9.1.8g`, `CR v1.8 9.1.8g`.
 *
 * The releases held here (`releases/`, v22.12 onwards) resolve through that
 * release. Older editions exist — the CR was numbered 1.0, 1.1, … before
 * Null Signal Games dated its releases (v22.12) — but are not held, so their
 * numbers cannot be checked: such a citation is a warning that says so, and
 * is never read as a citation of today's rules. A dated release that never
 * was (`v99.01`, `v23.01`, `v25.4`) is an error.
 */

/** How an edition is written (before or after the number) lives in `src/core/edition-syntax.ts`, shared with `cr show`. */
export { editionName, isYearForm, readEditionAfter } from '../edition-syntax.ts'

export type EditionKind =
  /** A release held here: resolve through it. */
  | 'held'
  /** An edition older than the first held release, or numbered the old way (`1.8`). */
  | 'not-held'
  /** A dated release there never was, as far as the held releases tell. */
  | 'unknown'

/** What an edition name is, given the held releases (oldest first, `vYY.MM`). */
export function classifyEdition(name: string, held: readonly string[]): EditionKind {
  if (held.includes(name)) return 'held'
  const m = /^v(\d+)\.(\d+)$/.exec(name)
  // Editions numbered the old way (`1.8`): before dated releases.
  if (!m || Number(m[1]) < 20) return 'not-held'
  const first = held[0] === undefined ? undefined : /^v(\d+)\.(\d+)$/.exec(held[0])
  // Before the first held release: real releases we do not keep (or a typo; either way, not checkable).
  if (first && (Number(m[1]) < Number(first[1]) || (Number(m[1]) === Number(first[1]) && Number(m[2]) < Number(first[2])))) return 'not-held'
  return 'unknown'
}

/**
 * A two-part number in a capture (`v24.03 6.1.4`, `CR 24.03 6.1.4`,
 * `1.8 9.1.8g`): an edition when written with `v`, after `CR` in the year
 * form, before an ID in the year form, or before a number with only blanks
 * between; otherwise a section.
 */
export function isEditionInCapture(o: { v: boolean; yearForm: boolean; afterCr: boolean; next: 'numbers' | 'word' | 'edition' | 'marker' | undefined; gapIsBlank: boolean }): boolean {
  return o.v || (o.afterCr && o.yearForm) || (o.yearForm && o.next === 'word') || (o.next === 'numbers' && o.gapIsBlank)
}

/**
 * A two-part number right after a marker (`CR v24.03 …`, `CR 24.03 …`, `CR 1.8 9.1.8g`):
 * an edition when written with `v`, in the year form before a number, an ID
 * or nothing, or before a number with only blanks between (`CR 1.8, 9.1.8g`
 * is two citations).
 */
export function isEditionAfterMarker(o: { v: boolean; yearForm: boolean; nextNumber: boolean; nextId: boolean; gap: boolean; blankGap: boolean }): boolean {
  return o.v || (o.yearForm && (o.nextNumber || o.nextId || !o.gap)) || (o.nextNumber && o.blankGap)
}
