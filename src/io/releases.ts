/**
 * The CLI's side of releases: finding `releases/`, compiling each release
 * once per process, reading the retirement file. `check`, `show` and `diff`
 * share it; the logic itself is pure, in `src/core/versions/`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { compile } from '../core/compile.ts'
import { formatDiagnostic, hasErrors, summarize } from '../core/diagnostics.ts'
import type { CompiledDocument, Diagnostic, Recovery, SourceFile } from '../core/types.ts'
import { withholdReleasedIds } from '../core/recovery/recover.ts'
import type { ResolvedRelease } from '../core/model/types.ts'
import { indexView } from '../core/render/document.ts'
import { checkReleasesReadable, checkRetirements, releaseIdsFromFiles, type ReleaseIds } from '../core/versions/guard.ts'
import type { ReleaseRule } from '../core/cite/types.ts'
import { resolveRelease } from '../core/versions/release-citations.ts'
import { normalizeVersion, RELEASE_NAME } from '../core/ids.ts'
import { emptyRetirements, parseRetirements, type Retirements } from '../core/versions/retired.ts'
import { createVersionIndex, CURRENT } from '../core/versions/version-index.ts'
import { UsageError } from '../cli/args.ts'
import { hashSources, isCompiledBuild } from './cache.ts'
import { isCachedModel, isStoredReleaseIds } from './cache-shapes.ts'
import { processContext, type IoContext } from './context.ts'
import { PACKAGE_ROOT, readRulesDir, textLookup } from './read-sources.ts'
import { readShippedDocument, type RulesChoice } from './shipped-rules.ts'

export { chooseRules, type RulesChoice } from './shipped-rules.ts'
import { MAX_RULE_FILE_BYTES, readInputFile } from './read-input.ts'

export interface ReleaseDir {
  version: string
  /** As given to `readRulesDir` (relative to the working directory when possible). */
  dir: string
}

/**
 * Where the releases are: `--releases DIR` when given (it must exist), else
 * `releases/` beside the rules directory, else (for commands that only read
 * releases) the package's own.
 */
export function findReleasesRoot(rulesDir: string, explicit?: string, options: { fallbackToPackage?: boolean } = {}, ctx: IoContext = processContext()): string | undefined {
  const isDir = (p: string) => existsSync(resolve(ctx.cwd, p)) && statSync(resolve(ctx.cwd, p)).isDirectory()
  if (explicit !== undefined) {
    if (!isDir(explicit)) throw new Error(`No such directory: ${explicit}`)
    // A folder without releases would silently turn the ID guard off.
    if (listReleases(explicit, ctx.cwd).length === 0) throw new Error(`No releases in ${explicit}: expected folders named like \`v24.03\` (--releases takes the folder that holds them)`)
    return explicit
  }
  const beside = join(rulesDir, '..', 'releases')
  if (isDir(beside)) return shown(beside, ctx.cwd)
  if (options.fallbackToPackage && isDir(join(PACKAGE_ROOT, 'releases'))) return shown(join(PACKAGE_ROOT, 'releases'), ctx.cwd)
  return undefined
}

/** `p` as the user would type it from `cwd`: relative inside it, absolute outside. */
function shown(p: string, cwd: string): string {
  const rel = relative(cwd, resolve(cwd, p))
  return rel === '' ? '.' : rel.startsWith('..') ? resolve(cwd, p) : rel
}

/** The release folders (`v22.12`, …), oldest first. */
export function listReleases(root: string, cwd = process.cwd()): ReleaseDir[] {
  return readdirSync(resolve(cwd, root))
    .filter((name) => RELEASE_NAME.test(name) && isDirectory(resolve(cwd, root, name)))
    .sort()
    .map((version) => ({ version, dir: join(root, version) }))
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory()
  } catch {
    return false
  }
}

export interface CompiledRelease {
  version: string
  dir: string
  files: SourceFile[]
  /** The resolved model every output renders from. */
  model: ResolvedRelease | undefined
  /** Its index view (plain text, one-page HTML). */
  document: CompiledDocument | undefined
  messages: Diagnostic[]
}

const compiled = new Map<string, CompiledRelease>()

