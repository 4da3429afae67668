/**
 * Compile each release and reshape it into what pages read. Runs once per
 * build (see `store.ts`); pages never see YAML or the compiler.
 */
import { compile } from '../../src/core/compile.ts'
import { buildOfficialJson, OFFICIAL_SHAPES, type OfficialShape } from '../../src/core/official-json.ts'
import { renderDocument } from '../../src/core/render/document.ts'
import { renderContextFor } from '../../src/core/render/context.ts'
import { renderText } from '../../src/core/render/text.ts'
import { indexRelease } from '../../src/core/model/release-index.ts'
import type { ResolvedEntry, ResolvedRelease, ResolvedText } from '../../src/core/model/types.ts'
import { parseMarkup, toHtml } from '../../src/core/markup/index.ts'
import { cardUrl, type CardIndex } from '../../src/core/cards.ts'
import type { CompiledDocument, Diagnostic, RuleEntry, SourceFile } from '../../src/core/types.ts'
import { readRulesDir } from '../../src/io/read-sources.ts'
import { CURRENT } from '../../src/core/versions/index.ts'
import { buildCardEntries } from './card-entries.ts'
import { buildGlossary } from './glossary.ts'
import { chapterSlug, routes } from '../shared/routes.ts'
import type { ReleaseSource } from './releases.ts'
import type {
  Acknowledgement,
  ChapterPage,
  FrontMatter,
  GlossaryEntry,
  HistoryView,
  LookupData,
  Permalink,
  Preview,
  ReleaseData,
  RuleCites,
  RuleNode,
  SearchRecord,
  TocChapter,
} from './types.ts'

export interface PrepareOptions {
  cards?: CardIndex
  /** Rule ID → its history across the releases (shown on chapter pages). */
  history?: Map<string, HistoryView>
  /** Rule ID → the files citing it (`CR_COVERAGE`). */
  coverage?: Map<string, RuleCites>
  /** Print a PDF of it (default: every release). */
  pdf?: boolean
  /**
   * The current rules differ from the last release (true), do not (false), or
   * nobody compared them (undefined, `CR_RELEASES=none`): the label says only what is known.
   */
  unreleased?: boolean
  /**
   * Rules added or reworded since the last release (the current rules only): marked new beside the
   * release's own `new:` marks, so "Mark new" on `v26.03+` shows what is new in v26.03 and since.
   */
  newSince?: ReadonlySet<string>
}

/** A release compiled once into its model, rendered twice: one-page links (`/full/`, diffs) and links across chapter pages. */
export interface CompiledRelease {
  source: ReleaseSource
  model: ResolvedRelease
  onePage: CompiledDocument
  /** `/full/`: one-page links, cards to their entry on this site. */
  full: CompiledDocument
  paged: CompiledDocument
  urlOf: (id: string) => string
  /** The official generator's `rules.json` of the same release, in each of its shapes. */
  officialJson: Record<OfficialShape, string>
}

export class CompileError extends Error {
  constructor(
    readonly dir: string,
    readonly messages: Diagnostic[],
  ) {
    const errors = messages.filter((m) => m.severity === 'error')
    const shown = errors
      .slice(0, 10)
      .map((m) => `  ${m.file}:${m.line}:${m.column}: error[${m.code}]: ${m.message}`)
      .join('\n')
    const more = errors.length > 10 ? `\n  … and ${errors.length - 10} more (run \`npx cr check ${dir}\`)` : ''
    super(`The rules in ${dir} do not compile (${errors.length} errors):\n${shown}${more}`)
  }
}

/** `6. Runs`: how search results and the chapter filter name a chapter. */
const chapterName = (c: RuleEntry) => `${c.number}. ${c.tocTitle ?? c.title ?? c.text}`

export { chapterSlug }

export function prepareRelease(source: ReleaseSource, options: PrepareOptions = {}): ReleaseData {
  return shapeRelease(compileRelease(readRulesDir(source.dir), source, options.cards), options)
}

/** The pipeline without the file system, so tests can feed it fixtures. */
export function prepareFromFiles(files: SourceFile[], source: ReleaseSource, options: PrepareOptions = {}): ReleaseData {
  return shapeRelease(compileRelease(files, source, options.cards), options)
}

export function compileRelease(files: SourceFile[], source: ReleaseSource, cards?: CardIndex): CompiledRelease {
  const { model, document: onePage, messages } = compile(files, { cards })
  if (!model || !onePage || messages.some((m) => m.severity === 'error')) throw new CompileError(source.dir, messages)
  return renderRelease(model, onePage, source, cards)
}

