/**
 * Players' words for the rules, as the site uses them: parsed and checked in
 * `src/core/phrasings.ts` (shared with `cr check`), joined to the search records here.
 */
import type { Diagnostic } from '../../src/core/types.ts'
import type { Phrasings } from '../../src/core/phrasings.ts'

export { MAX_PHRASING_CHARS, MAX_PHRASINGS_PER_RULE, parsePhrasings, type PhrasingIds, type Phrasings, type PhrasingsResult } from '../../src/core/phrasings.ts'

/** The records with their phrasings, by ID (a record of a rule with none is returned as it is). */
export function withPhrasings<R extends { id: string; phrasings?: string[] }>(records: readonly R[], phrasings: Phrasings): R[] {
  return records.map((r) => {
    const p = phrasings.get(r.id)
    return p ? { ...r, phrasings: [...p] } : r
  })
}

/** `file:line:col: severity[code]: message (did you mean …?)`, as the build prints it. */
export function formatPhrasingMessage(m: Diagnostic): string {
  const meant = m.suggestions?.length ? ` (did you mean ${m.suggestions.map((s) => `\`${s}\``).join(', ')}?)` : ''
  return `${m.file}:${m.line}:${m.column}: ${m.severity}[${m.code}]: ${m.message}${meant}`
}
