/**
 * Shared by the site tests: build `dist/` once when the sources changed
 * (test files run in parallel workers, so the build is behind a lock), serve
 * it, and drive Debian's Chromium.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll } from 'vitest'
import { CHROMIUM_PATH, hasChromium as chromiumExists, launchChromium } from '../../site/integration/chromium.ts'
import { serveStatic, type StaticServer } from '../../site/integration/static-server.ts'

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
export const DIST = join(ROOT, 'dist')
export const hasChromium = chromiumExists()

if (!hasChromium) {
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM_PATH}. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`)
}

// `releases/` and `rules/retired.yaml` feed the changes pages, histories and redirects.
const INPUTS = ['rules', 'releases', 'site', 'src', 'data', 'astro.config.mjs']

/** Fingerprint of everything the build reads (paths, sizes, mtimes). */
function fingerprint(): string {
  const hash = createHash('sha256')
  const walk = (path: string) => {
    if (!existsSync(path)) return
    const st = statSync(path)
    if (st.isDirectory()) {
      for (const name of readdirSync(path).sort()) walk(join(path, name))
    } else hash.update(`${path}:${st.size}:${st.mtimeMs}\n`)
  }
  for (const input of INPUTS) walk(join(ROOT, input))
  hash.update(`pdf:${hasChromium}\n`)
  return hash.digest('hex')
}

/** Run `astro build` with the Node running the tests (Astro needs ≥ 22.12). */
export function astroBuild(env: NodeJS.ProcessEnv = {}, args: string[] = []) {
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`astro build failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

const LOCK = join(ROOT, 'node_modules/.cache/cr-site-build.lock')

/** One Astro build at a time across test workers (they share Astro's caches). */
export async function withBuildLock<T>(fn: () => T | Promise<T>): Promise<T> {
  mkdirSync(join(LOCK, '..'), { recursive: true })
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch {
      // Another worker is building; a lock older than 5 minutes is stale.
      const since = statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() - since > 300_000) rmSync(LOCK, { recursive: true, force: true })
      await sleep(500)
    }
  }
  try {
    return await fn()
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

/** Build `dist/` unless it is already built from the current sources. */
export async function ensureSite(): Promise<string> {
  const stamp = join(DIST, '.build-stamp')
  const wanted = fingerprint()
  const fresh = () => existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted
  if (fresh()) return DIST
  await withBuildLock(() => {
    if (fresh()) return
    astroBuild()
    writeFileSync(stamp, wanted)
  })
  return DIST
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

export const BUILD_TIMEOUT = 240_000

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
