/**
 * Diagnostics for machines: every command that reports diagnostics (`cr
 * check`, `cr cite`, `cr release`, `cr fmt`, `cr index`, `cr export`) prints
 * them in the format asked for with `--format`:
 *
 * - `text`: for people, `file:line:col: error[code]: message` with the source
 *   line and a caret (`formatDiagnostic`), what GCC-style problem matchers parse;
 * - `json`: `{ ok, messages }`, every field of each diagnostic;
 * - `github`: GitHub Actions workflow commands (`::error file=…,line=…::…`),
 *   which the runner turns into annotations on the pull request;
 * - `sarif`: a SARIF 2.1.0 log for code scanning, each code a rule with its
 *   summary, default level and documentation URL from the registry.
 *
 * One type in (`Diagnostic`: `cr cite`'s problems are diagnostics too), one
 * registry for what each code means (`codes.ts`). Pure: data in, strings out.
 */
import { DIAGNOSTIC_CODES, docsUrl, isDiagnosticCode } from './codes.ts'
import { isPlaced, placedOrNot } from './diagnostics.ts'
import type { Diagnostic, Severity } from './types.ts'
// Types only (the SARIF 2.1.0 schema as TypeScript): the log is checked against the standard at compile time.
import type { Location, Log, ReportingDescriptor } from 'sarif'

export const DIAGNOSTIC_FORMATS = ['text', 'json', 'github', 'sarif'] as const
export type DiagnosticFormat = (typeof DIAGNOSTIC_FORMATS)[number]

export function isDiagnosticFormat(value: string): value is DiagnosticFormat {
  return (DIAGNOSTIC_FORMATS as readonly string[]).includes(value)
}

/** The tool that reports: named in annotations' titles and in the SARIF log. */
export interface ToolInfo {
  /** `cr check`, `cr cite`, … */
  name: string
  version: string
  informationUri?: string
}

/** The message with its suggestions, as the machine formats print it (text prints them on a line of their own). */
export function messageWithHelp(d: Diagnostic): string {
  const help = d.suggestions && d.suggestions.length > 0 ? `; did you mean ${d.suggestions.map((s) => `\`${s}\``).join(', ')}?` : ''
  return `${d.message}${help}`
}

const GITHUB_COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', hint: 'notice' }

/**
 * GitHub Actions workflow commands; `%`, CR and LF escaped as the runner
 * expects (and `:` `,` in properties). A diagnostic about no file has no
 * `file`, `line` or `col`: the runner shows it on the run, not in a file.
 */
export function githubAnnotations(messages: readonly Diagnostic[], tool: Pick<ToolInfo, 'name'>): string[] {
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  const prop = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C')
  const place = (d: Diagnostic) => (isPlaced(d) ? `file=${prop(d.file)},line=${d.line},col=${d.column},` : '')
  return messages.map((d) => `::${GITHUB_COMMAND[d.severity]} ${place(d)}title=${prop(`${tool.name}: ${d.code}`)}::${data(messageWithHelp(d))}`)
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', hint: 'note' }

/** What a SARIF log says beyond the results. */
export interface SarifOptions {
  /** The rules the driver lists: every code the tool can report (default: the codes that occur). */
  rules?: readonly string[]
  /** The run's `properties` (`cr cite`: the rules' version the citations were read against). */
  properties?: Record<string, unknown>
}

/**
 * A SARIF 2.1.0 log with one run. Rules are the codes that occur (or all a
 * tool can report), each with its summary, its documentation (`helpUri`) and
 * its default level; results carry their level (a code's level can differ
 * from its default: `--strict`, per-code severities), related places and
 * fixes suggested as text.
 */
export function sarifLog(messages: readonly Diagnostic[], tool: ToolInfo, options: SarifOptions = {}): Log {
  const codes = options.rules ? [...options.rules] : [...new Set(messages.map((d) => d.code))].sort()
  const rule = (code: string): ReportingDescriptor => {
    if (!isDiagnosticCode(code)) return { id: code }
    const info = DIAGNOSTIC_CODES[code]
    return {
      id: code,
      shortDescription: { text: info.summary },
      helpUri: docsUrl(code),
      defaultConfiguration: { level: SARIF_LEVEL[info.severity] },
    }
  }
  const location = (file: string, line: number, column: number): Location => ({
    physicalLocation: { artifactLocation: { uri: file.split('\\').join('/'), uriBaseId: '%SRCROOT%' }, region: { startLine: line, startColumn: column } },
  })
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            semanticVersion: tool.version,
            ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
            rules: codes.map(rule),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The folder the command ran in' } } },
        ...(options.properties ? { properties: options.properties } : {}),
        results: messages.map((d) => ({
          ruleId: d.code,
          ruleIndex: codes.indexOf(d.code),
          level: SARIF_LEVEL[d.severity],
          message: { text: messageWithHelp(d) },
          // A result about no file (a value on the command line) has no location: SARIF allows none.
          ...(isPlaced(d) ? { locations: [location(d.file, d.line, d.column)] } : {}),
          ...(d.related && d.related.length > 0 ? { relatedLocations: d.related.map((r, id) => ({ id, ...location(r.file, r.line, r.column), message: { text: r.message } })) } : {}),
        })),
      },
    ],
  }
}

/** `messages` in a machine format (`text` is the caller's: it needs the sources for its excerpts). */
export function formatMachine(messages: readonly Diagnostic[], format: Exclude<DiagnosticFormat, 'text'>, tool: ToolInfo, ok: boolean): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify({ ok, messages: messages.map(placedOrNot) }, null, 2)}\n`
    case 'github': {
      const lines = githubAnnotations(messages, tool)
      return lines.length > 0 ? `${lines.join('\n')}\n` : ''
    }
    case 'sarif':
      return `${JSON.stringify(sarifLog(messages, tool), null, 2)}\n`
  }
}
