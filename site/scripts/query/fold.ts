/**
 * One way to turn text into comparable words, shared by the build (the
 * vocabulary) and the browser (the query): lower case, accents dropped
 * (`Mirāju` → `miraju`), `R&D` kept whole, possessive `'s` dropped.
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[‘’`]/g, "'")
}

const WORD = /[a-z0-9]+(?:[&'][a-z0-9]+)*/g

/** The words of `text`, folded: `"The Runner's R&D"` → `['the', 'runner', 'r&d']`. */
export function words(text: string): string[] {
  return (fold(text).match(WORD) ?? []).map((w) => w.replace(/'s$/, ''))
}
