/**
 * `cr cite --baseline FILE | RELEASE`: the baseline a run is compared with,
 * and what the held releases know about it (`src/core/cite/baseline.ts` does
 * the comparing). A file is a coverage file or a rules.json; a release is
 * named as `v25.08` or `25.08`.
 */
import { checkBaseline, numberReading, readBaseline, type Baseline, type BaselineHistory, type Removal } from '../../core/cite/baseline.ts'
import { followRetirement } from '../../core/versions/retired.ts'
import type { NumberReading } from '../../core/cite/advice.ts'
import type { Citation, CiteProblem, ReleaseRule } from '../../core/cite/types.ts'
import { normalizeVersion } from '../../core/ids.ts'
import type { CiteContext } from '../../io/cite-context.ts'
import { citeFileExists, readCiteFile } from '../../io/cite-files.ts'
import { didYouMean, UsageError } from '../args.ts'

/** Citations checked against a baseline opened before the scan (`openBaseline`). */
export function applyBaseline(baseline: Baseline, citations: readonly Citation[], context: CiteContext): ReturnType<typeof checkBaseline> {
  return checkBaseline(citations, baseline, historyFor(baseline.version, context))
}

/** Today's edition when it is held, so advice may name `CR v26.03 6.2.8`. */
function todaysEdition(context: CiteContext): string | undefined {
  const version = normalizeVersion(context.version)
  return context.heldReleases.includes(version) ? version : undefined
}

/** How bare numbers are read under this baseline, when not as today's (a baseline written against today's rules reads them as today's). */
export function baselineReading(baseline: Baseline, context: CiteContext): NumberReading | undefined {
  const version = normalizeVersion(baseline.version)
  // Numbers are reread only through a held release's numbering or the numbers a coverage file recorded.
  const rereads = context.heldReleases.includes(version) || baseline.numbers !== undefined
  return !rereads || version === normalizeVersion(context.version) ? undefined : numberReading(baseline, todaysEdition(context))
}

/**
 * `--baseline FILE | RELEASE`, opened before anything is scanned: a name
 * that is neither a file nor a held release is a usage error that lists the
 * held releases, the closest first.
 */
export function openBaseline(arg: string, cwd: string, context: CiteContext): Baseline {
  if (!citeFileExists(arg, cwd)) {
    const version = normalizeVersion(arg)
    if (context.heldReleases.includes(version)) return { version, kind: 'release' }
    const held = context.heldReleases
    const written = /^v?(\d{1,2})\.(\d{1,2})$/i.exec(arg.trim())
    if (written) {
      // `26.3` is `v26.03` written short: said as what was meant. Another date is no typo: the list says what there is.
      const padded = `v${written[1]!.padStart(2, '0')}.${written[2]!.padStart(2, '0')}`
      const meant = held.includes(padded) ? didYouMean([padded]) : ''
      const older = padded < (held[0] ?? '') ? ` (releases before ${held[0]} are not held)` : ''
      throw new UsageError(`--baseline ${arg}: no release ${padded} is held here${older}, expected one of ${held.join(', ')}, a coverage file (\`cr cite --write-coverage\`) or a rules.json${meant}`)
    }
    throw new UsageError(`--baseline ${arg}: no such file; expected a coverage file (\`cr cite --write-coverage\`), a rules.json or a held release (${held.join(', ')})`)
  }
  let data: unknown
  try {
    data = JSON.parse(readCiteFile(arg, cwd))
  } catch (error) {
    if (error instanceof SyntaxError) throw new UsageError(`--baseline ${arg}: not JSON (${error.message}); expected a coverage file or a rules.json`)
    throw error
  }
  const baseline = readBaseline(data)
  if (!baseline) throw new UsageError(`--baseline ${arg}: no rule hashes; expected a coverage file written by \`cr cite --write-coverage\` or a rules.json`)
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
  const edition = todaysEdition(context)
  return {
    held: release !== undefined,
    ...(edition !== undefined ? { edition } : {}),
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
    removalOf(id) {
      // The one chain walk (`followRetirement`): renames and merges after the baseline, up to the removal.
      const trail = followRetirement(id, context.retirements, (x) => table.byId.has(x))
      if (trail.end !== 'removed' || trail.steps.length === 0) return undefined
      const last = trail.steps[trail.steps.length - 1]!
      const via: Removal['via'][number][] = trail.steps.slice(0, -1).map((s) => ({ how: s.kind === 'removed' ? 'renamed' : s.kind, id: s.targets[0]!, ...(s.release !== undefined ? { after: s.release } : {}) }))
      return { via, ...(last.release !== undefined ? { removedAfter: last.release } : {}), ...(last.reason !== undefined ? { reason: last.reason } : {}) }
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
      const when = entry.changedIn.map((v) => (v === 'current' ? (withReleases?.releases?.today ?? 'the current rules') : v))
      const moved = entry.number !== numbers.get(id) ? `, numbered ${entry.number} then` : ''
      return when.length > 0 ? `reworded in ${when.join(', ')}${moved}` : `its text differs from ${version}'s${moved}`
    },
  }
}
