/**
 * The retirement file (`rules/retired.yaml`, schema `schema/retired.schema.json`):
 * every ID some release defined that the current rules no longer do, and
 * where it went. Renamed, merged and split IDs keep working as redirects.
 *
 * Validation is written out here rather than run through ajv so each problem
 * gets one message in our words; `tests/versions/retired.test.ts` checks the
 * JSON schema agrees.
 */
import type { DiagnosticCode } from '../codes.ts'
import { diagnostic, sortDiagnostics } from '../diagnostics.ts'
import { RELEASE_NAME } from '../ids.ts'
import { phraseText } from '../phrase.ts'
import { reasonPhrase, reasonRefs, type NumberOf } from './reason.ts'
import { readSource } from '../recovery/recover.ts'
import type { Diagnostic, Place, SourceFile, SourceRef } from '../types.ts'

export type RetirementKind = 'renamed' | 'merged' | 'split' | 'removed'

export interface RetiredEntry {
  /** The retired ID, as the release spelled it. */
  id: string
  /** The last release that defines it. */
  release: string
  kind: RetirementKind
  /** Where it went: one ID (renamed, merged), several (split; the first is the redirect), none (removed). */
  targets: string[]
  /**
   * `removed`: the reason. Otherwise the optional `note`. Words, where a rule
   * is named as in the rules' own text: `{ref:ID}` (see `reasonPhrase`).
   */
  reason?: string
  /** Where the reason is written (set with `reason`). */
  reasonSource?: SourceRef
  /** Where each `{ref:ID}` of the reason is written (its `{`), in order; the reason's place when the file's text is not at hand. */
  reasonRefSources?: SourceRef[]
  source: SourceRef
  /** Where `release` is written. */
  releaseSource: SourceRef
  /** Where each target is written, for diagnostics. */
  targetSources: SourceRef[]
}

export interface Retirements {
  file: string
  entries: RetiredEntry[]
  byId: ReadonlyMap<string, RetiredEntry>
  /** IDs of entries dropped for schema errors: already reported, so not "missing" too. */
  invalid?: ReadonlySet<string>
  /** The file does not load: its one message says why, and no release ID is "missing" until it does. */
  unreadable?: true
  /** Where a new entry goes: the line after the file's last (a note pointing at line 1 showed the modeline). */
  appendAt?: { line: number; column: number }
}

/** Line and column of a JSON path in the file (the house YAML loader provides this). */
export type Locate = (path: (string | number)[]) => { line: number; column: number }

const KEYS = ['id', 'release', 'renamed_to', 'merged_into', 'split_into', 'removed', 'note'] as const
const WHERE = ['renamed_to', 'merged_into', 'split_into', 'removed'] as const
// The ID grammar of `schema/chapter.schema.json`; retired IDs may keep the stray `.` v24.03 had.
const TARGET_ID = /^[a-z][A-Za-z0-9_]*\+?$/
const OLD_ID = /^[a-z][A-Za-z0-9_]*[+.]?$/

export function emptyRetirements(file = 'retired.yaml'): Retirements {
  return { file, entries: [], byId: new Map() }
}

