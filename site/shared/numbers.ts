/**
 * `numbers.json`: every number some release printed that names, or named,
 * another rule than today's rule of that number (issue 19) — the number
 * ledger's earlier meanings (`src/core/versions/number-ledger.ts`), compact.
 * Written by the build (`data/numbers.ts`), read by the browser (the search
 * box, `?r=`, the note a permalink carries), which explains a number in the
 * same sentence the build's pages use (`describeMeaningPhrase`).
 */
import { describeMeaningPhrase, type NumberMeaning } from '../../src/core/versions/number-ledger.ts'
import { code, phrase, type Phrase } from '../../src/core/phrase.ts'
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


/** A release as the number story reads it: its numbers and IDs (the browser: its `lookup.json`). */
export interface StoryRelease {
  /** `v24.03`; undefined for the current rules. */
  version?: string
  /** The ID of the rule `number` names in this release. */
  idOf(number: string): string | undefined
  /** The number of rule `id` in this release (a retired ID: the rule it became). */
  numberOf(id: string): string | undefined
}

export interface NumberStoryItem {
  /** "6.2.5 in v22.12–v24.03 (`rule_x`) is 6.2.8 now" */
  sentence: Phrase
  /** That rule in the release read, when it has it: where its link goes. */
  target?: { id: string; number: string }
  /** The rule the number names today (read in a held release); else one it named before. */
  today?: true
}

/**
 * What a number says in one release, wherever a reader resolves it (search's
 * Enter, `?r=`, a permalink) and on the page they land on: the rule it names
 * there (`here`), and the other rules it named or names in other releases.
 * No items: it always named this rule, nothing to say.
 */
export interface NumberStory {
  number: string
  here?: string
  /** "6.2.5 is this rule today. It named another rule before:", "No rule is numbered 6.2.8 in v24.03." */
  heading: string
  /** On a held release: `here`'s number today when it differs (the heading's "(6.2.8 today)", which links to it). */
  now?: string
  items: NumberStoryItem[]
}

/**
 * `number` read in `release`, against `today` (the current rules) and
 * `numbers.json`. In the current rules: what the number named before. In a
 * held release (`/v24.03/`): which rule today's number names and where that
 * rule is in the release read ("6.2.8 today (`rule_x`) is 6.2.5 in v24.03"),
 * and what other releases numbered so, each found in the release read.
 */
export function numberStory(json: NumbersJson, number: string, release: StoryRelease, today: StoryRelease): NumberStory {
  const here = release.idOf(number)
  const held = release.version
  if (!held) {
    const items = earlierMeanings(json, number).map(({ meaning, sentence }) => ({
      sentence,
      ...(meaning.currentId && meaning.currentNumber ? { target: { id: meaning.currentId, number: meaning.currentNumber } } : {}),
    }))
    return { number, ...(here ? { here } : {}), heading: here ? `${number} is this rule today. It named another rule before:` : `No rule is numbered ${number} today.`, items }
  }
  /** A rule known by its ID today (and by `id` in the releases of a meaning): its ID and number in the release read. */
  const inRelease = (currentId: string | undefined, id?: string): { id: string; number: string } | undefined => {
    for (const candidate of [currentId, id]) {
      const n = candidate ? release.numberOf(candidate) : undefined
      if (candidate && n) return { id: release.idOf(n) ?? candidate, number: n }
    }
    // Renamed since the release read: numbers.json has it under its old ID, in a meaning that release printed.
    if (!currentId) return undefined
    for (const [n, rows] of Object.entries(json.n)) {
      for (const [oldId, versions, nowId] of rows) if (nowId === currentId && versions.includes(held) && release.idOf(n) === oldId) return { id: oldId, number: n }
    }
    return undefined
  }
  const items: NumberStoryItem[] = []
  const todayId = today.idOf(number)
  if (todayId) {
    const target = inRelease(todayId)
    if (target?.id !== here) {
      const where = target ? ` is ${target.number} in ${held}` : ` is not in ${held}`
      items.push({ sentence: phrase(`${number} today (`, code(todayId), `)${where}`), today: true, ...(target ? { target } : {}) })
    }
  }
  for (const { meaning, sentence } of earlierMeanings(json, number)) {
    if (meaning.versions.includes(held)) continue
    const target = inRelease(meaning.currentId, meaning.id)
    if (target && target.id === here) continue
    if (target && target.id === items[0]?.target?.id) continue
    const where = target ? (target.number === meaning.currentNumber ? '' : `; ${target.number} in ${held}`) : meaning.currentId ? `; not in ${held}` : ''
    items.push({ sentence: phrase(sentence, where), ...(target ? { target } : {}) })
  }
  // Where the rule read is today, by its ID (or the ID it was renamed to): a reader citing an old edition needs today's number.
  const now = here ? todayNumber(json, here, today) : undefined
  const moved = now === undefined ? '' : now === number ? '' : now === null ? ` (not in today's rules)` : ` (${now} today)`
  return { number, ...(here ? { here } : {}), ...(now && now !== number ? { now } : {}), heading: here ? `${number} is this rule in ${held}${moved}. It is another rule in other releases:` : `No rule is numbered ${number} in ${held}.`, items }
}

/** The number today of the rule `id` names in a held release (followed through a rename); null: no rule today; undefined: unknown. */
function todayNumber(json: NumbersJson, id: string, today: StoryRelease): string | null | undefined {
  const direct = today.numberOf(id)
  if (direct) return direct
  for (const rows of Object.values(json.n)) {
    for (const [oldId, , nowId] of rows) {
      if (oldId !== id) continue
      if (!nowId) return null
      return today.numberOf(nowId) ?? null
    }
  }
  return undefined
}
