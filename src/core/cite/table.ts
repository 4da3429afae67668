/**
 * The table a scan resolves citations against: every ID and number of one
 * release, which IDs were retired, and which ID prefixes make a word a
 * citation. Built once per run; scanning a file only reads it.
 */
import type { NumberReading } from './advice.ts'
import { withLegacyIds } from '../versions/legacy-ids.ts'
import { buildNumberLedger, type NumberLedger } from '../versions/number-ledger.ts'
import { resolveRetirements, type RetirementStep, type Retirements } from '../versions/retired.ts'
import type { CiteRule, ReleaseRule, Retirement } from './types.ts'

/**
 * Prefixes of the ID grammar (`rules/`): a word starting with one of these is
 * a citation, and reported when it is not a real ID. Other prefixes that
 * real IDs use (`corp_basic_action_…`, `movement_draw`) are too common in
 * engine code (`corp_hand`) to report: such words count only when they are
 * real IDs.
 */
export const ID_PREFIXES = ['rule', 'subsec', 'sec', 'step', 'chpt'] as const

export interface CiteTable {
  byId: ReadonlyMap<string, CiteRule>
  byNumber: ReadonlyMap<string, CiteRule>
  /** Chapter numbers (`1` … `11`): a bare `6.1.4` is only a number when chapter 6 exists. */
  chapters: ReadonlySet<string>
  /** Old ID → where it went, chains already followed (see `withRetirements`). */
  retired: ReadonlyMap<string, Retirement>
  /** Prefixes whose unknown words are reported. */
  strictPrefixes: readonly string[]
  /** Prefixes of real IDs outside the grammar: only real IDs count. */
  loosePrefixes: readonly string[]
  /** Every ID, for suggestions. */
  ids: readonly string[]
  /** Every number in document order, and each one's place in it: ranges across parents (`5.6.2d–5.6.3e`). */
  numbers: readonly string[]
  numberAt: ReadonlyMap<string, number>
  /** Old releases, for citations that name one (`CR v24.03 6.1.4`); see `withReleases`. */
  releases?: ReleaseTables
  /** Names of the releases held (oldest first), known before `releases` is built: tells an edition not held (`CR 1.8 …`) from one to resolve. */
  editions?: readonly string[]
  /** Under `--baseline`: bare numbers are read in the baseline's numbering, so advice names no bare number (`advice.ts`). */
  numbersReadAs?: NumberReading
}

/** One old release, by number and by ID as that release had them. */
export interface ReleaseTable {
  byNumber: ReadonlyMap<string, ReleaseRule>
  byId: ReadonlyMap<string, ReleaseRule>
  /** Its IDs, for suggestions. */
  ids: readonly string[]
}

export interface ReleaseTables {
  /** Every release name, oldest first: what an unknown release is told to expect. */
  versions: readonly string[]
  byVersion: ReadonlyMap<string, ReleaseTable>
  /** Every number any of them printed, the rule it named then and where that rule is today. */
  ledger: NumberLedger
  /** What the rules read against are called when a release's rule changed in them: `v26.03+` (`versions/working-text.ts`). */
  today?: string
}

export function buildCiteTable(rules: readonly CiteRule[], retired?: Retirements | ReadonlyMap<string, Retirement>): CiteTable {
  const byId = new Map<string, CiteRule>()
  const byNumber = new Map<string, CiteRule>()
  const chapters = new Set<string>()
  const loose = new Set<string>()
  const numbers: string[] = []
  const numberAt = new Map<string, number>()
  for (const r of rules) {
    if (!byId.has(r.id)) byId.set(r.id, r)
    if (!byNumber.has(r.number)) {
      byNumber.set(r.number, r)
      numberAt.set(r.number, numbers.length)
      numbers.push(r.number)
    }
    if (r.kind === 'chapter') chapters.add(r.number)
    const prefix = /^([A-Za-z][A-Za-z0-9]*)_/.exec(r.id)?.[1]
    if (prefix && !(ID_PREFIXES as readonly string[]).includes(prefix)) loose.add(prefix)
  }
  const table: CiteTable = {
    byId,
    byNumber,
    chapters,
    retired: new Map(),
    strictPrefixes: ID_PREFIXES,
    loosePrefixes: [...loose].sort(),
    ids: [...byId.keys()],
    numbers,
    numberAt,
  }
  return retired ? withRetirements(table, retired) : table
}

/**
 * The retirement hook: a table that also knows old IDs, chains followed by
 * the one retirement model (`resolveRetirements` in `src/core/versions/retired.ts`):
 * `a` renamed to `b`, `b` merged into `c` → `a` points at `c`; a chain that
 * ends nowhere reads as removed. Current IDs always win over a retirement of
 * the same ID. Takes the retirement file as read, or (tests) a map of single steps.
 */
export function withRetirements(table: CiteTable, retired: Retirements | ReadonlyMap<string, Retirement>): CiteTable {
  const source: { byId: ReadonlyMap<string, RetirementStep> } =
    retired instanceof Map
      ? {
          byId: new Map(
            [...(retired as ReadonlyMap<string, Retirement>)].map(([id, r]) => [id, { kind: r.status, targets: r.target !== undefined ? [r.target] : [], ...(r.reason !== undefined ? { reason: r.reason } : {}) }]),
          ),
        }
      : // Our old chapter-11 IDs (`<section>__2_b`) are renames of today's, like the file's entries.
        withLegacyIds(retired as Retirements, [...table.byId.values()].map((r) => ({ id: r.id, kind: r.kind, parent: r.parent })))
  const resolved = resolveRetirements(source, (id) => table.byId.has(id))
  // Old IDs may have prefixes no current ID has: the scanner must still see them.
  const loose = new Set(table.loosePrefixes)
  for (const oldId of resolved.keys()) {
    const prefix = /^([A-Za-z][A-Za-z0-9]*)_/.exec(oldId)?.[1]
    if (prefix && !table.strictPrefixes.includes(prefix)) loose.add(prefix)
  }
  return { ...table, retired: resolved, loosePrefixes: [...loose].sort() }
}

/**
 * The releases hook: a table that also resolves citations naming a release.
 * `releases` maps each release name (oldest first) to its entries, resolved
 * to today's rules (`resolveRelease` in `src/core/versions`). Building it
 * means compiling every release, so the CLI adds it only when a scan reports
 * `needsReleases`.
 */
export function withReleases(table: CiteTable, releases: ReadonlyMap<string, readonly ReleaseRule[]>, today?: string): CiteTable {
  const byVersion = new Map<string, ReleaseTable>()
  for (const [version, entries] of releases) {
    const byNumber = new Map<string, ReleaseRule>()
    const byId = new Map<string, ReleaseRule>()
    for (const e of entries) {
      if (!byNumber.has(e.number)) byNumber.set(e.number, e)
      if (!byId.has(e.id)) byId.set(e.id, e)
    }
    byVersion.set(version, { byNumber, byId, ids: [...byId.keys()] })
  }
  const ledger = buildNumberLedger([...releases].map(([version, rules]) => ({ version, rules })))
  return { ...table, releases: { versions: [...releases.keys()], byVersion, ledger, ...(today !== undefined ? { today } : {}) } }
}

/** Citable rules for coverage: prose rules, sub-rules and steps (not chapters, sections or timing summaries). */
export const isCitable = (r: Pick<CiteRule, 'kind'>) => r.kind === 'rule' || r.kind === 'subrule' || r.kind === 'step'
