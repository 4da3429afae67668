/**
 * Typo correction against a closed vocabulary (the CR's words and the card
 * names it mentions): "strenght" → "strength", "acess" → "access",
 * "hegde" → "hedge". Damerau-Levenshtein (a swap of neighbours is one edit,
 * the commonest typo), bounded so most candidates are rejected early.
 */
import { editDistance } from '../../../src/core/ids.ts'

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
}

/** From `search-vocab.json`: words most used first, the first `crCount` of them used by the rules' own text. */
export function createVocabulary(byUse: string[], crCount = byUse.length): Vocabulary {
  return { rank: new Map(byUse.map((w, i) => [w, i])), byUse, cardOnly: new Set(byUse.slice(crCount)) }
}

/** Is `prefix` the start of a known word (the word still being typed)? */
export function isKnownPrefix(vocab: Vocabulary, prefix: string): boolean {
  for (const w of vocab.byUse) if (w.startsWith(prefix)) return true
  return false
}

/**
 * The known word closest to `word`, or undefined when it is known already or
 * nothing is close enough. Closest first, then the most used; a candidate
 * keeping the first letter wins a tie (people rarely mistype the first letter).
 */
export function correctWord(vocab: Vocabulary, word: string): string | undefined {
  if (vocab.rank.has(word)) return undefined
  const max = allowedEdits(word.length)
  if (max === 0 || /\d/.test(word)) return undefined
  let best: string | undefined
  let bestKey = Infinity
  for (const candidate of vocab.byUse) {
    const d = typoDistance(word, candidate, max)
    if (d > max) continue
    // Distance dominates; a different first letter costs half an edit.
    const key = d + (candidate[0] === word[0] ? 0 : 0.5)
    if (key < bestKey) {
      best = candidate
      bestKey = key
    }
  }
  return best
}
