/**
 * A first draft of the summary of changes, worded the way the rules team
 * words theirs (`changelog-style.ts`, learned from every held release): one
 * entry per added, removed, merged, split, moved or reworded rule, per
 * changed set of examples and per changed timing structure, each opening
 * with the team's verb in the team's tense, citing rules with `{ref:…}`, and
 * saying what the change is about in the rule's own words:
 *
 *   Added {ref:rule_reveal_not_turn_faceup} to clarify that revealing a card does not turn it faceup.
 *   Updated {ref:rule_region_swap} to clarify that an effect that moves a region upgrade …
 *   Removed the former rule 6.1.3 from {ref:sec_run_general}: superseded by 6.1.4.
 *
 * It is a draft: the editors make it say why. It never holds markup debris
 * (raw backticks, doubled periods, `{n}` marks, term definitions):
 * `changelog-lint.ts` checks, and the replay test runs it on six releases.
 */
import type { RuleEntry } from '../types.ts'
import type { DiffEntry, ReleaseDiff } from '../versions/diff.ts'
import { DEFAULT_STYLE, type ChangelogStyle } from './changelog-style.ts'
import type { ReleaseTexts } from './identity.ts'

export interface DraftContext {
  style?: ChangelogStyle
  /** The new release's texts (source markup), for the gist of each entry. */
  current?: ReleaseTexts
  /** Words the rules write in lower case somewhere: a sentence's first word is lowered only when it is one (`Méliès` stays). */
  lowercaseWords?: ReadonlySet<string>
  /** Entries of the new release, by ID (for parents of removed rules). */
  byId?: ReadonlyMap<string, RuleEntry>
}

const MAX_GIST_WORDS = 36

/** Sentences of a source text, markup kept whole (`e.g.`, `etc.` and numbers do not end one). */
export function sentences(source: string): string[] {
  const out: string[] = []
  let start = 0
  let depth = 0
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (c === '{') depth++
    else if (c === '}') depth = Math.max(0, depth - 1)
    else if (depth === 0 && /[.!?]/.test(c!) && (i + 1 === source.length || /\s/.test(source[i + 1]!))) {
      const before = source.slice(start, i + 1)
      if (/\b(e\.g|i\.e|etc|vs|cf)\.$/i.test(before) || /\b[A-Z]\.$/.test(before)) continue
      out.push(before.trim())
      start = i + 1
    }
  }
  if (source.slice(start).trim()) out.push(source.slice(start).trim())
  return out.filter(Boolean)
}

