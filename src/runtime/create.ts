/**
 * The runtime behind `import { rule, cite } from 'netrunner-cr'`, over one
 * release's data. Plain, dependency-free code: it is compiled into the
 * package (ESM and CommonJS) with the data of the release it ships.
 */
import { lowerFirst, normalizeNumber, parseCitation, normalizeVersion, ruleLabel, similarNumbers, suggestClosest } from '../core/ids.ts'
import { buildNumberLedger, describeMeaning, explainNumber, type NumberLedger } from '../core/versions/number-ledger.ts'
import type { ReleaseRule } from '../core/versions/release-citations.ts'
import type { CompactRelease, RuntimeData } from './data.ts'
import type { Example, NumberHistory, ReleaseCitation, Rule, RuleInRelease } from './types.ts'

/** Thrown by `rule()` and `cite()` for an ID or number the rules (or the release asked for) do not define. */
export class UnknownRuleError extends Error {
  readonly query: string
  /** Closest IDs, or the nearest existing number. */
  readonly suggestions: string[]
  constructor(message: string, query: string, suggestions: string[]) {
    super(message)
    this.name = 'UnknownRuleError'
    this.query = query
    this.suggestions = suggestions
  }
}

/**
 * Thrown by `rule()` and `cite()` for a number today's rules do not have but
 * a held release printed (`rule('10.5.5')`): the message says what it named
 * then and where that rule is today; `history` has the details. A subclass of
 * `UnknownRuleError`, so code that catches that catches this too.
 */
export class OldNumberError extends UnknownRuleError {
  /** What the number named in the releases that printed it, newest first. */
  readonly history: NumberHistory['earlier']
  constructor(message: string, query: string, suggestions: string[], history: NumberHistory['earlier']) {
    super(message, query, suggestions)
    this.name = 'OldNumberError'
    this.history = history
  }
}

/** Thrown by `rule()` and `cite()` for a `version` that is not a release. */
export class UnknownVersionError extends Error {
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

export interface Runtime {
  version: string
  effective: string
  rules: readonly Rule[]
  examples: readonly Example[]
  timing: unknown
  releaseVersions: readonly string[]
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

function freeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) freeze(v)
  }
  return value
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

  const unknown = (query: unknown, suggestions: string[], release?: { version: string; today?: string }) => {
    const help = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : ''
    const where = release ? release.version : version
    const tail = release?.today ? ` (it is ${release.today} in ${version})` : help
    return new UnknownRuleError(`Unknown rule ${JSON.stringify(query)} in the Netrunner CR ${where}${tail}`, query as string, suggestions)
  }
  const gone = (query: string, reason: string, release?: { version: string; id: string }) =>
    new UnknownRuleError(
      `Rule ${JSON.stringify(query)}${release ? ` of ${release.version} (${release.id})` : ''} was removed from the Netrunner CR before ${version}${reason ? `: ${reason}` : ''}`,
      query,
      [],
    )

  /** Suggestions among `numbers` (number → ID, in the rules' order) and `ids`: today's, or a release's; a number's with their IDs. */
  const suggest = (query: string, numbers: ReadonlyMap<string, string>, ids: Iterable<string>): string[] => {
    const n = normalizeNumber(query)
    if (n === undefined) return suggestClosest(query, ids)
    return similarNumbers(n, numbers).map((x) => ruleLabel(x, numbers.get(x)!))
  }
  /** Today's numbers → IDs, for suggestions. */
  let todaysNumbers: Map<string, string> | undefined
  const numbersToday = () => (todaysNumbers ??= new Map([...byNumber].map(([n, r]) => [n, r.id])))

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

  /** `{ rule }` for a number or ID of `release`, today's rule with how it got there; else `{ error }`. */
  const inRelease = (query: string, release: string): { rule: RuleInRelease } | { error: UnknownRuleError } => {
    const t = releaseTable(release)
    const q = query.trim()
    const lower = lowerFirst(q)
    const n = normalizeNumber(q)
    const id = t.numberOf.has(q) ? q : t.numberOf.has(lower) ? lower : n === undefined ? undefined : t.numbers.get(n)
    if (id === undefined) {
      // An ID of today's rules that the release did not have yet: say where it is, suggest nothing.
      const now = byId.get(q) ?? byId.get(lower)
      if (now) return { error: unknown(query, [], { version: release, today: now.number }) }
      return { error: unknown(query, suggest(q, t.numbers, t.numberOf.keys()), { version: release }) }
    }
    const f = t.fates[id]
    const current = f === undefined || f[0] === '' ? id : f[0]
    if (current === null) return { error: gone(query, removed.get(id) ?? '', { version: release, id }) }
    const today = byId.get(current)!
    const via = { version: release, number: t.numberOf.get(id)!, id, status: (f?.[3] ?? 'same') as ReleaseCitation['status'] }
    return { rule: freeze({ ...today, via, textChanged: f !== undefined && f[1] === 1, changedIn: f === undefined ? [] : f[2] }) }
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
    return new OldNumberError(`Rule ${JSON.stringify(query)} is not in the Netrunner CR ${version}: ${h.earlier.map((m) => m.description).join('; ')}${advice}`, query, newest.currentId !== undefined ? [newest.currentId] : [], h.earlier)
  }

  const findRule = (query: unknown, options?: { version?: string }): Rule | RuleInRelease | undefined => {
    if (typeof query !== 'string') return undefined
    const p = parseQuery(query, options)
    if (p.release !== undefined) {
      if (!data.releases[p.release]) return undefined
      const r = inRelease(p.query, p.release)
      return 'rule' in r ? r.rule : undefined
    }
    const q = query.trim()
    const direct = byId.get(q) ?? byId.get(lowerFirst(q))
    if (direct) return direct
    const moved = redirects.get(q)
    if (moved) return byId.get(moved)
    const n = normalizeNumber(q)
    return n === undefined ? undefined : byNumber.get(n)
  }

  const rule = (ref: unknown, options?: { version?: string }): Rule | RuleInRelease => {
    const p = parseQuery(ref, options)
    if (p.release !== undefined) {
      if (!data.releases[p.release]) throw new UnknownVersionError(p.release, releaseVersions)
      const r = inRelease(p.query, p.release)
      if ('error' in r) throw r.error
      return r.rule
    }
    const found = findRule(ref)
    if (found) return found
    const query = String(ref)
    if (removed.has(query)) throw gone(query, removed.get(query)!)
    // A number an older release printed is explained, never "unknown".
    if (typeof ref === 'string') {
      const old = oldNumber(query)
      if (old) throw old
    }
    throw unknown(ref, suggest(query, numbersToday(), byId.keys()))
  }

  return {
    version,
    effective: data.effective,
    rules,
    examples,
    timing: freeze(data.timing),
    releaseVersions,
    findRule,
    rule,
    isRuleId: (value) => typeof value === 'string' && byId.has(value),
    numberHistory,
  }
}
