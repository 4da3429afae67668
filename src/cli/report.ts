/**
 * How a command prints the diagnostics it found, in the format asked for
 * (`--format text|json|github|sarif`, `src/core/diagnostic-formats.ts`):
 * text for people on stderr, with source excerpts, so stdout keeps only what
 * a command makes (the exported JSON, the drafted changelog); a machine
 * format on stdout, whole, for a CI step to read or upload. `cr cite`, whose
 * report is its output, prints that report itself, on stdout (cite.ts).
 * Usage errors and progress lines are always on stderr.
 */
import type { FlagSpec } from './args.ts'
import { UsageError } from './args.ts'
import type { CliIo } from './cli-io.ts'
import { DIAGNOSTIC_FORMATS, formatMachine, isDiagnosticFormat, type DiagnosticFormat } from '../core/diagnostic-formats.ts'
import type { Diagnostic, SourceFile } from '../core/types.ts'
import { formatReport } from '../io/releases.ts'
import { toolVersion } from '../io/package-root.ts'
import { FileChangedError, type WriteFailedError } from '../io/durable-write.ts'
import { formatDiagnostic } from '../core/diagnostics.ts'

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

/**
 * What to do about an I/O failure, by its cause: a full disk wants space, a read-only place
 * wants permission; then the same command again (every writer here leaves what it could not
 * replace as it was, so running it again is always safe).
 */
export function ioAdvice(errno: string | undefined, rerun: string): string {
  if (errno === 'ENOSPC' || errno === 'EDQUOT') return `free some space, then run \`${rerun}\` again`
  if (errno === 'EROFS' || errno === 'EACCES' || errno === 'EPERM') return `make it writable, then run \`${rerun}\` again`
  return `run \`${rerun}\` again once that is fixed`
}

/**
 * A source a command rewrites that it could not write (`write-failed`), or left alone because an
 * editor saved it while the command ran (`file-changed`): a diagnostic at its first line, saying
 * what to do.
 */
export function writeFailure(shown: string, error: WriteFailedError, command: string, rerun = command): Diagnostic {
  const at = { file: shown, line: 1, column: 1 }
  if (error instanceof FileChangedError) {
    return { code: 'file-changed', severity: 'error', ...at, message: `\`${shown}\` changed while ${command} ran; it is left as it is now, not replaced by what was made from the text read before: run \`${rerun}\` again` }
  }
  return { code: 'write-failed', severity: 'error', ...at, message: `could not write \`${shown}\`: ${error.reason}; the file is unchanged: ${ioAdvice(error.errno, rerun)}` }
}

/** Print write failures: text, one line each on stderr (`file:1:1: error[code]: …`), or the machine format asked for. */
export function writeFailures(io: CliIo, found: readonly Diagnostic[], format: DiagnosticFormat, command: string): void {
  if (found.length === 0) return
  if (format === 'text') for (const d of found) io.stderr.write(`${formatDiagnostic(d, () => undefined)}\n`)
  else writeDiagnostics(io, found, { format, command, ok: false })
}
