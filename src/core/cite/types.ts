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

/** Where an ID went, from the retirement file (`rules/retired.yaml`). */
export type RetirementStatus = 'renamed' | 'merged' | 'split' | 'removed'

export interface Retirement {
  status: RetirementStatus
  /** The ID that replaces it (the first one for `split`); absent for `removed`. */
  target?: string
  /** Why it was removed, or a note on the rename. */
  reason?: string
}

/** How a citation was written. */
export type CitationVia =
  /** A rule ID in the text: `rule_end_the_run`. */
  | 'id'
  /** A number with a citation word: `CR 6.1.4`, `rule 6.1.4a`, `§6.1.4`. */
  | 'number'
  /** Captured by a project pattern from `cr.config.json`. */
  | 'pattern'

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
}

export type CiteSeverity = 'error' | 'warning' | 'hint'

/** Codes `cr cite` reports, with what they mean. */
export const CITE_CODES = {
  'unknown-rule': 'A cited ID or number that the rules do not define; the closest real IDs are suggested.',
  'stale-pair': 'A number and an ID on the same line that disagree; the ID wins and its number is given.',
  'renamed-rule': 'A cited ID that was renamed, merged or split; the citation counts for the new ID (warning).',
  'removed-rule': 'A cited ID that was removed from the rules without a successor.',
  'imprecise-citation': 'A cited rule that has sub-rules or steps; citing the one that applies is more precise (hint).',
  'config-invalid': 'The `cr.config.json` file does not match its schema, or a pattern is not a valid regular expression.',
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
  /** Closest real IDs (unknown-rule), the new ID (renamed-rule), the right number (stale-pair). */
  suggestions?: string[]
}

export interface ScanResult {
  citations: Citation[]
  problems: CiteProblem[]
}
