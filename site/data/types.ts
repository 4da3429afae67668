/**
 * What the pages read: the compiled document reshaped for presentation, all
 * JSON-able. Every `html` field comes from the compiler core, which escapes
 * rule text; the site never builds HTML out of rule text itself.
 */
import type { RuleKind } from '../../src/core/types.ts'

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
  /** Citation count from `CR_COVERAGE`, when given. */
  citations?: number
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
  id: string
  number: string
  url: string
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
}

/** Everything about one rule a search box needs, without Pagefind. */
export interface LookupData {
  /** Chapter page paths, indexed by the third field of `r`. */
  c: string[]
  /** Chapter titles (`6. Runs`), same order as `c`. */
  n: string[]
  /** `[id, number, chapter index]` for every entry. */
  r: [string, string, number][]
  /** Defined term, lower case → IDs of the rules defining it: pinned first in results. */
  t: Record<string, string[]>
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
  text: string
  cards: string[]
}

export interface ReleaseData {
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
  /** File name of the PDF under the release base, e.g. `netrunner-cr-v26.03.pdf`. */
  pdf: string
}

/** `[number, title html, [number, html][]]`: what a reference's preview shows. */
export type Preview = [string, string, [string, string][]]

export interface SiteData {
  releases: ReleaseData[]
}
