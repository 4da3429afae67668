/**
 * The site data, computed once per build. The integration prepares it before
 * Astro renders and hands it over through a process-wide slot, because the
 * config and the page bundle load their own copies of this module; a page
 * rendered without the integration (a test, `astro dev`) prepares it itself.
 */
import { join } from 'node:path'
import { loadCards, readRulesDir } from '../../src/io/read-sources.ts'
import { loadRetirements } from '../../src/io/releases.ts'
import { compile } from '../../src/core/compile.ts'
import { CURRENT } from '../../src/core/versions/index.ts'
import type { CompiledDocument } from '../../src/core/types.ts'
import { coverageView, loadCoverage } from './coverage.ts'
import { CompileError, compileRelease, releaseKey, shapeRelease, type CompiledRelease } from './prepare.ts'
import { availableReleases, listReleases, releaseOptionsFromEnv } from './releases.ts'
import { buildVersionData, type VersionSource } from './versions.ts'
import { buildNumbers } from './numbers.ts'
import type { ReleaseData, SiteData } from './types.ts'

const SLOT = Symbol.for('netrunner-cr.site-data')
type Slot = { [SLOT]?: SiteData }

export function prepareSite(root = process.cwd(), env: NodeJS.ProcessEnv = process.env): SiteData {
  const cards = loadCards(join(root, 'data/cards.json'))
  const coverageFile = loadCoverage(env.CR_COVERAGE)
  const options = releaseOptionsFromEnv(root, env)
  const sources = listReleases(options)
  const compiled = sources.map((source) => compileRelease(readRulesDir(source.dir), source, cards))
  const current = compiled[0]!
  const notes: string[] = []

  // Histories need every release, built or not; without old releases there is nothing to compare.
  const withReleases = sources.length > 1
  const versions = withReleases ? buildVersions(root, options.rulesDir, compiled, notes) : undefined

  const coverage = coverageFile ? coverageView(coverageFile, current.onePage, current.urlOf) : undefined
  if (coverage) for (const note of coverage.notes) notes.push(note)

  const releases: ReleaseData[] = compiled.map((c) => {
    const data = c.source.current
      ? shapeRelease(c, { cards, history: versions?.histories, coverage: coverage?.rules, unreleased: versions?.changes.some((ch) => ch.key === CURRENT) })
      : shapeRelease(c, { cards })
    const changesUrl = versions?.changesUrl.get(data.key)
    if (changesUrl) data.changesUrl = changesUrl
    if (c.source.current && versions) {
      data.lookup.o = Object.fromEntries(versions.retired.flatMap((r) => (r.to ? [[r.id, r.to.id]] : [])))
    }
    return data
  })
  const numbers = versions ? buildNumbers(versions.index, releases) : undefined
  return {
    releases,
    numbers: numbers ? { pages: numbers.pages, renamed: Object.fromEntries(numbers.renamed), json: numbers.json } : { pages: [], renamed: {}, json: { v: [], n: {} } },
    changes: versions?.changes ?? [],
    retired: versions?.retired ?? [],
    switchMaps: versions?.switchMaps ?? {},
    ...(coverage ? { coverage: coverage.page } : {}),
    notes,
  }
}

function buildVersions(root: string, rulesDir: string | undefined, compiled: CompiledRelease[], notes: string[]) {
  const built = new Map(compiled.map((c) => [releaseKey(c), c]))
  const frozen: VersionSource[] = availableReleases(root).map(({ name, dir }) => {
    const b = built.get(name)
    const source: VersionSource = b
      ? { key: name, doc: b.onePage, base: b.source.base, changelog: b.paged.changelog.map((c) => ({ html: c.html })) }
      : { key: name, doc: compileOnce(dir) }
    // The version index names releases by their `release.yaml`; the URLs by their folder.
    if (source.doc.release.version !== name) throw new Error(`releases/${name}/release.yaml says \`version: ${source.doc.release.version}\`, expected ${name} (the folder name)`)
    return source
  })
  const current = built.get(CURRENT)!
  const sources: VersionSource[] = [...frozen, { key: CURRENT, doc: current.onePage, base: current.source.base }]
  const { retirements, messages } = loadRetirements(current.source.dir)
  for (const m of messages) notes.push(`${m.file}:${m.line}:${m.column}: ${m.severity}[${m.code}]: ${m.message}`)
  return buildVersionData(sources, retirements)
}

/** A release the site does not serve, compiled only for histories. */
function compileOnce(dir: string): CompiledDocument {
  const { document, messages } = compile(readRulesDir(dir))
  if (!document || messages.some((m) => m.severity === 'error')) throw new CompileError(dir, messages)
  return document
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
