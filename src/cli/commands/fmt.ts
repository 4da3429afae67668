import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import type { CliIo } from '../cli-io.ts'
import { formatYaml } from '../../core/format.ts'
import { isRulesSourceName } from '../../core/editor-files.ts'
import { loadYaml } from '../../core/load-yaml.ts'
import type { Diagnostic } from '../../core/types.ts'
import { formatReport } from '../../io/releases.ts'
import { replaceFileVerified, WriteFailedError } from '../../io/durable-write.ts'

export const fmtSpec: CommandSpec = {
  name: 'fmt',
  summary: 'Rewrite the YAML sources in one canonical layout (comments kept); --check for CI',
  usage: 'cr fmt [--check] [PATH…]   (PATH: folders or .yaml files; default rules/)',
  flags: [{ name: 'check', type: 'boolean', description: 'change nothing; list the files not in the canonical layout and exit 1 if there are any' }],
}

export function fmtCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(fmtSpec, argv)
  const files = expand(positionals.length > 0 ? positionals : ['rules'], io.cwd)
  const messages: Diagnostic[] = []
  const sources: { path: string; text: string }[] = []
  const changed: { abs: string; shown: string; text: string }[] = []
  for (const abs of files) {
    const shown = relative(io.cwd, abs) || abs
    const bytes = readFileSync(abs)
    // Decoding and syntax errors are reported exactly as `cr check` reports them.
    const { loaded, messages: load } = loadYaml({ path: shown, content: bytes })
    const text = loaded?.text
    if (text === undefined || load.some((m) => m.severity === 'error')) {
      messages.push(...load.filter((m) => m.severity === 'error'))
      sources.push({ path: shown, text: new TextDecoder().decode(bytes) })
      continue
    }
    const result = formatYaml(text)
    if (!result.ok) {
      messages.push({ code: 'yaml-syntax', severity: 'error', file: shown, line: result.line, column: result.column, message: `Invalid YAML: ${result.message}` })
      continue
    }
    // A byte-order mark or CRLF line ends are not the canonical layout either.
    if (result.text !== new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)) changed.push({ abs, shown, text: result.text })
  }
  if (messages.length > 0) {
    // Nothing is written when any file is broken: fix it, then format.
    io.stderr.write(`${formatReport(messages, sources.map((s) => ({ path: s.path, content: s.text })))}\n`)
    return 1
  }
  if (values.check) {
    for (const c of changed) io.stdout.write(`${c.shown}\n`)
    io.stderr.write(changed.length > 0 ? `cr fmt: ${changed.length} of ${files.length} files not in the canonical layout; run \`cr fmt\`\n` : `cr fmt: ${files.length} files in the canonical layout\n`)
    return changed.length > 0 ? 1 : 0
  }
  let written = 0
  for (const c of changed) {
    try {
      // Verified before it replaces anything: a full disk leaves the source as it was.
      replaceFileVerified(c.abs, c.text)
    } catch (error) {
      if (!(error instanceof WriteFailedError)) throw error
      io.stderr.write(`${c.shown}: error[write-failed]: ${error.reason}; the file is unchanged\n`)
      io.stderr.write(`cr fmt: ${written} of ${changed.length} files reformatted before the failure; nothing else written\n`)
      return 1
    }
    written++
    io.stdout.write(`${c.shown}\n`)
  }
  io.stderr.write(`cr fmt: ${changed.length} of ${files.length} files reformatted\n`)
  return 0
}

/** Folders become their `.yaml` files, editors' files left out (not recursive: a rules folder is flat). */
function expand(paths: string[], cwd: string): string[] {
  const out: string[] = []
  for (const p of paths) {
    const abs = resolve(cwd, p)
    if (!existsSync(abs)) throw new UsageError(`no such file or folder: ${p}`)
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) if (isRulesSourceName(name) && statSync(join(abs, name)).isFile()) out.push(join(abs, name))
    } else if (/\.ya?ml$/.test(abs)) out.push(abs)
    else throw new UsageError(`not a YAML file: ${p}`)
  }
  return [...new Set(out)]
}
