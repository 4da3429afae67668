/**
 * What `cr release` says about a release before it is frozen: are the
 * new-marks (`new:` flags and `{n}…{/n}` spans) where the text really changed
 * since the previous release, and a draft of the summary of changes
 * (`changelog.yaml`) for the editors to edit. Pure: it reads a `ReleaseDiff`
 * (`diffReleases`) and the compiled new release.
 */
import { lowerFirst } from '../ids.ts'
import { diagnostic } from '../diagnostics.ts'
import type { CompiledDocument, Diagnostic, RuleEntry } from '../types.ts'
import type { DiagnosticCode } from '../codes.ts'
import { stringify } from 'yaml'
import { formatYaml } from '../format.ts'
import type { DiffEntry, ReleaseDiff } from './diff.ts'
import { textIdentity, type ReleaseText, type ReleaseTexts } from '../release/identity.ts'
import { hasNewText } from '../markup/new-text.ts'

/** The codes `cr release` reports (warnings; errors with `--strict`); what each means is in the registry (`src/core/codes.ts`). */
export const RELEASE_CODES = ['release-unmarked-change', 'release-stale-mark', 'release-changelog-debris'] as const satisfies readonly DiagnosticCode[]

const ownTextChanged = (e: DiffEntry) => e.changes.includes('added') || e.changes.includes('reworded') || ((e.change === 'merged' || e.change === 'split') && e.wordDiff !== undefined)

export interface MarkCounts {
  changed: number
  marked: number
  unmarked: number
  stale: number
  examplesChanged: number
  examplesUnmarked: number
  examplesStale: number
  /** Of the stale marks, those the previous release had on the same text: its own marks, left over (cleared by `cr release --next-cycle`). */
  inherited: number
  examplesInherited: number
}

export interface MarkReport {
  /** This cycle's findings: unmarked changes, and marks that are neither on a change nor left over from the previous release. */
  messages: Diagnostic[]
  /** Stale marks the previous release had on the same text, one per mark: summarised in one line, cleared by `cr release --next-cycle`. */
  inherited: Diagnostic[]
  /** Counts, for the summary line and the replay of old releases. */
  counts: MarkCounts
}

/** The two releases' texts, read from their sources (`releaseTexts`): marks and changes are compared by identity. */
export interface MarkTexts {
  current: ReleaseTexts
  previous: ReleaseTexts
}

/**
 * Every entry and example of `current` whose marks disagree with what
 * changed since the previous release. A text changed when its identity (its
 * markup tree, references as IDs, marks dissolved: \`textIdentity\`) differs
 * from the same entry's in the previous release — the same ID, or the one
 * the diff pairs it with (renamed, merged, split) — so no renumbering makes
 * an untouched rule look reworded. A text is marked when it is flagged
 * \`new:\` or its tree holds a new-text node. Chapters and sections are left
 * out: their titles are never marked in the published documents.
 */
