/**
 * `diffReleases(a, b, retired)`: what changed between two compiled releases.
 *
 * Entries are matched by ID first; an ID that disappeared is followed through
 * the retirement file (renamed, merged, split, removed); what is still
 * unmatched is paired by text similarity (a rename nobody wrote down yet,
 * flagged `inferred`). Chapter-11 timing elements have positional IDs, so
 * they are aligned by text within their section instead.
 *
 * Releases come as resolved models: texts are compared in the canonical style
 * (references as the IDs they name, so a renumbering is never a rewording) and
 * shown in the published one (the index view).
 */
import { diffArrays } from 'diff'
import type { ResolvedRelease } from '../model/types.ts'
import { comparedTexts, type ComparableEntry } from '../render/canonical.ts'
import { entryRuns, type EntryRuns } from '../render/runs.ts'
import { indexView } from '../render/document.ts'
import type { RuleEntry, RuleKind } from '../types.ts'
import { similarity } from './similarity.ts'
import { followRetirement, type RetiredEntry, type Retirements } from './retired.ts'
import { wholePart, wordDiff, type WordPart } from './word-diff.ts'

export type ChangeKind =
  | 'added'
  | 'removed'
  | 'renamed'
  | 'merged'
  | 'split'
  | 'moved'
  | 'renumbered'
  | 'reworded'
  | 'examples'

/** Order of precedence: an entry's `change` is the first of its `changes` in this order. */
export const CHANGE_KINDS: readonly ChangeKind[] = ['added', 'removed', 'renamed', 'merged', 'split', 'moved', 'reworded', 'examples', 'renumbered']

/** A change kind in words, as reports and pages print it: `reworded`, `examples changed`. */
export const changeLabel = (k: ChangeKind): string => (k === 'examples' ? 'examples changed' : k)

export interface ExampleChange {
  change: 'added' | 'removed' | 'reworded'
  /** 1-based position in the new release (in the old one for `removed`). */
  index: number
  wordDiff: WordPart[]
}

export interface DiffEntry {
  /** The most telling change, for one-word labels. */
  change: ChangeKind
  /** Every change that applies, in `CHANGE_KINDS` order (a rule can be renamed, moved and reworded). */
  changes: ChangeKind[]
  /** The ID in the new release; the old ID for `removed`. */
  id: string
  /** The ID in the old release, when it differs (renamed, merged, split, shifted timing elements). */
  oldId?: string
  kind: RuleKind
  oldNumber?: string
  newNumber?: string
  /** Chapter ID (new release; old release for `removed`), for grouping. */
  chapter: string
  /** Section ID (same release as `chapter`); null for chapters. */
  section: string | null
  /** Parent ID in the new release (old release for `removed`). */
  parent: string | null
  /** `moved`: the old parent, as its ID in the new release when it still exists. */
  oldParent?: string | null
  /** Heading title, for chapters, sections and heading rules. */
  title?: string
  /** `split`: every rule the old one was divided between. */
  targets?: string[]
  /** `removed`: why (from the retirement file); renamed/merged/split: its note. */
  reason?: string
  /** Matched by text similarity, not by the retirement file. */
  inferred?: boolean
  /** Old text → new text (all added for `added`, all removed for `removed`); absent when the text did not change. */
  wordDiff?: WordPart[]
  examples?: ExampleChange[]
}

export interface ReleaseSide {
  version: string
  effective: string
}

export type DiffCounts = Record<ChangeKind, number>

export interface DiffChapter {
  id: string
  number: string
  title: string
}

export interface ReleaseDiff {
  from: ReleaseSide
  to: ReleaseSide
  /** In reading order of the new release; removed entries where they used to be. */
  entries: DiffEntry[]
  /** How many entries have each change (an entry counts once per change it has). */
  counts: DiffCounts
  /** Chapters of the new release (then any the old one had alone), for grouping. */
  chapters: DiffChapter[]
  /** Old ID → new ID for every entry that changed ID. Unlisted IDs kept theirs, or are gone. */
  idMap: Record<string, string>
}

