/**
 * Search lands on the rule in every release (issue 19): each release's
 * search box and results page, every result opened, online (and offline,
 * once the release is kept, in offline.test.ts, whose one phone keeps the
 * releases). The links come from the release's route builder; before it,
 * a held release's results were `/v24.03/v24.03/…` (0 of 674 landed).
 */
import { describe, expect, test } from 'vitest'
import { DIST, hasChromium, newPage, useSite } from './helpers.ts'
import { QUERIES, releaseBases, searchRelease, tapFirst } from './result-links.ts'

describe.skipIf(!hasChromium)('search results in every release land on their rule', () => {
  const site = useSite()

  test('online: every result of the dropdown and the results page, in every release', { timeout: 600_000 }, async () => {
    const bases = releaseBases(DIST)
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
    const ref = page.locator('main a.cr-ref').first()
    const id = (await ref.getAttribute('href'))!.split('#')[1]!
    const number = await page.evaluate((id) => document.getElementById(id)?.dataset.n ?? '', id)
    await ref.focus()
    const pop = page.locator('#cr-pop')
    await pop.waitFor({ state: 'visible' })
    expect(await pop.locator('.pop-h').textContent()).toMatch(new RegExp(`^${number.replace(/\./g, '\\.')} `))
    expect(errors).toEqual([])
    await context.close()
  })
})
