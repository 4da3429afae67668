/**
 * The site data, computed once per build. The integration prepares it before
 * Astro renders and hands it over through a process-wide slot, because the
 * config and the page bundle load their own copies of this module; a page
 * rendered without the integration (a test, `astro dev`) prepares it itself.
 */
import { join } from 'node:path'
import { loadCards } from '../../src/cli/io.ts'
import { loadCoverage } from './coverage.ts'
import { prepareRelease } from './prepare.ts'
import { listReleases, releaseOptionsFromEnv } from './releases.ts'
import type { ReleaseData, SiteData } from './types.ts'

const SLOT = Symbol.for('netrunner-cr.site-data')
type Slot = { [SLOT]?: SiteData }

export function prepareSite(root = process.cwd(), env: NodeJS.ProcessEnv = process.env): SiteData {
  const options = { cards: loadCards(join(root, 'data/cards.json')), coverage: loadCoverage(env.CR_COVERAGE) }
  const releases: ReleaseData[] = []
  for (const source of listReleases(releaseOptionsFromEnv(root, env))) {
    const release = prepareRelease(source, options)
    // `releases/v26.03` is the current release frozen: it is already at the root.
    if (!release.current && releases.some((r) => r.version === release.version)) continue
    releases.push(release)
  }
  return { releases }
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

/** `getStaticPaths` params for a page that exists once per release. */
export function releaseParam(r: ReleaseData): string | undefined {
  return r.current ? undefined : r.base.slice(1, -1)
}
