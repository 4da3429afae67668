/**
 * `compile(files) → { document, messages }`: the whole pipeline, pure and
 * deterministic. Load and validate every file, collect every ID (phase 1),
 * then resolve and render every text (phase 2).
 */
import type { CardIndex } from './cards.ts'
import { collectEntries, type ChapterInput, type DraftEntry } from './collect.ts'
import { diagnostic, sortDiagnostics } from './diagnostics.ts'
import { loadYaml, type LoadedYaml } from './load-yaml.ts'
import { makeRenderContext, resolveText, type ParsedText, type ResolveContext } from './resolve.ts'
import type { ChangelogEntry, CompileResult, Diagnostic, ReleaseInfo, RuleEntry, SourceFile } from './types.ts'
import { validateChangelogFile, validateChapterFile, validateReleaseFile } from './validate.ts'
import { visit } from 'unist-util-visit'
import { parseMarkup } from './markup/index.ts'
import { lowerFirst } from './ids.ts'

export interface CompileOptions {
  /** Card data to check `{card:…}` against; without it cards are not checked. */
  cards?: CardIndex
}

export type FileRole = 'chapter' | 'changelog' | 'release' | 'other'

/** `06_runs.yaml` is a chapter; chapter order is the file-name order. */
export function roleOf(path: string): FileRole {
  const name = path.split(/[\\/]/).pop() ?? path
  if (/^\d+_[^/]*\.ya?ml$/.test(name)) return 'chapter'
  if (/^changelog\.ya?ml$/.test(name)) return 'changelog'
  if (/^release\.ya?ml$/.test(name)) return 'release'
  return 'other'
}

const byPath = (a: SourceFile, b: SourceFile) => {
  const an = a.path.split(/[\\/]/).pop() ?? a.path
  const bn = b.path.split(/[\\/]/).pop() ?? b.path
  return an < bn ? -1 : an > bn ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0
}

export function compile(files: SourceFile[], options: CompileOptions = {}): CompileResult {
  const messages: Diagnostic[] = []
  const loadedFiles = new Map<string, LoadedYaml>()
  const chapters: ChapterInput[] = []
  let changelog: { file: string; loaded: LoadedYaml } | undefined
  let release: { file: string; loaded: LoadedYaml } | undefined

  // Sorting makes the result independent of the order the caller listed files in.
  for (const file of [...files].sort(byPath)) {
    const role = roleOf(file.path)
    if (role === 'other') continue
    const { loaded, messages: loadMessages } = loadYaml(file)
    messages.push(...loadMessages)
    if (!loaded) continue
    loadedFiles.set(file.path, loaded)
    if (role === 'chapter') {
      messages.push(...validateChapterFile(loaded, file.path))
      chapters.push({ file: file.path, loaded })
    } else if (role === 'changelog') {
      messages.push(...validateChangelogFile(loaded, file.path))
      changelog = { file: file.path, loaded }
    } else {
      messages.push(...validateReleaseFile(loaded, file.path))
      release = { file: file.path, loaded }
    }
  }

  if (chapters.length === 0 && !messages.some((m) => m.severity === 'error')) {
    messages.push(
      diagnostic('no-chapters', 'error', { file: files[0]?.path ?? '.', line: 1, column: 1 }, 'No chapter files found, expected files named like `01_game_concepts.yaml`'),
    )
  }

  // Phase 1: every ID, number and parent.
  const { entries, byId, duplicates } = collectEntries(chapters)
  for (const { entry, first } of duplicates) {
    const at = placeOf(entry, loadedFiles)
    const firstAt = placeOf(first, loadedFiles)
    messages.push(
      diagnostic('id-duplicate', 'error', at, `Duplicate ID \`${entry.id}\` (${entry.number}), first defined as ${first.number} at ${firstAt.file}:${firstAt.line}:${firstAt.column}`, {
        related: [{ ...firstAt, message: `\`${first.id}\` first defined here` }],
        path: entry.idPath,
      }),
    )
  }

  // Phase 2: texts.
  const ctx: ResolveContext = {
    byId,
    loadedFiles,
    cards: options.cards,
    // One-page links; a target with several pages relinks at the edge (markup/relink.ts).
    hrefFor: (id) => `#${id}`,
    messages,
  }
  const render = makeRenderContext(ctx)
  const empty: ParsedText = { tree: { type: 'root', children: [] }, text: '', html: '', refs: [], terms: [], subtypes: [], cards: [] }
  const parse = (raw: DraftEntry['text']) => (raw ? resolveText(raw, ctx, render) : empty)

  const rules: RuleEntry[] = []
  for (const e of entries) {
    const body = parse(e.text)
    const examples = e.examples.map((ex, i) => {
      const p = parse(ex.text)
      return { id: `example_${e.id}_${i + 1}`, text: p.text, html: p.html, new: ex.new, cards: p.cards, terms: p.terms }
    })
    const refs = [...body.refs]
    const cards = [...body.cards]
    const terms = [...body.terms]
    for (const ex of examples) {
      for (const c of ex.cards) if (!cards.includes(c)) cards.push(c)
    }
    const entry: RuleEntry = {
      id: e.id,
      number: e.number,
      label: e.label,
      kind: e.kind,
      parent: e.parent,
      children: e.children,
      chapter: e.chapter,
      section: e.section,
      depth: e.depth,
      text: body.text,
      html: body.html,
      heading: e.heading,
      steps: e.steps,
      new: e.new,
      terms,
      subtypes: body.subtypes,
      cards,
      refs,
      examples,
      source: placeOf(e, loadedFiles),
    }
    if (e.kind === 'chapter' || e.kind === 'section' || e.heading) entry.title = body.text
    if (e.tocTitle) entry.tocTitle = parse(e.tocTitle).text
    if (e.snippet) {
      const s = parse(e.snippet)
      entry.snippet = { text: s.text, html: s.html }
      for (const t of s.terms) if (!entry.terms.includes(t)) entry.terms.push(t)
    }
    if (e.bold !== undefined) entry.bold = e.bold
    rules.push(entry)
  }
  linkTimingToProse(rules, byId)

  const changelogEntries: ChangelogEntry[] = []
  if (changelog) {
    const list = (changelog.loaded.data as { changelog?: unknown })?.changelog
    if (Array.isArray(list)) {
      list.forEach((item, i) => {
        const value = (item as { text?: unknown })?.text
        if (typeof value !== 'string') return
        const p = parse({ value, file: changelog!.file, path: ['changelog', i, 'text'] })
        const at = changelog!.loaded.locate(['changelog', i, 'text'])
        changelogEntries.push({ text: p.text, html: p.html, refs: p.refs, source: { file: changelog!.file, line: at.line, column: at.column } })
      })
    }
  }

  const releaseInfo = readRelease(release?.loaded.data)
  if (!release) {
    messages.push(
      diagnostic('release-missing', 'warning', { file: chapters[0]?.file ?? '.', line: 1, column: 1 }, 'No `release.yaml` beside the chapters, expected one with `version` and `effective`'),
    )
  }

  return {
    document: { release: releaseInfo, rules, changelog: changelogEntries },
    messages: sortDiagnostics(messages),
  }
}

