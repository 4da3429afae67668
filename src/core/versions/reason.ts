/**
 * A retirement's reason (`removed:` or `note:` in `rules/retired.yaml`) is
 * words that may name rules as the rules' own text does, `{ref:ID}`. A leaf:
 * the package's runtime and the site's browser code say reasons too.
 */
import { clause, code, phrase, type Phrase } from '../phrase.ts'

// `{ref:rule_x}` in a reason, as in the rules' text (no `/through` or label forms: a reason names single rules).
const REASON_REF = /\{ref:([^{}\s]+)\}/g

/** The IDs a reason names with `{ref:ID}`, in order. */
export function reasonRefs(reason: string): string[] {
  return [...reason.matchAll(REASON_REF)].map((m) => m[1]!)
}

/** The number a reference prints in the rules it is read against (`6.2.5`), undefined for an ID they lack. */
export type NumberOf = (id: string) => string | undefined

/**
 * A reason as a sentence: each `{ref:ID}` reads as the rules' own references
 * do, as the rule's number (`numberOf`), and as an identifier part when the
 * rules read against lack it (retired since), so every output sets it as it
 * sets IDs (backticks on the CLI, a link on the site) and no reader sees the
 * markup.
 */
export function reasonPhrase(reason: string, numberOf?: NumberOf): Phrase {
  const parts: (string | Phrase[number])[] = []
  let at = 0
  for (const m of reason.matchAll(REASON_REF)) {
    const number = numberOf?.(m[1]!)
    parts.push(reason.slice(at, m.index), number !== undefined ? number : code(m[1]!))
    at = m.index! + m[0].length
  }
  parts.push(reason.slice(at))
  return phrase(...parts)
}

/** A reason inside a longer sentence ("was removed: …; …"): without its closing period (`clause`). */
export function reasonClause(reason: string, numberOf?: NumberOf): Phrase {
  return clause(reasonPhrase(reason, numberOf))
}
