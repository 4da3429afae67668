/**
 * The site data, computed once per build. The integration prepares it before
 * Astro renders and hands it over through a process-wide slot, because the
 * config and the page bundle load their own copies of this module; a page
 * rendered without the integration (a test, `astro dev`) prepares it itself.
 */
import { join, resolve } from 'node:path'
import { parseCardData, readCardData, readRulesDir } from '../../src/io/read-sources.ts'
import { loadRetirements } from '../../src/io/releases.ts'
import { compile } from '../../src/core/compile.ts'
import { changedSince, idsInto } from '../../src/core/versions/release-map.ts'
import { CURRENT, resolveRelease, type DiffStore } from '../../src/core/versions/index.ts'
import type { Retirements } from '../../src/core/versions/retired.ts'
import { cacheKey } from '../../src/io/dir-cache.ts'
import type { ResolvedRelease } from '../../src/core/model/types.ts'
import { indexView } from '../../src/core/render/document.ts'
import type { SourceFile } from '../../src/core/types.ts'
import type { CardIndex } from '../../src/core/cards.ts'
import { coverageView, loadCoverage } from './coverage.ts'
import { CompileError, renderRelease, shapeRelease, type CompiledRelease } from './prepare.ts'
import { openReleaseCache, type ReleaseCache } from './release-cache.ts'
import type { ReleaseSource } from './releases.ts'
import { availableReleases, listReleases, releaseOptionsFromEnv } from './releases.ts'
import { buildVersionData, type VersionSource } from './versions.ts'
import { buildNumbers } from './numbers.ts'
import type { ChangesPage, ReleaseData, RetiredPage, SiteData } from './types.ts'
import { formatPhrasingMessage, parsePhrasings, withPhrasings, type PhrasingsResult } from './phrasings.ts'
import { isDirectory } from '../../src/io/files.ts'

const SLOT = Symbol.for('netrunner-cr.site-data')
type Slot = { [SLOT]?: SiteData }

/**
 * A release as the build holds it before shaping: its model, and either what it
 * renders (`compiled`) or, for a frozen release found in the cache, its site data.
 */
interface Prepared {
  source: ReleaseSource
  key: string
  /** The hash of its sources and the card data (release-cache.ts `sourcesKey`; empty without a cache). */
  sources: string
  model: ResolvedRelease
  compiled?: CompiledRelease
  data?: ReleaseData
}

export function prepareSite(root = process.cwd(), env: NodeJS.ProcessEnv = process.env): SiteData {
  const cardsFile = join(root, 'data/cards.json')
  const cardBytes = readCardData(cardsFile)
  const cards = cardBytes ? parseCardData(cardBytes, cardsFile) : undefined
  const coverageFile = loadCoverage(env.CR_COVERAGE)
  const options = releaseOptionsFromEnv(root, env)
  const sources = listReleases(options)
  // Frozen releases come from the cache (release-cache.ts): an edit in rules/ compiles and shapes the current rules only.
  const cache = openReleaseCache(root, env)
  const prepared = sources.map((source) => prepareOne(source, cache, cardBytes, cards))
  const current = prepared[0]!
  const notes: string[] = []

  // Histories need every release, built or not; without old releases there is nothing to compare.
  const withReleases = sources.length > 1
  const versions = withReleases ? buildVersions(root, options.rulesDir, prepared, notes, cache, cardBytes, cards) : undefined

  const coverage = coverageFile ? coverageView(coverageFile, current.compiled!.onePage, current.compiled!.urlOf) : undefined
  if (coverage) for (const note of coverage.notes) notes.push(note)

  const releases: ReleaseData[] = prepared.map((p) => {
    // A frozen release's data is its own object (from the cache, or kept before this): the changes URL is added here.
    const data = p.data
      ? p.data
      : p.source.current
        ? shapeRelease(p.compiled!, { cards, history: versions?.histories, coverage: coverage?.rules, unreleased: versions?.changes.some((ch) => ch.key === CURRENT), newSince: newSinceRelease(versions?.changes) })
        : shapeRelease(p.compiled!, { cards })
    const changesUrl = versions?.changesUrl.get(data.key)
    if (changesUrl) data.changesUrl = changesUrl
    if (p.source.current && versions) {
      data.lookup.o = Object.fromEntries(versions.retired.flatMap((r) => (r.to ? [[r.id, r.to.id]] : [])))
    } else if (versions && versions.index.document(data.key)) {
      // Other releases' IDs of its rules (`?r=<today's ID>` stays here), and which of its rules changed since (each rule's mark).
      data.lookup.o = Object.fromEntries(idsInto(versions.index, data.key, versions.retired.map((r) => r.id)))
      data.lookup.h = Object.fromEntries(changedSince(resolveRelease(versions.index, data.key)))
    }
    return data
  })
  addPhrasings(root, releases, versions?.retired ?? [], notes, ownRules(root, options.rulesDir))
  const numbers = versions ? buildNumbers(versions.index, releases) : undefined
  return withCache(cache, {
    releases,
    numbers: numbers ? { pages: numbers.pages, renamed: Object.fromEntries(numbers.renamed), json: numbers.json } : { pages: [], renamed: {}, json: { v: [], n: {} } },
    changes: versions?.changes ?? [],
    retired: versions?.retired ?? [],
    switchMaps: versions?.switchMaps ?? {},
    ...(coverage ? { coverage: coverage.page } : {}),
    notes,
  })
}