/** Build the retirement table from the file's data; problems become diagnostics. */
export function readRetirements(data: unknown, file: string, locate: Locate, text?: string): { retirements: Retirements; messages: Diagnostic[] } {
  const messages: Diagnostic[] = []
  const at = (path: (string | number)[]): Place => {
    const { line, column } = locate(path)
    return { file, line, column }
  }
  const problem = (code: DiagnosticCode, path: (string | number)[], message: string, suggestions?: string[]) =>
    messages.push(diagnostic(code, 'error', at(path), message, { path, ...(suggestions ? { suggestions } : {}) }))
  const entries: RetiredEntry[] = []
  const byId = new Map<string, RetiredEntry>()
  const invalid = new Set<string>()

  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
  if (data === null || data === undefined) return { retirements: { file, entries, byId }, messages }
  if (!isObject(data)) {
    problem('schema-type', [], 'Unexpected value at the top of the file, expected a mapping with `retired:`')
    return { retirements: { file, entries, byId }, messages }
  }
  for (const key of Object.keys(data)) {
    if (key !== 'retired' && key !== '$schema') problem('schema-unknown-key', [key], `Unexpected key \`${key}\`, expected \`retired\``)
  }
  const list = data.retired
  if (list === undefined) problem('schema-missing-key', [], 'Missing key `retired`, expected a list of retired IDs')
  else if (!Array.isArray(list)) problem('schema-type', ['retired'], 'Unexpected value for `retired`, expected a list')

  for (const [i, item] of (Array.isArray(list) ? list : []).entries()) {
    const path = ['retired', i]
    if (!isObject(item)) {
      problem('schema-type', path, 'Unexpected value, expected a mapping with `id`, `release` and where the ID went')
      continue
    }
    let ok = true
    let misspeltWhere = false
    for (const key of Object.keys(item)) {
      if (!(KEYS as readonly string[]).includes(key)) {
        const near = KEYS.filter((k) => k.startsWith(key.slice(0, 3)))
        if (near.some((k) => (WHERE as readonly string[]).includes(k))) misspeltWhere = true
        problem('schema-unknown-key', [...path, key], `Unexpected key \`${key}\`, expected one of ${KEYS.map((k) => `\`${k}\``).join(', ')}`, near)
        ok = false
      }
    }
    const str = (key: string, pattern?: RegExp, expected?: string) => {
      const v = item[key]
      if (v === undefined) return undefined
      if (typeof v !== 'string' || v.trim() === '') {
        problem('schema-type', [...path, key], `Unexpected value for \`${key}\`, expected ${expected ?? 'text'}`)
        ok = false
        return undefined
      }
      if (pattern && !pattern.test(v)) {
        problem(key === 'release' ? 'schema-invalid' : 'schema-id-pattern', [...path, key], `Unexpected \`${v}\` for \`${key}\`, expected ${expected}`)
        ok = false
        return undefined
      }
      return v
    }
    const id = str('id', OLD_ID, 'an ID (a lowercase letter, then letters, digits and `_`)')
    const release = str('release', RELEASE_NAME, 'a release name like `v24.03`')
    if (item.id === undefined) {
      problem('schema-missing-key', path, 'Missing key `id`, expected the retired ID')
      ok = false
    }
    if (item.release === undefined) {
      problem('schema-missing-key', path, 'Missing key `release`, expected the last release that defines the ID (e.g. `v24.03`)')
      ok = false
    }
    const given = WHERE.filter((k) => item[k] !== undefined)
    // A misspelt `renamed_to` was reported as such; "missing" would say it twice.
    if (given.length > 1 || (given.length === 0 && !misspeltWhere)) {
      const expected = 'exactly one of `renamed_to`, `merged_into`, `split_into` or `removed`'
      problem(given.length === 0 ? 'schema-missing-key' : 'schema-invalid', path, given.length === 0 ? `Missing where \`${id ?? 'the ID'}\` went, expected ${expected}` : `Unexpected ${given.map((k) => `\`${k}\``).join(' and ')} together, expected ${expected}`)
    }
    if (given.length !== 1) ok = false
    const targetExpected = 'an ID (a lowercase letter, then letters, digits and `_`)'
    let kind: RetirementKind = 'removed'
    let targets: string[] = []
    let targetPaths: (string | number)[][] = []
    let reason: string | undefined
    const where = given[0]
    if (where === 'renamed_to' || where === 'merged_into') {
      const t = str(where, TARGET_ID, targetExpected)
      kind = where === 'renamed_to' ? 'renamed' : 'merged'
      if (t) {
        targets = [t]
        targetPaths = [[...path, where]]
      }
    } else if (where === 'split_into') {
      const v = item.split_into
      kind = 'split'
      if (!Array.isArray(v) || v.length < 2 || v.some((t) => typeof t !== 'string' || !TARGET_ID.test(t)) || new Set(v).size !== v.length) {
        problem('schema-type', [...path, 'split_into'], 'Unexpected value for `split_into`, expected a list of 2 or more different IDs')
        ok = false
      } else {
        targets = v as string[]
        targetPaths = v.map((_, k) => [...path, 'split_into', k])
      }
    } else if (where === 'removed') {
      reason = str('removed', undefined, 'the reason the rule was dropped')
    }
    const note = str('note', undefined, 'a sentence')
    if (note !== undefined) {
      if (where === 'removed') {
        problem('schema-invalid', [...path, 'note'], 'Unexpected `note` beside `removed`, expected the reason in `removed` alone')
        ok = false
      } else reason = note
    }
    if (!ok || id === undefined || release === undefined) {
      if (typeof item.id === 'string') invalid.add(item.id)
      continue
    }
    const first = byId.get(id)
    if (first) {
      const p = at([...path, 'id'])
      messages.push(
        diagnostic('retired-duplicate', 'error', p, `Duplicate retirement of \`${id}\`, first retired at ${file}:${first.source.line}:${first.source.column}`, {
          related: [{ ...first.source, message: `\`${id}\` first retired here` }],
          path: [...path, 'id'],
        }),
      )
      continue
    }
    const entry = {
      id,
      release,
      kind,
      targets,
      ...(reason !== undefined ? { reason } : {}),
      source: at([...path, 'id']),
    } as RetiredEntry
    // Placed only when a diagnostic asks: placing `release: v24.03` (the same text on many lines) parses the file again.
    lazily(entry, 'releaseSource', () => at([...path, 'release']))
    lazily(entry, 'targetSources', () => targetPaths.map(at))
    if (reason !== undefined) {
      const said = reason
      lazily(entry, 'reasonSource', () => at([...path, where === 'removed' ? 'removed' : 'note']))
      lazily(entry, 'reasonRefSources', () => placeRefs(said, entry.reasonSource!, text))
    }
    entries.push(entry)
    byId.set(id, entry)
  }
  return { retirements: { file, entries, byId, invalid }, messages: sortDiagnostics(messages) }
}

