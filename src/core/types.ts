/**
 * The compiler's data model. Pure types: the core (`src/core`) is
 * deterministic and does no I/O; the CLI and the site consume these shapes.
 */
import type { ReleaseInfo, ResolvedRelease, RuleKind, SourceRef } from './model/types.ts'

export type { ReleaseInfo, RuleKind, SourceRef }
export type { Position } from './markup/nodes.ts'

/** One input file, as the caller read it. `content` is decoded by the core
 * (bytes are checked for UTF-8), so the caller never has to. */
export interface SourceFile {
  /** Path as it should appear in diagnostics, e.g. `rules/06_runs.yaml`. */
  path: string
  content: Uint8Array | string
  /**
   * Set by the I/O layer when the file could not be read (a folder, a FIFO,
   * over the size cap…); `content` is then empty and the compiler reports it.
   */
  unreadable?: { code: 'file-not-regular' | 'file-too-large' | 'file-unreadable'; message: string }
}

/** `hint`: said, never failing (`cr cite`'s notes, a number that meant another rule once). */
export type Severity = 'error' | 'warning' | 'hint'

export interface Place {
  file: string
  /** 1-based. */
  line: number
  /** 1-based, in UTF-16 code units like every editor we care about. */
  column: number
}

export interface RelatedPlace extends Place {
  message: string
  /** The same finding at another place (a reference to the same retired ID): a fix made at the message's place is made here too. */
  repeat?: true
}

/** A diagnostic is data; formatting is a separate, pure step. */
export interface Diagnostic extends Place {
  code: string
  severity: Severity
  message: string
  /** e.g. the closest real IDs for an unknown reference. */
  suggestions?: string[]
  /** Other places involved, e.g. the first definition of a duplicate ID. */
  related?: RelatedPlace[]
  /** The JSON path inside the file's data, when there is one. */
  path?: (string | number)[]
  /**
   * The ID the message is about, when it is about one: the unknown ID of an
   * `unknown-rule`, the missing one of an `id-missing`. Tools read it (quick
   * fixes, folding cascades under their cause), never the message.
   */
  subject?: string
}



export interface CompiledExample {
  /** `example_<ruleId>_<n>` (1-based), as the published document's extractor names them. */
  id: string
  text: string
  html: string
  new: boolean
  cards: string[]
  terms: string[]
}


/** One entry of the resolved document (and of `rules.json`). */
export interface RuleEntry {
  id: string
  /** Citation form: `6`, `6.1`, `6.1.4`, `6.1.4a`, `11.2.1b`. */
  number: string
  /** As printed before the text: `6.`, `6.1.`, `6.1.4.`, `a.` */
  label: string
  kind: RuleKind
  parent: string | null
  children: string[]
  chapter: string
  section: string | null
  /** Depth: chapter 0, section 1, rule 2, sub-rule/step 3, timing elements 2+. */
  depth: number
  /** Plain title for chapters, sections and heading rules (`toc:`). */
  title?: string
  /** Plain table-of-contents title where the source gives one (`toc_entry`). */
  tocTitle?: string
  /** Plain text, references rendered as printed ("section 6.2.8"). */
  text: string
  html: string
  /** A subsection flagged `toc:` — its text is a heading (e.g. 6.5.7 "Fully Break"). */
  heading: boolean
  /** A subsection flagged `steps:` — its children are timing steps. */
  steps: boolean
  /** Flagged `new:` in this release. */
  new: boolean
  /** A timing-structure element rendered bold (`bold:`). */
  bold?: boolean
  /** Section snippet (intro paragraph), if any. */
  snippet?: { text: string; html: string }
  terms: string[]
  subtypes: string[]
  cards: string[]
  /** IDs this entry's text (and examples) refer to, in order of first mention. */
  refs: string[]
  examples: CompiledExample[]
  /** For timing elements: the prose step/phase it summarises, when known. */
  prose?: string
  source: SourceRef
}

export interface ChangelogEntry {
  text: string
  html: string
  refs: string[]
  source: SourceRef
}


export interface CompiledDocument {
  release: ReleaseInfo
  /** Every entry in document order. */
  rules: RuleEntry[]
  changelog: ChangelogEntry[]
}

/** A file that did not load, as error recovery (`recovery/recover.ts`) reports and replaces it. */
export interface BrokenFile {
  file: string
  role: 'chapter' | 'changelog' | 'release'
  /** The one message reporting it: its root cause. */
  cause: Diagnostic
  /** Mistakes before the cause that stand on their own (a duplicate key above a tab): reported too. Everything after the cause follows from it. */
  before: Diagnostic[]
  /** Shown from its last good parse: its entries are there, their places stale. */
  stale: boolean
  /** IDs it defines that the compile does not know (all of them without a last good parse). */
  withheld: string[]
  /** The release whose copy of the file gave withheld IDs (the file itself could not be read for them). */
  from?: string
  /** A chapter of the newest release that is gone from the rules folder. */
  missing?: boolean
}

export interface Recovery {
  broken: BrokenFile[]
  /** Every withheld ID: references to them are not checked until their file parses. (A list: results are cached as JSON.) */
  withheld: string[]
  /**
   * Definitions with a mistake the schema reports on their own line (`subsectoin: rule_x`,
   * `subsection: Rule_x`): the ID each means, not defined meanwhile, and where the mistake is.
   * References to it wait for the definition to be fixed.
   */
  definitions?: MistakenDefinition[]
}

export interface MistakenDefinition {
  id: string
  /** `id` and the IDs defined under it (its sub-rules), none of them defined meanwhile. */
  ids: string[]
  file: string
  line: number
  /** The last line of its entry. */
  lastLine: number
}

export interface CompileResult {
  /** Present even when there are errors, as far as it could be built;
   * callers must not write output when `messages` has errors. */
  document: CompiledDocument | undefined
  /** The resolved model every output renders from (`model/types.ts`); present whenever `document` is. */
  model?: ResolvedRelease | undefined
  messages: Diagnostic[]
  /**
   * Files that did not load, each reported once by its root cause, and the
   * IDs withheld meanwhile; absent when every file loaded. Callers that add
   * messages of their own (the ID guard) fold them with `foldCascades`.
   */
  recovery?: Recovery
}
