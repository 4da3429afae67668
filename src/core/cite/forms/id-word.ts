/**
 * A word of the ID grammar (`rule_end_the_run`, `step_approach_begins`), or a
 * real ID with another prefix (`corp_basic_action_advance`). It counts after
 * `CR` (`CR rule_x`, `CR: rule_x`, a citation form: an unknown word there is
 * an error), after `rule:` when it is a real ID or a close miss of one
 * (`rule` is everyday English: `Retry rule: rule_retry_backoff` is the
 * engine's), or in a comment, doc comment or string where it is not
 * code-like (a call, a member, a definition, a doc link). In code it never
 * counts. An unknown one outside a citation form is reported only when it is
 * a close miss of a real ID and not a placeholder.
 */
import type { FileScan, ScannerSetup } from '../context.ts'
import { isIdentChar } from '../../chars.ts'
import { hit } from '../hit.ts'
import { isCodeLike, isPlaceholder } from '../lexical.ts'
import type { WordForm } from './form.ts'

export const idWord: WordForm = {
  name: 'id',
  source(setup: ScannerSetup) {
    const prefixes = [...setup.table.strictPrefixes, ...setup.table.loosePrefixes].sort((a, b) => b.length - a.length)
    return String.raw`(?:${prefixes.join('|')})_[A-Za-z0-9_]*\+*`
  },
  read(scan: FileScan, offset: number, raw: string) {
    const { setup, text } = scan
    // Cheapest tests first: most such words are code (`step_count`), and code never cites.
    const marker = afterMarker(text, offset)
    const all = setup.config.unknownIds === 'all'
    const word = raw.endsWith('+') ? setup.trimPlus(raw, (w) => setup.table.byId.has(w)) : raw
    const underscore = word.indexOf('_')
    if (word.length === underscore + 1) return undefined // just `rule_`
    const kind = setup.wordKind(word)
    if (kind === 'other') return undefined
    const cited = marker === 'strong' || (marker === 'weak' && kind !== 'grammar')
    const isKnown = kind === 'known'
    // An unknown word that is no close miss is nothing wherever it is (`rule_id`, `step_count`): decided
    // by a lookup cached per word, before finding its place, which costs a read of its line.
    if (!cited && !all && kind === 'grammar') return undefined
    if (!cited && !all && scan.placeOf(offset) === 'code') return undefined
    if (setup.isIgnored(word)) return undefined
    if (!cited && !(all && !isKnown)) {
      if (all && scan.placeOf(offset) === 'code') return undefined
      if (isCodeLike(text, offset, offset + word.length)) return undefined
      if (!isKnown && kind !== 'typo') return undefined
    }
    // `CR rule_x` in documentation: a placeholder, not a typo.
    if (cited && !isKnown && isPlaceholder(word) && scan.placeOf(offset) !== 'code') return undefined
    scan.hits.push(hit(offset, word, word, false, 'id'))
    return undefined
  },
}

/**
 * `CR rule_x`, `CR: rule_x` (strong) or `rule: rule_x`, `Rules: rule_x` (weak) just before `offset`; read
 * backwards without allocating.
 */
export function afterMarker(text: string, offset: number): 'strong' | 'weak' | undefined {
  let i = offset - 1
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--
  const colon = i >= 0 && text.charCodeAt(i) === 58
  if (colon) i--
  const wordEnd = i + 1
  // Markers are 2–5 letters: a longer word is none, however long it goes on.
  while (i >= 0 && wordEnd - i <= 6 && isIdentChar(text.charCodeAt(i))) i--
  const word = wordEnd - (i + 1)
  const at = i + 1
  // Compared in place: this runs for every ID-shaped word of a tree, most of them code.
  if (word === 2) return text.charCodeAt(at) === 67 /* C */ && text.charCodeAt(at + 1) === 82 /* R */ ? 'strong' : undefined
  if (!colon || word < 4 || word > 5) return undefined
  const r = text.charCodeAt(at)
  return (r === 114 || r === 82) /* r R */ && text.startsWith('ule', at + 1) && (word === 4 || text.charCodeAt(at + 4) === 115 /* s */) ? 'weak' : undefined
}
