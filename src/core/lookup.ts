/**
 * Find an entry by what a person types: an ID (`rule_end_the_run`), a number
 * in citation form (`6.1.4`, `6.1.4a`), or as printed or cited (`6.1.4.a.`,
 * `CR 6.1.4`, `§6.1.4`, `rule 6.1.4a`, `step 6.9.2`).
 */
import { lowerFirst, normalizeNumber, ruleLabel, similarNumbers, suggesterFor } from './ids.ts'
import type { RuleEntry } from './types.ts'

export interface LookupTable {
  byId: Map<string, RuleEntry>
  byNumber: Map<string, RuleEntry>
}

export function buildLookup(rules: RuleEntry[]): LookupTable {
  return {
    byId: new Map(rules.map((r) => [r.id, r])),
    byNumber: new Map(rules.map((r) => [r.number, r])),
  }
}

export function findRule(table: LookupTable, query: string): { entry?: RuleEntry; suggestions: string[] } {
  const q = query.trim()
  const id = lowerFirst(q)
  const byId = table.byId.get(id)
  if (byId) return { entry: byId, suggestions: [] }
  const number = normalizeNumber(q)
  if (number) {
    const entry = table.byNumber.get(number)
    if (entry) return { entry, suggestions: [] }
    // A number that does not exist: the numbers it may be a typo of, each with its ID.
    return { suggestions: similarNumbers(number, table.byNumber).map((n) => ruleLabel(n, table.byNumber.get(n)!.id)) }
  }
  return { suggestions: suggesterFor(table.byId)(id) }
}
