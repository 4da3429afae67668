/**
 * Offline: after one visit the current rules read, search and preview with
 * no network at all (the server is gone, and the browser is offline);
 * older releases read offline where they were read, or all of them once
 * kept; a new build offers a reload and then serves the new pages.
 *
 * The site is served through a small proxy this file owns, so a test can
 * take the server away, or deploy a "new build" by overriding files.
 *
 * One phone for the whole file, as one reader would have it: keeping the
 * current rules is 1,700 files, and a release another 1,700, each fetched
 * once here rather than once per test (a keep takes a minute on a loaded
 * 2-core machine; per test, they were most of this file's time). Each test
 * gives the network back when it ends, passed or not; the tests run in
 * order, the releases each keeps adding to what the phone holds.
 */
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { BUILD_TIMEOUT, DIST, hasChromium, useSite } from './helpers.ts'
import { releaseBases, searchRelease, tapFirst } from './result-links.ts'

interface Proxy {
  url: string
  /** Path → body served instead of the built file. */
  overrides: Map<string, { body: string; type: string }>
  /** Take the server away: open connections are cut, new ones closed as they come (the port stays, and the origin with it). */
  stop(): void
  /** Serve again. */
  start(): void
  close(): Promise<void>
}

/** The built site behind a server that can be overridden and closed (connections and all). */
async function proxy(upstream: string): Promise<Proxy> {
  const overrides = new Map<string, { body: string; type: string }>()
  const sockets = new Set<Socket>()
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const own = overrides.get(path)
    if (own) {
      res.writeHead(200, { 'content-type': own.type, 'cache-control': 'no-cache' }).end(own.body)
      return
    }
    // One connection per request (no keep-alive), so the shared server closes promptly after the tests.
    const upstreamReq = request(`${upstream}${req.url}`, { method: req.method, agent: false }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers)
      r.pipe(res)
    })
    upstreamReq.on('error', () => res.writeHead(502).end())
    upstreamReq.end()
  })
  let stopped = false
  server.on('connection', (s) => {
    if (stopped) return void s.destroy()
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    overrides,
    stop() {
      stopped = true
      for (const s of sockets) s.destroy()
    },
    start() {
      stopped = false
    },
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy()
        server.close(() => done())
      }),
  }
}

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64')

/** Contexts taken offline: their routes stop answering too (a route would otherwise serve images with no network). */
const offline = new WeakSet<BrowserContext>()
async function goOffline(context: BrowserContext): Promise<void> {
  offline.add(context)
  await context.setOffline(true)
}
async function goOnline(context: BrowserContext): Promise<void> {
  offline.delete(context)
  await context.setOffline(false)
}

/** A phone with service workers on; nothing leaves localhost (remote images are a pixel while online, fail offline). */
async function phone(context: BrowserContext): Promise<Page> {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.request().resourceType() === 'image' && !offline.has(context) ? route.fulfill({ contentType: 'image/gif', body: PIXEL }) : route.abort('internetdisconnected'),
  )
  return context.newPage()
}

/** Wait until the service worker has kept the current rules and controls the page. */
async function waitForOffline(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, { timeout: 600_000 })
}