/**
 * The outputs of one compiled release: each rendered from the model with its
 * own links. A card mention opens the card's entry on this site (the card
 * index: its text, the rules naming it, its image when online), offline too;
 * without card data it stays unlinked. `onePage` (the compiler's index view,
 * cards linked to NetrunnerDB) is kept for diffs and the official formats.
 */
export function renderRelease(model: ResolvedRelease, onePage: CompiledDocument, source: ReleaseSource, cards?: CardIndex): CompiledRelease {
  const chapterOf = new Map(model.entries.map((r) => [r.id, chapterSlug(r.chapter)]))
  const at = routes({ base: source.base, chapterOf: (id) => chapterOf.get(id) })
  const urlOf = at.rule
  // A card the rules mention has an entry on the card index; one only the summary of changes names (a card the rules dropped) links to NetrunnerDB.
  const indexed = new Set(model.entries.flatMap((e) => e.cards).flatMap((name) => cards?.resolveCard(name).card?.code ?? []))
  const cardHref = (_: string, code: string | undefined) => {
    if (code === undefined) return undefined
    const card = cards?.cardByCode(code)
    return card && indexed.has(card.code) ? at.cards(card.title) : cardUrl(code)
  }
  // A symbol copies and prints as its text form (`[click]`), as search shows it.
  const paged = renderDocument(model, { hrefFor: urlOf, cardHref, copyableSymbols: true })
  const full = renderDocument(model, { hrefFor: (id) => `#${id}`, cardHref, copyableSymbols: true })
  const officialJson = Object.fromEntries(OFFICIAL_SHAPES.map((shape) => [shape, buildOfficialJson(model, { shape }).json])) as Record<OfficialShape, string>
  return { source, model, onePage, full, paged, urlOf, officialJson }
}

/** `current` for the current rules, else the release's version. */
export const releaseKey = (c: CompiledRelease) => (c.source.current ? CURRENT : c.onePage.release.version)

export function shapeRelease(compiled: CompiledRelease, options: PrepareOptions = {}): ReleaseData {
  return { ...shape(compiled.paged, compiled.full, compiled.source, compiled.urlOf, options, releaseKey(compiled), compiled.model), officialJson: compiled.officialJson }
}

/** Preamble (inline markup, rendered by the core, so escaped), contact and acknowledgements. */
export function frontMatterOf(release: CompiledDocument['release']): FrontMatter {
  const front: FrontMatter = { acknowledgements: acknowledgementsOf(release.acknowledgements) }
  if (release.preamble) {
    const ctx = { lookup: () => undefined, hrefFor: (id: string) => `#${id}`, copyableSymbols: true }
    front.preambleHtml = toHtml(parseMarkup(release.preamble.trim()).tree, ctx)
  }
  if (release.contact) front.contact = release.contact
  return front
}

function acknowledgementsOf(value: unknown): Acknowledgement[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item): Acknowledgement[] => {
    if (typeof item === 'string') return [{ text: item, items: [] }]
    if (typeof item === 'object' && item !== null && typeof (item as { text?: unknown }).text === 'string') {
      const o = item as { text: string; items?: unknown }
      return [{ text: o.text, items: acknowledgementsOf(o.items) }]
    }
    return []
  })
}

