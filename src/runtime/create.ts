/**
 * The runtime behind `import { rule, cite } from 'netrunner-cr'`, over one
 * release's data. Plain, dependency-free code: it is compiled into the
 * package (ESM and CommonJS) with the data of the release it ships.
 */
import { lowerFirst, normalizeNumber, parseCitation, normalizeVersion, ruleLabel, similarNumbers, suggesterFor } from '../core/ids.ts'
import { buildNumberLedger, describeMeaning, explainNumber, type NumberLedger } from '../core/versions/number-ledger.ts'
import type { ReleaseRule } from '../core/versions/release-citations.ts'
import type { CompactRelease, RuntimeData } from './data.ts'
import type { Example, NumberHistory, ReleaseCitation, Rule, RuleInRelease, RuleSuggestion } from './types.ts'

/**
 * `instanceof` across copies of the package. An engine may load its ESM build
 * (`import`) and its CommonJS build (`require`, as some test runners do) in one
 * process: each has its own classes, so an error thrown by one is not an
 * instance of the other's by JavaScript's rule. Each class's prototype names
 * the classes it is under one `Symbol.for` key, which every copy shares, and
 * `instanceof` one of ours asks for that name instead. A subclass an engine
 * writes has no brand of its own and answers as JavaScript does.
 */
const BRAND = Symbol.for('netrunner-cr.error')
const plainInstanceOf = Function.prototype[Symbol.hasInstance]

function brand(cls: { prototype: object }, kinds: readonly string[]): void {
  Object.defineProperty(cls.prototype, BRAND, { value: Object.freeze([...kinds]) })
}

function isBranded(cls: { prototype: object }, value: unknown): boolean {
  const own = Object.getOwnPropertyDescriptor(cls.prototype, BRAND)?.value as readonly string[] | undefined
  if (own !== undefined && value !== null && (typeof value === 'object' || typeof value === 'function')) {
    const kinds = (value as { [BRAND]?: unknown })[BRAND]
    if (Array.isArray(kinds)) return kinds.includes(own[own.length - 1])
  }
  return plainInstanceOf.call(cls, value)
}

/** Why a query names no rule: the code `cr cite` and `cr show` report for the same words. */
export type RuleErrorCode = 'unknown-rule' | 'removed-rule' | 'old-number'

/** Thrown by `rule()` and `cite()` for an ID or number the rules (or the release asked for) do not define. */
export class UnknownRuleError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(this, value)
  }

  /** `unknown-rule`; `removed-rule` for a rule removed without a successor; `old-number` (an `OldNumberError`). */
  readonly code: RuleErrorCode
  /** What was asked, as text. */
  readonly query: string
  /** Rules to cite instead, best first: each with its ID and number (none for a removed rule). */
  readonly suggestions: readonly RuleSuggestion[]
  constructor(message: string, query: string, suggestions: readonly RuleSuggestion[], code: RuleErrorCode = 'unknown-rule') {
    super(message)
    this.name = 'UnknownRuleError'
    this.code = code
    this.query = query
    this.suggestions = suggestions
  }
}
brand(UnknownRuleError, ['UnknownRuleError'])

/**
 * Thrown by `rule()` and `cite()` for a number today's rules do not have but
 * a held release printed (`rule('10.5.5')`): the message says what it named
 * then and where that rule is today; `history` has the details, and
 * `suggestions` the rule it became (none when it was removed). A subclass of
 * `UnknownRuleError`, so code that catches that catches this too.
 */
export class OldNumberError extends UnknownRuleError {
  /** What the number named in the releases that printed it, newest first. */
  readonly history: NumberHistory['earlier']
  constructor(message: string, query: string, suggestions: readonly RuleSuggestion[], history: NumberHistory['earlier']) {
    super(message, query, suggestions, 'old-number')
    this.name = 'OldNumberError'
    this.history = history
  }
}
brand(OldNumberError, ['UnknownRuleError', 'OldNumberError'])

