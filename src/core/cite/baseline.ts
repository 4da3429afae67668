/**
 * `cr cite --baseline`: what changed since the code was last checked against
 * the rules. The baseline is a coverage file written earlier
 * (`--write-coverage`, which records the hash of every rule it cites and, in
 * format 2, the number each citation was written as), a `rules.json` of the
 * release the code was written against (every rule has its `hash`), or the
 * name of a held release (`--baseline v25.08`).
 *
 * Two things are reported:
 * - `changed-rule`: a cited rule whose text changed since (hashes ignore
 *   reference numbers, so renumbering is not a change; rewording is);
 * - `renumbered-since-baseline`: a number that meant another rule then
 *   (`CR 6.2.5` was `rule_move_runner_to_position` in v24.03 and is
 *   `rule_position_runner` today). The citation counts for the rule it meant:
 *   a renumbering is reported, never silently followed.
 */
import { citeAdvice, type NumberReading } from './advice.ts'
import { clauseText, joinClauses, phraseText } from '../phrase.ts'
import { reasonClause } from '../versions/reason.ts'
import type { Citation, CiteProblem } from './types.ts'

export interface Baseline {
  /** The release the baseline was made against, e.g. `v25.08`. */
  version: string
  /** What was given: a held release by name, a rules.json, or a coverage file (`--write-coverage`). */
  kind?: 'release' | 'rules' | 'coverage'
  /** Rule ID → text hash then (a coverage file, a rules.json). */
  hashes?: ReadonlyMap<string, string>
  /** File → number as written → the ID it was read as then (a coverage file of format 2). */
  numbers?: ReadonlyMap<string, ReadonlyMap<string, string>>
}

/** What the baseline's release knew, as today's rules see it (the CLI builds it from the held releases). */
export interface BaselineHistory {
  /** Today's ID of an ID the baseline recorded: itself, or where it was renamed or merged; null when removed; undefined when unknown. */
  todayOf(id: string): string | null | undefined
  /**
   * What became of an ID removed since (`today` null): the IDs it was renamed or merged into on the way
   * (`rule_plaintext_symbolds` → `rule_plaintext_symbols`), the last release that had it, and why it went;
   * undefined when the retirements do not know it.
   */
  removalOf?(id: string): Removal | undefined
  /** What `number` named in the baseline's release, as today's ID (null: removed since); undefined when that release is not held or did not print it. */
  meaningThen(number: string): { id: string; today: string | null } | undefined
  /** How a rule (today's ID) changed since the baseline's release ("reworded in v26.03"), when that release is held; undefined when unchanged or unknown. */
  changedSince(id: string): string | undefined
  /** Today's number of an ID. */
  numberOf(id: string): string | undefined
  /** Today's text hashes. */
  hashes: ReadonlyMap<string, string>
  /** Whether the baseline's release is held here, so its text changes are known without hashes. */
  held: boolean
  /** Today's edition, when held (`v26.03`): advice may say `CR v26.03 6.2.8`, which no baseline rereads. */
  edition?: string
}

/** How a removed rule went: through other IDs first (renamed, merged), then removed after a release, for a reason. */
export interface Removal {
  /** Each later ID on the way, with how it came (`renamed to`, `merged into`) and after which release. */
  via: readonly { how: 'renamed' | 'merged' | 'split'; id: string; after?: string }[]
  removedAfter?: string
  reason?: string
}

/** `renamed to `rule_b` after v24.03, then removed after v25.04: reason` — what a removal message says of the way. */
export function describeRemoval(r: Removal): string {
  const way = r.via.map((v) => `${v.how === 'renamed' ? 'renamed to' : v.how === 'merged' ? 'merged into' : 'split into, among others,'} \`${v.id}\`${v.after ? ` after ${v.after}` : ''}`)
  const removed = `${way.length > 0 ? 'then ' : ''}removed from the rules${r.removedAfter ? ` after ${r.removedAfter}` : ''}`
  return joinClauses([...way, r.reason ? `${removed}: ${phraseText(reasonClause(r.reason))}` : removed], ', ')
}

/** How a run under this baseline reads bare numbers: in the baseline's numbering. */
export function numberReading(baseline: Baseline, edition: string | undefined): NumberReading {
  return { baseline: baseline.version, ...(edition !== undefined ? { edition } : {}) }
}

