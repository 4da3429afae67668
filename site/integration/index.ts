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
 *
 * The search indexes are written from when Astro starts rendering, and each
 * release's PDF as soon as its `/full/` page is rendered (printAll), beside
 * the pages after it; the offline list waits for every page and index.
 */
import { fileURLToPath } from 'node:url'
import { join, resolve } from 'node:path'
import type { AstroIntegration, AstroIntegrationLogger } from 'astro'
import { CompileError } from '../data/prepare.ts'
import { getSiteData, prepareSite, publishSiteData } from '../data/store.ts'
import type { SiteData } from '../data/types.ts'
import { writeSearchIds } from './search-index.ts'
import { cachedSearchIndexes, inputBytes, openBuildCache, pdfStep, PDF_CONTENTS, type BuildCache } from './build-cache.ts'
import { openPrinter, printInputs, type PdfJob } from './pdf.ts'
import { openRenderedPages, type RenderedPages } from './rendered-pages.ts'
import { pdfInfo } from '../data/pdf-info.ts'
import { livePreview, PREVIEW_CLIENT } from './live-preview.ts'
import { writeOffline } from './offline.ts'
import { permalinkDevPages, permalinkPages, writePermalinkPages } from './permalink-pages.ts'
import { siteUrl } from './site-url.ts'
import { listReleases } from '../../src/io/releases.ts'
import { flushOutputFolder, isDirectory } from '../../src/io/files.ts'
import { escapeForTerminal } from '../../src/core/terminal-text.ts'

/**
 * `npm run dev` starts even when the rules do not compile: it serves the
 * newest release in their place, and the live preview shows the errors in
 * the page until a save fixes them.
 */
function prepareForDev(root: string, logger: AstroIntegrationLogger): SiteData {
  try {
    return prepareSite(root)
  } catch (error) {
    const releases = join(root, 'releases')
    const newest = isDirectory(releases) ? listReleases(releases, root).pop() : undefined
    if (!(error instanceof CompileError) || !newest) throw error
    logger.error(`${error.message}\nServing releases/${newest.version}/ until the rules compile.`)
    return prepareSite(root, { ...process.env, CR_RULES_DIR: resolve(root, newest.dir), CR_RELEASES: 'none' })
  }
}

/**
 * Where a build's time goes (issue 22): each step's wall time and this
 * process's CPU time (user + system; not Pagefind's or Chromium's), the
 * first step counted from the process's start. On a busy machine the CPU
 * time says what the step costs, the wall time what it waited.
 */
function createTimings() {
  const marks: string[] = []
  let last = 0
  let lastCpu = 0
  const cpu = () => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
  return {
    mark(step: string) {
      const now = performance.now()
      const used = cpu()
      marks.push(`${step} ${((now - last) / 1000).toFixed(1)} s (cpu ${((used - lastCpu) / 1000).toFixed(1)})`)
      last = now
      lastCpu = used
    },
    line: () => `Timings: ${marks.join(', ')}; total ${(last / 1000).toFixed(1)} s (cpu ${(lastCpu / 1000).toFixed(1)})`,
  }
}

/**
 * Every release its published text, the current rules labelled as such: one
 * Chromium, two pages at a time. Started before Astro renders: each release's
 * PDF is kept or printed as soon as its `/full/` page and card data are
 * rendered (`rendered`, handed over by render-capture.ts), beside the rest of
 * the pages, the search indexes and the offline list; what Astro did not hand
 * over is read from `out` once rendering is over.
 */