/**
 * Compile a release (or the rules, as `current`) once per process, and
 * with a cache once per content. Card data is not loaded: old releases name
 * cards as they were printed then, and diffs and lookups only need the text.
 */
export function compileRelease(version: string, dir: string, ctx: IoContext = processContext()): CompiledRelease {
  const at = resolve(ctx.cwd, dir)
  let r = compiled.get(at)
  if (!r) {
    const files = readRulesDir(dir, ctx.cwd)
    const key = ctx.cache ? hashSources(files, 'release-model') : ''
    // The cache keeps the model (what every output renders from), never a rendering of it.
    let cached = ctx.cache?.get('release-model', key, isCachedModel)
    if (!cached) {
      const result = compile(files)
      cached = { model: result.model, messages: result.messages }
      ctx.cache?.set('release-model', key, cached)
    }
    r = { version, dir, files, model: cached.model, document: cached.model ? indexView(cached.model) : undefined, messages: cached.messages }
    compiled.set(at, r)
  }
  return r
}

/**
 * The releases in `root`, oldest first, and where release `name` (`v24.03`,
 * `24.03`) is among them. A usage error lists the releases
 * (and `also`, names a command accepts besides them).
 */
export function locateRelease(name: string, root: string | undefined, also: readonly string[] = [], ctx: IoContext = processContext()): { all: ReleaseDir[]; at: number } {
  const all = root ? listReleases(root, ctx.cwd) : []
  const version = normalizeVersion(name)
  const at = all.findIndex((r) => r.version === version)
  if (at === -1) {
    const known = [...all.map((r) => r.version), ...also].join(', ')
    throw new UsageError(root ? `unknown release \`${name}\`, expected one of ${known}` : 'no releases directory found, expected `releases/` beside the rules or --releases DIR')
  }
  return { all, at }
}

/** A release by name (`v24.03`, `24.03`), or `current`: the rules a command reads (`openCurrent`). */
export function openVersion(name: string, root: string | undefined, current: () => CompiledRelease, ctx: IoContext = processContext()): CompiledRelease {
  if (name === CURRENT) return current()
  const { all, at } = locateRelease(name, root, [CURRENT], ctx)
  return compileRelease(all[at]!.version, all[at]!.dir, ctx)
}

/**
 * Every entry of every release in `root`, resolved to `current` (today's
 * rules), oldest release first: the table behind `CR v24.03 6.1.4` in
 * `cr cite` and `rule(…, { version })` in the package. Compiles each release
 * (about 1.5 s for six), so callers build it only when they need it. With
 * `upTo`, releases after that one are left out: a pinned index is "today".
 * Without `current` (rules read from a rules.json, not compiled here), the
 * last release kept is today's rules.
 */
export function releaseCitations(root: string | undefined, current: ResolvedRelease | undefined, retirements: Retirements, options: { upTo?: string } = {}, ctx: IoContext = processContext()): Map<string, ReleaseRule[]> {
  if (root === undefined) return new Map()
  let all = listReleases(root, ctx.cwd)
  const last = options.upTo === undefined ? -1 : all.findIndex((r) => r.version === options.upTo)
  if (last !== -1) all = all.slice(0, last + 1)
  const releases = all.map((r) => {
    const c = compileRelease(r.version, r.dir, ctx)
    if (!c.model || hasErrors(c.messages)) throw new Error(`release ${r.version} does not compile; run \`cr check ${r.dir}\``)
    return c.model
  })
  const index = createVersionIndex({ releases, ...(current ? { current } : {}), retired: retirements })
  return new Map(all.map((r) => [r.version, resolveRelease(index, r.version)]))
}

/** `<rulesDir>/retired.yaml`, or an empty table when there is none. */
export function loadRetirements(rulesDir: string, cwd = process.cwd()): { retirements: Retirements; messages: Diagnostic[]; files: SourceFile[] } {
  const path = join(rulesDir, 'retired.yaml')
  if (!existsSync(resolve(cwd, path))) return { retirements: emptyRetirements(shown(path, cwd)), messages: [], files: [] }
  return loadRetirementFile(path, cwd)
}