export function checkMarks(diff: ReleaseDiff, current: CompiledDocument, texts: MarkTexts): MarkReport {
  const byId = new Map(diff.entries.filter((e) => e.change !== 'removed').map((e) => [e.id, e]))
  const messages: Diagnostic[] = []
  const inherited: Diagnostic[] = []
  const counts: MarkCounts = { changed: 0, marked: 0, unmarked: 0, stale: 0, examplesChanged: 0, examplesUnmarked: 0, examplesStale: 0, inherited: 0, examplesInherited: 0 }
  const at = (r: RuleEntry) => r.source
  const marked = (flag: boolean, text: ReleaseText | undefined) => flag || (text !== undefined && hasNewText(text.tree))
  // The previous release's references read through the renames since (\`rule_x\` renamed to \`rule_y\` is the same reference).
  const renamed = (id: string) => diff.idMap[id] ?? id
  const then = new WeakMap<ReleaseText, string>()
  const identityThen = (t: ReleaseText | undefined) => {
    if (!t) return undefined
    let k = then.get(t)
    if (k === undefined) then.set(t, (k = textIdentity(t.tree, renamed)))
    return k
  }
  for (const r of current.rules) {
    if (r.kind === 'chapter' || r.kind === 'section') continue
    const d = byId.get(r.id)
    const now = texts.current.entries.get(r.id)
    const added = d?.changes.includes('added') ?? false
    // Timing elements have positional IDs: the diff aligns them by text, so its verdict stands.
    const before = added ? undefined : texts.previous.entries.get(d?.oldId ?? r.id)
    const changed = r.kind === 'timing' ? d !== undefined && ownTextChanged(d) : added || before === undefined || identityThen(before.text) !== now?.text?.identity
    const isMarked = marked(r.new, now?.text)
    if (changed) counts.changed++
    if (isMarked) counts.marked++
    if (changed && !isMarked) {
      counts.unmarked++
      const what = added || before === undefined ? `is new in this release (${d ? describeOrigin(d) : 'added'})` : `was reworded since ${diff.from.version}`
      messages.push(diagnostic('release-unmarked-change', 'warning', at(r), `${r.number} (\`${r.id}\`) ${what} but is not marked, expected \`new:\` on it or \`{n}…{/n}\` around what changed`))
    } else if (!changed && isMarked) {
      counts.stale++
      const message = diagnostic('release-stale-mark', 'warning', at(r), `${r.number} (\`${r.id}\`) is marked new but its text is the same as in ${diff.from.version}, expected no \`new:\` and no \`{n}…{/n}\``)
      if (before && marked(before.new, before.text)) {
        counts.inherited++
        inherited.push(message)
      } else messages.push(message)
    }
    // Examples: one is changed when no example of the previous release reads the same (examples move, too).
    const earlier = new Map<string, { text: ReleaseText; new: boolean }>()
    for (const x of before?.examples ?? []) earlier.set(identityThen(x.text)!, x)
    r.examples.forEach((ex, i) => {
      const n = i + 1
      const exNow = now?.examples[i]
      const exBefore = exNow ? earlier.get(exNow.text.identity) : undefined
      const exChanged = r.kind !== 'timing' && (added || exBefore === undefined)
      const exMarked = marked(ex.new, exNow?.text)
      if (exChanged) counts.examplesChanged++
      if (exChanged && !exMarked && !r.new) {
        counts.examplesUnmarked++
        messages.push(diagnostic('release-unmarked-change', 'warning', at(r), `Example ${n} of ${r.number} (\`${r.id}\`) changed since ${diff.from.version} but is not marked, expected \`new:\` on the example or \`{n}…{/n}\``))
      } else if (!exChanged && exMarked) {
        counts.examplesStale++
        const message = diagnostic('release-stale-mark', 'warning', at(r), `Example ${n} of ${r.number} (\`${r.id}\`) is marked new but did not change since ${diff.from.version}`)
        if (exBefore && marked(exBefore.new, exBefore.text)) {
          counts.examplesInherited++
          inherited.push(message)
        } else messages.push(message)
      }
    })
  }
  return { messages, inherited, counts }
}

function describeOrigin(d: DiffEntry): string {
  return d.newNumber ? `now ${d.newNumber}` : 'added'
}

/** The drafted entries as `changelog.yaml` (schema: `schema/changelog.schema.json`), in `cr fmt`'s layout. */
/**
 * The note `--draft` writes above its entries (`# Drafted by \`cr release\` …`): ours, and true only
 * while the entries are a draft. The freeze leaves it out of the release, and `--next-cycle` removes
 * it with the summary it was about; every other comment is the editors' and stays.
 */
const DRAFT_NOTE = /^# Drafted by `cr release`[^\n]*: say why each change was made, merge related entries, then freeze\.\r?\n/m

/** `text` (a changelog.yaml) without the note `--draft` wrote, if it is still there. */
export function withoutDraftNote(text: string): string {
  return text.replace(DRAFT_NOTE, '')
}

export function changelogYaml(entries: string[], learnedFrom?: { releases: string[]; entries: number }): string {
  const doc = stringify({ changelog: entries.map((text) => ({ text })) })
  const style = learnedFrom && learnedFrom.releases.length > 0 ? ` in the words of the ${learnedFrom.entries} entries of ${learnedFrom.releases[0]}–${learnedFrom.releases[learnedFrom.releases.length - 1]}'s summaries` : ''
  const header = `# yaml-language-server: $schema=../schema/changelog.schema.json\n# Drafted by \`cr release\`${style}: say why each change was made, merge related entries, then freeze.\n`
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