/** Thrown by `rule()` and `cite()` for a `version` that is not a release. */
export class UnknownVersionError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(this, value)
  }

  readonly code = 'unknown-release' as const
  readonly version: string
  /** The releases it knows, oldest first. */
  readonly versions: readonly string[]
  constructor(release: string, versions: readonly string[]) {
    super(`Unknown release ${JSON.stringify(release)} of the Netrunner CR, expected one of ${versions.join(', ')}`)
    this.name = 'UnknownVersionError'
    this.version = release
    this.versions = versions
  }
}
brand(UnknownVersionError, ['UnknownVersionError'])

/** Why `rule()` would throw: the error it would throw. */
export type RuleError = UnknownRuleError | UnknownVersionError

/**
 * What `lookupRule()` answers: the rule `rule()` would return, or the error
 * it would throw, never thrown.
 */
export type RuleLookup<R extends Rule = Rule | RuleInRelease> = { readonly rule: R; readonly error?: undefined } | { readonly rule?: undefined; readonly error: RuleError }

export interface Runtime {
  version: string
  effective: string
  rules: readonly Rule[]
  examples: readonly Example[]
  timing: unknown
  releaseVersions: readonly string[]
  /** The one resolution `rule()`, `findRule()` and `lookupRule()` share. */
  lookupRule(query: unknown, options?: { version?: string }): RuleLookup
  findRule(query: unknown, options?: { version?: string }): Rule | RuleInRelease | undefined
  rule(ref: unknown, options?: { version?: string }): Rule | RuleInRelease
  isRuleId(value: unknown): boolean
  numberHistory(number: unknown): NumberHistory
}

interface ReleaseTable {
  numbers: Map<string, string>
  numberOf: Map<string, string>
  fates: CompactRelease['fates']
}

/** A rule found, or how to make the error that says why not (made only when asked: `findRule` never needs it). */
type Resolution = { rule: Rule | RuleInRelease } | { error: () => RuleError }

function freeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) freeze(v)
  }
  return value
}

const SHARED = Symbol.for('netrunner-cr.runtime')

/**
 * The runtime of `data`, made once however many builds load it. The ESM and
 * CommonJS builds read one `release-data.cjs` (one object in Node's module
 * cache), so they share one runtime: `rule('6.1.4')` is the same object
 * whichever build an engine's code and its tests import. Another copy of the
 * package has other data, so its own runtime.
 */
export function sharedRuntime(data: RuntimeData): Runtime {
  const holder = data as RuntimeData & { [SHARED]?: Runtime }
  const existing = holder[SHARED]
  if (existing) return existing
  const runtime = createRuntime(data)
  try {
    Object.defineProperty(holder, SHARED, { value: runtime })
  } catch {
    // Frozen data (a bundler's copy): this build keeps its own.
  }
  return runtime
}

