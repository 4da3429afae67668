/**
 * `numbers.json`: every number some release printed that names, or named,
 * another rule than today's rule of that number (issue 19) — the number
 * ledger's earlier meanings (`src/core/versions/number-ledger.ts`), compact.
 * Written by the build (`data/numbers.ts`), read by the browser (the search
 * box, `?r=`, the note a permalink carries), which explains a number in the
 * same sentence the build's pages use (`describeMeaningPhrase`).
 */
import { describeMeaningPhrase, type NumberMeaning } from '../../src/core/versions/number-ledger.ts'
import type { Phrase } from '../../src/core/phrase.ts'
import type { ReleaseStatus } from '../../src/core/versions/release-citations.ts'

/** `[id, versions, today's id ('' when removed), today's number, status, reason?]` */
export type NumberJsonMeaning = [string, string[], string, string, ReleaseStatus, string?]

export interface NumbersJson {
  /** Every version the ledger read, oldest first (`current` last): spans are read against it. */
  v: string[]
  /** Number → its earlier meanings, newest first. */
  n: Record<string, NumberJsonMeaning[]>
}

export function toJsonMeaning(m: NumberMeaning): NumberJsonMeaning {
  const row: NumberJsonMeaning = [m.id, m.versions, m.currentId ?? '', m.currentNumber ?? '', m.status]
  if (m.reason) row.push(m.reason)
  return row
}

export function fromJsonMeaning(number: string, [id, versions, currentId, currentNumber, status, reason]: NumberJsonMeaning): NumberMeaning {
  return { number, id, versions, status, ...(currentId ? { currentId, currentNumber } : {}), ...(reason ? { reason } : {}) }
}

/** What `number` named before, each with its sentence ("6.1.4a in v26.03 (`rule_x`) is 6.1.5a now", IDs as code parts); empty when it always named today's rule. */
export function earlierMeanings(json: NumbersJson, number: string): { meaning: NumberMeaning; sentence: Phrase }[] {
  return (json.n[number] ?? []).map((row) => {
    const meaning = fromJsonMeaning(number, row)
    return { meaning, sentence: describeMeaningPhrase(meaning, json.v) }
  })
}