export interface DiffOptions {
  /** Pair unexplained disappearances with new entries by text (default true). */
  inferRenames?: boolean
  /**
   * The first release is the newer one (`cr diff v26.03 v24.03`): the diff is the forward diff
   * inverted — added and removed swapped, merged and split swapped, renames and numbers back.
   */
  backward?: boolean
}

type How = 'same' | 'renamed' | 'merged' | 'split' | 'timing'

interface Pair {
  a: RuleEntry
  b: RuleEntry
  how: How
  inferred?: boolean
  retirement?: RetiredEntry
}

/** What a pairing made forward in time is when read backward. */
const INVERSE: Record<How, How> = { same: 'same', renamed: 'renamed', merged: 'split', split: 'merged', timing: 'timing' }

/**
 * Which entries of `a` (the older release) became which of `b`: by ID, then through the
 * retirement file, then by text, then timing elements by their place. `removedReason`: entries
 * of `a` the retirement file removed, with why.
 */
function matchReleases(
  a: { rules: RuleEntry[] },
  b: { rules: RuleEntry[] },
  cmpA: (e: RuleEntry) => ComparableEntry,
  cmpB: (e: RuleEntry) => ComparableEntry,
  retired: Retirements | undefined,
  options: DiffOptions,
): { pairs: Pair[]; removedReason: Map<string, string | undefined> } {
  const aById = new Map(a.rules.map((r) => [r.id, r]))
  const bById = new Map(b.rules.map((r) => [r.id, r]))
  const isTiming = (e: RuleEntry | undefined) => e?.kind === 'timing'
  const pairs: Pair[] = []
  const pairedA = new Set<string>()
  const claimedB = new Set<string>()
  const removedReason = new Map<string, string | undefined>()
  // Old ID → new ID; a split rule forwards to its first part.
  const forward = new Map<string, string>()
  const pair = (p: Pair) => {
    pairs.push(p)
    pairedA.add(p.a.id)
    claimedB.add(p.b.id)
    if (!forward.has(p.a.id)) forward.set(p.a.id, p.b.id)
  }

  // 1. Same ID.
  for (const e of a.rules) {
    const other = bById.get(e.id)
    if (!isTiming(e) && other && !isTiming(other)) pair({ a: e, b: other, how: 'same' })
  }

  // 2. The retirement file.
  const inB = (id: string) => bById.has(id) && !isTiming(bById.get(id))
  for (const e of a.rules) {
    if (isTiming(e) || pairedA.has(e.id) || !retired) continue
    const trail = followRetirement(e.id, retired, inB)
    const first = trail.steps[0]
    if (!first) continue
    const last = trail.steps[trail.steps.length - 1]!
    if (trail.end === 'removed') {
      removedReason.set(e.id, last.reason)
      pairedA.add(e.id)
      continue
    }
    if (trail.end !== 'found' || trail.id === undefined) continue
    const kinds = trail.steps.map((s) => s.kind)
    const how: How = kinds.includes('merged') ? 'merged' : kinds.includes('split') ? 'split' : 'renamed'
    const split = trail.steps.length === 1 && first.kind === 'split' ? first.targets.filter(inB) : [trail.id]
    for (const t of split) pair({ a: e, b: bById.get(t)!, how, retirement: last })
  }

  // 3. What is left, by text.
  if (options.inferRenames !== false) {
    const leftA = a.rules.filter((e) => !isTiming(e) && !pairedA.has(e.id) && !bById.has(e.id))
    const leftB = b.rules.filter((e) => !isTiming(e) && !claimedB.has(e.id) && !aById.has(e.id))
    const forwardParent = (id: string | null) => (id === null ? null : (forward.get(id) ?? id))
    const candidates: { x: RuleEntry; y: RuleEntry; score: number }[] = []
    for (const x of leftA) {
      const tx = cmpA(x).text
      if (tx.length < 20) continue
      for (const y of leftB) {
        if (x.kind !== y.kind && !(isRuleLike(x.kind) && isRuleLike(y.kind))) continue
        const ty = cmpB(y).text
        if (ty.length < 20) continue
        // Cheap bound first: very different lengths cannot reach the threshold.
        if (Math.min(tx.length, ty.length) / Math.max(tx.length, ty.length) < RENAME_SIMILARITY_IN_PLACE) continue
        const score = similarity(tx, ty)
        const inPlace = x.number === y.number && forwardParent(x.parent) === y.parent
        if (score >= RENAME_SIMILARITY || (inPlace && score >= RENAME_SIMILARITY_IN_PLACE)) candidates.push({ x, y, score })
      }
    }
    candidates.sort((p, q) => q.score - p.score || order(p.x, q.x) || order(p.y, q.y))
    for (const { x, y } of candidates) {
      if (pairedA.has(x.id) || claimedB.has(y.id)) continue
      pair({ a: x, b: y, how: 'renamed', inferred: true })
    }
  }

  // 4. Timing elements, aligned by text within their section.
  alignTiming(a, b, forward, cmpA, cmpB, pair)
  return { pairs, removedReason }
}

