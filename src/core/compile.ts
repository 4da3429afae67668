/**
 * `compile(files) → { model, document, messages }`: the whole pipeline, pure
 * and deterministic. Load and validate every file, collect every ID (phase 1),
 * resolve every text into a tree of IDs (phase 2): the resolved model
 * (`model/types.ts`). `document` is one rendering of it (plain text and
 * one-page HTML, `render/document.ts`); other outputs render the model
 * themselves.
 */
import type { CardIndex } from './cards.ts'
import { collectEntries, type ChapterInput, type DraftEntry } from './collect.ts'
import { diagnostic, sortDiagnostics } from './diagnostics.ts'
import { loadYaml, type LoadedYaml } from './load-yaml.ts'
import { referenceWord, resolveText, type ParsedText, type ResolveContext } from './resolve.ts'
import type { CompileResult, Diagnostic, ReleaseInfo, SourceFile } from './types.ts'
import type { ResolvedChangelogEntry, ResolvedEntry, ResolvedRelease } from './model/types.ts'
import { createRenderMemo, indexView, type RenderMemo } from './render/document.ts'
import { stripPositions } from './markup/strip-positions.ts'
import { validateChangelogFile, validateChapterFile, validateReleaseFile } from './validate.ts'
import { eachNode, parseMarkup } from './markup/index.ts'
import { lowerFirst } from './ids.ts'
import { isEditorArtifact, isRulesSourceName } from './editor-files.ts'
import { foldCascades, mistakenDefinitions, NO_RECOVERY, placeholder, recoverFile, type BrokenFile, type LastGood, type Recovery } from './recovery/recover.ts'

export interface CompileOptions {
  /** Card data to check `{card:…}` against; without it cards are not checked. */
  cards?: CardIndex
  /**
   * Reuse work from the previous compile with the same cache (the language
   * server and the dev server): files whose content is unchanged are not
   * parsed again, and their texts are not resolved again while the entries
   * they refer to keep their number, word, page and siblings (a text naming
   * an unknown ID waits for the whole ID table to be the same: its
   * suggestions depend on all of it). The result is identical.
   */
  cache?: CompileCache
  /**
   * Each file's last successful parse, kept and updated by a caller that
   * compiles the same folder again and again (the language server, the live
   * preview): a file that stops parsing is then seen as it last parsed by
   * every other file, instead of with its IDs withheld (`recovery/recover.ts`).
   * Only the broken file's own messages differ: its one root cause.
   */
  lastGood?: LastGood
}

interface CachedText {
  loaded: LoadedYaml | undefined
  /** The whole ID table, for texts whose result depends on all of it (an unknown ID's suggestions). */
  table: string
  /** Otherwise only the entries it refers to matter: their IDs and signatures then. */
  deps: [string, string][] | undefined
  value: string
  parsed: ParsedText
  messages: Diagnostic[]
}

/** What `compile` may keep between runs; opaque to callers. */
export interface CompileCache {
  files: Map<string, { content: SourceFile['content']; loaded: LoadedYaml | undefined; messages: Diagnostic[] }>
  texts: Map<string, CachedText>
  render: RenderMemo
  options?: { cards: CardIndex | undefined }
}

export function createCompileCache(): CompileCache {
  return { files: new Map(), texts: new Map(), render: createRenderMemo() }
}

const isMapping = (data: unknown) => typeof data === 'object' && data !== null && !Array.isArray(data)

function sameContent(a: SourceFile['content'], b: SourceFile['content']): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Everything about one entry a reference to it depends on: its number, word, page and siblings (for ranges). */
function entrySignature(e: DraftEntry, byId: Map<string, DraftEntry>): string {
  const parent = e.parent ? byId.get(e.parent) : undefined
  return `${e.number} ${e.kind} ${e.sourceKind} ${e.steps ? 1 : 0} ${e.chapter} ${e.parent} ${parent?.steps ? 1 : 0} ${parent?.children.join(',') ?? ''}`
}

/** The whole ID table. */
function tableSignature(entries: DraftEntry[]): string {
  return entries.map((e) => `${e.id} ${e.number} ${e.kind} ${e.sourceKind} ${e.steps ? 1 : 0} ${e.parent} ${e.children.join(',')}`).join('\n')
}

import { roleOf } from './file-roles.ts'
export { roleOf, type FileRole } from './file-roles.ts'

const byPath = (a: SourceFile, b: SourceFile) => {
  const an = a.path.split(/[\\/]/).pop() ?? a.path
  const bn = b.path.split(/[\\/]/).pop() ?? b.path
  return an < bn ? -1 : an > bn ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0
}

