/**
 * How a command prints the diagnostics it found, in the format asked for
 * (`--format text|json|github|sarif`, `src/core/diagnostic-formats.ts`).
 * Where they go follows what the command is for. For a command that checks
 * (`cr check`, `cr cite`, `cr fmt --check`) the diagnostics are the report,
 * its output: on stdout in every format, so `> report.txt` keeps it, as
 * linters do. A command that makes something (`cr index`, `cr fmt`,
 * `cr release`, `cr export`) keeps stdout for what it makes and prints text
 * diagnostics on stderr, beside its progress; a machine format asked for with
 * `--format` is always on stdout, whole, for a CI step to read or upload.
 * Usage errors and progress lines are always on stderr.
 */
import type { FlagSpec } from './args.ts'
import { UsageError } from './args.ts'
import type { CliIo } from './cli-io.ts'
import { DIAGNOSTIC_FORMATS, formatMachine, isDiagnosticFormat, type DiagnosticFormat } from '../core/diagnostic-formats.ts'
import type { Diagnostic, SourceFile } from '../core/types.ts'
import { formatReport } from '../io/releases.ts'
import { toolVersion } from '../io/package-root.ts'

export const FORMAT_FLAG: FlagSpec = {
  name: 'format',
  type: 'string',
  value: 'FORMAT',
  description: `how to print diagnostics: ${DIAGNOSTIC_FORMATS.join(', ')} (text for people, with the source line; json; GitHub Actions annotations; SARIF 2.1.0 for code scanning)`,
}

export const INFORMATION_URI = 'https://github.com/netrunner-cr/netrunner-cr'

/** The `--format` asked for (`--json` is `--format json`); a usage error names the formats. */
export function formatOption(values: Record<string, unknown>): DiagnosticFormat {
  const asked = values.format as string | undefined
  if (asked === undefined) return values.json ? 'json' : 'text'
  if (!isDiagnosticFormat(asked)) throw new UsageError(`unknown format \`${asked}\`, expected one of ${DIAGNOSTIC_FORMATS.join(', ')}`)
  return asked
}

/**
 * Print `messages`: text (with `textWhenClean` when there are none, and the
 * sources for excerpts) or a machine format. `ok` is the command's verdict;
 * `report`: the diagnostics are what the command is for (it checks), so text
 * goes to stdout too.
 */
export function writeDiagnostics(
  io: CliIo,
  messages: readonly Diagnostic[],
  options: { format: DiagnosticFormat; command: string; files?: SourceFile[]; ok: boolean; report?: boolean; textWhenClean?: string },
): void {
  if (options.format === 'text') {
    const to = options.report ? io.stdout : io.stderr
    if (messages.length > 0) to.write(`${formatReport([...messages], options.files ?? [])}\n`)
    else if (options.textWhenClean) to.write(`${options.textWhenClean}\n`)
    return
  }
  io.stdout.write(formatMachine(messages, options.format, { name: `cr ${options.command}`, version: toolVersion(), informationUri: INFORMATION_URI }, options.ok))
}
