import { basename, join, relative, resolve } from 'node:path'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import type { CliIo } from '../cli-io.ts'
import { compile } from '../../core/compile.ts'
import { hasErrors } from '../../core/diagnostics.ts'
import type { CompiledDocument } from '../../core/types.ts'
import { diffReleases } from '../../core/versions/diff.ts'
import { changelogYaml, checkMarks, withoutDraftNote, type MarkReport } from '../../core/versions/release-check.ts'
import { draftChangelog } from '../../core/release/changelog-draft.ts'
import { changelogDebris } from '../../core/release/changelog-lint.ts'
import { learnChangelogStyle } from '../../core/release/changelog-style.ts'
import { diagnostic } from '../../core/diagnostics.ts'
import type { Diagnostic } from '../../core/types.ts'
import { changelogIdentity, releaseChangelog, releaseTexts, type ReleaseText } from '../../core/release/identity.ts'
import { planNextCycle } from '../../core/release/next-cycle.ts'
import { normalizeVersion, RELEASE_NAME } from '../../core/ids.ts'
import { loadCards, readRulesDir, textLookup } from '../../io/read-sources.ts'
import { formatDiagnostic } from '../../core/diagnostics.ts'
import { compileRelease, formatReport, listReleases, loadRetirements } from '../../io/releases.ts'
import { FileChangedError, replaceFileVerified, writeNewFileVerified, WriteFailedError } from '../../io/durable-write.ts'
import { writeNewDir } from '../../io/write-output.ts'
import { pathExists } from '../../io/files.ts'
import { FORMAT_FLAG, formatOption, ioAdvice, writeDiagnostics, writeFailure, writeFailures } from '../report.ts'
import { hasRulesFolder, noRulesFolder } from '../../io/shipped-rules.ts'
import type { DiagnosticFormat } from '../../core/diagnostic-formats.ts'

export const releaseSpec: CommandSpec = {
  name: 'release',
  summary: 'Check new-marks against the changes since the last release, draft the changelog, freeze rules/ into releases/<version>/',
  usage: 'cr release <version> [--check | --draft] [--strict] [--format text|json|github|sarif] [--inherited] [--rules DIR] [--releases DIR]\n       cr release --next-cycle [--check] [--rules DIR] [--releases DIR]',
  flags: [
    { name: 'next-cycle', type: 'boolean', description: 'start the next cycle: clear the last release\'s `new:` flags, `{n}…{/n}` spans and summary of changes (only those; with --check, say what would be cleared)' },
    { name: 'check', type: 'boolean', description: 'write nothing: report the marks and print the drafted changelog.yaml' },
    { name: 'draft', type: 'boolean', description: 'write the drafted entries into rules/changelog.yaml (while it still holds the last release\'s)' },
    { name: 'strict', type: 'boolean', description: 'mark problems are errors: refuse to freeze, exit 1' },
    { name: 'json', type: 'boolean', description: 'print the report as JSON (the same as --format json)' },
    FORMAT_FLAG,
    { name: 'inherited', type: 'boolean', description: 'list each mark left over from the last release (by default one line counts them)' },
    { name: 'rules', type: 'string', value: 'DIR', description: 'the rules to release (default: rules/)' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'where releases are kept (default: releases/ beside the rules)' },
  ],
}

/** Files of a rules folder that are not part of a release: the retirement table is about all releases. */
const NOT_RELEASED = new Set(['retired.yaml'])

