/**
 * What a number named in the releases that printed it for another rule than
 * today's (issue 19), from `numbers.json` (kept offline with the current
 * rules), each in the sentence the build's `/r/<n>/` pages use, with today's
 * rule. Read by the search box and `number-note.ts`.
 */
import { earlierMeanings, type NumbersJson } from '../shared/numbers.ts'
import { phrasePlain, type Phrase } from '../../src/core/phrase.ts'
import { siteRoutes } from '../shared/routes.ts'
import { loadLookup } from './lookup.ts'

let numbers: Promise<NumbersJson | undefined> | undefined
export const loadNumbers = () =>
  (numbers ??= fetch(siteRoutes.numbers())
    .then((r) => (r.ok ? (r.json() as Promise<NumbersJson>) : undefined))
    .catch(() => undefined))

export interface NumberHistoryItem {
  /** "6.1.4a in v26.03 (`rule_x`) is 6.1.5a now" */
  sentence: Phrase
  /** The sentence as plain text (the search box's row). */
  plain: string
  /** The rule today, when there is one. */
  now?: { id: string; number: string; url: string }
}

/** What `number` named in the releases that printed it for another rule than today's; empty when nothing. */
export async function numberHistory(number: string): Promise<NumberHistoryItem[]> {
  const json = await loadNumbers()
  if (!json) return []
  const today = await loadLookup('/').catch(() => undefined)
  return earlierMeanings(json, number).map(({ meaning, sentence }) => {
    const hit = meaning.currentId ? today?.byId.get(meaning.currentId) : undefined
    return { sentence, plain: phrasePlain(sentence), ...(hit ? { now: { id: hit.id, number: hit.number, url: hit.url } } : {}) }
  })
}