/** A retirement file (`--retired FILE`, which must exist); `undefined` is an empty table. */
export function loadRetirementFile(path: string | undefined, cwd = process.cwd()): { retirements: Retirements; messages: Diagnostic[]; files: SourceFile[] } {
  if (path === undefined) return { retirements: emptyRetirements(), messages: [], files: [] }
  const file: SourceFile = { path: shown(path, cwd), content: readInputFile(resolve(cwd, path), { shown: shown(path, cwd), maxBytes: MAX_RULE_FILE_BYTES }) }
  return { ...parseRetirements(file), files: [file] }
}

export interface GuardResult {
  /** The releases directory used, if any. */
  root: string | undefined
  messages: Diagnostic[]
  /** Files the messages point into, for excerpts. */
  files: SourceFile[]
  /** The compile's recovery with what the newest release says of unreadable or missing chapters (`withholdReleasedIds`). */
  recovery?: Recovery | undefined
  /** `retired.yaml`, read with or without releases: references to a retired ID are one message per ID (`foldRetiredReferences`). */
  retirements: Retirements
}

/**
 * The ID guard for `cr check`: every ID of every release must be in the
 * rules or retired. Runs only when a releases directory is found, so
 * checking a release folder itself does not guard it against its siblings.
 */
export function guardIds(
  rulesDir: string,
  current: CompiledDocument,
  explicitRoot?: string,
  ctx: IoContext = processContext(),
  /** The compile's recovery and the folder's files: a chapter that cannot be read, or is gone, withholds the IDs the newest release's copy of it has. */
  folder?: { recovery: Recovery | undefined; files: readonly SourceFile[] },
): GuardResult {
  const root = findReleasesRoot(rulesDir, explicitRoot, {}, ctx)
  if (!root) {
    const { retirements, files } = loadRetirements(rulesDir, ctx.cwd)
    return { root, messages: [], files, recovery: folder?.recovery, retirements }
  }
  // Each release read once: its IDs (phase 1 of the compiler only, fast; cached by content), and excerpts for messages pointing into it.
  const releases = listReleases(root, ctx.cwd).map((r) => ({ version: r.version, files: readRulesDir(r.dir, ctx.cwd) }))
  const { retirements, messages, files } = loadRetirements(rulesDir, ctx.cwd)
  const ids = releases.map((r) => cachedReleaseIds(r.version, r.files, ctx))
  // The rules' own texts, read (phase 1 only) if an ID is missing: a rule renamed and moved is found by its text.
  const texts = () => releaseIdsFromFiles('current', [...(folder?.files ?? [])]).texts ?? new Map<string, string>()
  const guard = [...checkReleasesReadable(ids), ...checkRetirements(current, ids, retirements, folder ? { texts } : {})]
  const wanted = new Set(guard.map((m) => m.file))
  const defined = new Set(current.rules.map((r) => r.id))
  const recovery = folder ? withholdReleasedIds(folder.recovery, folder.files, releases.at(-1), (id) => defined.has(id) || retirements.byId.has(id)) : undefined
  for (const b of recovery?.broken ?? []) if (b.missing) wanted.add(b.file)
  const releaseFiles = releases.flatMap((r) => r.files.filter((f) => wanted.has(f.path)))
  return { root, messages: [...messages, ...guard], files: [...files, ...releaseFiles], recovery, retirements }
}

/**
 * The last release (beside `rulesDir`, or in `explicitRoot`) that defines `id`, newest first, each
 * release's IDs read as the guard reads them (cached by content, the package's own never parsed).
 */
export function lastReleaseWith(id: string, rulesDir: string, explicitRoot?: string, ctx: IoContext = processContext()): string | undefined {
  const root = findReleasesRoot(rulesDir, explicitRoot, {}, ctx)
  if (!root) return undefined
  return listReleases(root, ctx.cwd)
    .reverse()
    .find((r) => cachedReleaseIds(r.version, readRulesDir(r.dir, ctx.cwd), ctx).ids.has(id))?.version
}

/**
 * A release's IDs as stored: the IDs alone (space-separated). Their numbers
 * and places only serve messages, so they are read from the files again
 * when a message needs them.
 */