/** A coverage file (`hashes`, `files`) or a rules.json (`rules[].hash`) → a baseline; undefined when it holds neither hashes nor numbers. */
export function readBaseline(data: unknown): Baseline | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const d = data as { version?: unknown; hashes?: unknown; rules?: unknown; files?: unknown }
  const version = typeof d.version === 'string' ? d.version : 'the baseline'
  const out: Baseline = { version, kind: Array.isArray(d.rules) ? 'rules' : 'coverage' }
  if (typeof d.hashes === 'object' && d.hashes !== null && !Array.isArray(d.hashes)) {
    out.hashes = new Map(Object.entries(d.hashes as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'))
  } else if (Array.isArray(d.rules)) {
    const hashes = new Map<string, string>()
    for (const r of d.rules as { id?: unknown; hash?: unknown }[]) if (typeof r?.id === 'string' && typeof r.hash === 'string') hashes.set(r.id, r.hash)
    if (hashes.size > 0) out.hashes = hashes
  }
  if (typeof d.files === 'object' && d.files !== null && !Array.isArray(d.files)) {
    const numbers = new Map<string, Map<string, string>>()
    for (const [file, list] of Object.entries(d.files as Record<string, unknown>)) {
      if (!Array.isArray(list)) continue
      for (const c of list as { id?: unknown; number?: unknown; release?: unknown }[]) {
        if (typeof c?.id !== 'string' || typeof c.number !== 'string' || c.release !== undefined) continue
        let byNumber = numbers.get(file)
        if (!byNumber) numbers.set(file, (byNumber = new Map()))
        if (!byNumber.has(c.number)) byNumber.set(c.number, c.id)
      }
    }
    if (numbers.size > 0) out.numbers = numbers
  }
  return out.hashes || out.numbers ? out : undefined
}

/**
 * The baseline's problems, where bare numbers were read in its numbering,
 * and the citations with renumbered ones counted for the rule they meant: one citation out for each in, in the same order
 * (a recounted one is a copy; the CLI carries its test over by position).
 */
export function checkBaseline(citations: readonly Citation[], baseline: Baseline, history: BaselineHistory): { problems: CiteProblem[]; citations: Citation[]; readThen: Set<string> } {
  const problems: CiteProblem[] = []
  // Where a bare number was read in the baseline's numbering (`file:line:column`): a doubt about today's reading there is moot.
  const readThen = new Set<string>()
  const out: Citation[] = []
  const how = new Map<string, string>()
  for (const original of citations) {
    let c = original
    const meant = c.number !== undefined && c.version === undefined ? meaningThen(baseline, history, c) : undefined
    if (meant) readThen.add(`${c.file}:${c.line}:${c.column}`)
    if (meant && meant.today !== c.id) {
      const at = { file: c.file, line: c.line, column: c.column, text: c.text }
      const now = history.numberOf(c.id)
      const reading = numberReading(baseline, history.edition)
      if (meant.today === null) {
        // Both meanings, and how to cite today's without the baseline rereading it: `CR 1.3.2` again would be the same error.
        // The way it went, when the retirements know it: a rename after the baseline names the ID the code may meet.
        const removal = history.removalOf?.(meant.id)
        const went = removal ? describeRemoval(removal) : 'since removed from the rules'
        problems.push({
          code: 'removed-rule',
          severity: 'error',
          ...at,
          message: `\`${c.text}\` meant \`${meant.id}\` in ${baseline.version} (the baseline), ${clauseText(went)}; ${c.number} is \`${c.id}\` today: if that is the rule meant, ${citeAdvice({ id: c.id, number: now }, reading)} (a bare number is read as ${baseline.version}'s)`,
          suggestions: [c.id],
        })
      } else {
        const then = history.numberOf(meant.today)
        problems.push({
          code: 'renumbered-since-baseline',
          severity: 'warning',
          ...at,
          message: `\`${c.text}\` meant \`${meant.id}\` in ${baseline.version} (the baseline)${meant.today !== meant.id ? `, today \`${meant.today}\`` : ''}, which is ${then ?? 'elsewhere'} today; ${c.number} is \`${c.id}\`${now && now !== c.number ? ` (${now})` : ''} now. Counted for \`${meant.today}\`: ${citeAdvice({ id: meant.today, number: then }, reading)} (a bare number is read as ${baseline.version}'s)`,
          suggestions: [meant.today],
        })
        c = { ...c, id: meant.today }
      }
    }
    out.push(c)
    const changed = changedSince(baseline, history, c.id, how)
    if (changed !== undefined) {
      const number = history.numberOf(c.id)
      problems.push({
        code: 'changed-rule',
        severity: 'warning',
        file: c.file,
        line: c.line,
        column: c.column,
        text: c.text,
        message: `\`${c.id}\`${number ? ` (${number})` : ''} changed since ${baseline.version}: ${changed}; re-read it and check the code that cites it`,
      })
    }
  }
  return { problems, citations: out, readThen }
}

/** What the citation's number meant when the baseline was written: recorded in the coverage file, else the held release's numbering. */
function meaningThen(baseline: Baseline, history: BaselineHistory, c: Citation): { id: string; today: string | null } | undefined {
  const recorded = baseline.numbers?.get(c.file)?.get(c.number!)
  if (recorded !== undefined) {
    const today = history.todayOf(recorded)
    return today === undefined ? undefined : { id: recorded, today }
  }
  return history.meaningThen(c.number!)
}

/** How a rule changed since the baseline, or undefined: by hash when the baseline has them, else by the held release's history. */
function changedSince(baseline: Baseline, history: BaselineHistory, id: string, memo: Map<string, string>): string | undefined {
  if (memo.has(id)) return memo.get(id) || undefined
  let result: string | undefined
  if (baseline.hashes) {
    const then = baseline.hashes.get(id)
    const now = history.hashes.get(id)
    // A held release's history is the finer judge: hashes are of the printed text, where a reference's word ("rule
    // 6.1.4", then "section 6.1.4" once 6.1.4 has sub-rules) changes with no rewording.
    if (then !== undefined && now !== undefined && then !== now) result = history.changedSince(id) ?? (history.held ? undefined : `its text differs from ${baseline.version}'s`)
  } else if (history.held) {
    result = history.changedSince(id)
  }
  memo.set(id, result ?? '')
  return result
}
