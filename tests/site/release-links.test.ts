/**
 * Search lands on the rule in every release (issue 19): each release's
 * search box and results page, every result opened, online and then offline
 * once the release is kept. The links come from the release's route builder;
 * before it, a held release's results were `/v24.03/v24.03/…` (0 of 674
 * landed).
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { DIST, hasChromium, newPage, useSite } from './helpers.ts'
import { brokenLinks, resultLinks } from './result-links.ts'

const QUERIES = ['breach', 'jack out', 'trash cost']

/** Every release the build serves: the current rules, then each held release. */
const releaseBases = () => ['/', ...readdirSync(DIST).filter((d) => /^v\d\d\.\d\d$/.test(d) && existsSync(join(DIST, d, 'lookup.json'))).sort().reverse().map((d) => `/${d}/`)]

/** Search every query in `base`, dropdown and results page; the links that do not land, and how many there were. */
async function searchRelease(page: Page, origin: string, base: string) {
  const broken: string[] = []
  let links = 0
  for (const q of QUERIES) {
    const { dropdown, resultsPage } = await resultLinks(page, origin, base, q)
    expect(dropdown.length, `${base} "${q}" dropdown`).toBeGreaterThan(0)
    expect(resultsPage.length, `${base} "${q}" results page`).toBeGreaterThanOrEqual(dropdown.length)
    for (const href of [...dropdown, ...resultsPage]) expect(href.startsWith(base), `${base} "${q}": ${href}`).toBe(true)
    links += dropdown.length + resultsPage.length
    broken.push(...(await brokenLinks(page, [...dropdown, ...resultsPage])).map((h) => `${base} "${q}": ${h}`))
  }
  return { broken, links }
}

/** Tap the first result of the dropdown: the browser lands on that rule. */
async function tapFirst(page: Page, origin: string, base: string) {
  await page.goto(`${origin}${base}`)
  await page.fill('#q', 'breach')
  await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === 'breach')
  const first = page.locator('#q ~ .search-panel a.hit').first()
  const href = (await first.getAttribute('href'))!
  await first.click()
  await page.waitForURL((u) => u.pathname + u.hash === href)
  await expect(page.locator(':target').getAttribute('id')).resolves.toBe(href.slice(href.indexOf('#') + 1))
}

describe.skipIf(!hasChromium)('search results in every release land on their rule', () => {
  const site = useSite()

  test('online: every result of the dropdown and the results page, in every release', { timeout: 600_000 }, async () => {
    const bases = releaseBases()
    expect(bases.length).toBeGreaterThanOrEqual(7)
    const { page, context, errors } = await newPage(site)
    let links = 0
    const broken: string[] = []
    for (const base of bases) {
      const r = await searchRelease(page, site.url, base)
      links += r.links
      broken.push(...r.broken)
      await tapFirst(page, site.url, base)
    }
    console.log(`search result links, ${bases.length} releases × ${QUERIES.length} queries: ${links - broken.length} of ${links} land on their rule`)
    expect(broken.slice(0, 10)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  test.each(['/full/', '/v24.03/full/', '/v22.12/runs/'])('a reference previews its rule on %s (the one-page rules name no chapter in their links)', async (path) => {
    const { page, context, errors } = await newPage(site)
    await page.goto(`${site.url}${path}`)
    const ref = page.locator('main a.cr-ref[data-ref]').first()
    const id = (await ref.getAttribute('data-ref'))!
    const number = await page.evaluate((id) => document.getElementById(id)?.dataset.n ?? '', id)
    await ref.focus()
    const pop = page.locator('#cr-pop')
    await pop.waitFor({ state: 'visible' })
    expect(await pop.locator('.pop-h').textContent()).toMatch(new RegExp(`^${number.replace(/\./g, '\\.')} `))
    expect(errors).toEqual([])
    await context.close()
  })

  // Offline, the current rules and two held releases (the v24.03 and the oldest): keeping a
  // release is 1,700 files, and every held release takes the same path through the service worker.
  test('offline: releases kept, then every result again with no network', { timeout: 900_000 }, async () => {
    const all = releaseBases()
    const bases = all.filter((b) => b === '/' || b === '/v24.03/' || b === all.at(-1))
    expect(bases).toHaveLength(3)
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } })
    context.setDefaultTimeout(180_000)
    try {
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort())
      const page = await context.newPage()
      await page.goto(`${site.url}/`)
      // The current rules are kept on the first visit; each held release with its banner's button.
      await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 300_000 })
      for (const base of bases.filter((b) => b !== '/')) {
        await page.goto(`${site.url}${base}`)
        const keep = page.locator('main .old .keep')
        await keep.waitFor()
        if ((await keep.textContent())?.includes('Keep')) {
          await keep.click()
          await page.waitForFunction(() => document.querySelector('main .old .keep')?.textContent === 'Saved for offline reading', null, { timeout: 300_000 })
        }
      }
      await context.setOffline(true)
      const broken: string[] = []
      for (const base of bases) {
        broken.push(...(await searchRelease(page, site.url, base)).broken)
        await tapFirst(page, site.url, base)
      }
      expect(broken.slice(0, 10)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
