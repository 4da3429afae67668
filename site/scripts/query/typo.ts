/**
 * Typo correction against a closed vocabulary (the CR's words and the card
 * names it mentions): "strenght" → "strength", "acess" → "access",
 * "hegde" → "hedge". Damerau-Levenshtein (a swap of neighbours is one edit,
 * the commonest typo), bounded so most candidates are rejected early.
 */
import { editDistance, sharedStart } from '../../../src/core/ids.ts'
import type { BloomFilter } from './bloom.ts'
import { baseForms } from './inflect.ts'

/** Optimal-string-alignment distance of `a` and `b`, or `max + 1` once it must exceed `max`. */
const typoDistance = (a: string, b: string, max: number) => editDistance(a, b, max, { transpositions: true })

/** Edits allowed for a word of this length: none below 3 letters (too many neighbours), 2 from 6. */
export const allowedEdits = (length: number) => (length < 3 ? 0 : length < 6 ? 1 : 2)

export interface Vocabulary {
  /** Every known word → its rank by use (0 = the most used). */
  rank: Map<string, number>
  /** The words, most used first: ties in distance go to the commoner word. */
  byUse: string[]
  /** Words only card names use (`sneakdoor`): a query of them names a card. */
  cardOnly: Set<string>
  /** English words a correction could mistake for typos ("forever", "hippo"): never corrected. */
  english?: BloomFilter
}

/** From `search-vocab.json`: words most used first, the first `crCount` of them used by the rules' own text. */
export function createVocabulary(byUse: string[], crCount = byUse.length, english?: BloomFilter): Vocabulary {
  return { rank: new Map(byUse.map((w, i) => [w, i])), byUse, cardOnly: new Set(byUse.slice(crCount)), ...(english ? { english } : {}) }
}

/** A word of the rules, the start of one, or another form of one ("prevention"): not unknown, whatever else it is. */
export const isKnownForm = (vocab: Vocabulary, word: string) => vocab.rank.has(word) || isKnownPrefix(vocab, word) || isOtherForm(vocab, word)

/** Is `prefix` the start of a known word (the word still being typed)? `rulesOnly`: of a word the rules use, not only card names. */
export function isKnownPrefix(vocab: Vocabulary, prefix: string, rulesOnly = false): boolean {
  for (const w of vocab.byUse) if (w.startsWith(prefix) && !(rulesOnly && vocab.cardOnly.has(w))) return true
  return false
}

/** Endings of words the CR uses in another form ("prevention" → "prevent"): not typos, Pagefind stems them. */
const ENDINGS = /(?:ations?|ions?|ings?|ments?|ness|ably|able|ally|ers?|ed|es|ly|al|s)$/

/**
 * The known word closest to `word`, or undefined when it is known already, is
 * another form of a known word ("prevention"), is the start of one ("max",
 * "pub": Pagefind matches word starts), or nothing is close enough. Closest
 * first; among equally close, the one sharing the longest start with it
 * ("psy" → "psi", not "pay": people mistype the end of a word more than its
 * start), then the most used.
 */
export function correctWord(vocab: Vocabulary, word: string): string | undefined {
  if (vocab.rank.has(word)) return undefined
  const max = allowedEdits(word.length)
  if (max === 0 || /\d/.test(word)) return undefined
  // A correctly spelled English word is no typo, even one the rules never use ("forever" is not "former").
  if (vocab.english?.has(word)) return undefined
  // The start of a word the rules use: Pagefind matches it ("max" finds "maximum"). Card names are found whole.
  if (isKnownPrefix(vocab, word, true) || isOtherForm(vocab, word)) return undefined
  let best: string | undefined
  let bestKey = Infinity
  for (const candidate of vocab.byUse) {
    const d = typoDistance(word, candidate, max)
    if (d > max) continue
    // Distance dominates; a shorter common start costs a little, never a whole edit.
    const key = d + (word.length - sharedStart(word, candidate)) / (2 * word.length)
    if (key < bestKey) {
      best = candidate
      bestKey = key
    }
  }
  return best
}

/** "prevention", "installing", "rezzes": the word without its ending starts a known word of at least 4 letters; "ties": a known word with a regular ending. */
function isOtherForm(vocab: Vocabulary, word: string): boolean {
  const stem = word.replace(ENDINGS, '')
  if (stem !== word && stem.length >= 4 && isKnownPrefix(vocab, stem, true)) return true
  return baseForms(word).some((b) => vocab.rank.has(b) && !vocab.cardOnly.has(b))
}
