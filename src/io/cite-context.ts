/**
 * The "rules + retirements + releases" context that `cr cite`, the package
 * build (`scripts/build-package.ts`) and the bench resolve citations against,
 * built in one place so that every caller follows renamed IDs the same way.
 * Rules come from a rules folder (compiled) or a `rules.json` (a pinned
 * release); the retirement file defaults to the one beside the rules, else the
 * package's; the releases are compiled only when first asked for.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { buildCiteTable, withReleases, type CiteTable } from '../core/cite/table.ts'
import { ruleTextHashes } from '../core/cite/rule-hash.ts'
import type { ReleaseRule } from '../core/cite/types.ts'
import type { ChangelogEntry, CompiledDocument, RuleEntry } from '../core/types.ts'
import type { ResolvedRelease } from '../core/model/types.ts'
import { indexView } from '../core/render/document.ts'
import { normalizeVersion } from '../core/ids.ts'
import { processContext, type IoContext } from './context.ts'
import type { Retirements } from '../core/versions/retired.ts'
import { compileDir, hasErrors } from './compile-dir.ts'
import { InputError, MAX_DATA_FILE_BYTES, readInputFile } from './read-input.ts'
import { PACKAGE_ROOT, readRulesDir } from './read-sources.ts'
import { hashSources } from './cache.ts'
import { findReleasesRoot, listReleases, loadRetirementFile, releaseCitations } from './releases.ts'
import { workingLabel } from './working-label.ts'

export interface CiteContextOptions {
  /** Relative paths are resolved against it. */
  cwd?: string
  /** The caller's I/O context (working folder, compile cache); `cwd` wins when both are given. */
  ctx?: IoContext
  /** A rules folder (default: the package's `rules/`, else its built `dist-index/rules.json`). */
  rules?: string
  /** The rules of `rules`, already compiled by the caller (the package build). */
  model?: ResolvedRelease
  /** A `rules.json` to cite against instead (a pinned release). */
  index?: string
  /** The retirement file (default: `retired.yaml` beside the rules, else the package's). */
  retired?: string
  /** Releases folder for citations that name one (default: beside the rules, else the package's). */
  releases?: string
}

export interface CiteContext {
  /** The release the rules are, e.g. `v26.03`. */
  version: string
  document: CompiledDocument
  retirements: Retirements
  /** The resolved model, when the rules were compiled (not read from a rules.json). */
  model: ResolvedRelease | undefined
  /** The rules and their retired IDs (chains followed). */
  table: CiteTable
  /** Releases held (folder names, oldest first), without compiling them. */
  heldReleases: readonly string[]
  /** Every held release up to `version`, resolved to these rules. Compiles them on first call (about 1.5 s), then kept. */
  releases(): ReadonlyMap<string, readonly ReleaseRule[]>
  /** `table` with the releases: what a scan needs once a file cites one (`CR v24.03 6.1.4`). */
  tableWithReleases(): CiteTable
  /** Rule ID → fingerprint of its text (`rules.json`'s `hash`, computed for a rules folder). */
  hashes(): ReadonlyMap<string, string>
}

/** Rules that do not compile, or a file that is not a rules.json: `report` says why. */
export class CiteContextError extends Error {
  constructor(readonly report: string) {
    super(report.split('\n').filter(Boolean).pop() ?? report)
  }
}

