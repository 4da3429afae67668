/**
 * `npm run dev`: the rules site served by Astro's dev server, live from
 * `rules/`. A Vite plugin watches the YAML files; on a save it recompiles the
 * current rules incrementally (a `CompileCache` per link style: only the
 * saved file is parsed again), reshapes them into the pages' data, clears
 * Astro's route cache and reloads the open pages. Diagnostics go to the
 * terminal (`file:line:col: error[code]: …`, as `cr check` prints them) and,
 * for errors, to Astro's error overlay in the page, which keeps showing the
 * last good rules underneath.
 */
import { join, relative, resolve } from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import type { AstroIntegrationLogger } from 'astro'
import { FolderCheck } from '../../src/core/folder-check.ts'
import { releaseIdsFromFiles, type ReleaseIds } from '../../src/core/versions/guard.ts'
import { findReleasesRoot, listReleases } from '../../src/io/releases.ts'
import { buildOfficialJson } from '../../src/core/official-json.ts'
import { relinkDocument } from '../../src/core/markup/relink.ts'
import { formatDiagnostic } from '../../src/core/diagnostics.ts'
import type { CompiledDocument, Diagnostic } from '../../src/core/types.ts'
import { loadCards, readRulesDir, textLookup } from '../../src/io/read-sources.ts'
import { isRulesSourcePath } from '../../src/core/editor-files.ts'
import { overlayPayload, retirementChanges } from './preview-overlay.ts'
import { shapeRelease } from '../data/prepare.ts'
import { chapterSlug, routes } from '../shared/routes.ts'
import { publishSiteData } from '../data/store.ts'
import type { SiteData } from '../data/types.ts'

export interface LivePreviewOptions {
  root: string
  /** The current rules folder, absolute. */
  rulesDir: string
  /** The data the dev server started with; the current release in it is replaced on each save. */
  data: SiteData | undefined
  logger: AstroIntegrationLogger
  /** Called after each rebuild (tests and the bench wait on it through the log instead). */
  onRebuilt?: (result: { ms: number; errors: number }) => void
}

