/**
 * What the pages read: the compiled document reshaped for presentation, all
 * JSON-able. Every `html` field comes from the compiler core, which escapes
 * rule text; the site never builds HTML out of rule text itself.
 */
import type { RuleKind } from '../../src/core/types.ts'
import type { ChangeKind, WordPart } from '../../src/core/versions/index.ts'
import type { NumbersJson } from '../shared/numbers.ts'

export type { ChangeKind, WordPart }

export interface RuleNode {
  id: string
  number: string
  /** As printed: `6.1.4.`, `a.` */
  label: string
  kind: RuleKind
  depth: number
  /** Plain title of chapters, sections and heading rules. */
  title?: string
  html: string
  isNew: boolean
  heading: boolean
  bold?: boolean
  snippetHtml?: string
  examples: { id: string; html: string; isNew: boolean }[]
  children: RuleNode[]
  /** A timing-structure element's prose step or phase (chapter 11 → 5.6.1a). */
  prose?: { id: string; number: string; url: string }
  /** Its history across the releases (chapter pages of the current release). */
  history?: HistoryView
  /** The files citing it, from `CR_COVERAGE` (current release). */
  cites?: RuleCites
}

/** Text with IDs set apart: `renamed from `rule_x`` → `[{text: 'renamed from '}, {text: 'rule_x', code: true}]`. */
export interface TextPart {
  text: string
  code?: boolean
  /** The rule an identifier or a number names, where the sentence links it (a retirement's reason). */
  url?: string
}

/** "6.1.4 since v22.12; sub-rules a–c added in v26.03", and each step that changed something. */
export interface HistoryView {
  summary: TextPart[]
  steps: HistoryStepView[]
  /** The release it dates from (`v22.12`, or `current`). */
  since: string
  /**
   * False when it reads as it did in the oldest release: no disclosure on
   * the rule, the chapter says so once.
   */
  changed: boolean
}

export interface HistoryStepView {
  /** Release key: `v25.04`, or `current` for the unreleased rules. */
  key: string
  /** `v25.04`, `current rules`. */
  label: string
  /** Its number in that release. */
  number: string
  what: TextPart[]
  /** The text as it changed in that release. */
  diff?: WordPart[]
  examples?: ExampleDiff[]
  /** The entry on that release's changes page. */
  url?: string
}

export interface ExampleDiff {
  /** `Example 2 added` */
  label: string
  diff: WordPart[]
}

export interface RuleCites {
  citations: number
  /** Citing files, sorted, with the lines of their citations. */
  files: { path: string; lines: number[] }[]
  /** With test results (`cr cite --results`): the tests citing the rule, failing first, and how each ended. */
  tests?: RuleTest[]
}

/** How a test that cites a rule ended, in the results the coverage file was written with. */
export type TestOutcome = 'passed' | 'failed' | 'skipped' | 'not-run'

export interface RuleTest {
  /** `describe > name`, as the engine's source names it. */
  name: string
  outcome: TestOutcome
  /** Where the test is: `file:line`. */
  at?: string
}

/** Tests by how they ended. */
export interface TestTally {
  passed: number
  failed: number
  skipped: number
  notRun: number
}

export interface TocSection {
  id: string
  number: string
  title: string
  url: string
  /** Heading rules inside the section (`toc:`), e.g. 6.5.7 "Fully Break". */
  headings: { id: string; number: string; title: string; url: string }[]
}

export interface TocChapter {
  id: string
  slug: string
  number: string
  title: string
  url: string
  sections: TocSection[]
}

export interface ChapterPage {
  slug: string
  /** The chapter as a tree, links pointing at chapter pages. */
  tree: RuleNode
  prev?: { url: string; title: string; number: string }
  next?: { url: string; title: string; number: string }
}

export interface GlossaryEntry {
  term: string
  /**
   * `defined`: a `{term:…}` of a rule; `card part`: a section of "Parts of a
   * Card" or "Card Types" naming it; `see`: a player's word for another term.
   */
  kind: 'defined' | 'card part' | 'see'
  /** Where it is defined, when the same term is defined more than once: `5.2 Actions`. */
  where?: string
  /** The rule or section that defines it (for `see`: the term's). */
  id: string
  number: string
  url: string
  /** The definition: the defining rule's text, or the section's intro or first rule (compiler HTML, escaped); '' for `see`. */
  html: string
  /** Its own anchor on the glossary page: `term-trash-cost`. */
  anchor: string
  /** For `see`: the term it means, and that entry's anchor. */
  see?: string
  seeAnchor?: string
  /** Players' words that mean this term (folded: `brain damage`, `facecheck`), for the glossary's filter. */
  says?: string[]
}

