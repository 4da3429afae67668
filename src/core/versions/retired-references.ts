/**
 * One message per retired ID: the references in the rules to an ID that
 * `retired.yaml` retires fail for one reason, so the resolver's `unknown-rule`
 * per reference is folded into one message at the first, saying where the ID
 * went (and so what to write instead), with every other reference and the
 * retirement entry as related places. Run on all of `cr check`'s messages
 * (the language server's and the live preview's too), as `foldRenames` is.
 * Pure and idempotent.
 */
import { clipText } from '../clip-text.ts'
import { phraseText } from '../phrase.ts'
import type { Diagnostic, RelatedPlace } from '../types.ts'
import { reasonClause } from './reason.ts'
import { followRetirement, type RetiredEntry } from './retired.ts'

/** How much of a removal's reason the message quotes (the entry, a related place, has all of it). */
const REASON_CHARS = 100

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function foldRetiredReferences(messages: readonly Diagnostic[], retirements: { byId: ReadonlyMap<string, RetiredEntry> }, exists: (id: string) => boolean): Diagnostic[] {
  const isRetiredRef = (m: Diagnostic) => m.code === 'unknown-rule' && m.subject !== undefined && retirements.byId.has(m.subject) && !m.related?.some((r) => r.repeat)
  const groups = new Map<string, Diagnostic[]>()
  for (const m of messages) if (isRetiredRef(m)) groups.set(m.subject!, [...(groups.get(m.subject!) ?? []), m])
  if (groups.size === 0) return [...messages]
  const out: Diagnostic[] = []
  for (const m of messages) {
    if (!isRetiredRef(m)) {
      out.push(m)
      continue
    }
    const group = groups.get(m.subject!)!
    if (group[0] !== m) continue
    const entry = retirements.byId.get(m.subject!)!
    const trail = followRetirement(entry.id, retirements, exists)
    // Where the references go today: the chain's end (the first part of a split is its redirect, but every part is offered).
    const now = trail.end === 'found' ? (entry.kind === 'split' && trail.steps.length === 1 ? entry.targets : [trail.id!]) : []
    const went =
      entry.kind === 'removed'
        ? `removed after ${entry.release}${entry.reason ? `: ${clipText(phraseText(reasonClause(entry.reason)), REASON_CHARS)}` : ''}`
        : `${entry.kind === 'renamed' ? 'renamed to' : entry.kind === 'merged' ? 'merged into' : 'split into'} ${entry.targets.map((t) => `\`${t}\``).join(', ')} after ${entry.release}`
    const expected = now.length === 0 ? 'the ID of a current rule, or the reference dropped' : now.length === 1 ? `\`${now[0]}\`` : `one of ${now.map((t) => `\`${t}\``).join(', ')}`
    const where = group.length === 1 ? 'a reference' : `${plural(group.length, 'reference')}`
    const related: RelatedPlace[] = [
      ...group.slice(1).map((r) => ({ file: r.file, line: r.line, column: r.column, message: `\`${entry.id}\` referred to here too`, repeat: true as const })),
      { ...entry.source, message: `\`${entry.id}\` retired here` },
    ]
    const { suggestions: _closest, ...rest } = m
    // A removed rule has no successor: the closest spellings would only mislead.
    out.push({ ...rest, message: `Retired rule ID \`${entry.id}\` in ${where} (${went}), expected ${expected}`, related, ...(now.length > 0 ? { suggestions: now } : {}) })
  }
  return out
}