async function printAll(cache: BuildCache, out: string, data: SiteData, siteUrl: string | undefined, logger: AstroIntegrationLogger, rendered: RenderedPages | undefined): Promise<PrintedFrom[]> {
  const printed = data.releases.filter((r) => r.pdf)
  const started = performance.now()
  const printer = openPrinter(out)
  const pdf = pdfStep(cache, out, printer)
  try {
    return await Promise.all(
      printed.map(async (release) => {
        const job: PdfJob = { pagePath: `${release.base}full/`, outFile: join(out, release.base, release.pdf!), info: pdfInfo(release), ...(siteUrl ? { siteUrl } : {}) }
        const { page, data: reads } = printInputs(job.pagePath)
        const served: Record<string, Uint8Array> = {}
        for (const path of [page, ...reads]) {
          const bytes = await rendered?.get(path)
          if (bytes) served[path] = bytes
        }
        const result = await pdf(job, served)
        if ('skipped' in result) logger.warn(`PDF of ${release.edition} skipped: ${result.skipped}`)
        else logger.info(`PDF: ${release.base}${release.pdf} (${release.edition}) ${result.cached ? 'kept' : `in ${result.ms} ms (${printsSaid(result)})`}`)
        return served
      }),
    )
  } finally {
    await printer.close()
    logger.info(`PDFs: ${printed.length} in ${Math.round(performance.now() - started)} ms`)
  }
}
type PrintedFrom = Record<string, Uint8Array>

/** How many prints a PDF took, and why: a guess of its contents' pages that held saves one. */
function printsSaid({ prints, guessFrom }: { prints: number; guessFrom?: 'cache' | 'repository' }): string {
  if (prints === 1) return `one print: the ${guessFrom === 'repository' ? `numbers of its contents in ${PDF_CONTENTS}` : 'last numbers of its contents'} held`
  // A stale guess costs a fresh clone a print per PDF: say how to refresh it.
  return guessFrom === 'repository' ? `${prints} prints: the numbers of its contents in ${PDF_CONTENTS} are out of date (\`npm run pdf-contents\` after a build refreshes them)` : `${prints} prints`
}

/** A PDF is made from the page as built: what Astro handed over must be what it wrote. */
function checkPrintedFrom(out: string, printedFrom: PrintedFrom[]): void {
  for (const served of printedFrom) {
    for (const [path, bytes] of Object.entries(served)) {
      if (!Buffer.from(inputBytes(out, path)).equals(bytes)) throw new Error(`PDF: ${path} was printed as Astro rendered it, but Astro wrote other bytes`)
    }
  }
}

/** What the config sets `site` to (astro.config.mjs), for a config that does not. */
const DEFAULT_SITE = siteUrl()

