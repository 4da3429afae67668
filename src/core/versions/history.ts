/**
 * Each rule's history across the releases: one step per release it exists
 * in, what changed in that release, and a sentence for the rule page:
 * "6.1.4 since v22.12; reworded in v25.04; sub-rules a–c added in v26.03".
 */
import { reasonClause } from './reason.ts'
import type { ResolvedRelease } from '../model/types.ts'
import { indexView } from '../render/document.ts'
import type { RuleKind } from '../types.ts'
import { diffReleases, type ChangeKind, type DiffEntry, type ExampleChange, type ReleaseDiff } from './diff.ts'
import { indexDiff, stepBack, type DiffIndex } from './lineage.ts'
import { followRetirement, type RetirementKind, type Retirements } from './retired.ts'
import type { WordPart } from './word-diff.ts'
import { andPhrase, code, joinPhrases, phrase, phraseText, type Phrase } from '../phrase.ts'

export interface HistoryStep {
  version: string
  effective: string
  /** The rule's ID and number in this release. */
  id: string
  number: string
  /** What changed since the previous release: `['added']` where it first appears, `[]` when unchanged. */
  changes: ChangeKind[]
  /** Its ID and number in the previous release, when either differs. */
  from?: { id: string; number: string }
  /** Old rules merged into it in this release (or that it was split from, when it is not the main part). */
  absorbed?: { id: string; number: string; change: 'merged' | 'split' }[]
  /** Child entries (sub-rules, steps) added in this release, by number. */
  childrenAdded?: string[]
  /** Child entries removed in this release, by their old number. */
  childrenRemoved?: string[]
  /** The word kind of those children, for sentences ("sub-rules", "steps"). */
  childKind?: RuleKind
  /** Text changes since the previous release. */
  wordDiff?: WordPart[]
  examples?: ExampleChange[]
}

export interface RuleHistory {
  /** The ID in the last release, or the retired ID. */
  id: string
  /** The first release it (or the rule it continues) appears in. */
  since: string
  steps: HistoryStep[]
  /** For an ID the last release no longer has: what happened to it, in which release. */
  retired?: { version: string; kind: RetirementKind; targets: string[]; reason?: string }
  summary: string
}

export interface HistoryOptions {
  /** Diffs between consecutive releases, if already computed (`diffs[i]` is releases[i] → releases[i+1]). */
  diffs?: ReleaseDiff[]
}

/**
 * Histories of every entry of the last release, and of every ID an earlier
 * release had that the last one does not. `releases` are chronological.
 */