export function openCiteContext(options: CiteContextOptions = {}): CiteContext {
  const ctx: IoContext = { ...(options.ctx ?? processContext()), ...(options.cwd !== undefined ? { cwd: options.cwd } : {}) }
  const cwd = ctx.cwd
  const at = (p: string) => resolve(cwd, p)
  let document: CompiledDocument
  /** The resolved model, when the rules were compiled here (not read from a rules.json). */
  let model: ResolvedRelease | undefined
  let rulesDir: string
  let givenHashes: Map<string, string> | undefined
  const indexFile = options.index ?? (options.rules === undefined && !existsSync(join(PACKAGE_ROOT, 'rules')) ? join(PACKAGE_ROOT, 'dist-index/rules.json') : undefined)
  if (indexFile !== undefined) {
    // A pinned index is "today"; old releases and retirements come from the package.
    let parsed: unknown
    try {
      parsed = JSON.parse(readInputFile(at(indexFile), { shown: indexFile, maxBytes: MAX_DATA_FILE_BYTES }).toString('utf8'))
    } catch (error) {
      if (error instanceof InputError) throw new CiteContextError(`cr cite: ${error.message}`)
      throw new CiteContextError(`cr cite: ${indexFile} is not a rules.json: ${(error as Error).message}`)
    }
    const data = (parsed !== null && typeof parsed === 'object' ? parsed : {}) as { version?: string; effective?: string; rules?: (RuleEntry & { hash?: string })[]; changelog?: ChangelogEntry[] }
    if (!Array.isArray(data.rules) || !data.rules.every((r) => r !== null && typeof r === 'object' && typeof r.id === 'string' && typeof r.number === 'string')) {
      throw new CiteContextError(`cr cite: ${indexFile} is not a rules.json (expected an object with a \`rules\` list of entries with \`id\` and \`number\`)`)
    }
    const version = typeof data.version === 'string' ? data.version : 'unversioned'
    document = { release: { version, effective: data.effective ?? '' }, rules: data.rules, changelog: data.changelog ?? [] }
    if (data.rules.every((r) => typeof r.hash === 'string')) givenHashes = new Map(data.rules.map((r) => [r.id, r.hash!]))
    rulesDir = join(PACKAGE_ROOT, 'rules')
  } else {
    rulesDir = at(options.rules ?? join(PACKAGE_ROOT, 'rules'))
    const result = options.model ? { model: options.model, document: indexView(options.model), messages: [], report: () => '' } : compileDir(rulesDir, undefined, ctx)
    if (!result.document || !result.model || hasErrors(result.messages)) {
      throw new CiteContextError(`${result.report()}\ncr cite: the rules in ${options.rules ?? rulesDir} do not compile; run \`cr check ${options.rules ?? rulesDir}\``)
    }
    document = result.document
    model = result.model
  }
  const retiredFile = options.retired !== undefined ? at(options.retired) : existsSync(join(rulesDir, 'retired.yaml')) ? join(rulesDir, 'retired.yaml') : undefined
  // A broken retirement file reads as empty: `cr check` reports it.
  const retirements = loadRetirementFile(retiredFile, cwd).retirements
  if (options.releases !== undefined && !(existsSync(at(options.releases)) && statSync(at(options.releases)).isDirectory())) throw new Error(`No such directory: ${options.releases}`)
  const releasesRoot = findReleasesRoot(rulesDir, options.releases !== undefined ? at(options.releases) : undefined, { fallbackToPackage: true }, ctx)
  const version = document.release.version
  const table = buildCiteTable(document.rules, retirements)
  let releases: Map<string, ReleaseRule[]> | undefined
  let withThem: CiteTable | undefined
  let hashes = givenHashes
  const context: CiteContext = {
    version,
    document,
    retirements,
    model,
    table,
    get heldReleases() {
      return releasesRoot === undefined ? [] : listReleases(releasesRoot, cwd).map((r) => r.version)
    },
    // Rules edited from a release (or a release folder itself) are "today": later releases are left out.
    releases: () => (releases ??= cachedReleaseCitations(releasesRoot, document, model, retirements, normalizeVersion(version), ctx)),
    // A pinned index is a release as it was; a rules folder is the working text (`v26.03+` while it differs).
    tableWithReleases: () => (withThem ??= withReleases(table, context.releases(), indexFile === undefined ? workingLabel({ dir: rulesDir, shipped: false }, version, ctx) : version)),
    // A rules.json carries each rule's hash; compiled rules hash their canonical texts.
    hashes: () => (hashes ??= model ? ruleTextHashes(model) : new Map()),
  }
  return context
}

/** A cached `[release, rules][]`: each rule as `ReleaseRule` says (the fields the table and the ledger read). */
function isResolvedReleases(v: unknown): v is [string, ReleaseRule[]][] {
  const isRule = (r: unknown) => {
    const o = r as Record<string, unknown> | null
    return o !== null && typeof o === 'object' && typeof o.id === 'string' && typeof o.number === 'string' && Array.isArray(o.changedIn) && (o.currentId === null || o.currentId === undefined || typeof o.currentId === 'string')
  }
  return Array.isArray(v) && v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && Array.isArray(e[1]) && e[1].every(isRule))
}

/** Resolved releases by the key of their sources, today's rules and the retirements: within a process. */
const resolvedReleases = new Map<string, Map<string, ReleaseRule[]>>()

/**
 * `releaseCitations`, kept: compiling every release and matching it to today's
 * rules costs seconds, and `cr cite` needs it whenever a number is cited (a
 * number is read with its history). Kept in the process and in the compile
 * cache, keyed by the releases' bytes, today's rules and the retirement file.
 */
function cachedReleaseCitations(root: string | undefined, document: CompiledDocument, model: ResolvedRelease | undefined, retirements: Retirements, upTo: string, ctx: IoContext): Map<string, ReleaseRule[]> {
  if (root === undefined) return new Map()
  const files = listReleases(root, ctx.cwd).flatMap((r) => readRulesDir(r.dir, ctx.cwd).map((f) => ({ path: `${r.version}/${f.path}`, content: f.content, unreadable: f.unreadable })))
  const today = JSON.stringify([document.release, document.rules.map((r) => [r.id, r.number, r.kind, r.parent, r.text]), [...retirements.byId]])
  const key = hashSources([...files, { path: '\0today', content: today }], `releases-resolved\0${upTo}`)
  let found = resolvedReleases.get(key)
  if (found) return found
  const cached = ctx.cache?.get('releases-resolved', key, isResolvedReleases)
  if (cached) found = new Map(cached)
  else {
    found = releaseCitations(root, model, retirements, { upTo }, ctx)
    ctx.cache?.set('releases-resolved', key, [...found])
  }
  resolvedReleases.set(key, found)
  return found
}
