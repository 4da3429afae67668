/**
 * Search's result links, as a reader meets them: typed into the header's box
 * (the dropdown) and on the results page, in any release, and whether each
 * lands on its rule (the page is there and has the element its `#` names).
 * Shared by `release-links.test.ts` (online) and `offline.test.ts` (the
 * same, with no network), and the before/after count in its report.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/** Every release the build in `dist` serves: the current rules, then each held release. */
export const releaseBases = (dist: string) => ['/', ...readdirSync(dist).filter((d) => /^v\d\d\.\d\d$/.test(d) && existsSync(join(dist, d, 'lookup.json'))).sort().reverse().map((d) => `/${d}/`)]

export const QUERIES = ['breach', 'jack out', 'trash cost']

/** Search every query in `base`, dropdown and results page; the links that do not land, and how many there were. */
export async function searchRelease(page: Page, origin: string, base: string) {
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
export async function tapFirst(page: Page, origin: string, base: string) {
  await page.goto(`${origin}${base}`)
  await page.fill('#q', 'breach')
  await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === 'breach')
  const first = page.locator('#q ~ .search-panel a.hit').first()
  const href = (await first.getAttribute('href'))!
  await first.click()
  await page.waitForURL((u) => u.pathname + u.hash === href)
  await expect(page.locator(':target').getAttribute('id')).resolves.toBe(href.slice(href.indexOf('#') + 1))
}

/** The hrefs of one query's results: the dropdown's on `<base>runs/`, then the results page's. */
export async function resultLinks(page: Page, origin: string, base: string, q: string): Promise<{ dropdown: string[]; resultsPage: string[] }> {
  await page.goto(`${origin}${base}runs/`)
  await page.fill('#q', q)
  await page.waitForFunction((q) => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === q, q)
  const dropdown = await page.$$eval('#q ~ .search-panel .search-results a.hit', (as) => as.map((a) => a.getAttribute('href') ?? ''))
  await page.goto(`${origin}${base}search/?q=${encodeURIComponent(q)}`)
  await page.waitForFunction((q) => document.querySelector<HTMLElement>('[data-search-page] .search-results')?.dataset.done === q, q)
  const resultsPage = await page.$$eval('[data-search-page] .search-results a.hit', (as) => as.map((a) => a.getAttribute('href') ?? ''))
  return { dropdown, resultsPage }
}

/**
 * Which of `hrefs` do not land on their rule, fetched from the page (so,
 * offline, through the service worker): the page must answer 200 and hold
 * the element named by the `#`.
 */
export async function brokenLinks(page: Page, hrefs: string[]): Promise<string[]> {
  return page.evaluate(async (hrefs) => {
    const pages = new Map<string, Promise<Document | undefined>>()
    const load = (path: string) => {
      let p = pages.get(path)
      if (!p) {
        p = fetch(path).then(
          async (r) => (r.ok ? new DOMParser().parseFromString(await r.text(), 'text/html') : undefined),
          () => undefined,
        )
        pages.set(path, p)
      }
      return p
    }
    const broken: string[] = []
    for (const href of hrefs) {
      const url = new URL(href, location.href)
      const doc = await load(url.pathname)
      const id = decodeURIComponent(url.hash.slice(1))
      if (!doc || !id || !doc.getElementById(id)) broken.push(href)
    }
    return broken
  }, hrefs)
}