export function buildHistory(models: readonly ResolvedRelease[], retired?: Retirements, options: HistoryOptions = {}): Map<string, RuleHistory> {
  const diffs = options.diffs ?? models.slice(1).map((doc, i) => diffReleases(models[i]!, doc, retired))
  const releases = models.map((m) => indexView(m))
  const indexes = diffs.map(indexDiff)
  const byId = releases.map((doc) => new Map(doc.rules.map((r) => [r.id, r])))
  const children = indexes.map(childChanges)
  const out = new Map<string, RuleHistory>()
  const last = releases.length - 1
  if (last < 0) return out

  for (const rule of releases[last]!.rules) out.set(rule.id, historyFrom(rule.id, last))

  // IDs that did not make it to the last release.
  for (let k = last - 1; k >= 0; k--) {
    for (const rule of releases[k]!.rules) {
      if (out.has(rule.id) || byId[k + 1]!.has(rule.id) || rule.kind === 'timing') continue
      const h = historyFrom(rule.id, k)
      const next = releases[k + 1]!
      const ix = indexes[k]!
      const trail = retired ? followRetirement(rule.id, retired, (id) => byId[k + 1]!.has(id)) : undefined
      const entry = trail?.steps[0]
      const moved = ix.diff.idMap[rule.id]
      if (entry) {
        h.retired = { version: next.release.version, kind: entry.kind, targets: entry.targets, ...(entry.reason !== undefined ? { reason: entry.reason } : {}) }
      } else if (moved !== undefined) {
        h.retired = { version: next.release.version, kind: 'renamed', targets: [moved], reason: 'matched by text; no retirement entry' }
      } else {
        h.retired = { version: next.release.version, kind: 'removed', targets: [] }
      }
      h.summary = summarize(h)
      out.set(rule.id, h)
    }
  }
  return out

  function historyFrom(id: string, at: number): RuleHistory {
    const steps: HistoryStep[] = []
    let cur: string | undefined = id
    for (let i = at; i >= 0 && cur !== undefined; i--) {
      const entry = byId[i]!.get(cur)!
      const doc = releases[i]!
      const step: HistoryStep = { version: doc.release.version, effective: doc.release.effective, id: cur, number: entry.number, changes: [] }
      let previous: string | undefined
      if (i === 0) {
        step.changes = ['added']
      } else {
        const back = stepBack(indexes[i - 1]!, cur, byId[i - 1]!.has(cur))
        previous = back.previous !== undefined && byId[i - 1]!.has(back.previous) ? back.previous : undefined
        const e = back.entry
        if (previous === undefined) step.changes = ['added']
        else if (e) step.changes = e.changes
        if (previous !== undefined) {
          const old = byId[i - 1]!.get(previous)
          if (old && (old.id !== cur || old.number !== entry.number)) step.from = { id: old.id, number: old.number }
        }
        if (back.absorbed.length > 0) {
          step.absorbed = back.absorbed.map((x) => ({ id: x.oldId!, number: x.oldNumber ?? '', change: x.changes.includes('merged') ? 'merged' : 'split' }))
        }
        if (e?.wordDiff) step.wordDiff = e.wordDiff
        else if (!e && previous === undefined && back.absorbed[0]?.wordDiff) step.wordDiff = back.absorbed[0].wordDiff
        if (e?.examples) step.examples = e.examples
        const kids = children[i - 1]!.get(cur)
        if (kids) {
          if (kids.added.length > 0) step.childrenAdded = kids.added
          if (kids.removed.length > 0) step.childrenRemoved = kids.removed
          step.childKind = kids.kind
        }
      }
      steps.unshift(step)
      cur = previous
    }
    const h: RuleHistory = { id, since: steps[0]!.version, steps, summary: '' }
    h.summary = summarize(h)
    return h
  }
}

function childChanges(ix: DiffIndex): Map<string, { added: string[]; removed: string[]; kind: RuleKind }> {
  const out = new Map<string, { added: string[]; removed: string[]; kind: RuleKind }>()
  const slot = (parent: string, kind: RuleKind) => {
    let s = out.get(parent)
    if (!s) out.set(parent, (s = { added: [], removed: [], kind }))
    return s
  }
  for (const e of ix.diff.entries) {
    if (e.parent === null) continue
    if (e.change === 'added') slot(e.parent, e.kind).added.push(e.newNumber!)
    else if (e.change === 'removed') slot(ix.diff.idMap[e.parent] ?? e.parent, e.kind).removed.push(e.oldNumber!)
  }
  return out
}

const CHILD_WORDS: Record<RuleKind, [string, string]> = {
  chapter: ['chapter', 'chapters'],
  section: ['section', 'sections'],
  rule: ['rule', 'rules'],
  subrule: ['sub-rule', 'sub-rules'],
  step: ['step', 'steps'],
  timing: ['step', 'steps'],
}

/** `6.1.4a, 6.1.4b, 6.1.4c` under `6.1.4` → `a–c`; `6.1.5, 6.1.6` → `6.1.5–6.1.6`. */
export function compactNumbers(numbers: readonly string[], parentNumber: string): string {
  const letters = numbers.map((n) => (n.startsWith(parentNumber) ? n.slice(parentNumber.length) : undefined))
  const useLetters = letters.every((l) => l !== undefined && /^[a-z]$/.test(l))
  const keys = useLetters ? (letters as string[]) : numbers
  const rank = (k: string) => (useLetters ? k.charCodeAt(0) : Number(/(\d+)$/.exec(k)?.[1] ?? NaN))
  const runs: string[][] = []
  for (const k of keys) {
    const run = runs[runs.length - 1]
    const prev = run?.[run.length - 1]
    if (run && prev !== undefined && rank(k) === rank(prev) + 1 && (useLetters || sameStem(k, prev))) run.push(k)
    else runs.push([k])
  }
  return runs.map((r) => (r.length === 1 ? r[0]! : r.length === 2 ? `${r[0]}, ${r[1]}` : `${r[0]}–${r[r.length - 1]}`)).join(', ')
}

