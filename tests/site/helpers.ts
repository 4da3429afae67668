/**
 * Shared by the site tests: the run's one full build (made by the project's
 * global setup, global-build.ts, into a temporary folder), variant builds of
 * their own, serving a build, and driving Debian's Chromium.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, inject } from 'vitest'
import { CHROMIUM_PATH, hasChromium as chromiumExists, launchChromium } from '../../site/integration/chromium.ts'
import { serveStatic, type StaticServer } from '../../site/integration/static-server.ts'
import { ROOT, runAstroBuild } from './astro.ts'

export { ROOT }
export const hasChromium = chromiumExists()

if (!hasChromium) {
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM_PATH}. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`)
}

/** Sized for a loaded 2-core machine (a cold full build there takes minutes); only catches a hang. */
export const BUILD_TIMEOUT = 900_000

const build = inject('siteBuild')
if (!build) throw new Error('No site build: the site tests run in the `site` project of vitest.config.ts, whose global setup builds it')

/** The full site of this run (every release, search indexes, PDFs), built once by the global setup. Read it after `ensureSite()`. */
export const DIST = build.dir

/** Wait for the run's build (it starts with the run, in the background); throws with its output if it failed. */
export async function ensureSite(): Promise<string> {
  for (;;) {
    if (existsSync(build.status)) break
    await sleep(250)
  }
  const status = JSON.parse(readFileSync(build.status, 'utf8')) as { code: number | string; ms: number }
  if (status.code !== 0) {
    const log = readFileSync(build.log, 'utf8').split('\n').slice(-80).join('\n')
    throw new Error(`The site build failed (${status.code}) after ${Math.round(status.ms / 1000)} s; the end of its output:\n${log}`)
  }
  return DIST
}

/**
 * A build of its own (other rules, a coverage file, a site URL…), into `outDir`,
 * with its caches in a temporary folder that is removed afterwards: it can run
 * beside any other build. Returns what Astro printed; throws with it on failure.
 */
export async function astroBuild(env: NodeJS.ProcessEnv, outDir: string): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'cr-astro-'))
  try {
    return await runAstroBuild({ outDir, work, env })
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

export interface Site {
  url: string
  server: StaticServer
  browser: Awaited<ReturnType<typeof launchChromium>>
  close(): Promise<void>
}

/** The built site, served, with a browser that never leaves localhost. */
export async function openSite(dir = DIST): Promise<Site> {
  const server = await serveStatic(dir)
  const browser = await launchChromium()
  return {
    url: server.url,
    server,
    browser,
    async close() {
      await browser.close()
      await server.close()
    },
  }
}

/**
 * The built site for one describe block: built (once, for every file) and
 * opened before its tests, closed after. The fields read through to the open
 * site, so tests use it like the `Site` it is.
 */
export function useSite(): Site {
  let open: Site | undefined
  beforeAll(async () => {
    await ensureSite()
    open = await openSite()
  }, BUILD_TIMEOUT)
  afterAll(() => open?.close())
  const site = () => {
    if (!open) throw new Error('The site is not open: useSite() must be called in a describe block, and read in tests')
    return open
  }
  return {
    get url() { return site().url },
    get server() { return site().server },
    get browser() { return site().browser },
    close: () => site().close(),
  }
}

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64')

/** A page on the site. Nothing leaves localhost: card images get a placeholder, anything else is refused. */
export async function newPage(site: Site, options: Parameters<Site['browser']['newContext']>[0] = {}) {
  // The service worker would keep the whole release in every test's context: offline.test.ts turns it on.
  const context = await site.browser.newContext({ serviceWorkers: 'block', ...options })
  // Playwright's 30 s default is too short on a loaded 2-core machine (CI shares it): a slow page must not turn red.
  context.setDefaultTimeout(120_000)
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.request().resourceType() === 'image' ? route.fulfill({ contentType: 'image/gif', body: PIXEL }) : route.abort(),
  )
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return { page, context, errors }
}
