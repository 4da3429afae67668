/**
 * `cr cite --baseline FILE | RELEASE`: the baseline a run is compared with,
 * and what the held releases know about it (`src/core/cite/baseline.ts` does
 * the comparing). A file is a coverage file or a rules.json; a release is
 * named as `v25.08` or `25.08`.
 */
import { checkBaseline, readBaseline, type Baseline, type BaselineHistory } from '../../core/cite/baseline.ts'
import type { Citation, CiteProblem, ReleaseRule } from '../../core/cite/types.ts'
import { normalizeVersion } from '../../core/ids.ts'
import type { CiteContext } from '../../io/cite-context.ts'
import { citeFileExists, readCiteFile } from '../../io/cite-files.ts'
import { UsageError } from '../args.ts'

export function applyBaseline(arg: string, cwd: string, citations: readonly Citation[], context: CiteContext): { problems: CiteProblem[]; citations: Citation[] } {
  const baseline = openBaseline(arg, cwd, context)
  return checkBaseline(citations, baseline, historyFor(baseline.version, context))
}

function openBaseline(arg: string, cwd: string, context: CiteContext): Baseline {
  if (!citeFileExists(arg, cwd)) {
    const version = normalizeVersion(arg)
    if (context.heldReleases.includes(version)) return { version }
    const held = context.heldReleases.length > 0 ? `, or a held release: ${context.heldReleases.join(', ')}` : ''
    throw new UsageError(`--baseline ${arg}: no such file${held}; expected a coverage file (\`cr cite --write-coverage\`), a rules.json${held ? ' or a release name' : ''}`)
  }
  let data: unknown
  try {
    data = JSON.parse(readCiteFile(arg, cwd))
  } catch (error) {
    if (error instanceof SyntaxError) throw new Error(`${arg} is not JSON: ${error.message}`)
    throw error
  }
  const baseline = readBaseline(data)
  if (!baseline) throw new Error(`${arg} has no rule hashes: expected a coverage file written by \`cr cite --write-coverage\` or a rules.json`)
  return baseline
}

/** What the held releases say about the baseline's release, as today's rules see it. */
function historyFor(version: string, context: CiteContext): BaselineHistory {
  const table = context.table
  const numbers = new Map(context.document.rules.map((r) => [r.id, r.number]))
  const held = context.heldReleases.includes(version)
  const withReleases = held ? context.tableWithReleases() : undefined
  const release = withReleases?.releases?.byVersion.get(version)
  const ledger = withReleases?.releases?.ledger
  let byCurrent: Map<string, ReleaseRule> | undefined
  return {
    held: release !== undefined,
    hashes: context.hashes(),
    numberOf: (id) => numbers.get(id),
    todayOf(id) {
      const entry = release?.byId.get(id)
      if (entry) return entry.currentId ?? null
      if (table.byId.has(id)) return id
      const retired = table.retired.get(id)
      if (retired) return retired.target ?? null
      return undefined
    },
    meaningThen(number) {
      const m = ledger?.meaningIn(number, version)
      return m ? { id: m.id, today: m.currentId ?? null } : undefined
    },
    changedSince(id) {
      if (!release) return undefined
      if (!byCurrent) {
        byCurrent = new Map()
        for (const e of release.byId.values()) if (e.currentId !== undefined && !byCurrent.has(e.currentId)) byCurrent.set(e.currentId, e)
      }
      // `rule(id, { version })` knows this history: the release's entry for today's ID, and where it changed since.
      const entry = byCurrent.get(id)
      if (!entry || !entry.textChanged) return undefined
      const when = entry.changedIn.map((v) => (v === 'current' ? 'the current rules' : v))
      const moved = entry.number !== numbers.get(id) ? `, numbered ${entry.number} then` : ''
      return when.length > 0 ? `reworded in ${when.join(', ')}${moved}` : `its text differs from ${version}'s${moved}`
    },
  }
}