/** The rules the current rules added or reworded since the last release (its changes page's entries). */
function newSinceRelease(changes: readonly ChangesPage[] | undefined): Set<string> | undefined {
  const page = changes?.find((ch) => ch.key === CURRENT)
  if (!page) return undefined
  return new Set(page.chapters.flatMap((c) => c.entries).filter((e) => e.changes.includes('added') || e.changes.includes('reworded')).map((e) => e.id))
}

/**
 * Players' words for the rules (`data/phrasings/`, phrasings.ts), joined to every release's search
 * records by ID after the releases are shaped: a frozen release's cached data stays what its sources
 * make, and the search index, vocabulary and card table, made from the records, follow the phrasings.
 * An error (an unknown ID, a malformed entry) fails the build at its place; a warning is a note.
 */
function addPhrasings(root: string, releases: ReleaseData[], retired: readonly RetiredPage[], notes: string[], own: boolean): void {
  const current = releases.find((r) => r.current) ?? releases[0]!
  const { phrasings, messages } = readPhrasings(root, current, retired)
  // The phrasings are written for rules/: with other rules (CR_RULES_DIR: a fork, a fixture, a copy
  // being edited) those that name a rule these rules lack are left out, counted in one note.
  const foreign = new Set(own ? [] : messages.filter((m) => m.code === 'unknown-rule' || m.code === 'removed-rule'))
  if (foreign.size > 0) notes.push(`${foreign.size} rules named in data/phrasings/ are not in the rules being built (CR_RULES_DIR): their phrasings are left out, as they are written for rules/`)
  const errors = messages.filter((m) => m.severity === 'error' && !foreign.has(m))
  if (errors.length > 0) throw new Error(`The phrasings in data/phrasings/ have ${errors.length} errors:\n${errors.slice(0, 10).map((m) => `  ${formatPhrasingMessage(m)}`).join('\n')}`)
  for (const m of messages) if (!foreign.has(m)) notes.push(formatPhrasingMessage(m))
  for (const r of releases) r.search = withPhrasings(r.search, phrasings)
}

/** Whether the current rules are the repository's own `rules/` (no `CR_RULES_DIR`, or one naming it). */
function ownRules(root: string, rulesDir: string | undefined): boolean {
  return !rulesDir || resolve(root, rulesDir) === resolve(root, 'rules')
}

/** `data/phrasings/` of `root`, checked against the current rules and the retirements (none: an empty map). */
export function readPhrasings(root: string, current: ReleaseData, retired: readonly Pick<RetiredPage, 'id' | 'status' | 'to'>[] = []): PhrasingsResult {
  const dir = join(root, 'data/phrasings')
  if (!isDirectory(dir)) return { phrasings: new Map(), messages: [] }
  const ids = new Set(current.lookup.r.map(([id]) => id))
  const successors = new Map(retired.flatMap((r) => (r.to && (r.status === 'renamed' || r.status === 'merged') ? [[r.id, r.to.id] as const] : [])))
  const gone = new Set(retired.map((r) => r.id))
  return parsePhrasings(readRulesDir(dir, root), { exists: (id) => ids.has(id), all: ids, successor: (id) => successors.get(id), retired: (id) => gone.has(id) })
}

/**
 * The cache the data was prepared with, for what pages make from it later
 * (english-words.ts). A symbol, not enumerable: the data stays plain JSON, and
 * every copy of this module (the config's, the page bundle's) finds it.
 */
const CACHE = Symbol.for('netrunner-cr.site-cache')
function withCache(cache: ReleaseCache | undefined, data: SiteData): SiteData {
  if (cache) Object.defineProperty(data, CACHE, { value: cache, enumerable: false })
  return data
}
export const siteCache = (data: SiteData): ReleaseCache | undefined => (data as SiteData & { [CACHE]?: ReleaseCache })[CACHE]

