/**
 * How `cr cite` prints its findings, for people and for CI:
 *
 * - `text`: `file:line:col: error: message [code]`, the form GCC-style problem
 *   matchers (GitHub's, VS Code's `$gcc`, Jenkins' warnings plugin) parse;
 *   hints print as `note`. The summary comes first, then errors, warnings
 *   and hints in that order, so hints never bury an error.
 * - `github`: workflow commands (`::error file=…,line=…::message`), which
 *   GitHub Actions turns into annotations on the pull request.
 * - `sarif`: SARIF 2.1.0, for code scanning (`github/codeql-action/upload-sarif`).
 * - `json`: everything, for scripts.
 * Pure: strings in, strings out.
 */
import { escapeForTerminal } from '../terminal-text.ts'
import { isPlaced } from '../diagnostics.ts'
import { githubAnnotations, sarifLog } from '../diagnostic-formats.ts'
import type { Log } from 'sarif'
import { CITE_CODES, type CiteProblem, type CiteSeverity } from './types.ts'

export const REPORT_FORMATS = ['text', 'github', 'sarif', 'json', 'markdown'] as const
export type ReportFormat = (typeof REPORT_FORMATS)[number]

const RANK: Record<CiteSeverity, number> = { error: 0, warning: 1, hint: 2 }
const WORD: Record<CiteSeverity, string> = { error: 'error', warning: 'warning', hint: 'note' }

/** Errors first, then warnings, then hints; by file, line and column within each. */
export function orderProblems(problems: readonly CiteProblem[]): CiteProblem[] {
  return [...problems].sort((a, b) => RANK[a.severity] - RANK[b.severity] || cmp(a.file, b.file) || a.line - b.line || a.column - b.column)
}

/** Codes whose suggestions are alternatives to what was written (the others' are in their messages already). */
const SUGGESTING: ReadonlySet<string> = new Set(['unknown-rule', 'exceptions-invalid', 'config-invalid'])

/** The message with its suggestion, as every format prints it. */
export function messageOf(p: CiteProblem): string {
  const help = SUGGESTING.has(p.code) && p.suggestions && p.suggestions.length > 0 ? `; did you mean ${p.suggestions.map((s) => `\`${s}\``).join(', ')}?` : ''
  return `${p.message}${help}`
}

/** `file:line:col: error: message [code]`; about no file (a value on the command line), `cr cite: error: message [code]`, which no problem matcher reads as a file. */
export function formatProblemLine(p: CiteProblem): string {
  // File names and quoted source are data: never raw control characters on a terminal.
  return escapeForTerminal(`${isPlaced(p) ? `${p.file}:${p.line}:${p.column}` : 'cr cite'}: ${WORD[p.severity]}: ${messageOf(p)} [${p.code}]`)
}

/** GitHub Actions workflow commands, by the shared formatter (`diagnostic-formats.ts`), each message with cr cite's suggestion. */
export function formatGithub(problems: readonly CiteProblem[]): string[] {
  return githubAnnotations(
    problems.map((p) => {
      const { suggestions: _, ...rest } = p
      return { ...rest, message: messageOf(p) }
    }),
    { name: 'cr cite' },
  )
}

/**
 * A SARIF 2.1.0 log, by the shared formatter (`diagnostic-formats.ts`): the
 * driver is the tool (`cr cite`, its version), every code it can report a
 * rule with its default level (the registry's), a result's level the one it
 * was reported with (a project's `cite.severity` may differ from the default);
 * the run's properties name the rules' release, the configuration read and,
 * under `--baseline`, the baseline and how bare numbers were read (`baselineNote`).
 */
export function formatSarif(problems: readonly CiteProblem[], tool: { version: string; rulesVersion?: string; config?: string; baseline?: string; baselineNote?: string; informationUri?: string }): Log {
  const properties = { ...(tool.rulesVersion ? { rulesVersion: tool.rulesVersion } : {}), ...(tool.config ? { config: tool.config } : {}), ...(tool.baseline ? { baseline: tool.baseline } : {}), ...(tool.baselineNote ? { baselineNote: tool.baselineNote } : {}) }
  return sarifLog(
    problems.map((p) => {
      const { suggestions: _, ...rest } = p
      return { ...rest, message: messageOf(p) }
    }),
    { name: 'cr cite', version: tool.version, ...(tool.informationUri ? { informationUri: tool.informationUri } : {}) },
    { rules: CITE_CODES, ...(Object.keys(properties).length > 0 ? { properties } : {}) },
  )
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
