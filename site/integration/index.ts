/**
 * The rules site as an Astro integration: compile the rules once before
 * pages render (pages only read the result), then after the build index
 * every rule with Pagefind and print the one-page rules to PDF.
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
import { printPdfs } from './pdf.ts'

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
        if (process.env.CR_PDF === '0') {
          logger.info('PDF skipped (CR_PDF=0)')
          return
        }
        // Every release its published text, the current rules labelled as such: one Chromium, two pages at a time.
        const printed = data.releases.filter((r) => r.pdf)
        const pdfStarted = performance.now()
        const results = await printPdfs(out, printed.map((r) => ({ pagePath: `${r.base}full/`, outFile: join(out, r.base, r.pdf!) })))
        results.forEach((result, i) => {
          const release = printed[i]!
          if ('skipped' in result) logger.warn(`PDF of ${release.edition} skipped: ${result.skipped}`)
          else logger.info(`PDF: ${release.base}${release.pdf} (${release.edition}) in ${result.ms} ms`)
        })
        logger.info(`PDFs: ${printed.length} in ${Math.round(performance.now() - pdfStarted)} ms`)
      },
    },
  }
}