export function createRuntime(data: RuntimeData): Runtime {
  const { version } = data
  const byId = new Map<string, Rule>()
  const byNumber = new Map<string, Rule>()
  const rules = freeze(
    data.rules.map((r) => {
      const entry = { ...r, url: `${data.site}r/${r.id}/` } as unknown as Rule
      byId.set(entry.id, entry)
      byNumber.set(entry.number, entry)
      return entry
    }),
  )
  const examples = freeze(rules.flatMap((r) => r.examples.map((ex) => ({ ...ex, rule: r.id, number: r.number }))))
  const redirects = new Map(Object.entries(data.redirects))
  const removed = new Map(Object.entries(data.removed))
  const releaseVersions = freeze(Object.keys(data.releases))

  /** Suggestions as the message prints them: a number with its ID (`6.1.4 (rule_end_the_run)`), an ID alone. */
  const said = (query: string, suggestions: readonly RuleSuggestion[]) => (normalizeNumber(query) === undefined ? suggestions.map((s) => s.id) : suggestions.map((s) => ruleLabel(s.number, s.id)))
  const unknown = (query: unknown, suggestions: RuleSuggestion[], release?: { version: string; today?: string }) => {
    const text = String(query)
    const help = suggestions.length > 0 ? `; did you mean ${said(text, suggestions).map((s) => `"${s}"`).join(', ')}?` : ''
    const where = release ? release.version : version
    const tail = release?.today ? ` (it is ${release.today} in ${version})` : help
    return new UnknownRuleError(`Unknown rule ${JSON.stringify(query)} in the Netrunner CR ${where}${tail}`, text, freeze(suggestions))
  }
  const gone = (query: string, reason: string, release?: { version: string; id: string }) =>
    new UnknownRuleError(
      `Rule ${JSON.stringify(query)}${release ? ` of ${release.version} (${release.id})` : ''} was removed from the Netrunner CR before ${version}${reason ? `: ${reason}` : ''}`,
      query,
      freeze([]),
      'removed-rule',
    )

  /**
   * Suggestions among `numbers` (number → ID, in the rules' order) and the IDs
   * of `numberOf` (ID → number): today's, or those of `release`, which each
   * suggestion then names. A number-shaped query gets numbers, anything else IDs.
   */
  const suggest = (query: string, numbers: ReadonlyMap<string, string>, numberOf: ReadonlyMap<string, string>, release?: string): RuleSuggestion[] => {
    const n = normalizeNumber(query)
    const found = n === undefined ? suggesterFor(numberOf)(query).map((id) => [numberOf.get(id)!, id] as const) : similarNumbers(n, numbers).map((x) => [x, numbers.get(x)!] as const)
    return found.map(([number, id]) => (release === undefined ? { id, number } : { id, number, version: release }) as RuleSuggestion)
  }
  /** Today's numbers → IDs and IDs → numbers, for suggestions. */
  let todaysNumbers: Map<string, string> | undefined
  let todaysIds: Map<string, string> | undefined
  const numbersToday = () => (todaysNumbers ??= new Map([...byNumber].map(([n, r]) => [n, r.id])))
  const idsToday = () => (todaysIds ??= new Map([...byId].map(([id, r]) => [id, r.number])))

  /** The release a query names, by option or in its text (`CR 10.10 …` is section 10.10, not a release). */
  const parseQuery = (query: unknown, options: { version?: string } | undefined): { release?: string; query: string } => {
    if (options != null && options.version !== undefined) return { release: normalizeVersion(String(options.version)), query: String(query) }
    if (typeof query !== 'string') return { query: String(query) }
    const cited = parseCitation(query)
    if (cited.version !== undefined && (cited.explicit || !byNumber.has(String(Number(cited.version.slice(1, 3)))))) return { release: cited.version, query: cited.query }
    return { query }
  }

  const releaseTables = new Map<string, ReleaseTable>()
  /** A release's numbers and IDs, expanded from what differs from today's on first use. */
  const releaseTable = (release: string): ReleaseTable => {
    let t = releaseTables.get(release)
    if (t) return t
    const d = data.releases[release]!
    const absent = new Set(d.absent ? d.absent.split(' ') : [])
    const numbers = new Map<string, string>()
    for (const r of rules) if (!absent.has(r.number)) numbers.set(r.number, r.id)
    for (const [n, id] of Object.entries(d.numbers)) numbers.set(n, id)
    const numberOf = new Map<string, string>()
    for (const [n, id] of numbers) numberOf.set(id, n)
    t = { numbers, numberOf, fates: d.fates }
    releaseTables.set(release, t)
    return t
  }

  /** Today's rule as `id` of `release` became it, with how (`via`), whether its text changed since, and in which releases. */
  const throughRelease = (today: Rule, release: string, number: string, id: string, fate: CompactRelease['fates'][string] | undefined, status?: ReleaseCitation['status']): RuleInRelease => {
    const via = { version: release, number, id, status: status ?? ((fate?.[3] ?? 'same') as ReleaseCitation['status']) }
    return freeze({ ...today, via, textChanged: fate !== undefined && fate[1] === 1, changedIn: fate === undefined ? [] : fate[2] }) as RuleInRelease
  }

  const throughReleases = new Map<string, RuleInRelease>()
  /** A number or ID of `release`: today's rule with how it got there, or why there is none. */
  const inRelease = (query: string, release: string): Resolution => {
    const t = releaseTable(release)
    const q = query.trim()
    const lower = lowerFirst(q)
    const n = normalizeNumber(q)
    const id = t.numberOf.has(q) ? q : t.numberOf.has(lower) ? lower : n === undefined ? undefined : t.numbers.get(n)
    if (id === undefined) {
      // An ID of today's rules that the release did not have yet: say where it is today.
      const now = byId.get(q) ?? byId.get(lower)
      if (now) return { error: () => unknown(query, [{ id: now.id, number: now.number } as RuleSuggestion], { version: release, today: now.number }) }
      return { error: () => unknown(query, suggest(q, t.numbers, t.numberOf, release), { version: release }) }
    }
    const f = t.fates[id]
    const current = f === undefined || f[0] === '' ? id : f[0]
    if (current === null) return { error: () => gone(query, removed.get(id) ?? '', { version: release, id }) }
    // One object per rule of a release, as for today's rules: asked twice, the same rule.
    const key = `${release} ${id}`
    let found = throughReleases.get(key)
    if (!found) throughReleases.set(key, (found = throughRelease(byId.get(current)!, release, t.numberOf.get(id)!, id, f)))
    return { rule: found }
  }

  /**
   * A retired ID (renamed, merged, split) as today's rule, with `via` saying
   * so, as `cr cite` and `cr show` do: read through the newest release that
   * defined it. An ID no held release printed (ours for chapter 11's
   * elements until v26.03) is read through the newest release that had the
   * rule it became, with its own status.
   */
  const retiredRules = new Map<string, RuleInRelease>()
  const retiredRule = (id: string): RuleInRelease | undefined => {
    const redirect = redirects.get(id)
    const today = redirect && byId.get(redirect[0])
    if (!redirect || !today) return undefined
    let found = retiredRules.get(id)
    if (found) return found
    const [target, status] = redirect
    const newest = (has: string) => [...releaseVersions].reverse().find((release) => releaseTable(release).numberOf.has(has))
    const had = newest(id)
    const r = had === undefined ? undefined : inRelease(id, had)
    if (r && 'rule' in r) found = r.rule as RuleInRelease
    else {
      const release = newest(target)
      const t = release === undefined ? undefined : releaseTable(release)
      found = throughRelease(today, release ?? version, t?.numberOf.get(target) ?? today.number, id, t?.fates[target], status)
    }
    retiredRules.set(id, found)
    return found
  }

  /** Every release as `ReleaseRule`s, for the number ledger: built from the compact tables on first use. */
  let ledger: NumberLedger | undefined
  const ledgerOf = (): NumberLedger => {
    if (ledger) return ledger
    const tables = releaseVersions.map((release) => {
      const t = releaseTable(release)
      const entries: ReleaseRule[] = []
      for (const [number, id] of t.numbers) {
        const f = t.fates[id]
        const current = f === undefined || f[0] === '' ? id : f[0]
        const e: ReleaseRule = { id, number, status: (f?.[3] ?? 'same') as ReleaseRule['status'], textChanged: f !== undefined && f[1] === 1, changedIn: f === undefined ? [] : f[2] }
        if (current !== null) {
          e.currentId = current
          const now = byId.get(current)
          if (now) e.currentNumber = now.number
        } else if (removed.has(id)) e.reason = removed.get(id)!
        entries.push(e)
      }
      return { version: release, rules: entries }
    })
    return (ledger = buildNumberLedger(tables))
  }

  const numberHistory = (query: unknown): NumberHistory => {
    const number = typeof query === 'string' ? normalizeNumber(query) : undefined
    if (number === undefined) return freeze({ number: String(query), earlier: [] })
    const l = ledgerOf()
    const { today, earlier } = explainNumber(l, number, (n) => byNumber.get(n)?.id)
    return freeze({
      number,
      ...(today ? { today: byNumber.get(today.number)! } : {}),
      earlier: earlier.map((m) => ({ ...m, versions: [...m.versions], description: describeMeaning(m, l.versions).replace(/`/g, '') })),
    }) as NumberHistory
  }

  /** A number today's rules lack: an `OldNumberError` saying what it was, when a release printed it. */
  const oldNumber = (query: string): OldNumberError | undefined => {
    if (releaseVersions.length === 0) return undefined
    const h = numberHistory(query)
    if (h.today || h.earlier.length === 0) return undefined
    const newest = h.earlier[0]!
    const last = newest.versions[newest.versions.length - 1]
    const advice = newest.currentId !== undefined ? `; cite ${JSON.stringify(newest.currentId)} (${newest.currentNumber}), or rule(${JSON.stringify(h.number)}, { version: ${JSON.stringify(last)} })` : ''
    const suggestions = newest.currentId !== undefined ? [{ id: newest.currentId, number: newest.currentNumber! } as RuleSuggestion] : []
    return new OldNumberError(`Rule ${JSON.stringify(query)} is not in the Netrunner CR ${version}: ${h.earlier.map((m) => m.description).join('; ')}${advice}`, query, freeze(suggestions), h.earlier)
  }

  /** What a query names: the one reading behind `rule()`, `findRule()` and `lookupRule()`, so they cannot disagree. */
  const resolve = (ref: unknown, options?: { version?: string }): Resolution => {
    const p = parseQuery(ref, options)
    if (p.release !== undefined) {
      const release = p.release
      if (!data.releases[release]) return { error: () => new UnknownVersionError(release, releaseVersions) }
      return inRelease(p.query, release)
    }
    const query = p.query
    const q = query.trim()
    const lower = lowerFirst(q)
    if (typeof ref === 'string') {
      const found = byId.get(q) ?? byId.get(lower) ?? retiredRule(q) ?? retiredRule(lower)
      if (found) return { rule: found }
      const n = normalizeNumber(q)
      const numbered = n === undefined ? undefined : byNumber.get(n)
      if (numbered) return { rule: numbered }
    }
    return {
      error: () => {
        const reason = removed.get(q) ?? removed.get(lower)
        if (reason !== undefined) return gone(query, reason)
        // A number an older release printed is explained, never "unknown".
        const old = typeof ref === 'string' ? oldNumber(query) : undefined
        return old ?? unknown(ref, suggest(q, numbersToday(), idsToday()))
      },
    }
  }

  const lookupRule = (query: unknown, options?: { version?: string }): RuleLookup => {
    const r = resolve(query, options)
    // The wrapper is frozen, not the error: an engine may annotate or throw it.
    return Object.freeze('rule' in r ? { rule: r.rule } : { error: r.error() })
  }

  const findRule = (query: unknown, options?: { version?: string }): Rule | RuleInRelease | undefined => {
    const r = resolve(query, options)
    return 'rule' in r ? r.rule : undefined
  }

  const rule = (ref: unknown, options?: { version?: string }): Rule | RuleInRelease => {
    const r = resolve(ref, options)
    if ('rule' in r) return r.rule
    throw r.error()
  }

  return {
    version,
    effective: data.effective,
    rules,
    examples,
    timing: freeze(data.timing),
    releaseVersions,
    lookupRule,
    findRule,
    rule,
    isRuleId: (value) => typeof value === 'string' && byId.has(value),
    numberHistory,
  }
}