function shape(
  doc: CompiledDocument,
  onePage: CompiledDocument,
  source: ReleaseSource,
  urlOf: (id: string) => string,
  options: PrepareOptions,
  key: string,
  model: ResolvedRelease,
): Omit<ReleaseData, 'officialJson'> {
  const { base } = source
  const at = routes(base)
  const byId = new Map(doc.rules.map((r) => [r.id, r]))
  const chapters = doc.rules.filter((r) => r.kind === 'chapter')
  const version = doc.release.version

  const toc: TocChapter[] = chapters.map((c) => ({
    id: c.id,
    slug: chapterSlug(c.id),
    number: c.number,
    title: c.tocTitle ?? c.title ?? c.text,
    url: at.chapter(chapterSlug(c.id)),
    sections: c.children.flatMap((sid) => {
      const s = byId.get(sid)
      if (!s) return []
      const headings = descendants(s, byId)
        .filter((r) => r.heading && r.kind !== 'section')
        .map((r) => ({ id: r.id, number: r.number, title: r.tocTitle ?? r.title ?? r.text, url: urlOf(r.id) }))
      return [{ id: s.id, number: s.number, title: s.tocTitle ?? s.title ?? s.text, url: urlOf(s.id), headings }]
    }),
  }))

  const pages: ChapterPage[] = chapters.map((c, i) => {
    const link = (x: RuleEntry | undefined) => x && { url: at.chapter(chapterSlug(x.id)), title: x.title ?? x.text, number: x.number }
    return {
      slug: chapterSlug(c.id),
      tree: toNode(c, byId, urlOf, options),
      prev: link(chapters[i - 1]),
      next: link(chapters[i + 1]),
    }
  })

  const onePageById = new Map(onePage.rules.map((r) => [r.id, r]))
  const full = onePage.rules.filter((r) => r.kind === 'chapter').map((c) => toNode(c, onePageById, (id) => `#${id}`, { coverage: options.coverage, newSince: options.newSince }))

  const permalinks: Permalink[] = []
  const seen = new Set<string>()
  const shareOf = shareTexts(model)
  for (const r of doc.rules) {
    const share = shareOf(r)
    for (const key of [r.id, r.number]) {
      // IDs and numbers never collide (IDs start with a letter), but be safe.
      if (seen.has(key)) continue
      seen.add(key)
      permalinks.push({ key, id: r.id, number: r.number, url: urlOf(r.id), ...share })
    }
  }

  // A term is written `{term: action phase}` at times: the glossary lists it as "action phase".
  const glossary: GlossaryEntry[] = buildGlossary(doc.rules, urlOf)

  const previews: ReleaseData['previews'] = {}
  for (const r of doc.rules) {
    ;(previews[chapterSlug(r.chapter)] ??= {})[r.id] = previewOf(r, byId)
  }

  const slugs = chapters.map((c) => chapterSlug(c.id))
  const terms: LookupData['t'] = {}
  // Search pins the rules that define a term the query is: `{term:…}` only (a heading is found by its words).
  for (const g of glossary) {
    if (g.kind !== 'defined') continue
    const key = g.term.toLowerCase()
    if (!(terms[key] ??= []).includes(g.id)) terms[key].push(g.id)
  }
  const lookup: LookupData = {
    c: slugs,
    n: chapters.map(chapterName),
    r: doc.rules.map((r) => [r.id, r.number, slugs.indexOf(chapterSlug(r.chapter))]),
    t: terms,
  }

  const search: SearchRecord[] = doc.rules.map((r) => {
    const chapter = byId.get(r.chapter)
    const section = r.section ? byId.get(r.section) : undefined
    // A heading's text is its title, indexed (with less weight) as `title`.
    const own = r.title !== undefined ? undefined : r.text
    const text = [own, r.snippet?.text].filter(Boolean).join('\n')
    return {
      url: urlOf(r.id),
      id: r.id,
      number: r.number,
      chapter: chapter ? chapterName(chapter) : '',
      chapterSlug: chapterSlug(r.chapter),
      section: section ? `${section.number}. ${section.title ?? section.text}` : '',
      terms: r.terms,
      title: r.tocTitle ?? r.title,
      context: contextTitles(r, byId),
      text,
      examples: r.examples.map((e) => `Example: ${e.text}`),
      lead: r.text,
      cards: r.cards,
      ...(r.kind === 'step' || r.kind === 'timing' ? { step: true as const } : {}),
    }
  })

  return {
    key,
    version,
    effective: doc.release.effective,
    title: doc.release.title ?? 'Netrunner Comprehensive Rules',
    base,
    current: source.current,
    toc,
    changelog: doc.changelog.map((c) => ({ html: c.html })),
    changelogFull: onePage.changelog.map((c) => ({ html: c.html })),
    chapters: pages,
    full,
    permalinks,
    glossary,
    cards: buildCardEntries(doc.rules, urlOf, options.cards),
    previews,
    lookup,
    search,
    edition: !source.current || options.unreleased === false ? version : options.unreleased ? `${version} with unreleased changes (current text)` : `${version} (current text)`,
    front: frontMatterOf(doc.release),
    ...((options.pdf ?? true) ? { pdf: source.current ? 'netrunner-cr-current.pdf' : `netrunner-cr-${version}.pdf` } : {}),
  }
}

/** The titles of the section and heading rules above `r`, nearest first; never the chapter's. */
function contextTitles(r: RuleEntry, byId: Map<string, RuleEntry>): string[] {
  const titles: string[] = []
  for (let p = r.parent ? byId.get(r.parent) : undefined; p && p.kind !== 'chapter'; p = p.parent ? byId.get(p.parent) : undefined) {
    const title = p.tocTitle ?? p.title
    if (title && !titles.includes(title)) titles.push(title)
  }
  return titles
}