/** Texts this close are the same rule under a new ID. */
const RENAME_SIMILARITY = 0.8
/** …or this close when the rule also kept its number and parent. */
const RENAME_SIMILARITY_IN_PLACE = 0.5
/** Timing elements in the same changed stretch this close are one element reworded. */
const TIMING_SIMILARITY = 0.5

export function emptyCounts(): DiffCounts {
  return Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as DiffCounts
}

export function diffReleases(modelA: ResolvedRelease, modelB: ResolvedRelease, retired?: Retirements, options: DiffOptions = {}): ReleaseDiff {
  const a = indexView(modelA)
  const b = indexView(modelB)
  const canonA = comparedTexts(modelA)
  const canonB = comparedTexts(modelB)
  // A reference compares by the rule it names, followed through the retirements: `{ref:rule_x}` before
  // and `{ref:rule_y}` after a rename of rule_x to rule_y is the same reference (it was `reworded`, and
  // `cr release --draft` wrote a changelog entry the mark check did not count).
  // The older side's references are followed (B's, seen backward), so a diff and its inverse agree.
  const followed = (canon: ReadonlyMap<string, ComparableEntry>, other: ReadonlyMap<string, ComparableEntry>) => {
    const through = referencesThrough(retired, (id) => other.has(id))
    const comparable = new Map<string, ComparableEntry>()
    return (e: RuleEntry) => {
      let c = comparable.get(e.id)
      if (!c) {
        const raw = canon.get(e.id)!
        c = { text: through(raw.text), examples: raw.examples.map(through) }
        comparable.set(e.id, c)
      }
      return c
    }
  }
  const plain = (canon: ReadonlyMap<string, ComparableEntry>) => (e: RuleEntry) => canon.get(e.id)!
  const cmpA = options.backward ? plain(canonA) : followed(canonA, canonB)
  const cmpB = options.backward ? followed(canonB, canonA) : plain(canonB)
  // Word diffs are made of runs, so the symbols in them stay symbols (pages draw their icons from data).
  const runsA = entryRuns(modelA)
  const runsB = entryRuns(modelB)
  const texts: RunsOf = { a: (e) => runsA(e.id) ?? plainRuns(e), b: (e) => runsB(e.id) ?? plainRuns(e) }

  // Rules are matched in the order they were written: the retirement file and the text pairing follow
  // time forward. From a newer release to an older one, the forward matching is made, then inverted:
  // what was added is removed, a merge is a split, a rename goes back to the old ID.
  let pairs: Pair[]
  let removedReason: Map<string, string | undefined>
  let addedReason = new Map<string, string | undefined>()
  if (options.backward) {
    const m = matchReleases(b, a, cmpB, cmpA, retired, options)
    pairs = m.pairs.map((p) => ({ ...p, a: p.b, b: p.a, how: INVERSE[p.how] }))
    removedReason = new Map()
    addedReason = m.removedReason
  } else {
    ;({ pairs, removedReason } = matchReleases(a, b, cmpA, cmpB, retired, options))
  }
  const pairedA = new Set([...pairs.map((p) => p.a.id), ...removedReason.keys()])
  const claimedB = new Set(pairs.map((p) => p.b.id))
  // Old ID → new ID; a split rule forwards to its first part.
  const forward = new Map<string, string>()
  for (const p of pairs) if (!forward.has(p.a.id)) forward.set(p.a.id, p.b.id)
  // Every part of a split, when the retirement file does not list them (a merge seen backward).
  const parts = new Map<string, string[]>()
  for (const p of pairs) if (p.how === 'split') parts.set(p.a.id, [...(parts.get(p.a.id) ?? []), p.b.id])

  // Entries.
  const entries: { entry: DiffEntry; key: number }[] = []
  const bIndex = new Map(b.rules.map((r, i) => [r.id, i]))
  for (const p of pairs) {
    const entry = pairEntry(p, forward, cmpA, cmpB, texts, parts)
    if (entry) entries.push({ entry, key: bIndex.get(p.b.id)! })
  }
  for (const e of b.rules) {
    if (claimedB.has(e.id)) continue
    const entry = addedEntry(e, texts.b(e))
    // Seen backward, a rule the retirement file removed comes back: its reason says why it is gone today.
    const reason = addedReason.get(e.id)
    if (reason !== undefined) entry.reason = reason
    entries.push({ entry, key: bIndex.get(e.id)! })
  }
  // A removed entry sorts right after the closest earlier entry that survived (after all its parts, if split).
  const lastPlace = new Map<string, number>()
  for (const p of pairs) lastPlace.set(p.a.id, Math.max(lastPlace.get(p.a.id) ?? -1, bIndex.get(p.b.id)!))
  let lastKey = -1
  a.rules.forEach((e, i) => {
    lastKey = lastPlace.get(e.id) ?? lastKey
    if (pairedA.has(e.id) && !removedReason.has(e.id)) return
    const entry = removedEntry(e, texts.a(e))
    const reason = removedReason.get(e.id)
    if (reason !== undefined) entry.reason = reason
    entries.push({ entry, key: lastKey + 0.5 + i / (a.rules.length * 2) })
  })
  entries.sort((p, q) => p.key - q.key)

  const counts = emptyCounts()
  for (const { entry } of entries) for (const c of entry.changes) counts[c]++
  const idMap: Record<string, string> = {}
  for (const [from, to] of forward) if (from !== to) idMap[from] = to

  const chapters: DiffChapter[] = b.rules.filter((r) => r.kind === 'chapter').map(chapterOf)
  for (const r of a.rules) if (r.kind === 'chapter' && !chapters.some((c) => c.id === r.id)) chapters.push(chapterOf(r))

  return {
    from: { version: a.release.version, effective: a.release.effective },
    to: { version: b.release.version, effective: b.release.effective },
    entries: entries.map((e) => e.entry),
    counts,
    chapters,
    idMap,
  }
}