/** Each `{ref:ID}` of a reason found in the file's text from where the reason starts (any scalar style). */
function placeRefs(reason: string, start: SourceRef, text: string | undefined): SourceRef[] {
  const refs = reasonRefs(reason)
  if (text === undefined) return refs.map(() => start)
  const lineStarts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1)
  let from = (lineStarts[start.line - 1] ?? 0) + start.column - 1
  return refs.map((id) => {
    const found = text.indexOf(`{ref:${id}}`, from)
    if (found === -1) return start
    from = found + 1
    let line = lineStarts.length
    while (lineStarts[line - 1]! > found) line--
    return { file: start.file, line, column: found - lineStarts[line - 1]! + 1 }
  })
}

function lazily<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  let value: T[K] | undefined
  Object.defineProperty(target, key, { enumerable: true, configurable: true, get: () => (value ??= compute()) })
}

/** One retirement as far as following it goes: the file's entries, or a hand-made table in tests. */
export interface RetirementStep {
  kind: RetirementKind
  targets: readonly string[]
  reason?: string
  /** The last release that defines the ID, when known. */
  release?: string
}

export interface RetirementTrail<S extends RetirementStep = RetiredEntry> {
  /** The ID it ends at, when the chain reaches one `exists` accepts. */
  id?: string
  /** Each retirement followed, first to last. */
  steps: S[]
  /** The chain ended at a `removed` entry, at an unknown ID, or in a cycle. */
  end: 'found' | 'removed' | 'unknown' | 'cycle'
}

/**
 * Follow renames, merges and splits (first target) from `id` until an ID that
 * `exists`: `rule_plaintext_symbolds` → `rule_plaintext_symbols` → removed.
 * The one chain walk of the project: `cr show`, `cr cite`, the package's
 * `rule()`, diffs, histories and the ID guard all follow retirements through it.
 */
export function followRetirement<S extends RetirementStep = RetiredEntry>(id: string, retirements: { byId: ReadonlyMap<string, S> }, exists: (id: string) => boolean): RetirementTrail<S> {
  const steps: S[] = []
  const seen = new Set<string>()
  let cur = id
  while (!exists(cur)) {
    const entry = retirements.byId.get(cur)
    if (!entry) return { steps, end: 'unknown' }
    if (seen.has(cur)) return { steps, end: 'cycle' }
    seen.add(cur)
    steps.push(entry)
    const next = entry.targets[0]
    if (next === undefined) return { steps, end: 'removed' }
    cur = next
  }
  return { id: cur, steps, end: 'found' }
}

