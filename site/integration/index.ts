/**
 * The rules site as an Astro integration: compile the rules once before
 * pages render (pages only read the result), then after the build index
 * every rule with Pagefind, list what reads offline and write the service
 * worker, and print the one-page rules to PDF.
 *
 * Environment: `CR_RULES_DIR` (current rules, default `rules/`),
 * `CR_RELEASES` (`all`, the default, `none` or `v24.03,…`: old releases
 * under `/<v>/`), `CR_COVERAGE` (a coverage file from `cr cite
 * --write-coverage`), `CR_PDF=0` (skip the PDF).
 */
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import type { AstroIntegration } from 'astro'
import { prepareSite, publishSiteData } from '../data/store.ts'
import type { SiteData } from '../data/types.ts'
import { writeSearchIndexes } from './search-index.ts'
import { printPdf } from './pdf.ts'
import { writeOffline } from './offline.ts'

export default function crSite(): AstroIntegration {
  let data: SiteData | undefined
  let root = process.cwd()
  return {
    name: 'netrunner-cr-site',
    hooks: {
      'astro:config:setup': ({ config, command, addWatchFile, logger }) => {
        root = fileURLToPath(config.root)
        if (command !== 'build' && command !== 'dev') return
        const started = performance.now()
        data = prepareSite(root)
        publishSiteData(data)
        const versions = data.releases.map((r) => (r.current ? `${r.version} (current)` : r.version)).join(', ')
        logger.info(`Compiled ${versions} in ${Math.round(performance.now() - started)} ms`)
        for (const note of data.notes) logger.warn(note)
        // Canonical, Open Graph and OpenSearch URLs are absolute: say where they point when nobody chose.
        if (command === 'build' && !process.env.CR_SITE_URL) logger.warn(`CR_SITE_URL is not set: absolute URLs (canonical, Open Graph, OpenSearch) point at ${config.site}`)
        if (command === 'dev') for (const dir of ['rules', 'releases']) addWatchFile(join(root, dir))
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!data) return
        const out = fileURLToPath(dir)
        const started = performance.now()
        const releases = data.releases
        const indexed = await writeSearchIndexes(releases.map((r) => ({ records: r.search, outputPath: join(out, r.base, 'pagefind') })))
        const counts = indexed.map(({ records }, i) => `${records} rules of ${releases[i]!.current ? 'the current rules' : releases[i]!.version}`)
        logger.info(`Pagefind: ${counts.join(', ')} indexed in ${Math.round(performance.now() - started)} ms`)
        const offline = writeOffline(out, releases)
        const kept = offline.releases[0]!
        logger.info(`Offline: service worker ${offline.build}, the current rules in ${kept.files} files (${Math.round(kept.bytes / 1024)} KB)`)
        if (process.env.CR_PDF === '0') {
          logger.info('PDF skipped (CR_PDF=0)')
          return
        }
        for (const release of data.releases) {
          // Old releases are read on the site; only the current one is printed.
          if (!release.pdf) continue
          const started = performance.now()
          const file = join(out, release.base, release.pdf)
          const result = await printPdf(out, `${release.base}full/`, file)
          if ('skipped' in result) logger.warn(`PDF of ${release.version} skipped: ${result.skipped}`)
          else logger.info(`PDF: ${release.base}${release.pdf} in ${Math.round(performance.now() - started)} ms`)
        }
      },
    },
  }
}
