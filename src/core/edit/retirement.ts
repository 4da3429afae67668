/**
 * What a rename does to `retired.yaml`, so that history stays consistent
 * however many times an ID is renamed before the next release:
 *
 * - an ID some release had gets `renamed_to` its new name (links and
 *   citations made against that release keep working);
 * - chains collapse: entries that point at the old name now point at the new
 *   one (A→B, then B→C, leaves A→C, never a dangling `renamed_to: B`);
 * - renaming back removes the entry (A→B, then B→A, leaves nothing: A is
 *   current again, never `retired-still-present`);
 * - a retired ID is never reused for another rule: refused, with why.
 *
 * The file is edited with the `yaml` Document API (comments stay) and comes
 * out in `cr fmt`'s layout. Pure: text in, text out.
 */
import { isMap, isScalar, isSeq, parseDocument, type Document, YAMLMap, type YAMLSeq } from 'yaml'
import { formatYaml, parseForEdit } from '../format.ts'
import { parseRetirements } from '../versions/retired.ts'

export type RetirementOutcome =
  | { refused: string }
  | {
      /** The new text of `retired.yaml`, or undefined when it does not change. */
      text: string | undefined
      /** What changed, in words (for the editor's log and the preview). */
      changes: string[]
    }

const HEADER = '# yaml-language-server: $schema=../schema/retired.schema.json\n'

/**
 * `retiredText`: the file as the editor has it (undefined when there is
 * none); `lastRelease`: the last release that defines `oldId` (undefined
 * when no release had it).
 */
export function retirementForRename(retiredText: string | undefined, oldId: string, newId: string, lastRelease: string | undefined, file = 'retired.yaml'): RetirementOutcome {
  const { retirements } = parseRetirements({ path: file, content: retiredText ?? '' })
  const reused = retirements.byId.get(newId)
  const undo = reused !== undefined && reused.kind === 'renamed' && reused.targets.length === 1 && reused.targets[0] === oldId
  if (reused && !undo) {
    const where = reused.kind === 'removed' ? 'removed' : `${reused.kind} ${reused.kind === 'split' ? 'into' : reused.kind === 'merged' ? 'into' : 'to'} ${reused.targets.map((t) => `\`${t}\``).join(', ')}`
    return { refused: `\`${newId}\` is a retired ID (${where} after ${reused.release}): a retired ID is never given to another rule, so links and citations made against ${reused.release} keep meaning what they meant; choose another ID` }
  }
  const pointing = retirements.entries.filter((e) => e.id !== newId && e.targets.includes(oldId))
  const add = lastRelease !== undefined && !retirements.byId.has(oldId)
  if (!undo && pointing.length === 0 && !add) return { text: undefined, changes: [] }

  const opened = openRetiredList(retiredText)
  if (!opened) return { text: undefined, changes: [] }
  const { doc, list } = opened
  const changes: string[] = []

  if (undo) {
    const at = list.items.findIndex((item) => idOf(item) === newId)
    if (at !== -1) {
      // The entry goes; the comments and blank line above it stay, above what follows.
      const [gone] = list.items.splice(at, 1) as { commentBefore?: string | null; spaceBefore?: boolean; comment?: string | null }[]
      const kept = [gone?.commentBefore, gone?.comment].filter((c): c is string => typeof c === 'string' && c !== '')
      const next = list.items[at] as { commentBefore?: string | null; spaceBefore?: boolean } | undefined
      if (next && typeof next === 'object') {
        if (kept.length > 0) next.commentBefore = [...kept, next.commentBefore].filter((c) => typeof c === 'string').join('\n')
        if (gone?.spaceBefore) next.spaceBefore = true
      } else if (kept.length > 0) list.comment = [...kept, list.comment].filter((c) => typeof c === 'string').join('\n')
    }
    changes.push(`\`${newId}\` is current again: its retirement (renamed to \`${oldId}\`) removed`)
  }
  for (const e of pointing) {
    const item = list.items.find((i) => idOf(i) === e.id)
    if (!isMap(item)) continue
    for (const key of ['renamed_to', 'merged_into'] as const) {
      const node = item.get(key, true)
      if (isScalar(node) && node.value === oldId) node.value = newId
    }
    const split = item.get('split_into', true)
    if (isSeq(split)) for (const t of split.items) if (isScalar(t) && t.value === oldId) t.value = newId
    changes.push(`\`${e.id}\` now ${e.kind === 'renamed' ? 'renamed to' : e.kind === 'merged' ? 'merged into' : 'split into'} \`${newId}\` (was \`${oldId}\`)`)
  }
  if (add) {
    const entry = new YAMLMap()
    entry.set('id', oldId)
    entry.set('release', lastRelease)
    entry.set('renamed_to', newId)
    list.items.push(entry)
    changes.push(`\`${oldId}\` (${lastRelease}) renamed to \`${newId}\``)
  }
  if (list.items.length === 0) list.flow = true
  const formatted = formatYaml(doc.toString())
  return { text: formatted.ok ? formatted.text : doc.toString(), changes }
}