describe.skipIf(!hasChromium)('offline', () => {
  const site = useSite()
  let server: Proxy
  let context: BrowserContext
  let page: Page

  // The phone's first visit: the worker keeps the current rules (the first test checks what it kept).
  beforeAll(async () => {
    server = await proxy(site.url)
    context = await site.browser.newContext({ viewport: { width: 390, height: 844 } })
    // Playwright's 30 s default is too short on a loaded 2-core machine: a slow page must not turn red.
    context.setDefaultTimeout(300_000)
    page = await phone(context)
    await page.goto(`${server.url}/runs/`)
    await waitForOffline(page)
  }, BUILD_TIMEOUT)
  afterAll(async () => {
    await context?.close()
    await server?.close()
  })
  // The network back, and the built files, whatever the test did.
  afterEach(async () => {
    server?.overrides.clear()
    server?.start()
    if (context) await goOnline(context)
  })

  test('after one visit, the current rules read, search and preview with no network', { timeout: 900_000 }, async () => {
    // The page says when the rules are all kept (a first visit takes seconds on a phone).
    await page.waitForFunction(() => /^✓ Ready offline/.test(document.querySelector('.offline-state')?.textContent ?? ''), null, { timeout: 600_000 })
    await expect(page.locator('.offline-state').isVisible()).resolves.toBe(true)
    // Pagefind's files are kept inflated (this proxy sends them as plain gzip
    // bytes, like GitHub Pages), so offline search skips Pagefind's own inflate.
    const kept = await page.evaluate(async () => {
      const heads = new Set<string>()
      for (const key of await caches.keys()) {
        const cache = await caches.open(key)
        for (const req of await cache.keys()) {
          if (!/\/pagefind\/.*\.pf_(fragment|index|meta)$/.test(req.url)) continue
          const bytes = new Uint8Array(await (await cache.match(req))!.arrayBuffer())
          heads.add(new TextDecoder().decode(bytes.slice(0, 12)))
        }
      }
      return [...heads]
    })
    expect(kept).toEqual(['pagefind_dcd'])
    // The one-page rules repeat the chapters: kept once read.
    await page.goto(`${server.url}/full/`)
    server.stop()
    await goOffline(context)

    for (const [path, text] of [
      ['/', 'Comprehensive Rules'],
      ['/game-concepts/', 'Game Concepts'],
      ['/abilities/', 'Abilities'],
      ['/full/', 'All rules'],
      ['/glossary/', 'Glossary'],
      ['/cards/', 'Cards in the rules'],
    ]) {
      const res = await page.goto(`${server.url}${path}`)
      expect(res?.status(), path).toBe(200)
      await expect(page.title()).resolves.toContain(text)
    }

    // A permalink never opened: the kept home page finds the rule.
    await page.goto(`${server.url}/r/6.1.4/`)
    await page.waitForURL('**/runs/#rule_end_the_run')
    // Typed by hand, as online: any case, no final slash.
    await page.goto(`${server.url}/R/RULE_END_THE_RUN`)
    await page.waitForURL('**/runs/#rule_end_the_run')

    // The official site's deep link.
    await page.goto(`${server.url}/?r=rule_jacking_out`)
    await page.waitForURL('**/runs/#rule_jacking_out')

    // Search: Pagefind's index and the number lookup are kept.
    await page.goto(`${server.url}/search/?q=jack%20out`)
    await page.locator('main a[href*="#rule_jacking_out"]').first().waitFor({ timeout: 120_000 })
    // A card the rules never name reads through the kept card table (card-terms.json, precached, never fetched online here).
    await page.goto(`${server.url}/search/?q=hippo`)
    await page.waitForFunction(() => /Hippo, a card no rule names/.test(document.querySelector('main .search-note')?.textContent ?? ''), null, { timeout: 120_000 })

    // Previews of rules and cards.
    await page.goto(`${server.url}/runs/`)
    await page.locator('a.cr-ref').first().hover()
    await page.locator('#cr-pop').waitFor({ state: 'visible' })
    await page.locator('a.cr-card[data-card="Sneakdoor Beta"]').first().hover()
    await page.waitForFunction(() => document.querySelector('#cr-pop')?.textContent?.includes('Sneakdoor Beta'))
    // A card name opens the card's entry on this site, offline too: its text and the rules naming it; its image (NetrunnerDB's) is hidden, not broken.
    await page.mouse.move(0, 0)
    await page.locator('a.cr-card[data-card="Sneakdoor Beta"]').first().click()
    await page.waitForURL('**/cards/#card-sneakdoor-beta')
    const entry = page.locator('#card-sneakdoor-beta')
    await expect(entry.locator('.card-text').textContent()).resolves.toMatch(/Run Archives/)
    await expect(entry.locator('.mentions a').allTextContents()).resolves.toContain('6.1.2d')
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('#card-sneakdoor-beta img.card-img')?.hidden === true)
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).resolves.toBe(true)

    // A page that was never read says so, rather than the browser's error.
    const old = await page.goto(`${server.url}/v22.12/turns/`)
    expect(old?.status()).toBe(503)
    await expect(page.locator('h1').textContent()).resolves.toBe('You are offline')
    // It links only to what every visitor keeps (not /full/, kept once read), and wears the site's colours.
    const links = await page.locator('a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
    expect(links).toEqual(expect.arrayContaining(['/', '/search/', '/glossary/']))
    const precached = await page.evaluate(async (paths) => {
      const pre = (await caches.keys()).find((k) => k.startsWith('cr-pre-'))!
      const cache = await caches.open(pre)
      return Promise.all(paths.map(async (p) => [p, (await cache.match(p)) !== undefined] as const))
    }, links)
    expect(precached.filter(([, kept]) => !kept)).toEqual([])
    await expect(page.locator('body').textContent()).resolves.toMatch(/one page.*kept once you have opened them/s)
    await expect(page.locator('a').first().evaluate((a) => getComputedStyle(a).color)).resolves.toBe('rgb(11, 87, 176)')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor)).resolves.toBe('rgb(21, 23, 27)')
    await page.emulateMedia({ colorScheme: 'light' })
  })

  test('an old release reads offline where it was read, and all of it once kept', { timeout: 900_000 }, async () => {
    await page.goto(`${server.url}/v24.03/runs/`)
    await waitForOffline(page)
    // Read once, online, under the worker: kept as read.
    await page.reload()
    const keep = page.locator('.old .keep')
    await keep.click()
    await expect(keep.textContent()).resolves.toMatch(/Saving|Saved/)
    await page.waitForFunction(() => document.querySelector('.old .keep')?.textContent === 'Saved for offline reading', null, { timeout: 600_000 })
    // Every later page of the release says it is kept, rather than offering the button again.
    for (const path of ['/v24.03/turns/', '/v24.03/runs/']) {
      await page.goto(`${server.url}${path}`)
      const kept = page.locator('.old .kept')
      await kept.waitFor()
      await expect(kept.textContent()).resolves.toMatch(/^✓ Kept offline \(all of v24\.03, [\d,]+ files, since /)
      await expect(page.locator('.old button.keep').count()).resolves.toBe(0)
    }
    server.stop()
    await goOffline(context)
    for (const path of ['/v24.03/runs/', '/v24.03/turns/', '/v24.03/glossary/']) {
      const res = await page.goto(`${server.url}${path}`)
      expect(res?.status(), path).toBe(200)
      await expect(page.locator('.vs > summary').textContent()).resolves.toContain('v24.03')
    }
    await page.goto(`${server.url}/v24.03/?r=6.1.4`)
    await page.waitForURL('**/v24.03/runs/#rule_end_the_run')
    // Its permalinks (no pages of their own: the 404 page sends them on online) go through its kept home page.
    await page.goto(`${server.url}/v24.03/r/6.2.5/`)
    // With `?from=6.2.5`: 6.2.5 is another rule today, which the page says on landing.
    await page.waitForURL((u) => u.pathname === '/v24.03/runs/' && u.hash === '#rule_move_runner_to_position')
    await expect(page.locator('.number-note').textContent()).resolves.toMatch(/^6\.2\.5 is this rule in v24\.03 \(6\.2\.8 today\)\./)
  })

  // Search lands on the rule offline in every release kept (issue 19; online, every release: release-links.test.ts):
  // the current rules and two held releases, the v24.03 (kept above) and the oldest. Keeping a release is
  // 1,700 files, and every held release takes the same path through the service worker.
  test('search results land on their rule offline: the current rules and the releases kept', { timeout: 900_000 }, async () => {
    const all = releaseBases(DIST)
    const bases = all.filter((b) => b === '/' || b === '/v24.03/' || b === all.at(-1))
    expect(bases).toHaveLength(3)
    for (const base of bases.filter((b) => b !== '/')) {
      await page.goto(`${server.url}${base}`)
      const keep = page.locator('main .old .keep')
      await keep.waitFor()
      if ((await keep.textContent())?.includes('Keep')) {
        await keep.click()
        await page.waitForFunction(() => document.querySelector('main .old .keep')?.textContent === 'Saved for offline reading', null, { timeout: 600_000 })
      }
    }
    server.stop()
    await goOffline(context)
    const broken: string[] = []
    for (const base of bases) {
      broken.push(...(await searchRelease(page, server.url, base)).broken)
      await tapFirst(page, server.url, base)
    }
    expect(broken.slice(0, 10)).toEqual([])
  })

  // Last: the phone runs the new build from here on.
  test('a new build offers a reload, and the reload shows it', { timeout: 900_000 }, async () => {
    await page.goto(`${server.url}/glossary/`)
    await waitForOffline(page)

    // Deploy: a new worker and list, and a glossary page that changed.
    const sw = readFileSync(join(DIST, 'sw.js'), 'utf8')
    const list = JSON.parse(readFileSync(join(DIST, 'offline.json'), 'utf8')) as { build: string; files: [string, string][] }
    const glossary = readFileSync(join(DIST, 'glossary/index.html'), 'utf8').replace('<h1>Glossary</h1>', '<h1>Glossary (new build)</h1>')
    const next = { build: 'testbuild002', files: list.files.map(([p, h]): [string, string] => [p, p === '/glossary/' ? 'changed' : h]) }
    server.overrides.set('/sw.js', { body: sw.replace(`'${list.build}'`, `'${next.build}'`), type: 'text/javascript' })
    server.overrides.set('/offline.json', { body: JSON.stringify(next), type: 'application/json' })
    server.overrides.set('/glossary/', { body: glossary, type: 'text/html; charset=utf-8' })

    // The next visit finds it; until the reader accepts, the kept build is what they read.
    await page.reload()
    const bar = page.locator('.update')
    await bar.waitFor({ timeout: 600_000 })
    await expect(page.locator('h1').textContent()).resolves.toBe('Glossary')
    await expect(bar.getAttribute('role')).resolves.toBe('status')
    await Promise.all([page.waitForEvent('load'), bar.getByRole('button', { name: 'Reload' }).click()])
    await expect(page.locator('h1').textContent()).resolves.toBe('Glossary (new build)')
    // And it is what is kept now: offline, the new page.
    server.stop()
    await goOffline(context)
    await page.goto(`${server.url}/glossary/`)
    await expect(page.locator('h1').textContent()).resolves.toBe('Glossary (new build)')
  })
})
