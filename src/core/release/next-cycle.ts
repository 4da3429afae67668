/**
 * `cr release --next-cycle`: the day after a freeze, the rules still carry
 * the release's own marks (`new:` flags, `{n}…{/n}` spans) and its summary of
 * changes. This clears exactly those, in one step, and nothing of the new
 * cycle: a mark goes only where the last release had the same mark on the
 * same text (by identity, `identity.ts`: a renumbering changes nothing), and
 * the summary only while it is still the last release's. A text reworded
 * since keeps its `new:`; a span whose words changed since keeps its marks.
 * Run twice, the second run clears nothing.
 *
 * Edits go through the `yaml` Document API and come out in `cr fmt`'s layout,
 * so comments stay. Pure: texts in, new texts out; the CLI writes them.
 */
import { isScalar, type Document } from 'yaml'
import { deleteKeepingComments, formatYaml, parseForEdit } from '../format.ts'
import { withoutDraftNote } from '../versions/release-check.ts'
import type { SourceFile } from '../types.ts'
import { changelogIdentity, newTextSpans, releaseTexts, type ReleaseEntryTexts, type ReleaseText, type ReleaseTexts } from './identity.ts'

export interface NextCycleFile {
  path: string
  /** The file's new text, in `cr fmt`'s layout. */
  text: string
  flags: number
  spans: number
  /** `changelog.yaml` emptied. */
  changelog: boolean
}

export interface NextCyclePlan {
  /** Files to rewrite (only those that change). */
  files: NextCycleFile[]
  flags: number
  spans: number
  /** What happened to `changelog.yaml`. */
  changelog: 'cleared' | 'empty' | 'edited' | 'missing'
  /** Marks of this cycle, kept: on texts changed since the last release, or not the last release's. */
  kept: number
  /** Files that do not load: nothing is planned until they do. */
  broken: string[]
}

interface Edit {
  /** Delete the `new` key of the mapping at this path. */
  unflag?: (string | number)[]
  /** Replace the string at this path. */
  text?: { path: (string | number)[]; value: string }
}

/**
 * What to clear in `files` (the rules folder) so that none of `last`'s marks
 * and summary remain. `last` is the last release's texts (`releaseTexts`).
 */
export function planNextCycle(files: readonly SourceFile[], last: ReleaseTexts): NextCyclePlan {
  const current = releaseTexts(files)
  const plan: NextCyclePlan = { files: [], flags: 0, spans: 0, changelog: 'missing', kept: 0, broken: current.broken }
  if (current.broken.length > 0) return plan
  const edits = new Map<string, Edit[]>()
  const add = (file: string, edit: Edit) => {
    const list = edits.get(file) ?? []
    list.push(edit)
    edits.set(file, list)
  }
  const counts = new Map<string, { flags: number; spans: number }>()
  const count = (file: string, key: 'flags' | 'spans', n = 1) => {
    const c = counts.get(file) ?? { flags: 0, spans: 0 }
    c[key] += n
    counts.set(file, c)
  }

  const clearText = (now: ReleaseText | undefined, before: ReleaseText | undefined) => {
    if (!now) return
    const spans = newTextSpans(now.tree)
    if (spans.length === 0) return
    const old = new Set(before ? newTextSpans(before.tree).map((s) => s.identity) : [])
    const gone = spans.filter((s) => old.has(s.identity) && now.source.slice(s.start, s.start + 3) === '{n}' && now.source.slice(s.end - 4, s.end) === '{/n}')
    plan.kept += spans.length - gone.length
    if (gone.length === 0) return
    let value = now.source
    for (const s of [...gone].reverse()) value = value.slice(0, s.start) + value.slice(s.start + 3, s.end - 4) + value.slice(s.end)
    add(now.file, { text: { path: now.path, value } })
    count(now.file, 'spans', gone.length)
  }
  const clearFlag = (flagged: boolean, now: ReleaseText | undefined, wasFlagged: boolean, before: ReleaseText | undefined, file: string, path: (string | number)[]) => {
    if (!flagged) return
    if (wasFlagged && now?.identity === before?.identity) {
      add(file, { unflag: path })
      count(file, 'flags')
    } else plan.kept++
  }

  for (const e of current.entries.values()) {
    const before: ReleaseEntryTexts | undefined = last.entries.get(e.id)
    clearFlag(e.new, e.text, before?.new ?? false, before?.text, e.file, e.path)
    clearText(e.text, before?.text)
    e.examples.forEach((ex, i) => {
      const old = before?.examples[i]
      clearFlag(ex.new, ex.text, old?.new ?? false, old?.text, ex.text.file, ex.text.path.slice(0, -1))
      clearText(ex.text, old?.text)
    })
  }

  const changelogFile = files.find((f) => /(^|[\\/])changelog\.ya?ml$/.test(f.path))
  let clearChangelog = false
  if (changelogFile && current.changelog) {
    const now = changelogIdentity(current.changelog)
    if (now.length === 0) plan.changelog = 'empty'
    else if (JSON.stringify(now) === JSON.stringify(changelogIdentity(last.changelog))) {
      plan.changelog = 'cleared'
      clearChangelog = true
    } else plan.changelog = 'edited'
  }

  for (const file of files) {
    const list = edits.get(file.path)
    const isChangelog = clearChangelog && file === changelogFile
    if (!list && !isChangelog) continue
    const source = typeof file.content === 'string' ? file.content : new TextDecoder().decode(file.content)
    // Parsed as cr fmt parses it, so every comment is placed where the editor wrote it before anything is removed.
    const doc = parseForEdit(source)
    if (!doc) throw new Error(`${file.path}: the file does not parse for editing; nothing written`)
    for (const edit of list ?? []) apply(doc, edit)
    if (isChangelog) doc.set('changelog', doc.createNode([]))
    // The note `--draft` wrote goes with the summary it was about.
    const formatted = formatYaml(isChangelog ? withoutDraftNote(doc.toString()) : doc.toString())
    if (!formatted.ok) throw new Error(`${file.path}: the edited file does not parse (${formatted.message}); nothing written`)
    const c = counts.get(file.path) ?? { flags: 0, spans: 0 }
    plan.files.push({ path: file.path, text: formatted.text, flags: c.flags, spans: c.spans, changelog: isChangelog })
    plan.flags += c.flags
    plan.spans += c.spans
  }
  return plan
}

function apply(doc: Document, edit: Edit) {
  // The flag's line goes; the comments and blank lines around it stay.
  if (edit.unflag) deleteKeepingComments(doc, edit.unflag, 'new')
  if (edit.text) {
    const node = doc.getIn(edit.text.path, true)
    if (isScalar(node)) node.value = edit.text.value
  }
}
