/**
 * Soft hyphens for the printed copy (Chromium ships no hyphenation
 * dictionaries). Words only: never an email address, URL or path, which a
 * reader copies, and never closer to a word's ends than TeX allows for
 * English (2 letters before a break, 3 after) or leaving a one-letter
 * syllable (`hyphen`'s patterns give "ma­te­r­i­al"; we print "ma­te­rial").
 * Which elements are skipped (links, card names, names in the front matter)
 * is the caller's: see `hyphenate` in pdf.ts.
 */
import { createRequire } from 'node:module'

export const SOFT_HYPHEN = '\u00AD'
/** Shortest word hyphenated; TeX's `\lefthyphenmin`/`\righthyphenmin` for English. */
export const MIN_WORD = 7
export const LEFT_MIN = 2
export const RIGHT_MIN = 3

type Hyphenator = (text: string, options?: { minWordLength?: number }) => string
let hyphenator: Hyphenator | undefined

/** `hyphen` through Node's `require`, like playwright-core (see chromium.ts). */
function loadHyphenator(): Hyphenator {
  hyphenator ??= (createRequire(import.meta.url)('hyphen/en') as { hyphenateSync: Hyphenator }).hyphenateSync
  return hyphenator
}

/** Something a reader copies whole: an email address, a URL, a path or a domain name. */
const VERBATIM = /@|:\/\/|^www\.|\/|\p{L}\.\p{L}/u

/** One hyphenated word's breaks, kept only where both sides are long enough. */
function tidy(word: string): string {
  const parts = word.split(SOFT_HYPHEN)
  if (parts.length === 1) return word
  const kept: string[] = []
  for (const part of parts) {
    // A one-letter syllable joins the next one ("r" + "i").
    if (kept.length > 0 && kept[kept.length - 1]!.length < 2) kept[kept.length - 1] += part
    else kept.push(part)
  }
  if (kept.length > 1 && kept[0]!.length < LEFT_MIN) kept.splice(0, 2, kept[0]! + kept[1]!)
  while (kept.length > 1 && kept[kept.length - 1]!.length < RIGHT_MIN) kept.splice(-2, 2, kept[kept.length - 2]! + kept[kept.length - 1]!)
  return kept.join(SOFT_HYPHEN)
}

/**
 * Each word's breaks, once per process: the seven releases' pages share most
 * of their ~150,000 words a page, and `hyphen` works each out afresh
 * (0.6 s of a cold build's CPU per PDF, 0.1 s remembered). Bounded: a
 * word is a token between spaces, and there are a few thousand.
 */
const hyphenated = new Map<string, string>()
const REMEMBERED_WORDS = 100_000

/** `text` with soft hyphens in its words of `MIN_WORD` letters or more; addresses and URLs left whole. */
export function hyphenateText(text: string): string {
  // Each run of non-space characters, as splitting at spaces gave them.
  return text.replace(/\S+/g, (token) => (token.length < MIN_WORD || VERBATIM.test(token) ? token : hyphenateWord(token)))
}

function hyphenateWord(token: string): string {
  let done = hyphenated.get(token)
  if (done === undefined) {
    done = loadHyphenator()(token, { minWordLength: MIN_WORD }).replace(/[\p{L}\u00AD]+/gu, tidy)
    if (hyphenated.size >= REMEMBERED_WORDS) hyphenated.clear()
    hyphenated.set(token, done)
  }
  return done
}
