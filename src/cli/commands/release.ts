import { basename, join, relative, resolve } from 'node:path'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import type { CliIo } from '../cli-io.ts'
import { compile } from '../../core/compile.ts'
import { hasErrors } from '../../core/diagnostics.ts'
import type { ResolvedRelease } from '../../core/model/types.ts'
import { diffReleases } from '../../core/versions/diff.ts'
import { changelogYaml, checkMarks, draftChangelog, sameChangelog } from '../../core/versions/release-check.ts'
import { normalizeVersion, RELEASE_NAME } from '../../core/ids.ts'
import { loadCards, readRulesDir } from '../../io/read-sources.ts'
import { compileRelease, formatReport, listReleases, loadRetirements } from '../../io/releases.ts'
import { replaceFileVerified, writeNewFileVerified, WriteFailedError } from '../../io/durable-write.ts'
import { writeNewDir } from '../../io/write-output.ts'
import { pathExists } from '../../io/files.ts'
import { MAX_RULE_FILE_BYTES, readInputFile } from '../../io/read-input.ts'

export const releaseSpec: CommandSpec = {
  name: 'release',
  summary: 'Check new-marks against the changes since the last release, draft the changelog, freeze rules/ into releases/<version>/',
  usage: 'cr release <version> [--check | --draft] [--strict] [--json] [--rules DIR] [--releases DIR]',
  flags: [
    { name: 'check', type: 'boolean', description: 'write nothing: report the marks and print the drafted changelog.yaml' },
    { name: 'draft', type: 'boolean', description: 'write the drafted entries into rules/changelog.yaml (while it still holds the last release\'s)' },
    { name: 'strict', type: 'boolean', description: 'mark problems are errors: refuse to freeze, exit 1' },
    { name: 'json', type: 'boolean', description: 'print the report as JSON' },
    { name: 'rules', type: 'string', value: 'DIR', description: 'the rules to release (default: rules/)' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'where releases are kept (default: releases/ beside the rules)' },
  ],
}

/** Files of a rules folder that are not part of a release: the retirement table is about all releases. */
const NOT_RELEASED = new Set(['retired.yaml'])

export function releaseCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(releaseSpec, argv)
  if (positionals.length !== 1) throw new UsageError('expected one version, e.g. `cr release v26.09`')
  const version = normalizeVersion(positionals[0]!)
  if (!RELEASE_NAME.test(version)) throw new UsageError(`invalid version \`${positionals[0]}\`, expected vYY.MM, e.g. v26.09`)
  if (values.check && values.draft) throw new UsageError('--check and --draft exclude each other')
  const rulesArg = (values.rules as string | undefined) ?? 'rules'
  const rulesDir = resolve(io.cwd, rulesArg)
  const root = values.releases !== undefined ? resolve(io.cwd, values.releases as string) : join(rulesDir, '..', 'releases')
  const shown = (p: string) => relative(io.cwd, p) || '.'
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
  if (!result.model || hasErrors(result.messages)) {
    io.stderr.write(`${formatReport(result.messages, files)}\ncr release: error: ${shown(rulesDir)} does not compile; fix it (\`cr check\`) before releasing\n`)
    return 1
  }
  const current: ResolvedRelease = result.model
  const problems: string[] = []
  if (current.release.version !== version) {
    problems.push(`${shown(join(rulesDir, 'release.yaml'))} says \`version: ${current.release.version}\`, expected \`${version}\`: set \`version\` and \`effective\` before freezing`)
  }

  let report = { messages: [] as ReturnType<typeof checkMarks>['messages'], counts: undefined as ReturnType<typeof checkMarks>['counts'] | undefined }
  let draft: string[] = []
  let summaryUnchanged = false
  if (previous) {
    const prev = compileRelease(previous.version, previous.dir)
    if (!prev.model) throw new Error(`release ${previous.version} does not compile; run \`cr check ${previous.dir}\``)
    const diff = diffReleases(prev.model, current, loadRetirements(rulesDir).retirements)
    report = checkMarks(diff, current)
    draft = draftChangelog(diff)
    // By what the entries say (references as the IDs they name), never by printed numbers: a renumbering changes those.
    summaryUnchanged = sameChangelog(prev.model, current)
  }
  const markProblems = report.messages.length
  const strictFail = Boolean(values.strict) && markProblems > 0

  if (values.json) {
    io.stdout.write(`${JSON.stringify({ version, previous: previous?.version ?? null, counts: report.counts ?? null, messages: report.messages, problems, summaryUnchanged, draft }, null, 2)}\n`)
  } else {
    if (markProblems > 0) io.stderr.write(`${formatReport(report.messages, files)}\n\n`)
    if (report.counts) {
      const c = report.counts
      io.stderr.write(
        `cr release: ${version} against ${previous!.version}: ${c.changed} entries new or reworded, ${c.marked} marked; ${c.unmarked} unmarked change${c.unmarked === 1 ? '' : 's'}, ${c.stale} stale mark${c.stale === 1 ? '' : 's'}; examples: ${c.examplesChanged} changed, ${c.examplesUnmarked} unmarked, ${c.examplesStale} stale; ${draft.length} changelog entries drafted\n`,
      )
    } else {
      io.stderr.write(`cr release: ${version} is the first release in ${shown(root)}/: no marks to check\n`)
    }
    for (const p of problems) io.stderr.write(`cr release: ${freezing ? 'error' : 'warning'}: ${p}\n`)
  }

  if (values.check) {
    if (!values.json) io.stdout.write(changelogYaml(draft))
    return strictFail ? 1 : 0
  }
  const changelogPath = join(rulesDir, 'changelog.yaml')
  if (values.draft) {
    if (!summaryUnchanged && pathExists(changelogPath) && readInputFile(changelogPath, { maxBytes: MAX_RULE_FILE_BYTES }).toString('utf8').trim() !== '') {
      io.stderr.write(`cr release: error: ${shown(changelogPath)} is already being edited (it differs from ${previous?.version ?? 'the last release'}'s); \`cr release ${version} --check\` prints the draft\n`)
      return 1
    }
    try {
      if (pathExists(changelogPath)) replaceFileVerified(changelogPath, changelogYaml(draft))
      else writeNewFileVerified(changelogPath, changelogYaml(draft))
    } catch (error) {
      if (!(error instanceof WriteFailedError)) throw error
      io.stderr.write(`${shown(changelogPath)}: error[write-failed]: ${error.reason}; the file is unchanged\n`)
      return 1
    }
    io.stderr.write(`cr release: wrote ${draft.length} drafted entries to ${shown(changelogPath)}: edit them, then run \`cr release ${version}\`\n`)
    return strictFail ? 1 : 0
  }

  // Freezing.
  if (summaryUnchanged) problems.push(`${shown(changelogPath)} is still ${previous!.version}'s summary of changes; run \`cr release ${version} --draft\` and edit it`)
  if (problems.length > 0 || strictFail) {
    if (summaryUnchanged && !values.json) io.stderr.write(`cr release: error: ${problems[problems.length - 1]}\n`)
    io.stderr.write(`cr release: nothing written\n`)
    return 1
  }
  const frozen: Record<string, Uint8Array> = {}
  for (const f of files) {
    const name = basename(f.path)
    if (!NOT_RELEASED.has(name)) frozen[name] = f.content as Uint8Array
  }
  writeNewDir(target, frozen)
  io.stderr.write(`cr release: froze ${Object.keys(frozen).length} files of ${shown(rulesDir)} into ${shown(target)}/\n`)
  return 0
}
