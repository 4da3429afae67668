/**
 * `cr show 6.1.4 --version v24.03` (or `cr show CR v24.03 6.1.4`): the rule
 * as that release printed it, then where it is today and whether its text
 * changed since. Also the redirect for retired IDs without a version.
 */
import { hasErrors } from '../../core/diagnostics.ts'
import { phraseText } from '../../core/phrase.ts'
import { reasonPhrase, type NumberOf } from '../../core/versions/reason.ts'
import type { CliIo } from '../cli-io.ts'
import { buildLookup } from '../../core/lookup.ts'
import type { CompiledDocument, RuleEntry } from '../../core/types.ts'
import { workingLabel } from '../../io/working-label.ts'
import { followRetirement, describeTrail } from '../../core/versions/retired.ts'
import { createVersionIndex, CURRENT, type OldCitation } from '../../core/versions/version-index.ts'
import { UsageError } from '../args.ts'
import type { IoContext } from '../../io/context.ts'
import { compileRelease, findReleasesRoot, formatReport, loadRetirements, locateRelease, openCurrent, type RulesChoice } from '../../io/releases.ts'
import { withLegacyIds } from '../../core/versions/legacy-ids.ts'

export interface ShowOptions {
  rules: RulesChoice
  releases?: string
  json?: boolean
  format(e: RuleEntry, byId: Map<string, RuleEntry>): string
}

export function showInVersion(versionArg: string, query: string, options: ShowOptions, io: CliIo, ctx: IoContext): number {
  const root = findReleasesRoot(options.rules.dir, options.releases, { fallbackToPackage: true }, ctx)
  const { all, at: from } = locateRelease(versionArg, root, [], ctx)
  const version = all[from]!.version
  // The release asked for, every later one (to follow the rule forward) and today's rules.
  const compiled = [...all.slice(from).map((r) => compileRelease(r.version, r.dir, ctx)), openCurrent(options.rules, ctx, { model: true })]
  for (const c of compiled) {
    if (!c.document || !c.model || hasErrors(c.messages)) {
      io.stderr.write(`${formatReport(c.messages, c.files)}\ncr show: ${c.version} does not compile\n`)
      return 1
    }
  }
  const docs = compiled.map((c) => c.document!)
  const models = compiled.map((c) => c.model!)
  const { retirements } = loadRetirements(options.rules.dir, ctx.cwd)
  const index = createVersionIndex({ releases: models.slice(0, -1), current: models[models.length - 1]!, retired: retirements })
  const cite = index.resolve(version, query)
  if (!cite.found) {
    const help = cite.suggestions && cite.suggestions.length > 0 ? `; did you mean ${cite.suggestions.map((s) => `\`${s}\``).join(', ')}?` : ''
    io.stderr.write(`cr show: error[unknown-rule]: no rule \`${query}\` in ${version}${help}\n`)
    return 1
  }
  const old = docs[0]!
  const oldById = buildLookup(old.rules).byId
  const entry = cite.old ? oldById.get(cite.old.id) : undefined
  if (options.json) {
    const { old: _, ...today } = cite
    io.stdout.write(`${JSON.stringify({ version, entry: entry ?? null, today }, null, 2)}\n`)
    return 0
  }
  const head = entry ? options.format(entry, oldById).replace(/\n/, `  [${version}]\n`) : ''
  io.stdout.write(`${head}${head ? '\n' : ''}${todayLine(cite, version, workingLabel(options.rules, docs[docs.length - 1]!.release.version, ctx), numberIn(docs[docs.length - 1]!))}\n`)
  return 0
}

/** "Today: 10.3.1j `step_…` (was 10.3.1i), text unchanged since v24.03." */
export function todayLine(cite: OldCitation, version: string, today: string, numberOf?: NumberOf): string {
  const named = (v: string) => (v === CURRENT ? today : v)
  if (cite.status === 'removed' || cite.id === undefined) return `Today: removed after ${named(cite.removedAfter ?? version)}${cite.reason ? ` — ${phraseText(reasonPhrase(cite.reason, numberOf))}` : ''}`
  const verb = cite.status === 'renamed' ? 'renamed to ' : cite.status === 'merged' ? 'merged into ' : cite.status === 'split' ? 'split; mainly ' : ''
  const was = cite.old && cite.old.number !== cite.currentNumber ? ` (was ${cite.old.number})` : ''
  const text = cite.textChanged
    ? `text changed since ${version}${cite.changedIn && cite.changedIn.length > 0 ? ` (in ${cite.changedIn.map(named).join(', ')})` : ''}`
    : `text unchanged since ${version}`
  const note = cite.status !== 'same' && cite.reason ? `\n  Note: ${phraseText(reasonPhrase(cite.reason, numberOf))}` : ''
  return `Today (${today}): ${verb}${cite.currentNumber} \`${cite.id}\`${was}, ${text}.${note}`
}

/** A reason's `{ref:ID}` as the number `doc` gives it. */
const numberIn = (doc: CompiledDocument): NumberOf => {
  const byId = buildLookup(doc.rules).byId
  return (id) => byId.get(id)?.number
}

/** An ID the rules no longer define but the retirement file knows: where it went. */
export function retiredNote(dir: string, id: string, entries: readonly { id: string; kind: string; parent: string | null }[], ctx: IoContext): { id?: string; note: string } | undefined {
  // Our old timing IDs (`sec_x__6_a`, before the official ones) are renames too.
  const retirements = withLegacyIds(loadRetirements(dir, ctx.cwd).retirements, entries)
  const ids = new Set(entries.map((e) => e.id))
  const exists = (x: string) => ids.has(x)
  const trail = followRetirement(id, retirements, exists)
  if (trail.steps.length === 0) return undefined
  const numbers = new Map(entries.map((e) => [e.id, (e as { number?: string }).number]))
  return { ...(trail.id !== undefined ? { id: trail.id } : {}), note: `\`${id}\` was ${describeTrail(trail, (x) => numbers.get(x))}` }
}