export interface CardEntry {
  title: string
  /** Other spellings the rules use for it ("Alice Merchant"). */
  names: string[]
  code?: string
  /** NetrunnerDB page. */
  url?: string
  image?: string
  /** `Runner · Program: Icebreaker` */
  typeLine?: string
  /** Card text as safe HTML (rendered by `card-text.ts`). */
  textHtml?: string
  /** Rules that mention the card, in document order. */
  rules: { id: string; number: string; url: string }[]
}

export interface Permalink {
  /** Path segment under `r/`: an ID or a number. */
  key: string
  id: string
  number: string
  url: string
  /** For link previews (Open Graph): `6.1.4 · Runs › General`. */
  title: string
  /** Its plain text, at most 300 characters. */
  text: string
}

/** Everything about one rule a search box needs, without Pagefind. */
export interface LookupData {
  /** Chapter slugs (`runs`: the page is `routes(base).chapter(slug)`), indexed by the third field of `r`. */
  c: string[]
  /** Chapter titles (`6. Runs`), same order as `c`. */
  n: string[]
  /** `[id, number, chapter index]` for every entry. */
  r: [string, string, number][]
  /** Defined term, lower case → IDs of the rules defining it: pinned first in results. */
  t: Record<string, string[]>
  /** Retired ID → the current ID it became (renamed, merged, split), so old IDs still go to a rule. */
  o?: Record<string, string>
  /** A frozen release's rules that changed since → `"<letters> <today's number>"` (`src/core/versions/release-map.ts`). */
  h?: Record<string, string>
}

export interface SearchRecord {
  url: string
  id: string
  number: string
  chapter: string
  chapterSlug: string
  section: string
  /** Terms this entry defines: weighted high so the defining rule ranks first. */
  terms: string[]
  /** Title of a chapter, section or heading rule. */
  title?: string
  /**
   * The titles of the section and headings it sits under, nearest first
   * (1.6.4 "Each player takes five credits…": `Starting the Game`): a
   * sub-rule's topic is often only in its heading.
   */
  context: string[]
  /** Its own text (a heading's: none) and its section's snippet. */
  text: string
  /** Its examples, each `Example: …`: indexed with less weight than the rule's own words. */
  examples: string[]
  /** The entry's own text alone (a heading's: its title), as the previews' first paragraph: what the top search row shows. */
  lead: string
  cards: string[]
  /** Players' words for it (`data/phrasings/`, phrasings.ts): indexed below its own words, never shown. */
  phrasings?: string[]
  /** A step of a procedure (kind `step`) or an element of chapter 11's timing structures (kind `timing`): `query/steps.ts`. */
  step?: true
}

export interface ReleaseData {
  /** The version index's name for it: `current` for `rules/`, else its version (`v24.03`). */
  key: string
  version: string
  effective: string
  title: string
  /** `/` or `/v24.03/` */
  base: string
  current: boolean
  toc: TocChapter[]
  changelog: { html: string }[]
  /** The same, linking inside the one-page rules. */
  changelogFull: { html: string }[]
  chapters: ChapterPage[]
  /** The whole document, links pointing inside the one page. */
  full: RuleNode[]
  permalinks: Permalink[]
  glossary: GlossaryEntry[]
  cards: CardEntry[]
  /** Hover previews by chapter slug, then rule ID. */
  previews: Record<string, Record<string, Preview>>
  lookup: LookupData
  search: SearchRecord[]
  /**
   * File name of the PDF under the release base: `netrunner-cr-v26.03.pdf` for
   * a release (its published text), `netrunner-cr-current.pdf` for the rules.
   */
  pdf?: string
  /** What the PDF and `/full/` call this text: `v26.03`, or `v26.03 with unreleased changes (current text)`. */
  edition: string
  /** Preamble, contact and acknowledgements from `release.yaml`. */
  front: FrontMatter
  /** The official generator's `rules.json` for this text, served at `<base>official/rules.json`. */
  /** The official generator's `rules.json`, in each shape it has written (`2026-04`, the default; `2025`). */
  officialJson: Record<import('../../src/core/official-json.ts').OfficialShape, string>
  /** Its changes page (`/changes/v24.03/`), when it has one. */
  changesUrl?: string
}

export interface FrontMatter {
  /** Compiler-rendered (escaped) HTML of the preamble. */
  preambleHtml?: string
  /** The rules team's email address. */
  contact?: string
  acknowledgements: Acknowledgement[]
}

/** A line of the acknowledgements, with its nested lines. */
export interface Acknowledgement {
  text: string
  items: Acknowledgement[]
}

/**
 * Where a rule is in another release: `[chapter slug, ID]`; `[chapter slug, nearest ID, 0]` when it has no
 * equivalent there but a section that holds its place (the page lands there and says the rule is absent);
 * '' when neither (the release's lookup, `?r=<id>`, says so).
 */
export type SwitchTarget = [string, string] | [string, string, 0] | ''