export function compile(files: SourceFile[], options: CompileOptions = {}): CompileResult {
  const cache = options.cache
  if (cache && cache.options?.cards !== options.cards) {
    cache.files.clear()
    cache.texts.clear()
  }
  if (cache) cache.options = { cards: options.cards }
  const messages: Diagnostic[] = []
  const loadedFiles = new Map<string, LoadedYaml>()
  const chapters: ChapterInput[] = []
  let changelog: { file: string; loaded: LoadedYaml } | undefined
  let release: { file: string; loaded: LoadedYaml } | undefined

  // Sorting makes the result independent of the order the caller listed files in.
  // Editors' locks, swap files and backups are never sources, even when a caller lists them.
  const sorted = files.filter((f) => !isEditorArtifact(baseName(f.path))).sort(byPath)
  appendAll(messages, checkFileNames(sorted))
  // Files that do not load, each reported once by its root cause; the rest of the folder sees their last good parse or a placeholder.
  const broken: BrokenFile[] = []
  for (const file of sorted) {
    const role = roleOf(file.path)
    if (file.unreadable) {
      const cause = diagnostic(file.unreadable.code, 'error', { file: file.path, line: 1, column: 1 }, `\`${baseName(file.path)}\` ${file.unreadable.message}`)
      // A chapter that cannot be read is a broken file like one that does not parse: it keeps its
      // place in the numbering, and what follows only from its absence is folded under this message.
      if (role !== 'chapter') {
        messages.push(cause)
        continue
      }
      // Never its last good parse: the file is gone from the editor's hands, not half-way through an edit,
      // and showing it as it was would be showing content that is no longer there (as `cr check` does not).
      broken.push({ file: file.path, role, cause, before: [], stale: false, withheld: [] })
      const loaded = placeholder('')
      loadedFiles.set(file.path, loaded)
      chapters.push({ file: file.path, loaded })
      continue
    }
    if (role === 'other') continue
    let cached = cache?.files.get(file.path)
    if (!cached || !sameContent(cached.content, file.content)) {
      const { loaded, messages: fileMessages } = loadYaml(file)
      if (loaded) {
        const validate = role === 'chapter' ? validateChapterFile : role === 'changelog' ? validateChangelogFile : validateReleaseFile
        appendAll(fileMessages, validate(loaded, file.path))
      }
      cached = { content: file.content, loaded, messages: fileMessages }
      cache?.files.set(file.path, cached)
    }
    let loaded = cached.loaded
    // A chapter that loads as no mapping (`~`, a bare text, a list) holds no entry: unreadable as a chapter, like an
    // empty one, and reported once by its own message, not by every reference to the IDs it lost.
    const notChapter = role === 'chapter' && loaded && !isMapping(loaded.data) ? loaded : undefined
    if (notChapter) loaded = undefined
    if (!loaded) {
      // The last good parse stands in for a file only half-way through an edit (it does not parse); an empty file,
      // one that is not UTF-8 or not a chapter at all is what the file now is, as `cr check` reads it.
      const midEdit = !notChapter && cached.messages.some((m) => m.severity === 'error' && /^yaml-/.test(m.code))
      const last = midEdit ? options.lastGood?.get(file.path)?.loaded : undefined
      const known = last && role === 'chapter' ? new Set(collectEntries([{ file: file.path, loaded: last }]).entries.map((e) => e.id)) : new Set<string>()
      const recovered = recoverFile(file, role, cached.messages, last, known)
      broken.push(recovered.broken)
      if (!recovered.loaded) continue
      loaded = recovered.loaded
    } else {
      appendAll(messages, cached.messages)
      options.lastGood?.set(file.path, { loaded })
    }
    loadedFiles.set(file.path, loaded)
    if (role === 'chapter') chapters.push({ file: file.path, loaded })
    else if (role === 'changelog') changelog = { file: file.path, loaded }
    else release = { file: file.path, loaded }
  }
  if (cache) for (const path of cache.files.keys()) if (!files.some((f) => f.path === path)) cache.files.delete(path)
  if (options.lastGood) for (const path of options.lastGood.keys()) if (!files.some((f) => f.path === path)) options.lastGood.delete(path)
  let recovery: Recovery = broken.length === 0 ? NO_RECOVERY : { broken, withheld: [...new Set(broken.flatMap((b) => b.withheld))] }

  if (chapters.length === 0 && broken.length === 0 && !messages.some((m) => m.severity === 'error')) {
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

  // Phase 2: texts, resolved into trees of IDs.
  const ctx: ResolveContext = { byId, loadedFiles, cards: options.cards, messages }
  const empty: ParsedText = { tree: { type: 'root', children: [] }, refs: [], terms: [], subtypes: [], cards: [] }
  const table = cache ? tableSignature(entries) : ''
  const signatures = new Map<string, string | undefined>()
  const signatureOf = (id: string) => {
    if (!signatures.has(id)) {
      const e = byId.get(id)
      signatures.set(id, e ? entrySignature(e, byId) : undefined)
    }
    return signatures.get(id)
  }
  const parse = (raw: DraftEntry['text']): ParsedText => {
    if (!raw) return empty
    if (!cache) return resolveText(raw, ctx)
    // Positions come from the file's parse, so a text is reused only from the same parse of its file.
    const key = `${raw.file}\0${raw.path.join('\0')}`
    const loaded = loadedFiles.get(raw.file)
    const hit = cache.texts.get(key)
    // Renaming or adding one ID re-resolves only the texts that refer to what changed (and those with an unknown ID).
    const fresh = (h: CachedText) => (h.deps ? h.deps.every(([id, sig]) => sig === signatureOf(id)) : h.table === table)
    if (hit && hit.loaded === loaded && hit.value === raw.value && fresh(hit)) {
      messages.push(...hit.messages)
      return hit.parsed
    }
    const before = messages.length
    const parsed = resolveText(raw, ctx)
    const produced = messages.slice(before)
    const deps = produced.some((m) => m.code === 'unknown-rule')
      ? undefined
      : parsed.refs.map((id): [string, string] => [id, signatureOf(id) ?? ''])
    cache.texts.set(key, { loaded, table, deps, value: raw.value, parsed, messages: produced })
    return parsed
  }

  // The model keeps trees without source positions: they are data for renderers, not places in a file.
  const treeOf = (p: ParsedText) => (cache ? strippedOnce(p) : stripPositions(p.tree))
  const entriesOut: ResolvedEntry[] = []
  for (const e of entries) {
    const body = parse(e.text)
    const examples = e.examples.map((ex, i) => {
      const p = parse(ex.text)
      return { id: `example_${e.id}_${i + 1}`, text: treeOf(p), new: ex.new, cards: p.cards }
    })
    const cards = [...body.cards]
    for (const ex of examples) for (const c of ex.cards) if (!cards.includes(c)) cards.push(c)
    const terms = [...body.terms]
    const entry: ResolvedEntry = {
      id: e.id,
      number: e.number,
      label: e.label,
      kind: e.kind,
      sourceKind: e.sourceKind,
      word: referenceWord(e, byId),
      parent: e.parent,
      children: e.children,
      chapter: e.chapter,
      section: e.section,
      depth: e.depth,
      text: treeOf(body),
      heading: e.heading,
      steps: e.steps,
      new: e.new,
      examples: examples.map(({ id, text, new: isNew }) => ({ id, text, new: isNew })),
      refs: [...body.refs],
      terms,
      subtypes: body.subtypes,
      cards,
      source: placeOf(e, loadedFiles),
    }
    if (e.tocTitle) entry.tocTitle = treeOf(parse(e.tocTitle))
    if (e.snippet) {
      const s = parse(e.snippet)
      entry.snippet = treeOf(s)
      for (const t of s.terms) if (!terms.includes(t)) terms.push(t)
    }
    if (e.bold !== undefined) entry.bold = e.bold
    if (e.timingLevel !== undefined) entry.timingLevel = e.timingLevel
    entriesOut.push(entry)
  }
  linkTimingToProse(entriesOut, byId)
  if (cache) for (const [key, hit] of cache.texts) if (hit.loaded !== loadedFiles.get(key.slice(0, key.indexOf('\0')))) cache.texts.delete(key)

  const changelogEntries: ResolvedChangelogEntry[] = []
  if (changelog) {
    const list = (changelog.loaded.data as { changelog?: unknown })?.changelog
    if (Array.isArray(list)) {
      list.forEach((item, i) => {
        const value = (item as { text?: unknown })?.text
        if (typeof value !== 'string') return
        const p = parse({ value, file: changelog!.file, path: ['changelog', i, 'text'] })
        const at = changelog!.loaded.locate(['changelog', i, 'text'])
        changelogEntries.push({ text: treeOf(p), refs: p.refs, source: { file: changelog!.file, line: at.line, column: at.column } })
      })
    }
  }

  const releaseInfo = readRelease(release?.loaded.data)
  if (!release) {
    messages.push(
      diagnostic('release-missing', 'warning', { file: chapters[0]?.file ?? '.', line: 1, column: 1 }, 'No `release.yaml` beside the chapters, expected one with `version` and `effective`'),
    )
  }

  // A definition whose own line has a mistake (`subsectoin: rule_x`): references to the ID it means wait for it.
  const definitions = mistakenDefinitions(messages, (file) => loadedFiles.get(file)?.text, (id) => byId.has(id))
  if (definitions.length > 0) recovery = { ...recovery, definitions }

  const model: ResolvedRelease = { release: releaseInfo, entries: entriesOut, changelog: changelogEntries }
  const result: CompileResult = {
    model,
    // One-page links and NetrunnerDB card links; other targets render the model with their own links.
    document: indexView(model, cache?.render),
    // What follows from a broken file is folded under its cause (recovery/recover.ts).
    messages: sortDiagnostics(foldCascades(messages, recovery)),
  }
  if (recovery.broken.length > 0 || recovery.definitions) result.recovery = recovery
  return result
}

/** A cached text's tree without positions, made once per parse (so render memos keyed by tree keep hitting). */
const stripped = new WeakMap<ParsedText, ResolvedEntry['text']>()
function strippedOnce(p: ParsedText): ResolvedEntry['text'] {
  let t = stripped.get(p)
  if (!t) stripped.set(p, (t = stripPositions(p.tree)))
  return t
}

/** `push(...list)` overflows the stack for long lists (150k messages): append one by one. */
function appendAll<T>(to: T[], list: readonly T[]): void {
  for (const item of list) to.push(item)
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path

/** Files the compiler reads besides chapters, the changelog and the release. */
const KNOWN_OTHER = new Set(['retired.yaml'])

/**
 * YAML files whose names make them ignored (`runs.yaml` without its `06_`)
 * and two files for one role (`release.yml` beside `release.yaml`): said,
 * not silently dropped or picked.
 */
function checkFileNames(files: readonly SourceFile[]): Diagnostic[] {
  const messages: Diagnostic[] = []
  const byRole = new Map<string, SourceFile[]>()
  for (const file of files) {
    const name = baseName(file.path)
    if (!isRulesSourceName(name) || file.unreadable) continue
    const role = roleOf(file.path)
    const at = { file: file.path, line: 1, column: 1 }
    if (role === 'other') {
      if (KNOWN_OTHER.has(name)) continue
      messages.push(
        diagnostic('file-not-chapter', 'warning', at, `Unexpected file \`${name}\`, not read: chapter files are named \`NN_name.yaml\` (e.g. \`06_runs.yaml\`), besides \`release.yaml\`, \`changelog.yaml\` and \`retired.yaml\``),
      )
      continue
    }
    // Two chapters may not share a number's file name either: `06_runs.yaml` and `06_runs.yml`.
    const key = role === 'chapter' ? name.replace(/\.ya?ml$/, '') : role
    const list = byRole.get(key) ?? []
    list.push(file)
    byRole.set(key, list)
  }
  for (const list of byRole.values()) {
    if (list.length < 2) continue
    const [first, ...rest] = list
    for (const file of rest) {
      messages.push(
        diagnostic('file-duplicate', 'error', { file: file.path, line: 1, column: 1 }, `Unexpected \`${baseName(file.path)}\` beside \`${baseName(first!.path)}\`, expected one of them: both would be read`, {
          related: [{ file: first!.path, line: 1, column: 1, message: 'the other file' }],
        }),
      )
    }
  }
  return messages
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
  if (typeof o.contact === 'string') info.contact = o.contact
  if (o.acknowledgements !== undefined) info.acknowledgements = o.acknowledgements
  return info
}

/**
 * A chapter-11 timing structure summarises a prose section named in its
 * title (`Timing Structure of a Run ({ref:Sec_steps_of_a_run})`): the n-th
 * phase is that section's n-th rule and the n-th step of a phase its n-th
 * sub-rule. Linking them gives engines the state machine with prose IDs.
 */
function linkTimingToProse(rules: ResolvedEntry[], byId: Map<string, DraftEntry>) {
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
  eachNode(tree, (node) => {
    if (node.type === 'ruleReference') found ??= node.ids[0] !== undefined ? lowerFirst(node.ids[0]) : undefined
  })
  return found
}