/** A sentence as a changelog clause: marks and term definitions dissolved, first word lowered where the rules lower it, no final stop. */
function clause(sentence: string, lower: ReadonlySet<string> | undefined): string {
  let s = sentence
    .replace(/\{\/?n\}/g, '')
    .replace(/\{term:([^{}]*)\}/g, '$1')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.:;,!?]+$/, '')
  const words = s.split(' ')
  if (words.length > MAX_GIST_WORDS) {
    // Cut at the last comma or semicolon before the limit where no markup, parenthesis or quote is left
    // open: a clause ends there. With none, the whole sentence stays — never cut mid-phrase (it gave
    // "… or if there is a piece of ice in the process.").
    const cut = words.slice(0, MAX_GIST_WORDS).join(' ')
    const balanced = (t: string) => count(t, '{') === count(t, '}') && count(t, '(') === count(t, ')') && count(t, '"') % 2 === 0
    let end = -1
    for (let i = cut.length; i > cut.length / 2 && end === -1; i--) if ((cut[i] === ',' || cut[i] === ';') && balanced(cut.slice(0, i))) end = i
    if (end !== -1) s = cut.slice(0, end).replace(/[\s.:;,(]+$/, '')
  }
  const first = /^[A-Z][a-z'’-]*/.exec(s)?.[0]
  if (first && lower?.has(first.toLowerCase()) && first !== 'I') s = first.toLowerCase() + s.slice(first.length)
  return s
}

function gist(text: string | undefined, lower: ReadonlySet<string> | undefined, prefer?: ReadonlySet<string>): string | undefined {
  if (!text) return undefined
  const all = sentences(text)
  if (all.length === 0) return undefined
  // A rewording: the sentence with the most new words.
  let best = all[0]!
  if (prefer && prefer.size > 0) {
    let score = -1
    for (const s of all) {
      const n = (s.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).filter((w) => prefer.has(w)).length
      if (n > score) {
        score = n
        best = s
      }
    }
  }
  const c = clause(best, lower)
  return c.split(' ').length >= 3 ? c : undefined
}

const count = (t: string, c: string) => t.split(c).length - 1
const ref = (ids: readonly string[]) => `{ref:${ids.join(',')}}`
const ownTextChanged = (e: DiffEntry) => e.changes.includes('added') || e.changes.includes('reworded') || ((e.change === 'merged' || e.change === 'split') && e.wordDiff !== undefined)
/** Words a rewording added, lowercased. */
const addedWords = (e: DiffEntry) => new Set((e.wordDiff ?? []).filter((p) => p.added).flatMap((p) => p.value.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []))
const sentence = (s: string) => `${s.replace(/[.\s]+$/, '')}.`

export function draftChangelog(diff: ReleaseDiff, context: DraftContext = {}): string[] {
  const style = context.style ?? DEFAULT_STYLE
  const v = style.verbs
  const lower = context.lowercaseWords
  const textOf = (id: string) => context.current?.entries.get(id)?.text?.source
  const about = (id: string, prefer?: ReadonlySet<string>) => {
    const g = gist(textOf(id), lower, prefer)
    if (!g) return ''
    // A pointer ("See {ref:x} for …") is said as one.
    const pointer = /^(?:see|refer to)(\s+also)?\s+(.*)$/i.exec(g)
    return pointer ? ` to refer${pointer[1] ? ' also' : ''} to ${pointer[2]}` : ` ${style.purpose} that ${g}`
  }
  const out: string[] = []
  const added = new Set(diff.entries.filter((e) => e.change === 'added').map((e) => e.id))
  const removed = new Set(diff.entries.filter((e) => e.change === 'removed').map((e) => e.id))
  const timingDone = new Set<string>()
  for (const e of diff.entries) {
    if (e.kind === 'timing') {
      // The structure's section: the diff names it (a timing element's ID is positional, not a path to split).
      const section = e.section ?? e.id
      if (!timingDone.has(section) && (ownTextChanged(e) || e.change === 'removed')) {
        timingDone.add(section)
        out.push(sentence(`${v.update} the timing structure in ${ref([section])}`))
      }
      continue
    }
    if (e.kind === 'chapter' || (e.kind === 'section' && e.change !== 'added' && e.change !== 'removed')) continue
    if (e.change === 'added') {
      // Sub-rules added with their parent are the parent's entry.
      if (e.parent !== null && added.has(e.parent)) continue
      out.push(sentence(`${v.add} ${ref([e.id])}${about(e.id)}`))
    } else if (e.change === 'removed') {
      if (e.parent !== null && removed.has(e.parent)) continue
      const from = e.parent !== null && context.byId?.has(e.parent) ? ` from ${ref([e.parent])}` : ''
      const reason = e.reason ? `: ${clause(e.reason, lower)}` : ''
      out.push(sentence(`${v.remove} the former ${e.kind === 'section' ? 'section' : 'rule'} ${e.oldNumber}${from}${reason}`))
    } else if (e.changes.includes('merged')) {
      out.push(sentence(`${v.merge} the former rule ${e.oldNumber} into ${ref([e.id])}`))
    } else if (e.changes.includes('split')) {
      out.push(sentence(`${v.split} the former rule ${e.oldNumber} into ${ref(e.targets ?? [e.id])}`))
    } else if (e.changes.includes('reworded')) {
      const was = e.changes.includes('moved') || e.changes.includes('renamed') ? ` (formerly ${e.oldNumber})` : ''
      out.push(sentence(`${v.update} ${ref([e.id])}${was}${about(e.id, addedWords(e))}`))
    } else if (e.changes.includes('moved') && e.parent !== null && e.oldParent !== e.parent) {
      out.push(sentence(`${v.move} ${ref([e.id])} (formerly ${e.oldNumber}) into ${ref([e.parent])}`))
    } else if (e.changes.includes('examples')) {
      const kinds = new Set((e.examples ?? []).map((x) => x.change))
      const what = kinds.size === 1 && kinds.has('added') ? `${v.add} ${(e.examples ?? []).length === 1 ? 'an example' : 'examples'} to` : kinds.size === 1 && kinds.has('removed') ? `${v.remove} ${(e.examples ?? []).length === 1 ? 'an example' : 'examples'} from` : `${v.update} the examples of`
      out.push(sentence(`${what} ${ref([e.id])}`))
    }
  }
  return [...new Set(out)]
}