/** Compile (or find) a release's model; render it, or find a frozen release's site data, shaping and keeping it on a miss. */
function prepareOne(source: ReleaseSource, cache: ReleaseCache | undefined, cardBytes: Buffer | undefined, cards: CardIndex | undefined): Prepared {
  const files = readRulesDir(source.dir)
  const key = cache?.sourcesKey(files, cardBytes) ?? ''
  const model = compileCached(files, source.dir, cache, key, cards)
  const name = source.current ? CURRENT : model.release.version
  if (!source.current) {
    const data = cache?.release(key, source.base)
    if (data) return { source, key: name, sources: key, model, data }
  }
  const compiled = renderRelease(model, indexView(model), source, cards)
  if (!source.current && cache) {
    const data = shapeRelease(compiled, { cards })
    cache.setRelease(key, source.base, data)
    return { source, key: name, sources: key, model, compiled, data }
  }
  return { source, key: name, sources: key, model, compiled }
}

/** The release's resolved model, compiled once per sources, card data and compiler; errors throw as they always did. */
function compileCached(files: SourceFile[], dir: string, cache: ReleaseCache | undefined, key: string, cards: CardIndex | undefined): ResolvedRelease {
  let result = cache?.model(key)
  if (!result) {
    const { model, messages } = compile(files, { cards })
    result = { model, messages }
    cache?.setModel(key, result)
  }
  if (!result.model || result.messages.some((m) => m.severity === 'error')) throw new CompileError(dir, result.messages)
  return result.model
}

function buildVersions(
  root: string,
  rulesDir: string | undefined,
  prepared: Prepared[],
  notes: string[],
  cache: ReleaseCache | undefined,
  cardBytes: Buffer | undefined,
  cards: CardIndex | undefined,
) {
  const built = new Map(prepared.map((p) => [p.key, p]))
  /** Each release's sources key, by its name in the version index: what its diffs are kept by. */
  const sourcesOf = new Map(prepared.map((p) => [p.key, p.sources]))
  const frozen: VersionSource[] = availableReleases(root).map(({ name, dir }) => {
    const b = built.get(name)
    const changelog = b && (b.data?.changelog ?? b.compiled!.paged.changelog)
    let source: VersionSource
    if (b) source = { key: name, model: b.model, base: b.source.base, changelog: changelog!.map((c) => ({ html: c.html })) }
    else {
      const files = readRulesDir(dir)
      const key = cache?.sourcesKey(files, cardBytes) ?? ''
      sourcesOf.set(name, key)
      source = { key: name, model: compileCached(files, dir, cache, key, cards) }
    }
    // The version index names releases by their `release.yaml`; the URLs by their folder.
    if (source.model.release.version !== name) throw new Error(`releases/${name}/release.yaml says \`version: ${source.model.release.version}\`, expected ${name} (the folder name)`)
    return source
  })
  const current = built.get(CURRENT)!
  const sources: VersionSource[] = [...frozen, { key: CURRENT, model: current.model, base: current.source.base }]
  const { retirements, messages } = loadRetirements(current.source.dir)
  for (const m of messages) notes.push(`${m.file}:${m.line}:${m.column}: ${m.severity}[${m.code}]: ${m.message}`)
  return buildVersionData(sources, retirements, cache && keptDiffs(cache, sourcesOf))
}

/**
 * The version diffs kept in the cache (1.6 s of a rebuild's site data was diffing frozen releases
 * again): by both releases' sources and the retirements followed; the cache's own key adds the code.
 */
function keptDiffs(cache: ReleaseCache, sourcesOf: Map<string, string>): DiffStore {
  const key = (from: string, to: string, retired: Retirements) => cacheKey('diff', sourcesOf.get(from) ?? '', sourcesOf.get(to) ?? '', JSON.stringify(retired.entries))
  const known = (from: string, to: string) => Boolean(sourcesOf.get(from) && sourcesOf.get(to))
  return {
    get: (from, to, retired) => (known(from, to) ? cache.diff(key(from, to, retired)) : undefined),
    set: (from, to, retired, diff) => known(from, to) && cache.setDiff(key(from, to, retired), diff),
  }
}

export function publishSiteData(data: SiteData): void {
  ;(globalThis as Slot)[SLOT] = data
}

export function getSiteData(): SiteData {
  const slot = globalThis as Slot
  return (slot[SLOT] ??= prepareSite())
}

export function currentRelease(data = getSiteData()): ReleaseData {
  return data.releases.find((r) => r.current) ?? data.releases[0]!
}

/** `getStaticPaths` of a page every release has: one path per release, the current rules at the root. */
export function releasePaths() {
  return getSiteData().releases.map((release) => ({ params: { v: releaseParam(release) }, props: { release } }))
}

/** The `[...v]` param of a release's pages: none for the current rules, `v24.03` for an old release. */
export function releaseParam(r: ReleaseData): string | undefined {
  return r.current ? undefined : r.base.slice(1, -1)
}