export function livePreview(options: LivePreviewOptions): Plugin {
  const { root, rulesDir, logger } = options
  const cards = loadCards(join(root, 'data/cards.json'))
  // `cr check` of the folder, kept between saves: the compile cache, each file's last good parse (a file that
  // stops parsing is reported once, the others keep seeing it as it was), and the ID guard against releases/.
  let releaseIds: ReleaseIds[] | undefined
  const folder = new FolderCheck({
    cards,
    releases: () => {
      if (!releaseIds) {
        const releasesRoot = findReleasesRoot(rulesDir)
        releaseIds = releasesRoot ? listReleases(releasesRoot).map((r) => releaseIdsFromFiles(r.version, readRulesDir(r.dir))) : []
      }
      return releaseIds
    },
  })
  // One function for the paged links, so the cache keeps its texts: it reads the map the last one-page pass filled.
  const chapterOf = new Map<string, string>()
  let base = '/'
  const urlOf = (id: string) => routes({ base, chapterOf: (x) => chapterOf.get(x) }).rule(id)
  let errorPayload: { type: 'error'; err: Record<string, unknown> } | undefined
  let timer: NodeJS.Timeout | undefined
  let server: ViteDevServer | undefined

  // What retired.yaml said at the last rebuild: a save of it (a rename in the editor) is said in the terminal.
  let retiredBefore: string | undefined

  function rebuild(changed: string) {
    const started = performance.now()
    const files = readRulesDir(rulesDir, root)
    const retiredNow = files.find((f) => f.path.endsWith('retired.yaml'))
    const retiredText = retiredNow ? textLookup([retiredNow])(retiredNow.path) : undefined
    if (retiredBefore !== undefined && retiredText !== undefined && retiredText !== retiredBefore) {
      for (const change of retirementChanges(retiredBefore, retiredText)) logger.info(`retired.yaml: ${change}`)
    }
    retiredBefore = retiredText
    const marks: [string, number][] = [['read', performance.now()]]
    const onePage = folder.run(files)
    marks.push(['compile', performance.now()])
    const sourceOf = textLookup(files)
    const errors = onePage.messages.filter((m) => m.severity === 'error')
    const shownFile = relative(root, changed)
    if (onePage.messages.length > 0) {
      const report = onePage.messages.map((m) => formatDiagnostic(m, sourceOf)).join('\n\n')
      const log = errors.length > 0 ? logger.error.bind(logger) : logger.warn.bind(logger)
      log(`${shownFile}: ${errors.length} errors, ${onePage.messages.length - errors.length} warnings\n${report}`)
    }
    // Errors and warnings alike show in the page (warnings over the new rules, after the reload).
    errorPayload = overlayPayload(onePage.messages, sourceOf, root, rulesDir)
    if (errors.length > 0 || !onePage.document) {
      if (errorPayload) send(errorPayload)
      options.onRebuilt?.({ ms: performance.now() - started, errors: errors.length })
      return
    }
    const data = options.data
    const index = data?.releases.findIndex((r) => r.current) ?? -1
    if (data && index !== -1) {
      base = data.releases[index]!.base
      chapterOf.clear()
      for (const r of onePage.document.rules) chapterOf.set(r.id, chapterSlug(r.chapter))
      // Compiled once; the chapter pages' links are rendered at the edge.
      const paged = relinkDocument(onePage.document, urlOf)
      marks.push(['compile paged', performance.now()])
      const source = { dir: rulesDir, base, current: true }
      // Histories and coverage are computed at start-up only; the preview is about the text.
      data.releases[index] = shapeRelease({ source, onePage: onePage.document, paged, urlOf, officialJson: buildOfficialJson(files).json }, { cards })
      marks.push(['shape', performance.now()])
      publishSiteData(data)
    }
    if (process.env.CR_PREVIEW_TIMING) logger.info(marks.map(([k, t], i) => `${k} ${Math.round(t - (i === 0 ? started : marks[i - 1]![1]))} ms`).join(', '))
    reload()
    const ms = performance.now() - started
    logger.info(`${shownFile}: rules recompiled in ${Math.round(ms)} ms, reloading the open pages`)
    options.onRebuilt?.({ ms, errors: 0 })
  }

  function send(payload: unknown) {
    server?.environments.client.hot.send(payload as never)
  }

  function reload() {
    if (!server) return
    // Pages get their data from getStaticPaths, which Astro caches per route: clear it, as a content change does.
    for (const name of ['ssr', 'prerender', 'astro']) server.environments[name]?.hot.send('astro:content-changed', {})
    send({ type: 'full-reload', path: '*' })
  }

  return {
    name: 'netrunner-cr-live-preview',
    apply: 'serve',
    configureServer(s) {
      server = s
      s.watcher.add(rulesDir)
      const onFile = (file: string) => {
        const abs = resolve(file)
        if (!abs.startsWith(rulesDir) || !isRulesSourcePath(abs)) return
        // Editors save in bursts (write, rename, chmod): one rebuild per burst.
        clearTimeout(timer)
        timer = setTimeout(() => {
          try {
            rebuild(abs)
          } catch (error) {
            logger.error(`live preview: ${(error as Error).stack ?? error}`)
          }
        }, 25)
      }
      s.watcher.on('change', onFile)
      s.watcher.on('add', onFile)
      s.watcher.on('unlink', onFile)
      // Fill the caches now, so the first save is as fast as the next ones; rules that
      // do not compile at start-up show in the page at once.
      setTimeout(() => {
        try {
          const files = readRulesDir(rulesDir, root)
          const first = folder.run(files)
          const errors = first.messages.filter((m) => m.severity === 'error')
          errorPayload = overlayPayload(first.messages, textLookup(files), root, rulesDir)
          if (errorPayload) send(errorPayload)
          if (errors.length > 0) return
          for (const r of first.document?.rules ?? []) chapterOf.set(r.id, r.chapter)
          base = options.data?.releases.find((r) => r.current)?.base ?? base
        } catch (error) {
          logger.error(`live preview: ${(error as Error).message}`)
        }
      }, 1000).unref()
      // A page opened (or reloaded) while the rules are broken shows the overlay too.
      s.environments.client.hot.on('connection', () => {
        if (errorPayload) setTimeout(() => errorPayload && send(errorPayload), 50)
      })
    },
  }
}