function placeOf(e: DraftEntry, loadedFiles: Map<string, LoadedYaml>) {
  const at = loadedFiles.get(e.file)?.locate(e.idPath, 'value')
  return { file: e.file, line: at?.line ?? 1, column: at?.column ?? 1 }
}

function readRelease(data: unknown): ReleaseInfo {
  const o = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  const info: ReleaseInfo = {
    version: typeof o.version === 'string' ? o.version : 'unversioned',
    effective: typeof o.effective === 'string' ? o.effective : '',
  }
  if (typeof o.title === 'string') info.title = o.title
  if (typeof o.preamble === 'string') info.preamble = o.preamble
  if (o.acknowledgements !== undefined) info.acknowledgements = o.acknowledgements
  return info
}

/**
 * A chapter-11 timing structure summarises a prose section named in its
 * title (`Timing Structure of a Run ({ref:Sec_steps_of_a_run})`): the n-th
 * phase is that section's n-th rule and the n-th step of a phase its n-th
 * sub-rule. Linking them gives engines the state machine with prose IDs.
 */
function linkTimingToProse(rules: RuleEntry[], byId: Map<string, DraftEntry>) {
  const entryById = new Map(rules.map((r) => [r.id, r]))
  for (const section of rules) {
    if (section.kind !== 'section') continue
    const first = section.children[0] ? entryById.get(section.children[0]) : undefined
    if (first?.kind !== 'timing') continue
    const draft = byId.get(section.id)
    const titleRef = draft?.text ? firstRef(draft.text.value) : undefined
    const prose = titleRef ? byId.get(titleRef) : undefined
    if (!prose) continue
    const pair = (timingIds: string[], proseIds: string[]) => {
      timingIds.forEach((tid, i) => {
        const t = entryById.get(tid)
        const p = proseIds[i]
        if (!t || t.kind !== 'timing' || p === undefined) return
        t.prose = p
        const pe = byId.get(p)
        if (pe) pair(t.children, pe.children)
      })
    }
    pair(section.children, prose.children)
  }
}

function firstRef(value: string): string | undefined {
  // Reuse the markup parser rather than pattern-matching the source text.
  let found: string | undefined
  const { tree } = parseMarkup(value)
  visit(tree, 'ruleReference', (node) => {
    found ??= node.ids[0] !== undefined ? lowerFirst(node.ids[0]) : undefined
  })
  return found
}
