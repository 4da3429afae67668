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
import { basename, join, relative, resolve } from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import type { AstroIntegrationLogger } from 'astro'
import { FolderCheck } from '../../src/core/folder-check.ts'
import { releaseIdsFromFiles, type ReleaseIds } from '../../src/core/versions/guard.ts'
import { findReleasesRoot, listReleases } from '../../src/io/releases.ts'
import { formatDiagnostic } from '../../src/core/diagnostics.ts'
import { escapeForTerminal } from '../../src/core/terminal-text.ts'
import type { CompiledDocument, Diagnostic, SourceFile } from '../../src/core/types.ts'
import { loadCards, readRulesDir, textLookup } from '../../src/io/read-sources.ts'
import { isRulesSourcePath } from '../../src/core/editor-files.ts'
import { renderRelease, shapeRelease } from '../data/prepare.ts'
import { overlayPayload, retirementChanges, type OverlayPayload, type RetirementChange } from './preview-overlay.ts'
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

/**
 * A save's warnings (and what retired.yaml got) go to the pages that reload after it: the first
 * page that connects within NOTICE_MS (a reload is slow on a loaded machine), and every other tab
 * that reloads within NOTICE_TABS_MS of that one; a page opened later does not get them again.
 */
const NOTICE_MS = 60_000
const NOTICE_TABS_MS = 3_000

/**
 * The watcher drops a second change to a file within 50 ms of the first (chokidar's throttle), so a
 * save written in two steps (truncate, then write, with the writer descheduled between them on a
 * loaded machine) or two saves in quick succession can leave the preview on a half-written file for
 * good. After each rebuild the folder is read again once it has had time to settle; if it is not
 * what was compiled, it is compiled again.
 */
const SETTLE_MS = 150

/**
 * A reload sent while a page is loading reaches nobody: the new page's connection is not open yet, so
 * a save made then (an error fixed right after it showed) left the page on the old rules for good. So
 * every rebuild that reloads counts a generation; each page's HTML carries the one it was rendered at
 * (a `Server-Timing` entry, readable in the page without touching the markup), and the page's script
 * (PREVIEW_CLIENT) asks for the current one once its connection is open: a page behind reloads.
 */
export const GENERATION_TIMING = 'cr-rules'
export const GENERATION_ASK = 'cr:rules-generation?'
export const GENERATION_EVENT = 'cr:rules-generation'

/** The script every page gets under `npm run dev` (Astro's `injectScript('page', …)`). */
export const PREVIEW_CLIENT = `if (import.meta.hot) {
  const timing = performance.getEntriesByType('navigation')[0]?.serverTiming?.find((t) => t.name === ${JSON.stringify(GENERATION_TIMING)})
  if (timing) {
    import.meta.hot.on(${JSON.stringify(GENERATION_EVENT)}, (data) => {
      if (String(data.generation) !== timing.description) location.reload()
    })
    import.meta.hot.send(${JSON.stringify(GENERATION_ASK)}, {})
  }
}
`

/** What a folder read held, to compare with a later read (content, not timestamps: they can be coarse). */
const folderState = (files: { path: string; content: string | Uint8Array }[]): string =>
  files.map((f) => `${f.path}\0${typeof f.content === 'string' ? f.content : Buffer.from(f.content).toString('latin1')}`).join('\0\0')