/** The entries of a diff by chapter, in chapter order; chapters without changes are left out. */
export function groupByChapter(diff: ReleaseDiff): { chapter: DiffChapter; entries: DiffEntry[] }[] {
  return diff.chapters
    .map((chapter) => ({ chapter, entries: diff.entries.filter((e) => e.chapter === chapter.id) }))
    .filter((g) => g.entries.length > 0)
}

const isRuleLike = (k: RuleKind) => k === 'rule' || k === 'subrule' || k === 'step'

function chapterOf(r: RuleEntry): DiffChapter {
  return { id: r.id, number: r.number, title: r.title ?? r.text }
}

function order(x: RuleEntry, y: RuleEntry): number {
  return x.id < y.id ? -1 : x.id > y.id ? 1 : 0
}

function memo<K extends object, V>(f: (k: K) => V): (k: K) => V {
  const cache = new WeakMap<K, V>()
  return (k) => {
    let v = cache.get(k)
    if (v === undefined) {
      v = f(k)
      cache.set(k, v)
    }
    return v
  }
}

function base(e: RuleEntry): Pick<DiffEntry, 'id' | 'kind' | 'chapter' | 'section' | 'parent'> & { title?: string } {
  return { id: e.id, kind: e.kind, chapter: e.chapter, section: e.section, parent: e.parent, ...(e.title !== undefined ? { title: e.title } : {}) }
}

/** An entry's texts as runs, on either side of a diff. */
interface RunsOf {
  a: (e: RuleEntry) => EntryRuns
  b: (e: RuleEntry) => EntryRuns
}

