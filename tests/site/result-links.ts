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

/**
 * Search every query in `base`, dropdown and results page; the links that do not land, and how
 * many there were. One page load for the dropdowns (the queries typed in turn into the header's
 * box of `<base>runs/`) and one for the results page (the first query as its URL, the others typed
 * into its box): a load per query cost a load and Pagefind's start each, the file's most time.
 */
export async function searchRelease(page: Page, origin: string, base: string) {
  await page.goto(`${origin}${base}runs/`)
  const dropdowns: string[][] = []
  for (const q of QUERIES) dropdowns.push(await typed(page, '#q', '#q ~ .search-panel .search-results', q))
  const found: { q: string; href: string }[] = []
  for (const [i, q] of QUERIES.entries()) {
    const list = '[data-search-page] .search-results'
    let resultsPage: string[]
    if (i === 0) {
      await page.goto(`${origin}${base}search/?q=${encodeURIComponent(q)}`)
      await page.waitForFunction(([list, q]) => document.querySelector<HTMLElement>(list!)?.dataset.done === q, [list, q])
      resultsPage = await page.$$eval(`${list} a.hit`, (as) => as.map((a) => a.getAttribute('href') ?? ''))
    } else resultsPage = await typed(page, '#sq', list, q)
    const dropdown = dropdowns[i]!
    expect(dropdown.length, `${base} "${q}" dropdown`).toBeGreaterThan(0)
    expect(resultsPage.length, `${base} "${q}" results page`).toBeGreaterThanOrEqual(dropdown.length)
    for (const href of [...dropdown, ...resultsPage]) expect(href.startsWith(base), `${base} "${q}": ${href}`).toBe(true)
    found.push(...[...dropdown, ...resultsPage].map((href) => ({ q, href })))
  }
  // Each page the links name fetched and parsed once for the release, not once per query.
  const broken = new Set(await brokenLinks(page, [...new Set(found.map((f) => f.href))]))
  return { broken: found.filter((f) => broken.has(f.href)).map((f) => `${base} "${f.q}": ${f.href}`), links: found.length }
}

/** One query's result links, typed into `box` on the page as it is (emptied first, which empties `list`: no row of the last query is kept). */
async function typed(page: Page, box: string, list: string, q: string): Promise<string[]> {
  await page.fill(box, '')
  await page.waitForFunction((list) => (document.querySelector<HTMLElement>(list)?.dataset.done ?? '') === '', list)
  await page.fill(box, q)
  await page.waitForFunction(([list, q]) => document.querySelector<HTMLElement>(list!)?.dataset.done === q, [list, q])
  return page.$$eval(`${list} a.hit`, (as) => as.map((a) => a.getAttribute('href') ?? ''))
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