export default function crSite(): AstroIntegration {
  let data: SiteData | undefined
  let root = process.cwd()
  /** Where the site is published (`CR_SITE_URL`, or Astro's default): the PDFs link other pages there. */
  let siteUrl: string | undefined
  /** The pages the PDFs are printed from, handed over as Astro renders them (a build that prints only). */
  let rendered: RenderedPages | undefined
  let outDir: string | undefined
  /** The PDFs, under way from before Astro renders; settled, so a failed print waits for the steps beside it. */
  let pdfs: Promise<PrintedFrom[]> | undefined
  let pdfsSettled: Promise<unknown> | undefined
  /** The search indexes, written from when Astro starts rendering. */
  let searching: Promise<Awaited<ReturnType<typeof cachedSearchIndexes>>> | undefined
  let searchingSettled: Promise<unknown> | undefined
  const timings = createTimings()
  return {
    name: 'netrunner-cr-site',
    hooks: {
      'astro:config:setup': ({ config, command, addWatchFile, addMiddleware, logger, updateConfig, injectScript }) => {
        root = fileURLToPath(config.root)
        siteUrl = config.site
        if (command !== 'build' && command !== 'dev') return
        const started = performance.now()
        timings.mark('start')
        data = command === 'dev' ? prepareForDev(root, logger) : prepareSite(root)
        timings.mark('site data')
        publishSiteData(data)
        const versions = data.releases.map((r) => (r.current ? `${r.version} (current)` : r.version)).join(', ')
        logger.info(`Compiled ${versions} in ${Math.round(performance.now() - started)} ms`)
        for (const note of data.notes) logger.warn(escapeForTerminal(note))
        // Canonical, Open Graph and OpenSearch URLs are absolute: say where they point when nobody chose.
        if (command === 'build' && !process.env.CR_SITE_URL) logger.warn(`CR_SITE_URL is not set: absolute URLs (canonical, Open Graph, OpenSearch) point at ${config.site}`)
        // The search indexes start when Astro starts rendering, and each PDF as soon as its `/full/` page is rendered (rendered-pages.ts).
        if (command === 'build') {
          const printed = process.env.CR_PDF === '0' ? [] : data.releases.filter((r) => r.pdf)
          rendered = openRenderedPages(printed.flatMap((r) => Object.values(printInputs(`${r.base}full/`)).flat()))
          addMiddleware({ order: 'pre', entrypoint: fileURLToPath(new URL('./render-capture.ts', import.meta.url)) })
        }
        // `npm run dev`: a saved YAML file of the current rules recompiles and reloads the page (live-preview.ts).
        if (command === 'dev') {
          addWatchFile(join(root, 'releases'))
          const rulesDir = resolve(root, process.env.CR_RULES_DIR || 'rules')
          updateConfig({ vite: { plugins: [livePreview({ root, rulesDir, data, logger: logger.fork('live-preview') }), permalinkDevPages(getSiteData, config.site ?? DEFAULT_SITE)] } })
          injectScript('page', PREVIEW_CLIENT)
        }
      },
      'astro:build:start': ({ logger }) => {
        if (!data || !rendered || !outDir) return
        const cache = openBuildCache(root)
        const out = outDir
        const releases = data.releases
        // Each release's index and PDF are kept by what they are made from (build-cache.ts): a frozen release is copied.
        // Pagefind reads the search records, not the pages: its indexes are written while Astro renders (into
        // `pagefind/` folders, which no page is written to).
        searching = rendered.rendering.then(async () => {
          const started = performance.now()
          const indexed = await cachedSearchIndexes(cache, releases.map((r) => ({ records: r.search, outputPath: join(out, r.base, 'pagefind') })))
          const counts = indexed.map(({ records, cached }, i) => `${records} rules of ${releases[i]!.current ? 'the current rules' : releases[i]!.version}${cached ? ' (kept)' : ''}`)
          logger.info(`Pagefind: ${counts.join(', ')} indexed in ${Math.round(performance.now() - started)} ms`)
          return indexed
        })
        searchingSettled = searching.then(() => undefined, (error: unknown) => error)
        if (process.env.CR_PDF === '0') return
        pdfs = printAll(cache, out, data, siteUrl, logger, rendered)
        pdfsSettled = pdfs.then(() => undefined, (error: unknown) => error)
      },
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir)
      },
      'astro:build:generated': () => {
        // Pages Astro did not render (none today) are read from what it wrote.
        rendered?.close()
        timings.mark('Vite and pages')
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!data) return
        timings.mark('Astro')
        const out = fileURLToPath(dir)
        if (outDir && resolve(out) !== resolve(outDir)) throw new Error(`The search indexes and PDFs were written into ${outDir}, but Astro built ${out}`)
        const releases = data.releases
        // The permalink redirects, written while the PDFs print (permalink-pages.ts).
        const site = data
        const permalinks = (async () => writePermalinkPages(out, permalinkPages(site, siteUrl ?? DEFAULT_SITE)))()
        const permalinksSettled = permalinks.then(() => undefined, (error: unknown) => error)
        try {
          if (!searching) throw new Error('The search step did not start: no output folder from astro:config:done')
          const indexed = await searching
          indexed.forEach(({ pagefindIds }, i) => writeSearchIds(out, releases[i]!, pagefindIds))
          timings.mark('search (the rest of it)')
          const offline = writeOffline(out, releases)
          timings.mark('offline')
          const kept = offline.releases[0]!
          logger.info(`Offline: service worker ${offline.build}, the current rules in ${kept.files} files (${Math.round(kept.bytes / 1024)} KB)`)
        } finally {
          await Promise.all([searchingSettled, pdfsSettled, permalinksSettled])
        }
        logger.info(`Permalinks: ${await permalinks} redirects`)
        if (pdfs) {
          checkPrintedFrom(out, await pdfs)
          timings.mark('PDF (the rest of it)')
        } else logger.info('PDF skipped (CR_PDF=0)')
        // Output files are written checked but not fsynced one by one (writeOutputFile): the whole folder is flushed once here.
        if (!flushOutputFolder(out)) logger.warn(`Could not flush ${out} to disk (no \`sync -f\`): it is left to the system`)
        timings.mark('flush')
        logger.info(timings.line())
      },
    },
  }
}
