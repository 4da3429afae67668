/**
 * How a command prints the diagnostics it found, in the format asked for
 * (`--format text|json|github|sarif`, `src/core/diagnostic-formats.ts`):
 * text goes to stderr for people, with source excerpts; the machine formats
 * go to stdout, whole, for a CI step to read or upload.
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
  description: `how to print diagnostics: ${DIAGNOSTIC_FORMATS.join(', ')} (text for people on stderr; the others on stdout: json, GitHub Actions annotations, SARIF 2.1.0 for code scanning)`,
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
 * Print `messages`: text (with `textSummary` when there are none, and the
 * sources for excerpts) or a machine format. `ok` is the command's verdict.
 */
export function writeDiagnostics(
  io: CliIo,
  messages: readonly Diagnostic[],
  options: { format: DiagnosticFormat; command: string; files?: SourceFile[]; ok: boolean; textWhenClean?: string },
): void {
  if (options.format === 'text') {
    if (messages.length > 0) io.stderr.write(`${formatReport([...messages], options.files ?? [])}\n`)
    else if (options.textWhenClean) io.stderr.write(`${options.textWhenClean}\n`)
    return
  }
  io.stdout.write(formatMachine(messages, options.format, { name: `cr ${options.command}`, version: toolVersion(), informationUri: INFORMATION_URI }, options.ok))
}