/** The strongest change along a chain names it: merged, then split, then renamed. */
export function strongestKind(kinds: readonly RetirementKind[]): RetirementKind {
  return kinds.includes('merged') ? 'merged' : kinds.includes('split') ? 'split' : kinds.includes('removed') ? 'removed' : 'renamed'
}

/** Where a retired ID leads today, chains followed. */
export interface Redirection {
  status: RetirementKind
  /** Today's ID (the first part for `split`); absent when the chain ends nowhere. */
  target?: string
  /** The note on the ID written, or why it was removed. */
  reason?: string
}

/**
 * A trail as one answer. A chain that ends nowhere (a cycle, or a target that
 * is neither defined nor retired) reads as removed; `undefined` when nothing
 * was followed (the ID exists, or was never retired).
 */
export function redirectionOf(trail: RetirementTrail<RetirementStep>): Redirection | undefined {
  const first = trail.steps[0]
  const last = trail.steps[trail.steps.length - 1]
  if (!first || !last) return undefined
  if (trail.end === 'found') return { status: strongestKind(trail.steps.map((s) => s.kind)), target: trail.id!, ...(first.reason !== undefined ? { reason: first.reason } : {}) }
  if (trail.end === 'removed') return { status: 'removed', ...(last.reason !== undefined ? { reason: last.reason } : {}) }
  return { status: 'removed', reason: `${first.kind} to {ref:${last.targets[0] ?? first.targets[0]}}, which no longer exists` }
}

/** Every retired ID that `exists` does not accept → where it leads today: the table `cr cite` and the package redirect through. */
export function resolveRetirements(retirements: { byId: ReadonlyMap<string, RetirementStep> }, exists: (id: string) => boolean): Map<string, Redirection> {
  const out = new Map<string, Redirection>()
  for (const id of retirements.byId.keys()) {
    const r = redirectionOf(followRetirement(id, retirements, exists))
    if (r) out.set(id, r)
  }
  return out
}

/** How a trail reads: "renamed to `b`", "merged into `c`", "removed: reason". */
export function describeTrail(trail: RetirementTrail<RetirementStep>, numberOf?: NumberOf): string {
  const last = trail.steps[trail.steps.length - 1]
  if (!last) return trail.id ? `still \`${trail.id}\`` : 'unknown'
  if (trail.end === 'removed') return `removed after ${last.release}${last.reason ? `: ${phraseText(reasonPhrase(last.reason, numberOf))}` : ''}`
  if (trail.end !== 'found') return `retired after ${last.release}, to an ID that no longer exists`
  const kind = strongestKind(trail.steps.map((s) => s.kind))
  const verb = kind === 'merged' ? 'merged into' : kind === 'split' ? 'split into' : 'renamed to'
  const to = last.kind === 'split' && trail.steps.length === 1 ? last.targets.map((t) => `\`${t}\``).join(' and ') : `\`${trail.id}\``
  return `${verb} ${to} after ${trail.steps[0]!.release}`
}

/** Load and read a retirement file (`rules/retired.yaml`). */
export function parseRetirements(file: SourceFile): { retirements: Retirements; messages: Diagnostic[] } {
  // Read as every rules file is read: a file that does not load is one message, by its root cause.
  const { loaded, messages } = readSource(file)
  if (!loaded) {
    const cause = messages[messages.length - 1]
    const note = 'until it parses, IDs of the releases missing from the rules are not reported'
    const noted = cause ? [...messages.slice(0, -1), { ...cause, related: [...(cause.related ?? []), { file: cause.file, line: cause.line, column: cause.column, message: note }] }] : messages
    return { retirements: { ...emptyRetirements(file.path), unreadable: true }, messages: noted }
  }
  const text = typeof file.content === 'string' ? file.content : new TextDecoder().decode(file.content)
  const read = readRetirements(loaded.data, file.path, (path) => loaded.locate(path), text)
  const lines = text.split(/\r?\n|\r/)
  const appendAt = { line: lines[lines.length - 1] === '' ? lines.length : lines.length + 1, column: 1 }
  return { retirements: { ...read.retirements, appendAt }, messages: [...messages, ...read.messages] }
}

