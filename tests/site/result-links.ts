/**
 * Search's result links, as a reader meets them: typed into the header's box
 * (the dropdown) and on the results page, in any release, and whether each
 * lands on its rule (the page is there and has the element its `#` names).
 * Shared by `release-links.test.ts` and the before/after count in its report.
 */
import type { Page } from 'playwright-core'

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