export interface StoredReleaseIds {
  key: string
  ids: string
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path

/** The key of a release's IDs: its version and its files' base names and bytes. */
export function releaseIdsKey(version: string, files: readonly SourceFile[]): string {
  return hashSources(files.map((f) => ({ path: baseName(f.path), content: f.content, unreadable: f.unreadable })), `ids\0${version}`)
}

export function storeReleaseIds(r: ReleaseIds, key: string): StoredReleaseIds {
  return { key, ids: [...r.ids].join(' ') }
}

function restoreReleaseIds(version: string, stored: StoredReleaseIds, files: SourceFile[]): ReleaseIds {
  let full: ReleaseIds | undefined
  const read = () => (full ??= releaseIdsFromFiles(version, files))
  const r = { version, ids: new Set(stored.ids.split(' ')) } as ReleaseIds
  Object.defineProperty(r, 'places', { enumerable: true, get: () => read().places })
  Object.defineProperty(r, 'numbers', { enumerable: true, get: () => read().numbers })
  Object.defineProperty(r, 'texts', { enumerable: true, get: () => read().texts })
  return r
}

let shippedIds: Record<string, StoredReleaseIds> | null | undefined
/** The IDs of the releases the package ships, extracted at build time (`dist-index/release-ids.json`). */
function shippedReleaseIds(): Record<string, StoredReleaseIds> | null {
  if (shippedIds !== undefined) return shippedIds
  shippedIds = null
  // Trusted only from the compiled CLI, which was built with the code that wrote them.
  if (isCompiledBuild()) {
    try {
      shippedIds = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'dist-index/release-ids.json'), 'utf8')) as Record<string, StoredReleaseIds>
    } catch {
      // not built: computed instead
    }
  }
  return shippedIds
}

/** Release IDs read in this process, by `releaseIdsKey`: a process that checks again (the language server, `main()` called in-process) parses no release twice. */
const readIds = new Map<string, StoredReleaseIds>()

/**
 * `releaseIdsFromFiles`, read once per content: a frozen release the
 * package ships (byte for byte) is never parsed at all, others are cached
 * (on disk, and in this process).
 */
function cachedReleaseIds(version: string, files: SourceFile[], ctx: IoContext): ReleaseIds {
  const key = releaseIdsKey(version, files)
  const stored = shippedReleaseIds()?.[version]
  if (stored?.key === key) return restoreReleaseIds(version, stored, files)
  const known = readIds.get(key)
  if (known) return restoreReleaseIds(version, known, files)
  const hit = ctx.cache?.get('release-ids', key, isStoredReleaseIds)
  if (hit?.key === key) {
    readIds.set(key, hit)
    return restoreReleaseIds(version, hit, files)
  }
  const r = releaseIdsFromFiles(version, files)
  // A release that cannot be read is reported every time, never cached as fine.
  if (r.problems && r.problems.length > 0) return r
  const store = storeReleaseIds(r, key)
  ctx.cache?.set('release-ids', key, store)
  readIds.set(key, store)
  return r
}

/** Every message with its excerpt, then the summary line (as `compileDir().report()` prints). */
export function formatReport(messages: Diagnostic[], files: SourceFile[]): string {
  const sourceOf = textLookup(files)
  const lines = messages.map((m) => formatDiagnostic(m, sourceOf))
  if (messages.length > 0) lines.push(summarize(messages))
  return lines.join('\n\n')
}

/**
 * Today's rules as a compiled release (`current`). The package's own are
 * read from the index it ships, compiled at build time: `npx cr show 6.1.4`
 * in an engine's project parses one JSON file and compiles nothing. A command
 * that compares releases needs the model (`{ model: true }`): the package's
 * rules are compiled then (once per content, with the cache), as its
 * releases are.
 */
export function openCurrent(rules: RulesChoice, ctx: IoContext = processContext(), options: { model?: boolean } = {}): CompiledRelease {
  const document = rules.shipped && !options.model ? readShippedDocument() : undefined
  if (document) return { version: CURRENT, dir: rules.dir, files: [], model: undefined, document, messages: [] }
  return compileRelease(CURRENT, rules.dir, ctx)
}