export function releaseCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(releaseSpec, argv)
  if (values.rules === undefined && !hasRulesFolder(io)) throw new UsageError(noRulesFolder('release', 'cr release VERSION --rules DIR'))
  const rulesArg = (values.rules as string | undefined) ?? 'rules'
  const rulesDir = resolve(io.cwd, rulesArg)
  const root = values.releases !== undefined ? resolve(io.cwd, values.releases as string) : join(rulesDir, '..', 'releases')
  const shown = (p: string) => relative(io.cwd, p) || '.'
  if (values['next-cycle']) {
    if (positionals.length > 0) throw new UsageError('--next-cycle takes no version: it starts the cycle after the last release in releases/')
    if (values.draft || values.strict || values.json || values.inherited || values.format !== undefined) throw new UsageError('--next-cycle takes only --check, --rules and --releases')
    return nextCycle(rulesDir, root, Boolean(values.check), io, shown)
  }
  if (positionals.length !== 1) throw new UsageError('expected one version, e.g. `cr release v26.09`')
  // `json` is the report (its messages included); `github` and `sarif` are the diagnostics, for a CI step.
  const format: DiagnosticFormat = formatOption(values)
  const machine = format !== 'text'
  const version = normalizeVersion(positionals[0]!)
  if (!RELEASE_NAME.test(version)) throw new UsageError(`invalid version \`${positionals[0]}\`, expected vYY.MM, e.g. v26.09`)
  if (values.check && values.draft) throw new UsageError('--check and --draft exclude each other')
  const target = join(root, version)
  const freezing = !values.check && !values.draft

  if (freezing && pathExists(target)) {
    io.stderr.write(`cr release: error: ${shown(target)}/ already exists; a release is frozen once and never overwritten\n`)
    return 1
  }
  const all = pathExists(root) ? listReleases(root) : []
  const later = all.filter((r) => r.version >= version && r.version !== version)
  if (later.length > 0) throw new UsageError(`${version} is older than ${later.map((r) => r.version).join(', ')}, expected a version after the last release`)
  const previous = all.filter((r) => r.version < version).pop()

  // The rules must compile cleanly: a release with errors is never frozen.
  const files = readRulesDir(rulesDir, io.cwd)
  const result = compile(files, { cards: loadCards() })
  if (!result.model || !result.document || hasErrors(result.messages)) {
    if (format === 'github' || format === 'sarif') writeDiagnostics(io, result.messages, { format, command: 'release', files, ok: false })
    else if (format === 'json') io.stdout.write(`${JSON.stringify({ version, ok: false, messages: result.messages }, null, 2)}\n`)
    else io.stderr.write(`${formatReport(result.messages, files)}\n`)
    io.stderr.write(`cr release: error: ${shown(rulesDir)} does not compile; fix it (\`cr check\`) before releasing\n`)
    return 1
  }
  // The model is what releases are compared by; its index view carries the numbers and sources the report prints.
  const model = result.model
  const current: CompiledDocument = result.document
  // What stands in the way of a freeze: a sentence for people, a diagnostic for machines.
  const problems: { text: string; diagnostic: Diagnostic }[] = []
  const sourceOf = textLookup(files)
  const problem = (code: Parameters<typeof diagnostic>[0], at: { file: string; line: number; column: number }, text: string) =>
    problems.push({ text, diagnostic: diagnostic(code, freezing ? 'error' : 'warning', at, text) })
  if (current.release.version !== version) {
    const releaseFile = files.find((f) => basename(f.path) === 'release.yaml')
    problem(
      'release-version-mismatch',
      { file: releaseFile?.path ?? join(rulesArg, 'release.yaml'), line: lineOf(releaseFile, /^version\s*:/m), column: 1 },
      `${shown(join(rulesDir, 'release.yaml'))} says \`version: ${current.release.version}\`, expected \`${version}\`: set \`version\` and \`effective\` before freezing`,
    )
  }

  // Both releases' texts as trees: marks and summaries are compared by identity, never by rendered text.
  const texts = releaseTexts(files)
  let report: MarkReport | undefined
  let draft: string[] = []
  // The draft speaks the rules team's words: learned from every held release's summary.
  const style = learnChangelogStyle(all.map((r) => ({ version: r.version, texts: (releaseChangelog(readRulesDir(r.dir, io.cwd)) ?? []).map((t) => t.source) })))
  let summary: SummaryState = { state: texts.changelog && texts.changelog.length > 0 ? 'edited' : 'empty', carried: [] }
  if (previous) {
    const prev = compileRelease(previous.version, previous.dir)
    if (!prev.model) throw new Error(`release ${previous.version} does not compile; run \`cr check ${previous.dir}\``)
    const prevTexts = releaseTexts(prev.files)
    const diff = diffReleases(prev.model, model, loadRetirements(rulesDir).retirements)
    report = checkMarks(diff, current, { current: texts, previous: prevTexts })
    draft = draftChangelog(diff, { style, current: texts, lowercaseWords: lowercaseWords(current), byId: new Map(current.rules.map((r) => [r.id, r])) })
    summary = summaryState(texts.changelog, prevTexts.changelog)
  }
  // Markup debris in the summary being released: warned while drafting, refused by the freeze.
  const debris: Diagnostic[] = (texts.changelog ?? []).flatMap((t, i) => {
    const at = current.changelog[i]?.source ?? { file: t.file, line: 1, column: 1 }
    return changelogDebris(t.source).map((d) => diagnostic('release-changelog-debris', freezing ? 'error' : 'warning', at, `Summary entry ${i + 1}: ${d.message}`))
  })
  const markProblems = report?.messages.length ?? 0
  const strictFail = Boolean(values.strict) && markProblems > 0
  const changelogPath = join(rulesDir, 'changelog.yaml')

  if (format === 'github' || format === 'sarif') {
    // Written below, once the freeze's own refusals are known.
  } else if (format === 'json') {
    io.stdout.write(`${JSON.stringify({ version, previous: previous?.version ?? null, counts: report?.counts ?? null, messages: report?.messages ?? [], inherited: report?.inherited ?? [], debris, problems: problems.map((p) => p.text), summary: summary.state, summaryUnchanged: summary.state === 'previous', draft }, null, 2)}\n`)
  } else {
    // This cycle's findings first; the last release's own marks, left over, in one line (or listed with --inherited).
    if (markProblems > 0) io.stderr.write(`${formatReport(report!.messages, files)}\n\n`)
    if (report && values.inherited && report.inherited.length > 0) io.stderr.write(`${formatReport(report.inherited, files)}\n\n`)
    // The summary's debris matters only while it is this release's own (the last release's is refused anyway).
    if (debris.length > 0 && summary.state !== 'previous') io.stderr.write(`${formatReport(debris, files)}\n\n`)
    if (report) {
      const c = report.counts
      // The freeze publishes the editors' summary as it is: count what it has, not what a draft would.
      const own = texts.changelog?.length ?? 0
      const entriesLine =
        freezing && (summary.state === 'edited' || summary.state === 'carried')
          ? `the summary of changes has ${own} entr${own === 1 ? 'y' : 'ies'}`
          : `${draft.length} changelog entr${draft.length === 1 ? 'y' : 'ies'} drafted`
      io.stderr.write(
        `cr release: ${version} against ${previous!.version}: ${c.changed} entries new or reworded, ${c.marked} marked; ${c.unmarked} unmarked change${c.unmarked === 1 ? '' : 's'}, ${c.stale - c.inherited} stale mark${c.stale - c.inherited === 1 ? '' : 's'}; examples: ${c.examplesChanged} changed, ${c.examplesUnmarked} unmarked, ${c.examplesStale - c.examplesInherited} stale; ${entriesLine}\n`,
      )
      const left = c.inherited + c.examplesInherited
      if (left > 0) {
        io.stderr.write(
          `cr release: ${left} mark${left === 1 ? '' : 's'} (${c.inherited} on rules, ${c.examplesInherited} on examples) ${left === 1 ? 'is' : 'are'} ${previous!.version}'s own, on text unchanged since: \`cr release --next-cycle\` clears them${values.inherited ? '' : ' (--inherited lists them)'}\n`,
        )
      }
    } else {
      io.stderr.write(`cr release: ${version} is the first release in ${shown(root)}/: no marks to check\n`)
    }
    // As every diagnostic is printed: `file:line:col: error[code]: message`, the line quoted.
    for (const p of problems) io.stderr.write(`${formatDiagnostic(p.diagnostic, sourceOf)}\n`)
  }
  // Everything found, as diagnostics (`--format github|sarif`): this cycle's marks, the summary's debris, what refuses a freeze.
  const found = (): Diagnostic[] => [
    ...(report?.messages ?? []),
    ...(values.inherited ? (report?.inherited ?? []) : []),
    ...(summary.state !== 'previous' ? debris : []),
    ...problems.map((p) => p.diagnostic),
  ]
  const writeFound = (ok: boolean) => {
    if (format === 'github' || format === 'sarif') writeDiagnostics(io, found(), { format, command: 'release', files, ok })
  }

  // Why the run fails when only warnings were printed: --strict made the mark problems errors.
  const refusedBecause = () =>
    strictFail && problems.length === 0 && !debrisRefusal
      ? `: --strict refuses the ${markProblems} mark problem${markProblems === 1 ? '' : 's'} above (release-unmarked-change, release-stale-mark); mark the changes and drop the stale marks, or run without --strict`
      : strictFail
        ? `; --strict also refuses the ${markProblems} mark problem${markProblems === 1 ? '' : 's'} above`
        : ''
  let debrisRefusal: string | undefined

  if (values.check) {
    if (!machine) io.stdout.write(changelogYaml(draft, style.learnedFrom))
    if (strictFail) io.stderr.write(`cr release: error${refusedBecause()}\n`)
    writeFound(!strictFail)
    return strictFail ? 1 : 0
  }
  if (values.draft) {
    // The draft replaces only the last release's summary (or an empty one): never the editors' own.
    if (summary.state === 'edited' || summary.state === 'carried') {
      writeFound(false)
      io.stderr.write(`cr release: error: ${shown(changelogPath)} is already being edited (it is not ${previous?.version ?? 'the last release'}'s summary of changes, and not empty); \`cr release ${version} --check\` prints the draft\n`)
      return 1
    }
    try {
      // Only over the summary it was checked to be: an edit saved meanwhile is the editors' own.
      const read = files.find((f) => basename(f.path) === 'changelog.yaml' && !f.unreadable)
      if (pathExists(changelogPath)) replaceFileVerified(changelogPath, changelogYaml(draft, style.learnedFrom), read ? { expected: bytesOf(read.content) } : {})
      else writeNewFileVerified(changelogPath, changelogYaml(draft, style.learnedFrom))
    } catch (error) {
      if (!(error instanceof WriteFailedError)) throw error
      writeFailures(io, [writeFailure(shown(changelogPath), error, 'cr release', `cr release ${version} --draft`)], format, 'release')
      return 1
    }
    io.stderr.write(`cr release: wrote ${draft.length} drafted entries to ${shown(changelogPath)}: edit them, then run \`cr release ${version}\`\n`)
    if (strictFail) io.stderr.write(`cr release: error${refusedBecause()}\n`)
    writeFound(!strictFail)
    return strictFail ? 1 : 0
  }

  // Freezing: never with the last release's summary, an empty one, or entries carried over from it.
  const printed = problems.length
  const changelogFile = files.find((f) => basename(f.path) === 'changelog.yaml')
  const changelogAt = { file: changelogFile?.path ?? join(rulesArg, 'changelog.yaml'), line: 1, column: 1 }
  if (previous && summary.state === 'previous') problem('release-summary-unchanged', changelogAt, `${shown(changelogPath)} is still ${previous.version}'s summary of changes; run \`cr release ${version} --draft\` and edit it`)
  else if (summary.state === 'empty') problem('release-summary-empty', changelogAt, `${shown(changelogPath)} has no entries; run \`cr release ${version} --draft\` and edit it`)
  else if (previous && summary.state === 'carried') {
    for (const t of summary.carried) {
      const at = current.changelog[t.index]?.source ?? changelogAt
      problem('release-summary-carried', at, `${shown(join(rulesDir, '..', t.file))}:${t.place}: this entry is ${previous.version}'s, carried over unchanged; remove it or say what changed in ${version}`)
    }
  }
  // The debris itself is reported above (and in `found()`); this is the refusal, in words.
  debrisRefusal = summary.state !== 'previous' && debris.length > 0 ? `${shown(changelogPath)} has markup debris in ${debris.length} place${debris.length === 1 ? '' : 's'} (above); a summary is published as it is written` : undefined
  if (problems.length > 0 || debrisRefusal || strictFail) {
    if (!machine) {
      for (const p of problems.slice(printed)) io.stderr.write(`${formatDiagnostic(p.diagnostic, sourceOf)}\n`)
      if (debrisRefusal) io.stderr.write(`cr release: error: ${debrisRefusal}\n`)
    }
    writeFound(false)
    io.stderr.write(`cr release: nothing written${refusedBecause()}\n`)
    return 1
  }
  const frozen: Record<string, Uint8Array> = {}
  for (const f of files) {
    const name = basename(f.path)
    if (!NOT_RELEASED.has(name)) frozen[name] = f.content as Uint8Array
  }
  // The note `--draft` wrote is not part of what is published (rules/ keeps it until --next-cycle).
  const log = frozen['changelog.yaml']
  if (log) {
    const text = new TextDecoder().decode(log)
    const kept = withoutDraftNote(text)
    if (kept !== text) frozen['changelog.yaml'] = new TextEncoder().encode(kept)
  }
  try {
    writeNewDir(target, frozen)
  } catch (error) {
    if (!(error instanceof WriteFailedError)) throw error
    // The staging folder is ours and already removed: name the release, not where it was staged.
    const failed = { ...writeFailure(`${shown(target)}/`, error, 'cr release', `cr release ${version}`), message: `could not write \`${shown(target)}/\` (at \`${basename(error.path)}\`): ${error.reason}; nothing was written: ${ioAdvice(error.errno, `cr release ${version}`)}` }
    writeFailures(io, [failed], format, 'release')
    return 1
  }
  writeFound(true)
  io.stderr.write(`cr release: froze ${Object.keys(frozen).length} files of ${shown(rulesDir)} into ${shown(target)}/\n`)
  return 0
}

