/**
 * What `cr release` says about a release before it is frozen: are the
 * new-marks (`new:` flags and `{n}…{/n}` spans) where the text really changed
 * since the previous release, and a draft of the summary of changes
 * (`changelog.yaml`) for the editors to edit. Pure: it reads a `ReleaseDiff`
 * (`diffReleases`) and the compiled new release.
 */
import { lowerFirst } from '../ids.ts'
import { diagnostic } from '../diagnostics.ts'
import type { Diagnostic } from '../types.ts'
import type { ResolvedEntry, ResolvedRelease } from '../model/types.ts'
import { hasNewText } from '../markup/new-text.ts'
import { renderContextFor } from '../render/context.ts'
import { renderText } from '../render/text.ts'
import type { DiagnosticCode } from '../codes.ts'
import { stringify } from 'yaml'
import { formatYaml } from '../format.ts'
import type { DiffEntry, ReleaseDiff } from './diff.ts'

/** The codes `cr release` reports, with what they mean (warnings; errors with `--strict`). */
/** The codes `cr release` reports (warnings; errors with `--strict`); what each means is in the registry (`src/core/codes.ts`). */
export const RELEASE_CODES = ['release-unmarked-change', 'release-stale-mark'] as const satisfies readonly DiagnosticCode[]

const ownTextChanged = (e: DiffEntry) => e.changes.includes('added') || e.changes.includes('reworded') || ((e.change === 'merged' || e.change === 'split') && e.wordDiff !== undefined)

export interface MarkReport {
  messages: Diagnostic[]
  /** Counts, for the summary line and the replay of old releases. */
  counts: { changed: number; marked: number; unmarked: number; stale: number; examplesChanged: number; examplesUnmarked: number; examplesStale: number }
}

/**
 * Every entry and example of `current` whose marks disagree with `diff`
 * (previous release → current). Chapters and sections are left out: their
 * titles are never marked in the published documents.
 */
export function checkMarks(diff: ReleaseDiff, current: ResolvedRelease): MarkReport {
  const byId = new Map(diff.entries.filter((e) => e.change !== 'removed').map((e) => [e.id, e]))
  const messages: Diagnostic[] = []
  const counts: MarkReport['counts'] = { changed: 0, marked: 0, unmarked: 0, stale: 0, examplesChanged: 0, examplesUnmarked: 0, examplesStale: 0 }
  const at = (r: ResolvedEntry) => r.source
  for (const r of current.entries) {
    if (r.kind === 'chapter' || r.kind === 'section') continue
    const d = byId.get(r.id)
    const changed = d !== undefined && ownTextChanged(d)
    const marked = r.new || hasNewText(r.text)
    if (changed) counts.changed++
    if (marked) counts.marked++
    if (changed && !marked) {
      counts.unmarked++
      const what = d!.changes.includes('added') ? `is new in this release (${describeOrigin(d!)})` : `was reworded since ${diff.from.version}`
      messages.push(diagnostic('release-unmarked-change', 'warning', at(r), `${r.number} (\`${r.id}\`) ${what} but is not marked, expected \`new:\` on it or \`{n}…{/n}\` around what changed`))
    } else if (!changed && marked) {
      counts.stale++
      messages.push(diagnostic('release-stale-mark', 'warning', at(r), `${r.number} (\`${r.id}\`) is marked new but its text is the same as in ${diff.from.version}, expected no \`new:\` and no \`{n}…{/n}\``))
    }
    // Examples: by position, as the diff reports them.
    const changedExamples = new Set((d?.examples ?? []).filter((x) => x.change !== 'removed').map((x) => x.index))
    if (d?.changes.includes('added')) r.examples.forEach((_, i) => changedExamples.add(i + 1))
    r.examples.forEach((ex, i) => {
      const n = i + 1
      const exChanged = changedExamples.has(n)
      const exMarked = ex.new || hasNewText(ex.text)
      if (exChanged) counts.examplesChanged++
      if (exChanged && !exMarked && !r.new) {
        counts.examplesUnmarked++
        messages.push(diagnostic('release-unmarked-change', 'warning', at(r), `Example ${n} of ${r.number} (\`${r.id}\`) changed since ${diff.from.version} but is not marked, expected \`new:\` on the example or \`{n}…{/n}\``))
      } else if (!exChanged && exMarked) {
        counts.examplesStale++
        messages.push(diagnostic('release-stale-mark', 'warning', at(r), `Example ${n} of ${r.number} (\`${r.id}\`) is marked new but did not change since ${diff.from.version}`))
      }
    })
  }
  return { messages, counts }
}

