/**
 * The resolved model: one release compiled once into data whose references,
 * terms, cards, symbols and new-marks are nodes with IDs, never rendered
 * strings. Every output (site HTML per release, plain text in each style, the
 * official JSON, Markdown, the index, the package's runtime data) is a
 * renderer over it (`src/core/render/`), so nothing has to parse rendered
 * output back to learn what a text meant.
 *
 * Plain JSON (no Maps, no positions): it is what the compile cache stores.
 */
import type { MarkupRoot } from '../markup/nodes.ts'

/** The word a reference to an entry uses, as the published document prints it. */
export type ReferenceWord = 'rule' | 'section' | 'step'

/** How the source wrote an entry: decides the reference word and the official JSON's line template. */
export type SourceKind = 'chapter' | 'section' | 'rule' | 'subsection' | 'timing'

/** One text, resolved: its markup tree (positions dropped; references as lowercase-first IDs, cards with their code). */
export type ResolvedText = MarkupRoot

export interface ResolvedExample {
  /** `example_<ruleId>_<n>` (1-based). */
  id: string
  text: ResolvedText
  new: boolean
}

export interface ResolvedEntry {
  id: string
  /** Citation form: `6`, `6.1`, `6.1.4`, `6.1.4a`, `11.2.1b`. */
  number: string
  /** As printed before the text: `6.`, `6.1.`, `6.1.4.`, `a.` */
  label: string
  kind: RuleKind
  sourceKind: SourceKind
  /** The word a reference to this entry prints ("section 6.1.4", "step 6.9.2", "rule 6.1.3e"). */
  word: ReferenceWord
  parent: string | null
  children: string[]
  chapter: string
  section: string | null
  depth: number
  text: ResolvedText
  /** Plain table-of-contents title where the source gives one (`toc_entry`). */
  tocTitle?: ResolvedText
  /** Section snippet (intro paragraph). */
  snippet?: ResolvedText
  heading: boolean
  steps: boolean
  new: boolean
  bold?: boolean
  /** Timing elements: top-level 1, nested 2, 3… */
  timingLevel?: number
  examples: ResolvedExample[]
  /** IDs the text (and examples) refer to, in order of first mention. */
  refs: string[]
  /** Terms the text and snippet define; subtypes it names; cards its text and examples mention. */
  terms: string[]
  subtypes: string[]
  cards: string[]
  /** For timing elements: the prose step or phase it summarises, when known. */
  prose?: string
  source: SourceRef
}

export interface ResolvedChangelogEntry {
  text: ResolvedText
  refs: string[]
  source: SourceRef
}

export interface ResolvedRelease {
  release: ReleaseInfo
  /** Every entry in document order. */
  entries: ResolvedEntry[]
  changelog: ResolvedChangelogEntry[]
}

/** Entry kinds, in the words of the published document. */
export type RuleKind =
  | 'chapter'
  | 'section'
  | 'rule' // N.N.N (with or without sub-rules; headings too)
  | 'subrule' // N.N.Na
  | 'step' // a child of a `steps:` subsection: N.N.Na, referred to as "step"
  | 'timing' // an element of a chapter-11 timing structure

export interface SourceRef {
  file: string
  line: number
  column: number
}

export interface ReleaseInfo {
  /** `v26.03` */
  version: string
  /** ISO date `2026-03-02`, or `2022-12` where only the month is known. */
  effective: string
  title?: string
  preamble?: string
  /** The rules team's email address. */
  contact?: string
  acknowledgements?: unknown
}
