/**
 * A frozen release read beside the others: which IDs of other releases are
 * its own rules under another name (`?r=<today's ID>` on its pages lands on
 * its rule), and which of its rules changed since (the mark each carries on
 * its pages). Pure: from the version index and `resolveRelease`'s table.
 */
import type { ReleaseRule } from './release-citations.ts'
import type { VersionIndex } from './version-index.ts'

/**
 * Every ID another release had (newest first, then the retirement file's
 * `extra` IDs through today's rules) that `version` lacks → the ID of the
 * same rule in `version`, when it has one exactly (an ancestor does not
 * count: the rule is not in that release).
 */
export function idsInto(index: VersionIndex, version: string, extra: Iterable<string> = []): Map<string, string> {
  const own = new Set(index.document(version)?.rules.map((r) => r.id) ?? [])
  const out = new Map<string, string>()
  const seen = new Set<string>(own)
  for (const from of [...index.versions].reverse()) {
    if (from === version) continue
    for (const r of index.document(from)?.rules ?? []) {
      if (seen.has(r.id)) continue
      seen.add(r.id)
      const m = index.mapId(r.id, from, version)
      if (m.exact && m.id !== undefined && own.has(m.id)) out.set(r.id, m.id)
    }
  }
  const today = index.versions[index.versions.length - 1]!
  for (const id of extra) {
    if (seen.has(id)) continue
    seen.add(id)
    const now = index.redirect(id).id
    if (now === undefined || now === id) continue
    const m = index.mapId(now, today, version)
    if (m.exact && m.id !== undefined && own.has(m.id)) out.set(id, m.id)
  }
  return out
}

/** How a rule changed since its release, one letter each (`CHANGE_LETTERS`). */
export const CHANGE_LETTERS = { r: 'renamed', m: 'merged', s: 'split', x: 'removed', w: 'reworded', n: 'renumbered' } as const
export type ChangeLetter = keyof typeof CHANGE_LETTERS

/**
 * The rules of a release that changed since (`resolveRelease`'s table) →
 * `"<letters> <today's number>"` (`"rw 6.2.7e"`: renamed and reworded, 6.2.7e
 * today; `"x"`: removed). Unchanged rules are left out: most of a release.
 */
export function changedSince(rules: readonly ReleaseRule[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const r of rules) {
    let letters = ''
    if (r.status === 'removed' || r.currentId === undefined) letters = 'x'
    else {
      if (r.status === 'renamed' || (r.status === 'same' && r.currentId !== r.id)) letters += 'r'
      if (r.status === 'merged') letters += 'm'
      if (r.status === 'split') letters += 's'
      if (r.textChanged) letters += 'w'
      if (r.currentNumber !== r.number) letters += 'n'
    }
    if (!letters) continue
    out.set(r.id, letters === 'x' ? 'x' : `${letters} ${r.currentNumber}`)
  }
  return out
}

/** `"rw 6.2.7e"` → words for a reader: `{ what: ['renamed', 'reworded'], number: '6.2.7e' }`. */
export function readChange(code: string): { what: string[]; number?: string } {
  const [letters = '', number] = code.split(' ')
  const what = [...letters].flatMap((l) => (l in CHANGE_LETTERS ? [CHANGE_LETTERS[l as ChangeLetter]] : []))
  return number ? { what, number } : { what }
}
