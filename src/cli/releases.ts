/**
 * The CLI's side of releases: finding `releases/`, compiling each release
 * once per process, reading the retirement file. `check`, `show` and `diff`
 * share it; the logic itself is pure, in `src/core/versions/`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { compile } from '../core/compile.ts'
import { formatDiagnostic, hasErrors, summarize } from '../core/diagnostics.ts'
import type { CompiledDocument, Diagnostic, SourceFile } from '../core/types.ts'
import { checkRetirements, releaseIdsFromFiles, type ReleaseIds } from '../core/versions/guard.ts'
import { resolveRelease, type ReleaseEntry } from '../core/versions/release-citations.ts'
import { emptyRetirements, parseRetirements, type Retirements } from '../core/versions/retired.ts'
import { createVersionIndex, CURRENT } from '../core/versions/version-index.ts'
import { PACKAGE_ROOT, readRulesDir, textLookup } from './io.ts'

export interface ReleaseDir {
  version: string
  /** As given to `readRulesDir` (relative to the working directory when possible). */
  dir: string
}

const VERSION_DIR = /^v\d{2}\.\d{2}$/

/** `v24.03` < `v25.04`; also accepts `24.03`. */
export function normalizeVersion(name: string): string {
  const m = /^v?(\d{2}\.\d{2})$/i.exec(name.trim())
  return m ? `v${m[1]}` : name.trim()
}

/**
 * Where the releases are: `--releases DIR` when given (it must exist), else
 * `releases/` beside the rules directory, else (for commands that only read
 * releases) the package's own.
 */
export function findReleasesRoot(rulesDir: string, explicit?: string, options: { fallbackToPackage?: boolean } = {}): string | undefined {
  const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory()
  if (explicit !== undefined) {
    if (!isDir(resolve(explicit))) throw new Error(`No such directory: ${explicit}`)
    return explicit
  }
  const beside = join(rulesDir, '..', 'releases')
  if (isDir(resolve(beside))) return shown(beside)
  if (options.fallbackToPackage && isDir(join(PACKAGE_ROOT, 'releases'))) return shown(join(PACKAGE_ROOT, 'releases'))
  return undefined
}

function shown(p: string): string {
  const rel = relative(process.cwd(), resolve(p))
  return rel === '' ? '.' : rel.startsWith('..') ? resolve(p) : rel
}

/** The release folders (`v22.12`, …), oldest first. */
export function listReleases(root: string): ReleaseDir[] {
  return readdirSync(resolve(root))
    .filter((name) => VERSION_DIR.test(name) && statSync(resolve(root, name)).isDirectory())
    .sort()
    .map((version) => ({ version, dir: join(root, version) }))
}

export interface CompiledRelease {
  version: string
  dir: string
  files: SourceFile[]
  document: CompiledDocument | undefined
  messages: Diagnostic[]
}

const compiled = new Map<string, CompiledRelease>()

/**
 * Compile a release (or the rules, as `current`) once per process. Card data
 * is not loaded: old releases name cards as they were printed then, and
 * diffs and lookups only need the text.
 */
export function compileRelease(version: string, dir: string): CompiledRelease {
  const key = resolve(dir)
  let r = compiled.get(key)
  if (!r) {
    const files = readRulesDir(dir)
    const { document, messages } = compile(files)
    r = { version, dir, files, document, messages }
    compiled.set(key, r)
  }
  return r
}

/** A release by name (`v24.03`, `24.03`) or `current` for the rules directory. */
export function openVersion(name: string, root: string | undefined, rulesDir: string): CompiledRelease {
  if (name === CURRENT) return compileRelease(CURRENT, rulesDir)
  const version = normalizeVersion(name)
  const all = root ? listReleases(root) : []
  const found = all.find((r) => r.version === version)
  if (!found) {
    const known = [...all.map((r) => r.version), CURRENT].join(', ')
    throw new UnknownVersionError(root ? `unknown release \`${name}\`, expected one of ${known}` : `no releases directory found, expected \`releases/\` beside the rules or --releases DIR`)
  }
  return compileRelease(found.version, found.dir)
}

export class UnknownVersionError extends Error {}

/**
 * Every entry of every release in `root`, resolved to `current` (today's
 * rules), oldest release first: the table behind `CR v24.03 6.1.4` in
 * `cr cite` and `rule(…, { version })` in the package. Compiles each release
 * (about 1.5 s for six), so callers build it only when they need it. With
 * `upTo`, releases after that one are left out: a pinned index is "today".
 */
export function releaseCitations(root: string | undefined, current: CompiledDocument, retirements: Retirements, options: { upTo?: string } = {}): Map<string, ReleaseEntry[]> {
  if (root === undefined) return new Map()
  let all = listReleases(root)
  const last = options.upTo === undefined ? -1 : all.findIndex((r) => r.version === options.upTo)
  if (last !== -1) all = all.slice(0, last + 1)
  const releases = all.map((r) => {
    const c = compileRelease(r.version, r.dir)
    if (!c.document || hasErrors(c.messages)) throw new Error(`release ${r.version} does not compile; run \`cr check ${r.dir}\``)
    return c.document
  })
  const index = createVersionIndex({ releases, current, retired: retirements })
  return new Map(all.map((r) => [r.version, resolveRelease(index, r.version)]))
}

/** Each release's IDs, from phase 1 of the compiler only (fast). */
export function releaseIdSets(root: string): ReleaseIds[] {
  return listReleases(root).map((r) => releaseIdsFromFiles(r.version, readRulesDir(r.dir)))
}

/** `<rulesDir>/retired.yaml`, or an empty table when there is none. */
export function loadRetirements(rulesDir: string): { retirements: Retirements; messages: Diagnostic[]; files: SourceFile[] } {
  const path = join(rulesDir, 'retired.yaml')
  if (!existsSync(resolve(path))) return { retirements: emptyRetirements(shown(path)), messages: [], files: [] }
  const file: SourceFile = { path: shown(path), content: readFileSync(resolve(path)) }
  return { ...parseRetirements(file), files: [file] }
}

export interface GuardResult {
  /** The releases directory used, if any. */
  root: string | undefined
  messages: Diagnostic[]
  /** Files the messages point into, for excerpts. */
  files: SourceFile[]
}

/**
 * The ID guard for `cr check`: every ID of every release must be in the
 * rules or retired. Runs only when a releases directory is found, so
 * checking a release folder itself does not guard it against its siblings.
 */
export function guardIds(rulesDir: string, current: CompiledDocument, explicitRoot?: string): GuardResult {
  const root = findReleasesRoot(rulesDir, explicitRoot)
  if (!root) return { root, messages: [], files: [] }
  const sets = releaseIdSets(root)
  const { retirements, messages, files } = loadRetirements(rulesDir)
  const guard = checkRetirements(current, sets, retirements)
  // Excerpts for messages that point into release files.
  const wanted = new Set(guard.map((m) => m.file))
  const releaseFiles = listReleases(root).flatMap((r) => readRulesDir(r.dir).filter((f) => wanted.has(f.path)))
  return { root, messages: [...messages, ...guard], files: [...files, ...releaseFiles] }
}

/** Every message with its excerpt, then the summary line (as `compileDir().report()` prints). */
export function formatReport(messages: Diagnostic[], files: SourceFile[]): string {
  const sourceOf = textLookup(files)
  const lines = messages.map((m) => formatDiagnostic(m, sourceOf))
  if (messages.length > 0) lines.push(summarize(messages))
  return lines.join('\n\n')
}