/** Words the rules write in lower case somewhere: a draft's clause lowers its first word only when the rules do (`Méliès` stays). */
function lowercaseWords(doc: CompiledDocument): Set<string> {
  const words = new Set<string>()
  for (const r of doc.rules) for (const w of r.text.match(/(?<![\p{L}])[a-z][a-z'’-]*/gu) ?? []) words.add(w)
  return words
}

type SummaryState = { state: 'previous' | 'empty' | 'edited' | 'carried'; carried: { file: string; place: string; index: number }[] }

const bytesOf = (content: string | Uint8Array): Uint8Array => (typeof content === 'string' ? Buffer.from(content, 'utf8') : content)

/** The 1-based line of a file where `pattern` first matches (1 when it does not). */
function lineOf(file: { content: string | Uint8Array } | undefined, pattern: RegExp): number {
  if (!file) return 1
  const text = typeof file.content === 'string' ? file.content : new TextDecoder().decode(file.content)
  const m = pattern.exec(text)
  return m ? text.slice(0, m.index).split('\n').length : 1
}

/**
 * Where the summary of changes stands, by identity (`{ref:…}` as IDs, so a
 * renumbering does not make the last release's summary look edited): still
 * the last release's, empty, edited, or edited with entries carried over.
 */
function summaryState(now: ReleaseText[] | undefined, before: ReleaseText[] | undefined): SummaryState {
  const ids = changelogIdentity(now)
  if (ids.length === 0) return { state: 'empty', carried: [] }
  const old = changelogIdentity(before)
  if (JSON.stringify(ids) === JSON.stringify(old)) return { state: 'previous', carried: [] }
  const oldSet = new Set(old)
  const carried = (now ?? []).flatMap((t, index) => (oldSet.has(t.identity) ? [{ file: t.file, place: String((t.path[1] as number) + 1), index }] : []))
  return carried.length > 0 ? { state: 'carried', carried } : { state: 'edited', carried: [] }
}

/** `cr release --next-cycle`: clear the last release's marks and summary, nothing of the new cycle's. */
function nextCycle(rulesDir: string, root: string, dryRun: boolean, io: CliIo, shown: (p: string) => string): number {
  const all = pathExists(root) ? listReleases(root) : []
  const last = all[all.length - 1]
  if (!last) {
    io.stderr.write(`cr release: error: no release in ${shown(root)}/: there is no last release whose marks to clear\n`)
    return 1
  }
  const files = readRulesDir(rulesDir, io.cwd)
  const unreadable = files.filter((f) => f.unreadable)
  const plan = unreadable.length > 0 ? undefined : planNextCycle(files, releaseTexts(readRulesDir(last.dir, io.cwd)))
  if (!plan || plan.broken.length > 0) {
    const result = compile(files)
    io.stderr.write(`${formatReport(result.messages.filter((m) => m.severity === 'error'), files)}\ncr release: error: ${shown(rulesDir)} has files that do not load; fix them (\`cr check\`) first: nothing written\n`)
    return 1
  }
  const what = [
    `${plan.flags} \`new:\` flag${plan.flags === 1 ? '' : 's'}`,
    `${plan.spans} \`{n}…{/n}\` span${plan.spans === 1 ? '' : 's'}`,
    plan.changelog === 'cleared' ? `${last.version}'s summary of changes` : undefined,
  ].filter(Boolean)
  const kept = plan.kept > 0 ? `; kept ${plan.kept} mark${plan.kept === 1 ? '' : 's'} of this cycle (on text changed since ${last.version})` : ''
  const summary =
    plan.changelog === 'edited' ? `; kept changelog.yaml: it is not ${last.version}'s summary any more` : plan.changelog === 'empty' ? '; changelog.yaml is already empty' : plan.changelog === 'missing' ? '; no changelog.yaml' : ''
  if (plan.files.length === 0) {
    io.stderr.write(`cr release: nothing of ${last.version}'s to clear in ${shown(rulesDir)}${kept}${summary}\n`)
    return 0
  }
  if (dryRun) {
    for (const f of plan.files) io.stdout.write(`${f.path}\n`)
    io.stderr.write(`cr release: --next-cycle would clear ${what.join(', ')} in ${plan.files.length} file${plan.files.length === 1 ? '' : 's'}${kept}${summary}; nothing written\n`)
    return 0
  }
  let written = 0
  const left: Diagnostic[] = []
  const read = new Map(files.map((f) => [f.path, bytesOf(f.content)]))
  for (const f of plan.files) {
    try {
      // Each file verified before it replaces the source, and only while it holds what was planned
      // from; a second run finishes what a failure left.
      replaceFileVerified(resolve(io.cwd, f.path), f.text, { expected: read.get(f.path)! })
    } catch (error) {
      if (!(error instanceof WriteFailedError)) throw error
      left.push(writeFailure(f.path, error, 'cr release --next-cycle'))
      if (error instanceof FileChangedError) continue
      writeFailures(io, left, 'text', 'release')
      io.stderr.write(`cr release: ${written} of ${plan.files.length} files written before the failure; the others are unchanged: ${ioAdvice(error.errno, 'cr release --next-cycle')} to finish\n`)
      return 1
    }
    written++
    io.stdout.write(`${f.path}\n`)
  }
  if (left.length > 0) {
    writeFailures(io, left, 'text', 'release')
    io.stderr.write(`cr release: ${written} of ${plan.files.length} files written; ${left.length} changed while cr release --next-cycle ran and ${left.length === 1 ? 'was' : 'were'} left as ${left.length === 1 ? 'it is' : 'they are'}: run \`cr release --next-cycle\` again to finish\n`)
    return 1
  }
  io.stderr.write(`cr release: started the cycle after ${last.version}: cleared ${what.join(', ')} in ${written} file${written === 1 ? '' : 's'}${kept}${summary}\n`)
  return 0
}
