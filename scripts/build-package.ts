/**
 * The rule index as a package, for engines in any language:
 *
 *   dist-index/rules.json          the resolved document (as `cr index` writes it) + index.schema.json
 *   dist-index/examples.json       every worked example, by stable ID
 *   dist-index/timing.json         chapter 11's timing structures as step trees pointing at the prose steps
 *   dist-index/index.js            `import { rule, rules, isRuleId, cite } from 'netrunner-cr'` (plain JS, Node >= 18)
 *   dist-index/index.d.ts          its types: `RuleId` is the union of every ID, so a misspelt ID fails `tsc`
 *
 * Run: `npx tsx scripts/build-package.ts [--out DIR] [--rules DIR] [--site URL]`.
 * A script rather than a `cr` command: it is a build step of this repository
 * (run before `npm pack` and in CI), not something rule editors or engines run.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { compileDir, hasErrors } from '../src/io/compile-dir.ts'
import { PACKAGE_ROOT } from '../src/io/read-sources.ts'
import { writeOutputDir } from '../src/io/write-output.ts'
import { openCiteContext } from '../src/io/cite-context.ts'
import { buildIndexFiles, INDEX_FORMAT } from '../src/core/index-json.ts'
import examplesSchema from '../schema/examples.schema.json' with { type: 'json' }
import timingSchema from '../schema/timing.schema.json' with { type: 'json' }
import type { ReleaseRule, Retirement } from '../src/core/cite/types.ts'
import type { CompiledDocument, RuleEntry } from '../src/core/types.ts'

export const DEFAULT_SITE = 'https://netrunner-cr.github.io/'

export interface PackageOptions {
  /** Site root; a rule's URL is `<site>r/<id>/`, the permalink that survives renumbering. */
  site?: string
  /** Retired IDs (chains followed, as `withRetirements` resolves them): renamed, merged
   * and split ones redirect in `rule()`, removed ones explain themselves in its error. */
  retired?: ReadonlyMap<string, Retirement>
  /** Every release, oldest first, its entries resolved to these rules (`releaseCitations`):
   * `rule('6.1.4', { version: 'v24.03' })`. Without it, `version` knows no release. */
  releases?: ReadonlyMap<string, readonly ReleaseRule[]>
}

// ---------------------------------------------------------------------------
// Timing structures

export type TimingKind = 'phase' | 'step' | 'branch'

export interface TimingNode {
  id: string
  number: string
  label: string
  kind: TimingKind
  text: string
  /** The prose rule or step this element summarises. */
  prose: string | null
  /** `If yes, …` / `If no, …` branches of a question. */
  answer?: 'yes' | 'no'
  /** `Go to (d)`, `Return to (a)`, `If no, go to (4)`: the element control moves to. */
  goto?: string
  children: TimingNode[]
}

export interface TimingStructure {
  id: string
  number: string
  title: string
  /** The prose section the structure summarises (`sec_steps_of_a_run`). */
  prose: string | null
  elements: TimingNode[]
}

export interface TimingFile {
  $schema: string
  format: number
  version: string
  structures: Record<string, TimingStructure>
}

/** Keys engines read, by the prose section a structure summarises. */
const STRUCTURE_KEYS: Record<string, string> = {
  sec_steps_corp_turn: 'corpTurn',
  sec_steps_runner_turn: 'runnerTurn',
  sec_steps_of_a_run: 'run',
  sec_breaching_steps: 'breach',
  sec_steps_accessing_card: 'access',
}

/**
 * Chapter 11's timing structures as trees. Top-level elements are phases
 * (steps when a structure has no phases, like breach and access), nested ones
 * steps, the third level the branches of a question. `goto` resolves the
 * printed jumps: `(d)` is a step of the current phase, `(4)` a top-level element.
 */