/** `a`, `a and b`, `a, b and c`. */
export const andList = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`)

const sameStem = (a: string, b: string) => a.replace(/\d+$/, '') === b.replace(/\d+$/, '')

/** What changed in one step, as phrases ("renamed from `rule_x`", "reworded"), IDs as code parts. */
export function describeStepPhrases(step: HistoryStep): Phrase[] {
  const out: Phrase[] = []
  const ids = (list: readonly { id: string }[]) => andPhrase(list.map((a) => [code(a.id)]))
  const absorbed = step.absorbed ?? []
  const isNew = step.changes.includes('added')
  if (isNew && absorbed.length > 0) {
    const how = absorbed.every((a) => a.change === 'split') ? 'split from' : 'created from'
    out.push(phrase(`${how} `, ids(absorbed)))
  } else if (isNew) {
    out.push(phrase('added'))
  }
  if (step.changes.includes('renamed') && step.from) out.push(phrase('renamed from ', code(step.from.id)))
  if (step.changes.includes('split') && step.from) out.push(phrase('split from ', code(step.from.id)))
  if (!isNew && absorbed.length > 0) out.push(phrase(`${absorbed.some((a) => a.change === 'merged') ? 'absorbed' : 'took part of'} `, ids(absorbed)))
  if (step.changes.includes('moved') && step.from) out.push(phrase(`moved from ${step.from.number}`))
  else if (step.changes.includes('renumbered') && step.from) out.push(phrase(`renumbered from ${step.from.number}`))
  if (step.changes.includes('reworded')) out.push(phrase('reworded'))
  if (step.changes.includes('examples')) {
    const ex = step.examples ?? []
    out.push(phrase(ex.length > 0 && ex.every((x) => x.change === 'added') ? `example${ex.length > 1 ? 's' : ''} added` : 'examples changed'))
  }
  const childWords = CHILD_WORDS[step.childKind ?? 'subrule']
  for (const [list, verb] of [
    [step.childrenAdded, 'added'],
    [step.childrenRemoved, 'removed'],
  ] as const) {
    if (!list || list.length === 0) continue
    out.push(phrase(`${list.length === 1 ? childWords[0] : childWords[1]} ${compactNumbers(list, verb === 'added' ? step.number : (step.from?.number ?? step.number))} ${verb}`))
  }
  return out
}

/** `describeStepPhrases` as the CLI prints it: IDs in backticks. */
export function describeStep(step: HistoryStep): string[] {
  return describeStepPhrases(step).map(phraseText)
}

/**
 * A rule's history in one phrase ("6.1.4 since v22.12; reworded in v25.04;
 * renamed from `rule_x` in v26.03"). `name` relabels a version where it is
 * printed (the site says "the current rules" for `current`).
 */
export function summarizePhrase(h: RuleHistory, name: (version: string) => string = (v) => v): Phrase {
  const first = h.steps[0]!
  const lastStep = h.steps[h.steps.length - 1]!
  const origin = first.absorbed && first.absorbed.length > 0 ? phrase(' (', describeStepPhrases(first)[0] ?? [], ')') : []
  const head = h.retired
    ? phrase(`${lastStep.number} `, code(h.id), ` ${name(first.version)}–${name(lastStep.version)}`)
    : phrase(`${lastStep.number} since ${name(h.since)}`, origin)
  const parts: Phrase[] = [head]
  for (const step of h.steps.slice(1)) {
    const p = describeStepPhrases(step)
    if (p.length > 0) parts.push(phrase(joinPhrases(p, ', '), ` in ${name(step.version)}`))
  }
  if (h.retired) {
    const r = h.retired
    parts.push(
      r.kind === 'removed'
        ? phrase(`removed in ${name(r.version)}`, r.reason ? phrase(': ', reasonClause(r.reason)) : [])
        : phrase(`${r.kind === 'renamed' ? 'renamed to' : r.kind === 'merged' ? 'merged into' : 'split into'} `, andPhrase(r.targets.map((t) => [code(t)])), ` in ${name(r.version)}`),
    )
  } else if (parts.length === 1) {
    parts.push(phrase('unchanged'))
  }
  return joinPhrases(parts, '; ')
}

/** `summarizePhrase` as the CLI prints it. */
export function summarize(h: RuleHistory): string {
  return phraseText(summarizePhrase(h))
}