export function livePreview(options: LivePreviewOptions): Plugin {
  const { root, rulesDir, logger } = options
  const cards = loadCards(join(root, 'data/cards.json'))
  // `cr check` of the folder, kept between saves: the compile cache, each file's last good parse (a file that
  // stops parsing is reported once, the others keep seeing it as it was), and the ID guard against releases/.
  let releaseIds: ReleaseIds[] | undefined
  // The newest release's files: a chapter gone or unreadable here is one message, with the IDs its copy there has.
  let newest: { version: string; files: SourceFile[] } | undefined
  const releases = () => {
    if (!releaseIds) {
      const releasesRoot = findReleasesRoot(rulesDir)
      const read = releasesRoot ? listReleases(releasesRoot).map((r) => ({ version: r.version, files: readRulesDir(r.dir) })) : []
      releaseIds = read.map((r) => releaseIdsFromFiles(r.version, r.files))
      newest = read.at(-1)
    }
    return releaseIds
  }
  const folder = new FolderCheck({ cards, releases, newestRelease: () => (releases(), newest) })
  // Errors show on every page opened while they last; warnings and what retired.yaml got, on the
  // pages that reload after the save that caused them, not on every page opened after.
  let errorPayload: OverlayPayload | undefined
  let noticePayload: { payload: OverlayPayload; until: number; shownAt?: number } | undefined
  let timer: NodeJS.Timeout | undefined
  let settle: NodeJS.Timeout | undefined
  // The folder as the last rebuild read it: a watcher event that arrives late, for a save already compiled,
  // must not rebuild and reload again (that would also wipe the notice the save's own rebuild showed).
  let lastCompiled: string | undefined
  let server: ViteDevServer | undefined
  /** Rebuilds that reloaded the pages so far (see GENERATION_TIMING). */
  let generation = 0

  // What retired.yaml said when the rules last compiled: what a rename wrote to it is said in the page and the terminal.
  let retiredBefore: string | undefined

  function rebuild(changed: string) {
    const started = performance.now()
    const files = readRulesDir(rulesDir, root)
    const state = folderState(files)
    scheduleSettleCheck(changed)
    if (state === lastCompiled) return
    lastCompiled = state
    const retiredNow = files.find((f) => basename(f.path) === 'retired.yaml')
    const retiredText = retiredNow ? textLookup([retiredNow])(retiredNow.path) : undefined
    // Against retired.yaml as the last rules that compiled had it: a rename saves several files, one by one.
    const retired = retiredText !== retiredBefore ? retirementChanges(retiredBefore ?? '', retiredText ?? '') : []
    const marks: [string, number][] = [['read', performance.now()]]
    const onePage = folder.run(files)
    marks.push(['compile', performance.now()])
    const sourceOf = textLookup(files)
    const errors = onePage.messages.filter((m) => m.severity === 'error')
    const shownFile = relative(root, changed)
    if (onePage.messages.length > 0) {
      const report = onePage.messages.map((m) => formatDiagnostic(m, sourceOf)).join('\n\n')
      const log = errors.length > 0 ? logger.error.bind(logger) : logger.warn.bind(logger)
      // File names are data: an escape sequence in one reaches the terminal as a visible character.
      log(`${escapeForTerminal(shownFile)}: ${errors.length} errors, ${onePage.messages.length - errors.length} warnings\n${report}`)
    }
    // Errors, warnings and what retired.yaml got show in the page (the last two over the new rules, after the reload).
    const payload = overlayPayload(onePage.messages, sourceOf, root, rulesDir, retiredNow && retired.length > 0 ? { file: retiredNow.path, changes: retired } : undefined)
    if (errors.length > 0 || !onePage.document) {
      errorPayload = payload
      noticePayload = undefined
      if (errorPayload) send(errorPayload)
      options.onRebuilt?.({ ms: performance.now() - started, errors: errors.length })
      return
    }
    errorPayload = undefined
    noticePayload = payload && { payload, until: Date.now() + NOTICE_MS }
    for (const change of retired) logger.info(`${escapeForTerminal(retiredNow?.path ?? 'retired.yaml')}: ${escapeForTerminal(change.text)}`)
    retiredBefore = retiredText
    const data = options.data
    const index = data?.releases.findIndex((r) => r.current) ?? -1
    if (data && index !== -1) {
      const base = data.releases[index]!.base
      // Compiled once; the chapter pages' links are rendered at the edge.
      const source = { dir: rulesDir, base, current: true }
      const compiled = renderRelease(onePage.model!, onePage.document, source, cards)
      marks.push(['render', performance.now()])
      // Histories and coverage are computed at start-up only; the preview is about the text.
      data.releases[index] = shapeRelease(compiled, { cards })
      marks.push(['shape', performance.now()])
      publishSiteData(data)
    }
    if (process.env.CR_PREVIEW_TIMING) logger.info(marks.map(([k, t], i) => `${k} ${Math.round(t - (i === 0 ? started : marks[i - 1]![1]))} ms`).join(', '))
    reload()
    const ms = performance.now() - started
    logger.info(`${escapeForTerminal(shownFile)}: rules recompiled in ${Math.round(ms)} ms, reloading the open pages`)
    options.onRebuilt?.({ ms, errors: 0 })
  }

  function scheduleSettleCheck(changed: string) {
    clearTimeout(settle)
    settle = setTimeout(() => {
      // A watcher event since then has its own rebuild coming, which checks again after it.
      if (timer) return
      let now: string
      try {
        now = folderState(readRulesDir(rulesDir, root))
      } catch {
        return // the folder itself went away: the watcher reports that
      }
      if (now !== lastCompiled) runRebuild(changed)
    }, SETTLE_MS)
    settle.unref()
  }

  function runRebuild(changed: string) {
    try {
      rebuild(changed)
    } catch (error) {
      logger.error(`live preview: ${(error as Error).stack ?? error}`)
    }
  }

  function send(payload: unknown) {
    server?.environments.client.hot.send(payload as never)
  }

  function reload() {
    generation++
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
      // Every page says which rules it was rendered from; asked, the server says which are current.
      s.middlewares.use((req, res, next) => {
        if (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')) res.setHeader('Server-Timing', `${GENERATION_TIMING};desc="${generation}"`)
        next()
      })
      s.environments.client.hot.on(GENERATION_ASK, (_data: unknown, client: { send(payload: unknown): void }) => client.send({ type: 'custom', event: GENERATION_EVENT, data: { generation } }))
      const onFile = (file: string) => {
        const abs = resolve(file)
        if (!abs.startsWith(rulesDir) || !isRulesSourcePath(abs)) return
        // Editors save in bursts (write, rename, chmod): one rebuild per burst.
        clearTimeout(timer)
        timer = setTimeout(() => {
          timer = undefined
          runRebuild(abs)
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
          lastCompiled ??= folderState(files)
          const errors = first.messages.filter((m) => m.severity === 'error')
          retiredBefore = textLookup(files)(files.find((f) => basename(f.path) === 'retired.yaml')?.path ?? '')
          const payload = overlayPayload(first.messages, textLookup(files), root, rulesDir)
          if (errors.length > 0) errorPayload = payload
          else noticePayload = payload && { payload, until: Date.now() + NOTICE_MS }
          if (payload) send(payload)
        } catch (error) {
          logger.error(`live preview: ${(error as Error).message}`)
        }
      }, 1000).unref()
      // A page opened (or reloaded) while the rules are broken shows the overlay too.
      s.environments.client.hot.on('connection', () => {
        setTimeout(() => {
          if (errorPayload) send(errorPayload)
          else if (noticePayload && Date.now() < noticePayload.until && Date.now() - (noticePayload.shownAt ?? Date.now()) < NOTICE_TABS_MS) {
            noticePayload.shownAt ??= Date.now()
            send(noticePayload.payload)
          }
        }, 50)
      })
    },
  }
}