function describeOrigin(d: DiffEntry): string {
  return d.newNumber ? `now ${d.newNumber}` : 'added'
}

/**
 * A draft summary of changes: one entry per added, removed or reworded rule,
 * citing it with `{ref:…}` (a removed rule by its old number and ID, which no
 * longer resolve). Sub-rules added with their parent are covered by the
 * parent's entry; chapter-11 timing structures get one entry per structure.
 */
export function draftChangelog(diff: ReleaseDiff): string[] {
  const out: string[] = []
  const added = new Set(diff.entries.filter((e) => e.change === 'added').map((e) => e.id))
  const timingDone = new Set<string>()
  for (const e of diff.entries) {
    if (e.kind === 'timing') {
      const section = e.section ?? e.id
      if (!timingDone.has(section) && (ownTextChanged(e) || e.change === 'removed')) {
        timingDone.add(section)
        out.push(`Updated the timing structure in {ref:${section}}.`)
      }
      continue
    }
    if (e.change === 'added') {
      if (e.parent !== null && added.has(e.parent)) continue
      const children = diff.entries.filter((x) => x.change === 'added' && x.parent === e.id).length
      out.push(`Added {ref:${e.id}}${children > 0 ? ` (with ${children} sub-rule${children === 1 ? '' : 's'})` : ''}.`)
    } else if (e.change === 'removed') {
      out.push(`Removed ${e.oldNumber} (\`${e.id}\`)${e.reason ? `: ${e.reason}` : ''}.`)
    } else if (e.changes.includes('merged')) {
      out.push(`Merged \`${e.oldId}\` (${e.oldNumber}) into {ref:${e.id}}.`)
    } else if (e.changes.includes('split')) {
      out.push(`Split \`${e.oldId}\` (${e.oldNumber}) into {ref:${(e.targets ?? [e.id]).join(',')}}.`)
    } else if (e.changes.includes('reworded')) {
      const moved = e.changes.includes('moved') || e.changes.includes('renamed') ? ` (was ${e.oldNumber}${e.oldId ? `, \`${e.oldId}\`` : ''})` : ''
      out.push(`Updated {ref:${e.id}}${moved}.`)
    } else if (e.changes.includes('examples')) {
      out.push(`Updated the examples of {ref:${e.id}}.`)
    }
  }
  return [...new Set(out)]
}

/** The drafted entries as `changelog.yaml` (schema: `schema/changelog.schema.json`), in `cr fmt`'s layout. */
export function changelogYaml(entries: string[]): string {
  const doc = stringify({ changelog: entries.map((text) => ({ text })) })
  const header = '# yaml-language-server: $schema=../schema/changelog.schema.json\n# Drafted by `cr release`: edit, merge and reword these entries before publishing.\n'
  const formatted = formatYaml(header + doc)
  return formatted.ok ? formatted.text : header + doc
}

/** IDs a changelog's texts cite (`{ref:a,b}`, `{ref/through:a,b}`), lowercase-first. */
export function citedIds(texts: string[]): Set<string> {
  const ids = new Set<string>()
  for (const t of texts) {
    for (const m of t.matchAll(/\{ref(?:\/through)?:([^}]*)\}/g)) {
      for (const id of m[1]!.split(',')) if (id.trim()) ids.add(lowerFirst(id.trim()))
    }
  }
  return ids
}

/**
 * Whether two releases' summaries of changes say the same: entry by entry, in
 * the canonical style (references as the IDs they name), so a renumbering
 * between them (which changes every printed number) does not make last
 * release's summary look edited.
 */
export function sameChangelog(a: ResolvedRelease, b: ResolvedRelease): boolean {
  const texts = (m: ResolvedRelease) => {
    const ctx = renderContextFor(m)
    return m.changelog.map((c) => renderText(c.text, ctx, 'canonical'))
  }
  const [x, y] = [texts(a), texts(b)]
  return x.length === y.length && x.every((t, i) => t === y[i])
}
