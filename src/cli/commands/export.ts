/**
 * `cr export official-json [--version V] [RULES_DIR]`: print the rules
 * team's `rules.json` for a release (or the rules directory), byte for byte
 * as their generator writes it, so its readers can switch without a change.
 */
import { resolve } from 'node:path'
import { compile } from '../../core/compile.ts'
import { hasErrors } from '../../core/diagnostics.ts'
import { buildOfficialJson } from '../../core/official-json.ts'
import { findReleasesRoot, formatReport, locateRelease } from '../../io/releases.ts'
import { readRulesDir } from '../../io/read-sources.ts'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import type { CliIo } from '../cli-io.ts'

export const FORMATS = ['official-json'] as const

export const exportSpec: CommandSpec = {
  name: 'export',
  summary: 'Print the rules in another format (official-json: the official generator\'s rules.json)',
  usage: 'cr export official-json [--version V] [--releases DIR] [RULES_DIR]   (e.g. cr export official-json --version v25.08 > rules.json)',
  flags: [
    { name: 'version', type: 'string', value: 'V', description: 'export release V (e.g. v25.08) from releases/ instead of the rules directory' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'releases directory for --version (default: releases/ beside the rules)' },
  ],
}

export function exportCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(exportSpec, argv)
  const [format, rulesArg, ...extra] = positionals
  if (format === undefined) throw new UsageError(`missing format, expected ${FORMATS.join(', ')}`)
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`unknown format \`${format}\`, expected ${FORMATS.join(', ')}`)
  if (extra.length > 0) throw new UsageError(`unexpected argument \`${extra[0]}\``)
  const rulesDir = resolve(io.cwd, rulesArg ?? 'rules')
  const version = values.version as string | undefined
  let dir = rulesDir
  if (version !== undefined) {
    const explicit = values.releases as string | undefined
    const root = findReleasesRoot(rulesDir, explicit === undefined ? undefined : resolve(io.cwd, explicit), { fallbackToPackage: rulesArg === undefined })
    const { all, at } = locateRelease(version, root)
    dir = resolve(all[at]!.dir)
  }
  const files = readRulesDir(dir, io.cwd)
  // The export trusts its input: check it as `cr check` would, and print nothing if it fails.
  const { messages } = compile(files)
  if (hasErrors(messages)) {
    io.stderr.write(`${formatReport(messages, files)}\ncr export: nothing printed\n`)
    return 1
  }
  io.stdout.write(buildOfficialJson(files).json)
  return 0
}
