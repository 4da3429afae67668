/**
 * Data model of `cr cite`: what the scanner finds in an engine's sources.
 * Pure types; the scanner (`scan.ts`) is pure too and the CLI does the I/O.
 */
import type { RuleEntry } from '../types.ts'

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
}

export type CiteSeverity = 'error' | 'warning' | 'hint'

/** Codes `cr cite` reports, with what they mean. */
export const CITE_CODES = {
  'unknown-rule': 'A cited ID or number that the rules do not define; the closest real IDs are suggested.',
  'stale-pair': 'A number and an ID on the same line that disagree; the ID wins and its number is given.',
  'renamed-rule': 'A cited ID that was renamed, merged or split; the citation counts for the new ID (warning).',
  'removed-rule': 'A cited ID that was removed from the rules without a successor.',
  'imprecise-citation': 'A cited rule that has sub-rules or steps; citing the one that applies is more precise (hint).',
  'old-release-citation': 'A citation that names a release (`CR v24.03 6.1.4`): the rule it meant, its number today, and whether its text changed since (hint).',
  'unknown-release': 'A citation that names a release the rules never had; the known releases are listed.',
  'edition-not-held': 'A citation that names an edition of the CR not held here (`CR 1.8 9.1.8g`, before v22.12): not checked, and never read as today\'s rule (warning).',
  'changed-rule': 'A cited rule whose text changed since the baseline (`cr cite --baseline FILE`): re-read it and update the code (warning).',
  'config-invalid': 'The `cr.config.json` file does not match its schema, or a pattern is not a valid regular expression.',
  // Paths not scanned (issue 11): reported with the path, and the run goes on.
  'file-unreadable': 'A file or folder that cannot be read (permissions, I/O error): not scanned.',
  'file-not-regular': 'A FIFO, device or socket (or a `.gitignore` that is a folder): not read, since reading could block or never end.',
  'file-too-large': 'A file over 16 MiB (generated code, data): not scanned; exclude it in `cr.config.json`.',
  'file-binary': 'A binary file named on the command line (by extension), or found by content while walking (hint): not scanned.',
} as const

export type CiteCode = keyof typeof CITE_CODES

/** A problem is data, printed `path:line:col: error[code]: message` by the CLI. */
export interface CiteProblem {
  code: CiteCode
  severity: CiteSeverity
  file: string
  line: number
  column: number
  message: string
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