/** One ID `cr retire` retires, and how. */
export interface RetireEntry {
  id: string
  /** The last release that defines it; undefined for an ID no release had (it gets no entry). */
  release: string | undefined
}

/**
 * What retiring rules does to `retired.yaml`: each ID a release had gets an entry (`merged_into: into`, or
 * `removed: reason`, the reason then a `note:` beside `merged_into`); an ID no release had gets none, and
 * the entries that pointed at it (it was a rename's new name this cycle) now point where it went: to `into`
 * (renamed becomes merged), or, without one, `removed` with the reason (a split loses that part). An ID
 * already retired keeps its entry. Pure: text in, text out.
 */
export function retirementForRetire(retiredText: string | undefined, retiring: readonly RetireEntry[], how: { into?: string; reason?: string }, file = 'retired.yaml'): RetirementOutcome {
  const { retirements } = parseRetirements({ path: file, content: retiredText ?? '' })
  const gone = new Set(retiring.filter((r) => r.release === undefined).map((r) => r.id))
  const add = retiring.filter((r) => r.release !== undefined && !retirements.byId.has(r.id))
  const pointing = retirements.entries.filter((e) => e.targets.some((t) => gone.has(t)))
  if (add.length === 0 && pointing.length === 0) return { text: undefined, changes: [] }

  const opened = openRetiredList(retiredText)
  if (!opened) return { text: undefined, changes: [] }
  const { doc, list } = opened
  const changes: string[] = []
  const reason = how.reason ?? ''

  for (const e of pointing) {
    const item = list.items.find((i) => idOf(i) === e.id)
    if (!isMap(item)) continue
    const from = e.targets.filter((t) => gone.has(t))
    const kept = [...new Set(e.targets.map((t) => (gone.has(t) ? how.into : t)).filter((t): t is string => t !== undefined))]
    for (const key of ['renamed_to', 'merged_into', 'split_into'] as const) item.delete(key)
    // Keys in the schema's order, so the entry reads as one written by hand: id, release, where, note.
    const note = item.get('note', true)
    item.delete('note')
    if (kept.length === 0) {
      item.delete('removed')
      item.set('removed', reason)
      changes.push(`\`${e.id}\` now removed (it went to \`${from.join('`, `')}\`, retired before any release had it)`)
    } else if (kept.length === 1) {
      item.set('merged_into', kept[0])
      changes.push(`\`${e.id}\` now merged into \`${kept[0]}\` (was ${e.kind === 'split' ? 'split into' : e.kind === 'merged' ? 'merged into' : 'renamed to'} \`${e.targets.join('`, `')}\`)`)
    } else {
      const seq = doc.createNode(kept)
      seq.flow = true
      item.set('split_into', seq)
      changes.push(`\`${e.id}\` now split into \`${kept.join('`, `')}\` (was \`${e.targets.join('`, `')}\`)`)
    }
    if (note !== undefined) item.set('note', note)
  }
  for (const r of add) {
    const entry = new YAMLMap()
    entry.set('id', r.id)
    entry.set('release', r.release)
    if (how.into !== undefined) {
      entry.set('merged_into', how.into)
      if (reason !== '') entry.set('note', reason)
    } else entry.set('removed', reason)
    list.items.push(entry)
    changes.push(`\`${r.id}\` (${r.release}) ${how.into !== undefined ? `merged into \`${how.into}\`` : 'removed'}`)
  }
  list.flow = list.items.length === 0
  const formatted = formatYaml(doc.toString())
  return { text: formatted.ok ? formatted.text : doc.toString(), changes }
}

/**
 * retired.yaml's document and its `retired:` list, made when missing: parsed as cr fmt parses it, so
 * a comment the editor wrote on its own line stays on its own line. Undefined when `retired` is not a list.
 */
function openRetiredList(retiredText: string | undefined): { doc: Document; list: YAMLSeq } | undefined {
  const source = retiredText && retiredText.trim() !== '' ? retiredText : `${HEADER}retired: []\n`
  const doc: Document = parseForEdit(source) ?? parseDocument(source)
  let list = doc.get('retired', true)
  if (!isSeq(list)) {
    doc.set('retired', doc.createNode([]))
    list = doc.get('retired', true)
  }
  return isSeq(list) ? { doc, list } : undefined
}

const idOf = (item: unknown) => (isMap(item) ? String(item.get('id')) : undefined)