/**
 * What a shared link to a rule unfurls with: `6.1.4 · Runs › General` and
 * the rule's plain text (a heading's: its first entries), cut at a word.
 * Rendered from the model in the `words` style: a preview card draws no
 * icons, so `2[credit]` reads "2 credits".
 */
function shareTexts(model: ResolvedRelease): (r: RuleEntry) => { title: string; text: string } {
  const { byId } = indexRelease(model)
  const ctx = renderContextFor(model)
  const words = (tree: ResolvedText | undefined) => (tree ? renderText(tree, ctx, 'words') : undefined)
  return (r) => {
    const e = byId.get(r.id)!
    const isTitled = e.kind === 'chapter' || e.kind === 'section' || e.heading
    const name = (x: ResolvedEntry) => words(x.tocTitle) ?? words(x.text)!
    const chapter = byId.get(e.chapter)
    const section = e.section ? byId.get(e.section) : undefined
    const where = [chapter && chapter !== e ? name(chapter) : undefined, section && section !== e ? name(section) : undefined].filter(Boolean).join(' › ')
    const own = isTitled || e.steps ? name(e) : undefined
    const title = [`${e.number}${own ? ` ${own}` : ''}`, where].filter(Boolean).join(' · ')
    const children = e.children.slice(0, 3).map((id) => byId.get(id)).map((c) => c && `${c.number} ${words(c.text)}`)
    const body = own === undefined ? words(e.text)! : [words(e.snippet), ...children].filter(Boolean).join(' ')
    return { title, text: excerptChars(body || name(e), 300) }
  }
}

/** At most `max` characters, cut at a word with an ellipsis. */
function excerptChars(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`
}

/**
 * A rule previews as its text; a heading (chapter, section, `toc:` rule)
 * as its title over its intro or first rules, which say what it is about;
 * a phase (`steps:`) as its name over its steps.
 */
function previewOf(r: RuleEntry, byId: Map<string, RuleEntry>): Preview {
  const isTitle = r.kind === 'chapter' || r.kind === 'section' || r.heading || r.steps
  if (!isTitle) return [r.number, '', [['', r.html]], [r.text]]
  const body: [string, string][] = []
  const texts: string[] = [r.text]
  if (r.snippet) {
    body.push(['', r.snippet.html])
    texts.push(r.snippet.text)
  }
  // "step 6.9.6" is its steps: show them all (a phase has at most a dozen).
  const limit = r.steps ? 12 : 3
  for (const id of r.children) {
    if (body.length >= limit) break
    const c = byId.get(id)
    if (c) {
      body.push([c.number, c.html])
      texts.push(c.text)
    }
  }
  return [r.number, r.html, body, texts]
}

/** The rule and its descendants; `extra` adds history and citations where given. */
function toNode(r: RuleEntry, byId: Map<string, RuleEntry>, href: (id: string) => string, extra: Pick<PrepareOptions, 'history' | 'coverage' | 'newSince'>): RuleNode {
  const node: RuleNode = {
    id: r.id,
    number: r.number,
    label: r.label,
    kind: r.kind,
    depth: r.depth,
    html: r.html,
    isNew: r.new || (extra.newSince?.has(r.id) ?? false),
    heading: r.heading,
    examples: r.examples.map((e) => ({ id: e.id, html: e.html, isNew: e.new })),
    children: r.children.flatMap((id) => {
      const c = byId.get(id)
      return c ? [toNode(c, byId, href, extra)] : []
    }),
  }
  if (r.title !== undefined) node.title = r.title
  if (r.bold !== undefined) node.bold = r.bold
  if (r.snippet) node.snippetHtml = r.snippet.html
  const prose = r.prose ? byId.get(r.prose) : undefined
  if (prose) node.prose = { id: prose.id, number: prose.number, url: href(prose.id) }
  const history = extra.history?.get(r.id)
  if (history) node.history = history
  const cites = extra.coverage?.get(r.id)
  if (cites) node.cites = cites
  return node
}

function descendants(r: RuleEntry, byId: Map<string, RuleEntry>): RuleEntry[] {
  return r.children.flatMap((id) => {
    const c = byId.get(id)
    return c ? [c, ...descendants(c, byId)] : []
  })
}