export function buildTimingTrees(document: CompiledDocument): TimingFile {
  const byId = new Map(document.rules.map((r) => [r.id, r]))
  const structures: Record<string, TimingStructure> = {}
  for (const section of document.rules) {
    if (section.kind !== 'section') continue
    const top = section.children.map((id) => byId.get(id)).filter((r): r is RuleEntry => r?.kind === 'timing')
    if (top.length === 0) continue
    const hasPhases = top.some((t) => t.children.length > 0 && t.bold === true)
    const proseSection = top[0]?.prose ? byId.get(top[0].prose)?.parent ?? null : null
    const node = (r: RuleEntry, level: number, phase: RuleEntry | undefined): TimingNode => {
      const kind: TimingKind = level === 1 ? (hasPhases ? 'phase' : 'step') : level === 2 && hasPhases ? 'step' : 'branch'
      const n: TimingNode = { id: r.id, number: r.number, label: r.label, kind, text: r.text, prose: r.prose ?? null, children: [] }
      const answer = /^If (yes|no)\b/i.exec(r.text)?.[1]?.toLowerCase()
      if (answer === 'yes' || answer === 'no') n.answer = answer
      const jump = /\b(?:go|return) to \((\w+)\)/i.exec(r.text)?.[1]
      if (jump) {
        const target = /^\d+$/.test(jump)
          ? top[Number(jump) - 1]
          : (phase ?? r).children.map((id) => byId.get(id)).find((c) => c?.label === `${jump}.`)
        if (target) n.goto = target.id
      }
      const scope = level === 1 ? r : phase
      n.children = r.children.map((id) => byId.get(id)).filter((c): c is RuleEntry => c !== undefined).map((c) => node(c, level + 1, scope))
      return n
    }
    const key = (proseSection && STRUCTURE_KEYS[proseSection]) ?? camel(section.id.replace(/^sec_appendix_timing_structure_(?:of_)?/, ''))
    structures[key] = {
      id: section.id,
      number: section.number,
      title: section.tocTitle ?? section.title ?? section.text,
      prose: proseSection,
      elements: top.map((t) => node(t, 1, undefined)),
    }
  }
  return { $schema: './timing.schema.json', format: INDEX_FORMAT, version: document.release.version, structures }
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

// ---------------------------------------------------------------------------
// Examples

export interface ExampleRecord {
  id: string
  rule: string
  number: string
  text: string
  html: string
  new: boolean
  cards: string[]
  terms: string[]
}

export function buildExamples(document: CompiledDocument): { $schema: string; format: number; version: string; examples: ExampleRecord[] } {
  const examples = document.rules.flatMap((r) =>
    r.examples.map((ex) => ({ id: ex.id, rule: r.id, number: r.number, text: ex.text, html: ex.html, new: ex.new, cards: ex.cards, terms: ex.terms })),
  )
  return { $schema: './examples.schema.json', format: INDEX_FORMAT, version: document.release.version, examples }
}

// ---------------------------------------------------------------------------
// Old releases, compactly

/**
 * One release as `index.js` embeds it: only what differs from today's rules.
 * A number of today's rules that is in neither `numbers` nor `absent` names
 * the same ID in the release; an ID not in `fates` is still today's ID, with
 * the same text.
 */
export interface CompactRelease {
  /** Number → ID in the release, where today's number names another ID or none. */
  numbers: Record<string, string>
  /** Today's numbers the release did not have, space-separated. */
  absent: string
  /** Old ID → [today's ID (`''`: the same, `null`: removed), text changed (0/1), releases that changed it, status when not `same`]. */
  fates: Record<string, [string | null, 0 | 1, string[]] | [string | null, 0 | 1, string[], string]>
}

export function compactReleases(document: CompiledDocument, releases: ReadonlyMap<string, readonly ReleaseRule[]>): Record<string, CompactRelease> {
  const today = new Map(document.rules.map((r) => [r.number, r.id]))
  const out: Record<string, CompactRelease> = {}
  for (const [version, entries] of releases) {
    const numbers: Record<string, string> = {}
    const fates: CompactRelease['fates'] = {}
    const had = new Set<string>()
    for (const e of entries) {
      had.add(e.number)
      if (today.get(e.number) !== e.id) numbers[e.number] = e.id
      if (e.currentId === e.id && !e.textChanged && e.changedIn.length === 0 && e.status === 'same') continue
      const current = e.currentId === undefined ? null : e.currentId === e.id ? '' : e.currentId
      const fate: [string | null, 0 | 1, string[]] = [current, e.textChanged ? 1 : 0, [...e.changedIn]]
      fates[e.id] = e.status === 'same' ? fate : [...fate, e.status]
    }
    out[version] = { numbers, absent: [...today.keys()].filter((n) => !had.has(n)).join(' '), fates }
  }
  return out
}

// ---------------------------------------------------------------------------
// The JavaScript module and its types

/** What `index.js` embeds: the fields of the `Rule` type, no HTML. */
function moduleData(document: CompiledDocument, options: PackageOptions, timing: TimingFile) {
  const rules = document.rules.map((r) => {
    const o: Record<string, unknown> = {
      id: r.id,
      number: r.number,
      label: r.label,
      kind: r.kind,
      text: r.text,
      parent: r.parent,
      children: r.children,
      chapter: r.chapter,
      section: r.section,
      new: r.new,
      examples: r.examples.map((ex) => ({ id: ex.id, text: ex.text, new: ex.new })),
    }
    if (r.title !== undefined) o.title = r.title
    if (r.prose !== undefined) o.prose = r.prose
    return o
  })
  return {
    version: document.release.version,
    effective: document.release.effective,
    site: options.site ?? DEFAULT_SITE,
    rules,
    redirects: Object.fromEntries(retiredSorted(options).flatMap(([id, r]) => (r.target ? [[id, r.target]] : []))),
    removed: Object.fromEntries(retiredSorted(options).flatMap(([id, r]) => (r.target ? [] : [[id, r.reason ?? '']]))),
    timing: timing.structures,
    releases: compactReleases(document, options.releases ?? new Map()),
  }
}

const retiredSorted = (options: PackageOptions) => [...(options.retired ?? [])].sort(([a], [b]) => (a < b ? -1 : 1))

export function buildModule(document: CompiledDocument, options: PackageOptions = {}, timing = buildTimingTrees(document)): string {
  const data = JSON.stringify(moduleData(document, options, timing))
  return `// The Netrunner Comprehensive Rules ${document.release.version} as a module.
// Generated by scripts/build-package.ts; do not edit. Plain ES2020: Node >= 18, browsers, bundlers.

// JSON.parse of a string literal loads faster than an object literal this size.
const DATA = JSON.parse(${JSON.stringify(data)})

/** The CR release, e.g. \`v26.03\`. */
export const version = DATA.version
/** The date the release takes effect (ISO). */
export const effective = DATA.effective

const byId = new Map()
const byNumber = new Map()
const freeze = (value) => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) freeze(v)
  }
  return value
}

/** Every chapter, section, rule, sub-rule, step and timing element, in document order. */
export const rules = freeze(
  DATA.rules.map((r) => {
    const entry = { ...r, url: DATA.site + 'r/' + r.id + '/' }
    byId.set(entry.id, entry)
    byNumber.set(entry.number, entry)
    return entry
  }),
)

/** Every worked example, in document order; \`id\` is stable (\`example_<ruleId>_<n>\`). */
export const examples = freeze(rules.flatMap((r) => r.examples.map((ex) => ({ ...ex, rule: r.id, number: r.number }))))

/** Chapter 11's timing structures as step trees (see timing.json). */
export const timing = freeze(DATA.timing)

const redirects = new Map(Object.entries(DATA.redirects))
const removed = new Map(Object.entries(DATA.removed))

/** Every release \`{ version }\` accepts, oldest first. */
export const releaseVersions = freeze(Object.keys(DATA.releases))

/** Thrown by \`rule()\` and \`cite()\` for an ID or number the rules (or the release asked for) do not define. */
export class UnknownRuleError extends Error {
  constructor(query, suggestions, reason, release) {
    const help = suggestions.length > 0 ? '; did you mean ' + suggestions.map((s) => '"' + s + '"').join(', ') + '?' : ''
    super(
      reason !== undefined
        ? 'Rule ' + JSON.stringify(query) + (release ? ' of ' + release.version + ' (' + release.id + ')' : '') + ' was removed from the Netrunner CR before ' + version + (reason ? ': ' + reason : '')
        : 'Unknown rule ' + JSON.stringify(query) + ' in the Netrunner CR ' + (release ? release.version : version) + (release && release.today ? ' (it is ' + release.today + ' in ' + version + ')' : help),
    )
    this.name = 'UnknownRuleError'
    this.query = query
    this.suggestions = suggestions
  }
}

/** Thrown by \`rule()\` and \`cite()\` for a \`version\` that is not a release. */
export class UnknownVersionError extends Error {
  constructor(release) {
    super('Unknown release ' + JSON.stringify(release) + ' of the Netrunner CR, expected one of ' + releaseVersions.join(', '))
    this.name = 'UnknownVersionError'
    this.version = release
    this.versions = releaseVersions
  }
}

// \`CR 6.1.4\`, \`§ 6.1.4\`, \`rule 6.1.4a\`, printed \`6.1.4.a.\` → \`6.1.4a\`.
const normalizeNumber = (query) => {
  let q = query.trim().toLowerCase().replace(/^(?:cr|rules?|section|step)\\s*/, '').replace(/^§\\s*/, '').replace(/\\.$/, '')
  q = q.replace(/^(\\d+\\.\\d+\\.\\d+)\\.([a-z]+)$/, '$1$2')
  return /^\\d+(?:\\.\\d+)*[a-z]*(?:\\.[ivxlcdm]+)?$/.test(q) ? q : undefined
}

// \`CR v24.03 6.1.4\`, \`CR 24.03 §6.1.4\`, \`v24.03 rule_end_the_run\`: a citation that names its release.
const WITH_RELEASE = /^\\s*(?:cr\\s*)?(v?)(\\d{2}\\.\\d{2})[\\s,]+(?:§\\s*)?(\\S.*?)\\s*$/i

/** The release a query names, by option or in its text (\`CR 10.10 …\` is section 10.10, not a release). */
function parseQuery(query, options) {
  if (options != null && options.version !== undefined) {
    const m = /^v?(\\d{2}\\.\\d{2})$/i.exec(String(options.version).trim())
    return { release: m ? 'v' + m[1] : String(options.version), query }
  }
  const m = typeof query === 'string' ? WITH_RELEASE.exec(query) : null
  if (m && (m[1] !== '' || !byNumber.has(String(Number(m[2].slice(0, 2)))))) return { release: 'v' + m[2], query: m[3] }
  return { query }
}

const releaseTables = new Map()
/** A release's numbers and IDs, expanded from what differs from today's on first use. */
function releaseTable(release) {
  let t = releaseTables.get(release)
  if (t) return t
  const d = DATA.releases[release]
  const absent = new Set(d.absent ? d.absent.split(' ') : [])
  const numbers = new Map()
  for (const r of rules) if (!absent.has(r.number)) numbers.set(r.number, r.id)
  for (const [n, id] of Object.entries(d.numbers)) numbers.set(n, id)
  const numberOf = new Map()
  for (const [n, id] of numbers) numberOf.set(id, n)
  t = { numbers, numberOf, fates: d.fates }
  releaseTables.set(release, t)
  return t
}

/** \`{ rule }\` for a number or ID of \`release\`, today's rule with how it got there; else \`{ error }\`. */
function inRelease(query, release) {
  const t = releaseTable(release)
  const q = String(query).trim()
  const lower = q.charAt(0).toLowerCase() + q.slice(1)
  const n = normalizeNumber(q)
  const id = t.numberOf.has(q) ? q : t.numberOf.has(lower) ? lower : n === undefined ? undefined : t.numbers.get(n)
  if (id === undefined) {
    // An ID of today's rules that the release did not have yet: say where it is, suggest nothing.
    const now = byId.get(q) || byId.get(lower)
    if (now) return { error: new UnknownRuleError(query, [], undefined, { version: release, today: now.number }) }
    return { error: new UnknownRuleError(query, suggest(q, t.numbers, t.numberOf.keys()), undefined, { version: release }) }
  }
  const f = t.fates[id]
  const current = f === undefined || f[0] === '' ? id : f[0]
  if (current === null) return { error: new UnknownRuleError(query, [], removed.get(id) || '', { version: release, id }) }
  const today = byId.get(current)
  const via = { version: release, number: t.numberOf.get(id), id, status: (f && f[3]) || 'same' }
  return { rule: freeze({ ...today, via, textChanged: f !== undefined && f[1] === 1, changedIn: f === undefined ? [] : f[2] }) }
}

/**
 * The rule for an ID, a retired ID (redirected) or a number in any cited form;
 * undefined when there is none. With \`{ version }\`, or a query that names its
 * release (\`CR v24.03 6.1.4\`), the number or ID is read as that release had it.
 */
export function findRule(query, options) {
  if (typeof query !== 'string') return undefined
  const p = parseQuery(query, options)
  if (p.release !== undefined) return DATA.releases[p.release] ? inRelease(p.query, p.release).rule : undefined
  const q = query.trim()
  const direct = byId.get(q) || byId.get(q.charAt(0).toLowerCase() + q.slice(1))
  if (direct) return direct
  const moved = redirects.get(q)
  if (moved) return byId.get(moved)
  const n = normalizeNumber(q)
  return n === undefined ? undefined : byNumber.get(n)
}

/**
 * The rule for an ID or number; throws \`UnknownRuleError\` (with the closest IDs) when there is none.
 * With \`{ version: 'v24.03' }\`, the number or ID is read as that release had it and today's rule is
 * returned with \`via\` (the release, number, ID and how the ID changed), \`textChanged\` and \`changedIn\`;
 * an unknown release throws \`UnknownVersionError\`.
 */
export function rule(ref, options) {
  const p = parseQuery(ref, options)
  if (p.release !== undefined) {
    if (!DATA.releases[p.release]) throw new UnknownVersionError(p.release)
    const r = inRelease(p.query, p.release)
    if (r.error) throw r.error
    return r.rule
  }
  const found = findRule(ref)
  if (!found) {
    if (removed.has(ref)) throw new UnknownRuleError(ref, [], removed.get(ref))
    throw new UnknownRuleError(ref, suggest(String(ref), byNumber, byId.keys()))
  }
  return found
}

/**
 * Mark that the surrounding code or test implements a rule. Checked at compile
 * time (TypeScript) and at run time; \`cr cite\` finds it for coverage.
 */
export function cite(ref, options) {
  return rule(ref, options)
}

/** Whether a value is the ID of a rule of this release. */
export function isRuleId(value) {
  return typeof value === 'string' && byId.has(value)
}

// Suggestions among \`numbers\` (number → rule or ID) and \`ids\`: today's, or a release's.
function suggest(query, numbers, ids) {
  const n = normalizeNumber(query)
  if (n !== undefined) {
    const parts = n.replace(/[a-z.]+$/, '').split('.')
    while (parts.length > 0) {
      const hit = numbers.get(parts.join('.'))
      const id = hit === undefined || typeof hit === 'string' ? hit : hit.id
      if (id !== undefined && parts.join('.') !== n) return [parts.join('.') + ' (' + id + ')']
      parts.pop()
    }
    return []
  }
  const w = query.toLowerCase()
  const max = Math.max(2, Math.floor(w.length * 0.4))
  const scored = []
  for (const id of ids) {
    const l = id.toLowerCase()
    const d = l.includes(w) || w.includes(l) ? Math.abs(l.length - w.length) * 0.1 : Math.abs(l.length - w.length) > max ? Infinity : distance(w, l)
    if (d <= max) scored.push([id, d])
  }
  return scored.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3).map((s) => s[0])
}

function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length]
}
`
}

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

export function buildTypes(document: CompiledDocument, options: PackageOptions = {}, timing = buildTimingTrees(document)): string {
  const ids = document.rules.map((r) => r.id)
  const union = (values: string[]) => (values.length === 0 ? 'never' : values.map((v) => `\n  | ${quote(v)}`).join(''))
  const numbers = document.rules.map((r) => `  ${quote(r.number)}: ${quote(r.id)}`).join('\n')
  const retired = retiredSorted(options).flatMap(([id, r]) => (r.target ? [id] : []))
  const keys = Object.keys(timing.structures)
  const versions = [...(options.releases?.keys() ?? [])]
  return `// Types of the Netrunner Comprehensive Rules ${document.release.version} module.
// Generated by scripts/build-package.ts; do not edit.

/** Every rule ID of ${document.release.version}: a misspelt or retired ID does not type-check. */
export type RuleId =${union(ids)}

/** Number (citation form) → ID, for every entry. */
export interface RuleNumbers {
${numbers}
}

/** Every number in citation form: \`6.1.4\`, \`6.1.4a\`, \`11.4.2b.i\`. */
export type RuleNumber = keyof RuleNumbers

/** What \`rule()\` and \`cite()\` accept: an ID or a number. */
export type RuleRef = RuleId | RuleNumber

/** IDs earlier releases defined that now redirect to another rule. */
export type RetiredRuleId = ${union(retired)}

/** The ID a reference stands for. */
export type IdOf<R extends RuleRef> = R extends RuleNumber ? RuleNumbers[R] : R

export type RuleKind = 'chapter' | 'section' | 'rule' | 'subrule' | 'step' | 'timing'

export interface RuleExample {
  /** Stable: \`example_<ruleId>_<n>\`. */
  readonly id: string
  readonly text: string
  readonly new: boolean
}

export interface Rule<Id extends RuleId = RuleId> {
  readonly id: Id
  /** Citation form: \`6.1.4\`, \`6.1.4a\`. */
  readonly number: RuleNumber
  /** As printed before the text: \`6.1.4.\`, \`a.\` */
  readonly label: string
  readonly kind: RuleKind
  /** Chapters, sections and heading rules. */
  readonly title?: string
  /** Plain text; references printed as the CR prints them ("section 6.2.8"). */
  readonly text: string
  /** Permalink on the rules site. */
  readonly url: string
  readonly parent: RuleId | null
  readonly children: readonly RuleId[]
  readonly chapter: RuleId
  readonly section: RuleId | null
  /** New in this release. */
  readonly new: boolean
  readonly examples: readonly RuleExample[]
  /** Timing elements: the prose rule or step they summarise. */
  readonly prose?: RuleId
}

export interface Example extends RuleExample {
  readonly rule: RuleId
  readonly number: RuleNumber
}

export interface TimingNode {
  readonly id: RuleId
  readonly number: RuleNumber
  readonly label: string
  /** Top level: phases (steps when the structure has no phases); then steps; then the branches of a question. */
  readonly kind: 'phase' | 'step' | 'branch'
  readonly text: string
  /** The prose rule or step this element summarises. */
  readonly prose: RuleId | null
  /** \`If yes, …\` / \`If no, …\` */
  readonly answer?: 'yes' | 'no'
  /** \`Go to (d)\`, \`Return to (a)\`: where control moves. */
  readonly goto?: RuleId
  readonly children: readonly TimingNode[]
}

export interface TimingStructure {
  readonly id: RuleId
  readonly number: RuleNumber
  readonly title: string
  /** The prose section it summarises. */
  readonly prose: RuleId | null
  readonly elements: readonly TimingNode[]
}

export type TimingKey = ${union(keys)}

/** Every release \`{ version }\` accepts, oldest first. */
export type ReleaseVersion = ${union(versions)}

export interface ReleaseOptions {
  /** Read the number or ID as this release had it (\`'24.03'\` works too, at run time). */
  readonly version: ReleaseVersion
}

/** How a citation of an older release was read. */
export interface ReleaseCitation {
  readonly version: ReleaseVersion
  /** The number and ID in that release. */
  readonly number: string
  readonly id: string
  /** How that ID became today's: the same, renamed, merged into another rule, or split (the main part). */
  readonly status: 'same' | 'renamed' | 'merged' | 'split'
}

/** Today's rule, found through an older release. */
export type RuleInRelease = Rule & {
  readonly via: ReleaseCitation
  /** Today's text differs from the release's (reference numbers aside). */
  readonly textChanged: boolean
  /** Later releases that reworded, merged or split it; \`current\` for rule edits not yet released. */
  readonly changedIn: readonly (ReleaseVersion | 'current')[]
}

/** The CR release, e.g. \`${document.release.version}\`. */
export declare const version: ${quote(document.release.version)}
export declare const effective: ${quote(document.release.effective)}
/** Every entry in document order. */
export declare const rules: readonly Rule[]
export declare const examples: readonly Example[]
/** Chapter 11's timing structures: the state machine an engine implements. */
export declare const timing: { readonly [K in TimingKey]: TimingStructure }

/** Every release \`{ version }\` accepts, oldest first. */
export declare const releaseVersions: readonly ReleaseVersion[]

export declare class UnknownRuleError extends Error {
  readonly query: string
  /** Closest IDs, or the nearest existing number. */
  readonly suggestions: string[]
}

/** \`rule(ref, { version })\` with a release the package does not know. */
export declare class UnknownVersionError extends Error {
  readonly version: string
  /** The releases it knows, oldest first. */
  readonly versions: readonly ReleaseVersion[]
}

/** The rule for an ID or number (\`'6.1.4'\` and \`'rule_end_the_run'\` give the same rule). */
export declare function rule<R extends RuleRef>(ref: R): Rule<IdOf<R>>
/** @deprecated A retired ID: it redirects to the rule that replaced it. Cite the current ID. */
export declare function rule(ref: RetiredRuleId): Rule
/**
 * A number or ID as an older release had it (\`rule('6.2.5', { version: 'v24.03' })\`): today's rule,
 * with \`via\`, \`textChanged\` and \`changedIn\`. Checked at run time: throws \`UnknownRuleError\` when
 * the release had no such rule or it was removed since.
 */
export declare function rule(ref: string, options: ReleaseOptions): RuleInRelease
/** Mark that the surrounding code or test implements a rule; returns the rule. */
export declare function cite<R extends RuleRef>(ref: R): Rule<IdOf<R>>
/** Mark that the code implements a rule cited as an older release numbered it. */
export declare function cite(ref: string, options: ReleaseOptions): RuleInRelease
/** A number or ID of an older release, or a citation that names one (\`CR v24.03 6.1.4\`); undefined for an unknown release. */
export declare function findRule(query: string, options: ReleaseOptions): RuleInRelease | undefined
/** For input only known at run time: an ID, retired ID or number in any cited form (\`CR 6.1.4\`, \`CR v24.03 6.1.4\`). */
export declare function findRule(query: string): Rule | undefined
export declare function isRuleId(value: unknown): value is RuleId
`
}

/** Every file of the package directory, by relative name. */
export function buildPackageFiles(document: CompiledDocument, options: PackageOptions = {}): Record<string, string> {
  const timing = buildTimingTrees(document)
  return {
    ...buildIndexFiles(document),
    'examples.json': `${JSON.stringify(buildExamples(document), null, 1)}\n`,
    'timing.json': `${JSON.stringify(timing, null, 1)}\n`,
    // Shipped beside the data so `$schema` resolves offline, as for rules.json.
    'examples.schema.json': `${JSON.stringify(examplesSchema, null, 2)}\n`,
    'timing.schema.json': `${JSON.stringify(timingSchema, null, 2)}\n`,
    'index.js': buildModule(document, options, timing),
    'index.d.ts': buildTypes(document, options, timing),
  }
}

function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string', default: 'dist-index' }, rules: { type: 'string', default: 'rules' }, site: { type: 'string' } },
  })
  const result = compileDir(values.rules!)
  if (!result.document || hasErrors(result.messages)) {
    process.stderr.write(`${result.report()}\nbuild-package: the rules do not compile; nothing written\n`)
    return 1
  }
  const options: PackageOptions = {}
  const site = values.site ?? process.env.CR_SITE_URL
  if (site) options.site = site.endsWith('/') ? site : `${site}/`
  // Renamed IDs keep working in `rule()`, as redirects (chains followed).
  // The same context `cr cite` resolves against (src/io/cite-context.ts): one retirement model.
  const context = openCiteContext({ rules: values.rules!, document: result.document })
  if (context.retirements.entries.length > 0) options.retired = context.table.retired
  // `rule('6.1.4', { version: 'v24.03' })`: every release, resolved to these rules.
  options.releases = context.releases()
  const files = buildPackageFiles(result.document, options)
  writeOutputDir(values.out!, files, { inputs: [values.rules!, PACKAGE_ROOT] })
  const kb = (name: string) => `${Math.round(Buffer.byteLength(files[name]!) / 1024)} KB`
  process.stderr.write(
    `build-package: wrote ${result.document.rules.length} rules of ${result.document.release.version} (and ${options.releases.size} releases) to ${values.out}/; index.js ${kb('index.js')}, index.d.ts ${kb('index.d.ts')}\n`,
  )
  return 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2))
