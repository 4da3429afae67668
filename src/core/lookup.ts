/**
 * Find an entry by what a person types: an ID (`rule_end_the_run`), a number
 * in citation form (`6.1.4`, `6.1.4a`), or as printed or cited (`6.1.4.a.`,
 * `CR 6.1.4`, `§6.1.4`, `rule 6.1.4a`, `step 6.9.2`).
 */
import { suggesterFor } from './suggest.ts'
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

const NUMBER = /^\d+(?:\.\d+)*[a-z]*(?:\.[ivxlcdm]+)?$/

/** `CR 6.1.4.a.` → `6.1.4a`; returns undefined when it is not number-shaped. */
export function normalizeNumber(query: string): string | undefined {
  let q = query.trim().toLowerCase()
  q = q.replace(/^(?:cr|rule|rules|section|step|§)\s*/u, '').replace(/^§\s*/u, '')
  q = q.replace(/\.$/, '')
  // Printed form `6.1.4.a` → citation form `6.1.4a`.
  q = q.replace(/^(\d+\.\d+\.\d+)\.([a-z]+)$/, '$1$2')
  return NUMBER.test(q) ? q : undefined
}

export function findRule(table: LookupTable, query: string): { entry?: RuleEntry; suggestions: string[] } {
  const q = query.trim()
  const id = q.charAt(0).toLowerCase() + q.slice(1)
  const byId = table.byId.get(id)
  if (byId) return { entry: byId, suggestions: [] }
  const number = normalizeNumber(q)
  if (number) {
    const entry = table.byNumber.get(number)
    if (entry) return { entry, suggestions: [] }
    // A number that does not exist: suggest its nearest existing ancestor.
    const parts = number.match(/^(\d+(?:\.\d+)*)/)?.[1]?.split('.') ?? []
    while (parts.length > 0) {
      const n = parts.join('.')
      if (table.byNumber.has(n)) return { suggestions: [n] }
      parts.pop()
    }
    return { suggestions: [] }
  }
  return { suggestions: suggesterFor(table.byId)(id) }
}
