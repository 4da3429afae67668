/**
 * Data model of `cr cite`: what the scanner finds in an engine's sources.
 * Pure types; the scanner (`scan.ts`) is pure too and the CLI does the I/O.
 */
import type { Diagnostic, RuleEntry, Severity } from '../types.ts'
import type { DiagnosticCode } from '../codes.ts'

/** The fields of a rule the scanner needs; `RuleEntry` satisfies it, so do hand-made tables in tests. */
export type CiteRule = Pick<RuleEntry, 'id' | 'number' | 'kind' | 'parent' | 'children' | 'chapter'> & {
  prose?: string
  title?: string
  text?: string
}

/** Where a retired ID leads today (chains followed): the one model, `src/core/versions/retired.ts`. */
export type { Redirection as Retirement, RetirementKind as RetirementStatus } from '../versions/retired.ts'
/** An entry of an old release and where it is today (`src/core/versions/release-citations.ts`). */
export type { ReleaseRule, ReleaseStatus } from '../versions/release-citations.ts'

/** How a citation was written. */
export type CitationVia =
  /** A rule ID in the text: `rule_end_the_run`. */
  | 'id'
  /** A number with a citation word: `CR 6.1.4`, `rule 6.1.4a`, `§6.1.4`. */
  | 'number'
  /** Captured by a project pattern from `cr.config.json`. */
  | 'pattern'
  /** An argument of a citation call: `cite!("…")`, `cite('…')`, `#[cr("…")]`, `(cite "…")`. */
  | 'call'

export interface Citation {
  file: string
  /** 1-based. */
  line: number
  /** 1-based, UTF-16 code units. */
  column: number
  /** The rule cited (after following a rename), always an ID of the table. */
  id: string
  /** Exactly as written: `rule_end_the_run`, `CR 6.1.4`, `6.1.4a`. */
  text: string
  via: CitationVia
  /** The release a citation names (`CR v24.03 6.1.4`); the ID is today's. */
  version?: string
  /**
   * The number as read, when the citation was written as a number
   * (`CR 6.2.5` → `6.2.5`): what a baseline compares, since numbers move
   * and the same text can name another rule in another release.
   */
  number?: string
}

/** The diagnostics' severities: a citation problem is a diagnostic (`Diagnostic`), printed by the same formatters. */
export type CiteSeverity = Severity

/** Codes `cr cite` reports; what each means is in the registry (`src/core/codes.ts`). */
export const CITE_CODES = ['unknown-rule', 'stale-pair', 'renamed-rule', 'removed-rule', 'imprecise-citation', 'old-release-citation', 'unknown-release', 'edition-not-held', 'changed-rule', 'old-number', 'number-changed-meaning', 'renumbered-since-baseline', 'config-invalid', 'results-invalid', 'exceptions-invalid', 'exception-covered', 'coverage-below', 'not-counted', 'file-unreadable', 'file-not-regular', 'file-too-large', 'file-binary'] as const satisfies readonly DiagnosticCode[]

export type CiteCode = (typeof CITE_CODES)[number]

/** A problem is a diagnostic of one of `cr cite`'s codes, printed `path:line:col: error: message [code]` by the CLI. */
export interface CiteProblem extends Diagnostic {
  code: CiteCode
  severity: CiteSeverity
  /** As written. */
  text: string
  /** Closest real IDs (unknown-rule), the new ID (renamed-rule, old-release-citation), the right number (stale-pair). */
  suggestions?: string[]
}

export interface ScanResult {
  citations: Citation[]
  problems: CiteProblem[]
  /**
   * The text cites a release (`CR v24.03 6.1.4`) and the table has none
   * (`withReleases`): the result is empty; scan again with a table that has
   * them. Releases are costly to build, so the CLI builds them only then.
   */
  needsReleases?: boolean
}