/** An index entry the model does not have (never expected): its printed texts. */
const plainRuns = (e: RuleEntry): EntryRuns => ({ text: e.text ? [e.text] : [], examples: e.examples.map((x) => [x.text]) })

function addedEntry(e: RuleEntry, runs: EntryRuns): DiffEntry {
  const entry: DiffEntry = { change: 'added', changes: ['added'], ...base(e), newNumber: e.number }
  if (e.text) entry.wordDiff = [wholePart(runs.text, { added: true })]
  if (e.examples.length > 0) entry.examples = e.examples.map((_, i) => ({ change: 'added', index: i + 1, wordDiff: [wholePart(runs.examples[i]!, { added: true })] }))
  return entry
}

function removedEntry(e: RuleEntry, runs: EntryRuns): DiffEntry {
  const entry: DiffEntry = { change: 'removed', changes: ['removed'], ...base(e), oldNumber: e.number }
  if (e.text) entry.wordDiff = [wholePart(runs.text, { removed: true })]
  return entry
}

function pairEntry(
  p: Pair,
  forward: ReadonlyMap<string, string>,
  cmpA: (e: RuleEntry) => ComparableEntry,
  cmpB: (e: RuleEntry) => ComparableEntry,
  texts: RunsOf,
  parts: ReadonlyMap<string, string[]>,
): DiffEntry | undefined {
  const { a, b } = p
  const changes = new Set<ChangeKind>()
  if (p.how === 'renamed' || p.how === 'merged' || p.how === 'split') changes.add(p.how)
  const oldParent = a.parent === null ? null : (forward.get(a.parent) ?? a.parent)
  // Merged and split rules have a new home by definition; say so once.
  if (p.how !== 'merged' && p.how !== 'split') {
    if (oldParent !== b.parent) changes.add('moved')
    else if (a.number !== b.number) changes.add('renumbered')
  }
  const ca = cmpA(a)
  const cb = cmpB(b)
  // Reworded when the printed text changed, and not only by the numbers it cites.
  if (a.text !== b.text && ca.text !== cb.text) changes.add('reworded')
  const examples = diffExamples(a, b, ca, cb, texts)
  if (examples.length > 0) changes.add('examples')
  if (changes.size === 0) return undefined

  const list = CHANGE_KINDS.filter((k) => changes.has(k))
  const entry: DiffEntry = { change: list[0]!, changes: list, ...base(b) }
  if (a.id !== b.id) entry.oldId = a.id
  entry.oldNumber = a.number
  entry.newNumber = b.number
  if (changes.has('moved')) entry.oldParent = oldParent
  if (p.how === 'split') {
    const targets = p.retirement?.kind === 'split' ? p.retirement.targets : parts.get(a.id)
    if (targets) entry.targets = targets
  }
  if (p.retirement?.reason !== undefined) entry.reason = p.retirement.reason
  if (p.inferred) entry.inferred = true
  if (a.text !== b.text && (changes.has('reworded') || p.how === 'merged' || p.how === 'split')) entry.wordDiff = wordDiff(texts.a(a).text, texts.b(b).text)
  if (examples.length > 0) entry.examples = examples
  return entry
}

function diffExamples(a: RuleEntry, b: RuleEntry, ca: ComparableEntry, cb: ComparableEntry, texts: RunsOf): ExampleChange[] {
  const same = (i: number, j: number) => ca.examples[i] === cb.examples[j] || a.examples[i]!.text === b.examples[j]!.text
  if (ca.examples.length === cb.examples.length && ca.examples.every((_, i) => same(i, i))) return []
  const out: ExampleChange[] = []
  alignSequences(ca.examples, cb.examples, (i, j) => similarity(ca.examples[i]!, cb.examples[j]!) >= TIMING_SIMILARITY, {
    same: () => {},
    changed: (i, j) => {
      if (!same(i, j)) out.push({ change: 'reworded', index: j + 1, wordDiff: wordDiff(texts.a(a).examples[i]!, texts.b(b).examples[j]!) })
    },
    removed: (i) => out.push({ change: 'removed', index: i + 1, wordDiff: [wholePart(texts.a(a).examples[i]!, { removed: true })] }),
    added: (j) => out.push({ change: 'added', index: j + 1, wordDiff: [wholePart(texts.b(b).examples[j]!, { added: true })] }),
  })
  return out
}

