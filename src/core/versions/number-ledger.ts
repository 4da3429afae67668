/**
 * Every number any release printed, and the rule it named then. Numbers are
 * not stable (an inserted rule renumbers everything after it), so a number
 * read from an engine's comment, a judge's note or an old permalink is only
 * meaningful with the release it came from. The ledger answers, for any
 * number: which rule it named in which releases, and where that rule is
 * today — so `6.1.3f` can say "in v26.03 this was 6.1.3f; it is 6.1.4f now"
 * instead of "unknown", and `6.1.4` can say "today's 6.1.4 is a new rule; in
 * v26.03, 6.1.4 was what is now 6.1.5".
 *
 * Pure and dependency-free (the package's runtime builds it from the release
 * tables it ships): input is each release's entries resolved to today
 * (`resolveRelease`), oldest release first.
 */
import { reasonClause, type NumberOf } from './reason.ts'
import type { ReleaseRule, ReleaseStatus } from './release-citations.ts'
import { code, phrase, phraseText, type Phrase } from '../phrase.ts'

/** One meaning of a number: the rule it named in a run of releases, and where that rule is today. */
export interface NumberMeaning {
  number: string
  /** The rule's ID in those releases. */
  id: string
  /** The releases (oldest first) in which `number` named `id`: consecutive among those that printed the number. */
  versions: string[]
  /** Today's ID and number of that rule; absent when it was removed. */
  currentId?: string
  currentNumber?: string
  status: ReleaseStatus
  /** Why it was retired, when it was. */
  reason?: string
  /** Its earlier IDs in those releases, oldest first, each with the last release that had it (a typo fixed, then retired). */
  formerIds?: { id: string; until: string }[]
}

export interface NumberLedger {
  /** The releases the ledger was built from, oldest first. */
  versions: readonly string[]
  /** Every meaning `number` had (citation form: `6.1.4a`), newest first; empty when no release printed it. */
  meanings(number: string): readonly NumberMeaning[]
  /** What `number` meant in `version`, if that release printed it. */
  meaningIn(number: string, version: string): NumberMeaning | undefined
  /** Every number any release printed. */
  numbers(): IterableIterator<string>
}

export interface ReleaseTableInput {
  version: string
  rules: readonly ReleaseRule[]
}

export function buildNumberLedger(tables: readonly ReleaseTableInput[]): NumberLedger {
  const byNumber = new Map<string, NumberMeaning[]>()
  for (const { version, rules } of tables) {
    for (const r of rules) {
      let list = byNumber.get(r.number)
      if (!list) byNumber.set(r.number, (list = []))
      const last = list[list.length - 1]
      // The same rule under the same number in the next release extends the run; anything else starts a meaning.
      if (last && last.id === r.id && last.currentId === r.currentId) {
        last.versions.push(version)
        continue
      }
      // A rule renamed and later retired is one rule: its IDs end in the same retirement, said once
      // (`rule_plaintext_symbolds` → `rule_plaintext_symbols` → removed). Named by its newer ID.
      if (last && last.currentId === r.currentId && last.reason !== undefined && last.reason === r.reason && last.versions[last.versions.length - 1] === tables[tables.findIndex((t) => t.version === version) - 1]?.version) {
        last.formerIds = [...(last.formerIds ?? []), { id: last.id, until: last.versions[last.versions.length - 1]! }]
        last.id = r.id
        last.versions.push(version)
        continue
      }
      const meaning: NumberMeaning = { number: r.number, id: r.id, versions: [version], status: r.status }
      if (r.currentId !== undefined) meaning.currentId = r.currentId
      if (r.currentNumber !== undefined) meaning.currentNumber = r.currentNumber
      if (r.reason !== undefined) meaning.reason = r.reason
      list.push(meaning)
    }
  }
  for (const list of byNumber.values()) list.reverse()
  return {
    versions: tables.map((t) => t.version),
    meanings: (number) => byNumber.get(number) ?? [],
    meaningIn: (number, version) => meaningIn(byNumber.get(number), version),
    numbers: () => byNumber.keys(),
  }
}

/** The meaning a number had in `version`, under the ID that release gave the rule. */
export function meaningIn(meanings: readonly NumberMeaning[] | undefined, version: string): NumberMeaning | undefined {
  const m = meanings?.find((x) => x.versions.includes(version))
  const at = m?.versions.indexOf(version) ?? -1
  const former = m?.formerIds?.find((f) => at <= m.versions.indexOf(f.until))
  return m && former ? { ...m, id: former.id } : m
}

/** What a number means, read without a release: today's rule of that number, and what it named before. */
export interface NumberExplanation {
  number: string
  /** Today's rule with this number, if there is one. */
  today?: { id: string; number: string }
  /**
   * Earlier meanings that differ from today's: the number named another rule
   * (now elsewhere, or removed), newest first. Empty when the number always
   * named today's rule.
   */
  earlier: NumberMeaning[]
}

/**
 * `number` read against `today` (the current rules' number → ID) and the
 * ledger of every held release. A number nobody ever printed has neither
 * `today` nor `earlier`.
 */
export function explainNumber(ledger: NumberLedger, number: string, today: (number: string) => string | undefined): NumberExplanation {
  const id = today(number)
  const earlier = ledger.meanings(number).filter((m) => id === undefined || m.currentId !== id)
  return { number, ...(id !== undefined ? { today: { id, number } } : {}), earlier }
}

/** `v22.12`, `v22.12–v25.08`, or `v22.12, v24.03` when a run is not consecutive in `all`. */
export function releaseSpan(versions: readonly string[], all: readonly string[]): string {
  if (versions.length === 1) return versions[0]!
  const from = all.indexOf(versions[0]!)
  const consecutive = from !== -1 && versions.every((v, k) => all[from + k] === v)
  return consecutive ? `${versions[0]}–${versions[versions.length - 1]}` : versions.join(', ')
}

/**
 * One meaning in a sentence, for every place a number is explained (`cr cite`,
 * `cr show`, the site's permalinks, the package's `rule()`):
 * "10.5.5 in v22.12–v25.08 (rule_x) was merged into 1.14.3a (rule_y)".
 */
export function describeMeaningPhrase(m: NumberMeaning, all: readonly string[], numberOf?: NumberOf): Phrase {
  const former = (m.formerIds ?? []).map((f) => phrase(', ', code(f.id), ` until ${f.until}`))
  const when = phrase(`${m.number} in ${releaseSpan(m.versions, all)} (`, code(m.id), ...former, ')')
  if (m.currentId === undefined) return phrase(when, ' was removed', m.reason ? phrase(': ', reasonClause(m.reason, numberOf)) : [])
  const now = phrase(`${m.currentNumber}`, m.currentId !== m.id ? phrase(' (', code(m.currentId), ')') : [])
  switch (m.status) {
    case 'merged':
      return phrase(when, ' was merged into ', now)
    case 'split':
      return phrase(when, ' was split; its first part is ', now)
    case 'renamed':
      return phrase(when, ' is ', now, ' now (renamed)')
    default:
      return m.currentNumber === m.number ? phrase(when, ` is still ${m.number}`) : phrase(when, ' is ', now, ' now')
  }
}

/** `describeMeaningPhrase` as the CLI prints it: IDs in backticks. */
export function describeMeaning(m: NumberMeaning, all: readonly string[], numberOf?: NumberOf): string {
  return phraseText(describeMeaningPhrase(m, all, numberOf))
}