/** `[number, title html, [number, html][]]`: what a reference's preview shows. */
/**
 * A rule's hover preview: `[number, title HTML, body [number, HTML][], texts]`.
 * `texts` is the same title and body as plain text in the published style
 * (`src/core/render/text.ts`: symbols as `[credit]`, references as words and
 * numbers), rendered from the model at build time for search's excerpts, so
 * the browser never rebuilds text from the HTML.
 */
export type Preview = [string, string, [string, string][], string[]]

/**
 * A number as the releases printed it (`/r/<n>/`): today's rule with that
 * number, if any, and the other rules it named before.
 */
export interface NumberPage {
  number: string
  today?: { id: string; number: string; url: string }
  earlier: NumberMeaningView[]
}

export interface NumberMeaningView {
  /** Its ID in those releases. */
  id: string
  /** The releases that printed the number for it, oldest first. */
  versions: string[]
  /** "6.1.4a in v26.03 (`rule_x`) is 6.1.5a now" (`describeMeaning`). */
  sentence: TextPart[]
  /** Where that rule is today; absent when it was removed. */
  now?: { id: string; number: string; url: string }
  /** The rule in the last release that printed the number, when the site serves it. */
  then?: string
}

export interface SiteData {
  /** The releases built: the current one first, then the old ones, newest first. */
  releases: ReleaseData[]
  /** Changes pages, newest first (empty without old releases). */
  changes: ChangesPage[]
  /** `/r/<id>/` for every ID a release had that the current rules do not. */
  retired: RetiredPage[]
  /** Version switcher: release key → target key → rule ID → `[chapter slug, ID]` there ('' for none: its lookup says so), where that differs. */
  switchMaps: Record<string, Record<string, Record<string, SwitchTarget>>>
  coverage?: CoveragePage
  /** Numbers some release printed for another rule than today's (empty without old releases). */
  numbers: { pages: NumberPage[]; renamed: Record<string, NumberPage>; json: NumbersJson }
  /** Warnings for the build log. */
  notes: string[]
}

/** What one release changed against the one before it: `/changes/<key>/`. */
export interface ChangesPage {
  key: string
  url: string
  /** `v26.03`, or `Unreleased changes` for the current rules. */
  title: string
  from: { key: string; label: string; effective: string }
  to: { key: string; label: string; effective: string }
  /** Entries per change kind, only the kinds present, in `CHANGE_KINDS` order. */
  counts: [ChangeKind, number][]
  entries: number
  /** The release's own summary of changes. */
  changelog: { html: string }[]
  chapters: { id: string; number: string; title: string; anchor: string; entries: ChangeEntryView[] }[]
}

export interface ChangeEntryView {
  /** Element id on the page: the entry's ID, unless taken. */
  anchor: string
  changes: ChangeKind[]
  kind: RuleKind
  id: string
  oldId?: string
  /** In the new release (absent when removed). */
  number?: string
  url?: string
  /** In the old release (absent when added). */
  oldNumber?: string
  oldUrl?: string
  title?: string
  /** Why (removed) or a note, its `{ref:ID}`s as linked IDs. */
  reason?: TextPart[]
  inferred?: boolean
  /** `split`: the rules it was divided between. */
  targets?: { id: string; url?: string }[]
  diff?: WordPart[]
  examples?: ExampleDiff[]
}

/** `/r/<old-id>/`: a redirect to the rule it became, or a note on why it was removed. */
export interface RetiredPage {
  id: string
  status: 'renamed' | 'merged' | 'split' | 'removed'
  to?: { id: string; number: string; url: string }
  /** The last release that had it, and its number and place there. */
  last?: { key: string; label: string; effective: string; number: string; url?: string }
  /** The release that dropped it, and the entry on its changes page. */
  removedIn?: { key: string; label: string; url?: string }
  /** Why (removed) or a note, its `{ref:ID}`s as linked IDs. */
  reason?: TextPart[]
  summary: TextPart[]
}

/** `/coverage/`, from `CR_COVERAGE`. */
export interface CoveragePage {
  /** The release the coverage file was written against. */
  version: string
  cited: number
  total: number
  percent: number
  files: number
  citations: number
  chapters: {
    id: string
    number: string
    title: string
    url: string
    cited: number
    total: number
    percent: number
    uncited: { id: string; number: string; url: string }[]
    /** With results: rules of the chapter covered by tests that ran and passed. */
    passing?: number
    passingPercent?: number
  }[]
  /** IDs the coverage file cites that the rules do not define. */
  unknown: string[]
  /**
   * With test results (`cr cite --results`): coverage by tests that ran and passed, the tests by how
   * they ended, and the rules failing or skipped tests cite.
   */
  executed?: {
    passing: number
    percent: number
    tests: TestTally
    failing: { id: string; number: string; url: string; tests: RuleTest[] }[]
    skipped: { id: string; number: string; url: string; tests: RuleTest[] }[]
    /** The results files, by name. */
    results: string[]
  }
}