/**
 * Walk an alignment of two lists of comparable strings: equal items are
 * `same`; inside each changed stretch, items `close` pairs are `changed`
 * (greedy, in order), the rest `removed` or `added`.
 */
function alignSequences(
  olds: string[],
  news: string[],
  close: (i: number, j: number) => boolean,
  on: { same(i: number, j: number): void; changed(i: number, j: number): void; removed(i: number): void; added(j: number): void },
): void {
  let i = 0
  let j = 0
  let removed: number[] = []
  let added: number[] = []
  const flush = () => {
    let k = 0
    for (const r of removed) {
      const at = added.findIndex((x, n) => n >= k && close(r, x))
      if (at === -1) {
        on.removed(r)
        continue
      }
      for (const x of added.slice(k, at)) on.added(x)
      on.changed(r, added[at]!)
      k = at + 1
    }
    for (const x of added.slice(k)) on.added(x)
    removed = []
    added = []
  }
  for (const part of diffArrays(olds, news)) {
    const n = part.count ?? part.value.length
    if (part.removed) for (let k = 0; k < n; k++) removed.push(i++)
    else if (part.added) for (let k = 0; k < n; k++) added.push(j++)
    else {
      flush()
      for (let k = 0; k < n; k++) on.same(i++, j++)
    }
  }
  flush()
}

function alignTiming(
  a: { rules: RuleEntry[] },
  b: { rules: RuleEntry[] },
  forward: ReadonlyMap<string, string>,
  cmpA: (e: RuleEntry) => ComparableEntry,
  cmpB: (e: RuleEntry) => ComparableEntry,
  pair: (p: Pair) => void,
): void {
  const bySection = (rules: RuleEntry[], key: (e: RuleEntry) => string | null) => {
    const m = new Map<string, RuleEntry[]>()
    for (const e of rules) {
      if (e.kind !== 'timing') continue
      const k = key(e)
      if (k === null) continue
      m.set(k, [...(m.get(k) ?? []), e])
    }
    return m
  }
  const olds = bySection(a.rules, (e) => (e.section === null ? null : (forward.get(e.section) ?? e.section)))
  const news = bySection(b.rules, (e) => e.section)
  for (const [section, ys] of news) {
    const xs = olds.get(section)
    if (!xs) continue
    // Depth is part of the key: a step that became a sub-step is a change.
    const keyA = xs.map((e) => `${e.depth}|${cmpA(e).text}`)
    const keyB = ys.map((e) => `${e.depth}|${cmpB(e).text}`)
    const match = (i: number, j: number) => pair({ a: xs[i]!, b: ys[j]!, how: 'timing' })
    const removed: number[] = []
    const added: number[] = []
    alignSequences(keyA, keyB, (i, j) => xs[i]!.depth === ys[j]!.depth && similarity(cmpA(xs[i]!).text, cmpB(ys[j]!).text) >= TIMING_SIMILARITY, {
      same: match,
      changed: match,
      removed: (i) => removed.push(i),
      added: (j) => added.push(j),
    })
    // Elements that swapped places ("switched yes and no branches") keep their text.
    for (const i of removed) {
      const k = added.findIndex((j) => keyA[i] === keyB[j])
      if (k === -1) continue
      match(i, added[k]!)
      added.splice(k, 1)
    }
  }
}

/**
 * A canonical text (references written as IDs) with each ID that is retired, and not in the release
 * compared with, replaced by the ID it leads to there: the one comparison of a reference across a rename.
 */
export function referencesThrough(retired: Retirements | undefined, exists: (id: string) => boolean): (text: string) => string {
  if (!retired || retired.byId.size === 0) return (text) => text
  return (text) =>
    text.replace(/\b[a-z][A-Za-z0-9_]*\+?/g, (id) => {
      if (exists(id) || !retired.byId.has(id)) return id
      const trail = followRetirement(id, retired, exists)
      return trail.end === 'found' ? trail.id! : id
    })
}
