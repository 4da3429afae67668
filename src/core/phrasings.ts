/**
 * Players' words for the rules (issue 20): for each rule ID, the phrasings
 * people type when that rule is the answer ("how many cards do i see from
 * r&d", "can i jack out before the first ice"), written from the rules in
 * `data/phrasings/NN_<chapter>.yaml`. The rule's own text is indexed already;
 * these bring the words readers use and the rules do not (see → access, put →
 * install, flip → rez). Search indexes them with the rule, at a weight below
 * its own words (`search-index.ts`), and never shows them: a result's text is
 * the rule's.
 *
 * Keys are IDs, so they hold across releases: an old release's rule is found
 * by the same words. A key the rules do not define is an error at its place
 * (with did-you-mean); a key retired with a successor (`retired.yaml`) is
 * read as its successor, with a warning to rewrite it; one retired without
 * (removed, split) is an error that says so. Read by the site build and by
 * `cr check` (`src/io/phrasings.ts`), so an editor hears of a phrasing left
 * behind by a removal before the build fails on it.
 */
import { suggestClosest } from './ids.ts'
import { diagnostic } from './diagnostics.ts'
import { loadYaml } from './load-yaml.ts'
import type { Diagnostic, SourceFile } from './types.ts'

/** Rule ID → its phrasings, in file order. */
export type Phrasings = ReadonlyMap<string, readonly string[]>

export interface PhrasingsResult {
  phrasings: Map<string, string[]>
  messages: Diagnostic[]
}

/** A phrasing is a query, not a paragraph: longer ones are refused (they would outweigh the rule's own text). */
export const MAX_PHRASING_CHARS = 140
export const MAX_PHRASINGS_PER_RULE = 8

export interface PhrasingIds {
  /** The IDs the rules define now. */
  exists: (id: string) => boolean
  /** Every ID, for did-you-mean. */
  all: Iterable<string>
  /** A retired ID's successor, when it has one (renamed or merged). */
  successor?: (id: string) => string | undefined
  /** Whether an ID was retired without a successor (removed, or split). */
  retired?: (id: string) => boolean
}

export function parsePhrasings(files: readonly SourceFile[], ids: PhrasingIds): PhrasingsResult {
  const phrasings = new Map<string, string[]>()
  const messages: Diagnostic[] = []
  const all = [...ids.all]
  for (const file of files) {
    if (file.unreadable) {
      messages.push(diagnostic(file.unreadable.code, 'error', { file: file.path, line: 1, column: 1 }, file.unreadable.message))
      continue
    }
    const { loaded, messages: loading } = loadYaml(file)
    messages.push(...loading)
    if (!loaded) continue
    const at = (path: (string | number)[], which?: 'key' | 'value') => ({ file: file.path, ...loaded.locate(path, which) })
    const data = loaded.data
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      messages.push(diagnostic('schema-type', 'error', at([]), 'Unexpected content, expected a mapping from rule IDs to lists of phrasings'))
      continue
    }
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      const list = Array.isArray(value) ? value : undefined
      if (!list || list.length === 0 || list.length > MAX_PHRASINGS_PER_RULE) {
        messages.push(diagnostic('schema-type', 'error', at([key]), `Unexpected ${list ? `${list.length} phrasings` : describe(value)} for \`${key}\`, expected a list of 1 to ${MAX_PHRASINGS_PER_RULE} phrasings`))
        continue
      }
      const good: string[] = []
      list.forEach((p, i) => {
        if (typeof p !== 'string' || p.trim() === '') messages.push(diagnostic('schema-type', 'error', at([key, i]), `Unexpected ${describe(p)}, expected a phrasing (text)`))
        else if (p.length > MAX_PHRASING_CHARS) messages.push(diagnostic('schema-invalid', 'error', at([key, i]), `Unexpected phrasing of ${p.length} characters, expected at most ${MAX_PHRASING_CHARS}: a phrasing is what someone types, not a paragraph`))
        else good.push(p.trim())
      })
      let id = key
      if (!ids.exists(key)) {
        const next = ids.successor?.(key)
        if (next && ids.exists(next)) {
          messages.push(diagnostic('renamed-rule', 'warning', at([key], 'key'), `\`${key}\` was retired into \`${next}\`: its phrasings are read as \`${next}\`'s`, { suggestions: [next] }))
          id = next
        } else if (ids.retired?.(key)) {
          messages.push(diagnostic('removed-rule', 'error', at([key], 'key'), `\`${key}\` was retired from the rules without one successor (retired.yaml): its phrasings find nothing, expected them deleted or moved to the rules that say it now`))
          continue
        } else {
          messages.push(diagnostic('unknown-rule', 'error', at([key], 'key'), `Unknown rule ID \`${key}\` in the phrasings, expected the ID of a chapter, section, rule or step`, { suggestions: suggestClosest(key, all) }))
          continue
        }
      }
      const kept = phrasings.get(id) ?? []
      for (const p of good) if (!kept.includes(p)) kept.push(p)
      phrasings.set(id, kept)
    }
  }
  return { phrasings, messages }
}

const describe = (v: unknown) => (v === null || v === undefined ? 'nothing' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : typeof v === 'string' ? 'text' : `a ${typeof v}`)


/**
 * The edit that renames a rule's key in a phrasings file (`rule_old:` at the start of a line → `rule_new:`),
 * as `cr rename` makes it beside the rules; none when the file has no such key, and `taken` when the new ID
 * has phrasings of its own there (two keys for one rule: the lists are the editor's to merge).
 */
export function renamePhrasingKey(text: string, oldId: string, newId: string): { line: number; start: number; end: number; newText: string } | 'taken' | undefined {
  const lines = text.split('\n')
  const keyAt = (id: string) => lines.findIndex((l) => l.startsWith(`${id}:`) || l.startsWith(`'${id}':`) || l.startsWith(`"${id}":`))
  const at = keyAt(oldId)
  if (at === -1) return undefined
  if (keyAt(newId) !== -1) return 'taken'
  const start = lines[at]!.startsWith(oldId) ? 0 : 1
  return { line: at, start, end: start + oldId.length, newText: newId }
}
