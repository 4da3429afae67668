/**
 * Wherever the site resolves a rule number — search's Enter, the results
 * page's `?q=`, `?r=`, a permalink — the reader lands on the same rule with
 * the same explanation when the number moved, was merged or named another
 * rule in another release; on an old release's pages too. And permalinks
 * typed by hand land on their rule, never another.
 */
import { describe, expect, test } from 'vitest'
import { serveStatic } from '../../site/integration/static-server.ts'
import { DIST, hasChromium, newPage, useSite } from './helpers.ts'

const RESULTS = '#q ~ .search-panel .search-results'

describe.skipIf(!hasChromium)('a number, wherever it is resolved', () => {
  const site = useSite()

  /** The note at the foot of the screen once `go` has landed on `hash`. */
  async function noteAfter(go: (page: Awaited<ReturnType<typeof newPage>>['page']) => Promise<unknown>, hash: string) {
    const { page, context, errors } = await newPage(site)
    await go(page)
    await page.waitForURL((u) => u.hash === hash)
    const url = new URL(page.url())
    const note = await page.locator('.number-note').textContent()
    const links = await page.locator('.number-note a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(errors).toEqual([])
    await context.close()
    return { path: url.pathname + url.search, note, links }
  }

  async function searchEnter(page: Awaited<ReturnType<typeof newPage>>['page'], at: string, q: string) {
    await page.goto(`${site.url}${at}`)
    await page.fill('#q', q)
    await page.waitForFunction(([sel, q]) => document.querySelector<HTMLElement>(sel!)?.dataset.done === q, [RESULTS, q])
    await page.press('#q', 'Enter')
  }

  test('6.2.5, which named another rule before: Enter, ?r=, the results page and /r/ land on it with the same note', async () => {
    const hash = '#rule_position_runner'
    const permalink = await noteAfter((p) => p.goto(`${site.url}/r/6.2.5/`), hash)
    expect(permalink.note).toMatch(/^6\.2\.5 is this rule today\. It named another rule before:6\.2\.5 in v22\.12–v24\.03 \(rule_move_runner_to_position\) is 6\.2\.8 now\./)
    const enter = await noteAfter((p) => searchEnter(p, '/runs/', '6.2.5'), hash)
    const r = await noteAfter((p) => p.goto(`${site.url}/?r=6.2.5`), hash)
    const results = await noteAfter((p) => p.goto(`${site.url}/search/?q=6.2.5`), hash)
    for (const landed of [enter, r, results]) {
      expect(landed.path).toBe('/runs/?from=6.2.5')
      expect(landed.note).toBe(permalink.note)
      expect(landed.links).toEqual(['/runs/#rule_move_runner_to_position'])
    }
  })

  test('10.5.5, which no rule has today: Enter lands on the rule it was merged into, and says so there', async () => {
    const landed = await noteAfter((p) => searchEnter(p, '/runs/', '10.5.5'), '#rule_remove_tags_or_bad_publicity_as_cost')
    expect(landed.path).toBe('/game-concepts/?from=10.5.5')
    expect(landed.note).toMatch(/^No rule is numbered 10\.5\.5 today\.10\.5\.5 in v22\.12–v25\.08 \(\w+\) was merged into 1\.14\.3a/)
    // ?r= lands there too, with the same words.
    expect((await noteAfter((p) => p.goto(`${site.url}/?r=10.5.5`), '#rule_remove_tags_or_bad_publicity_as_cost')).note).toBe(landed.note)
  })

  test('an old release’s search reads today’s number in that release: 6.2.8 on /v24.03/ is its 6.2.5', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/v24.03/runs/`)
    await page.fill('#q', '6.2.8')
    await page.waitForFunction(([sel]) => document.querySelector<HTMLElement>(sel!)?.dataset.done === '6.2.8', [RESULTS])
    const hit = page.locator('#q ~ .search-panel a.hit').first()
    await expect(hit.locator('.hit-n').textContent()).resolves.toBe('6.2.5')
    await expect(hit.locator('.hit-where').textContent()).resolves.toBe('6.2.8 today')
    await expect(hit.textContent()).resolves.toContain('6.2.8 today (rule_move_runner_to_position) is 6.2.5 in v24.03')
    await context.close()
    const hash = '#rule_move_runner_to_position'
    const enter = await noteAfter((p) => searchEnter(p, '/v24.03/runs/', '6.2.8'), hash)
    expect(enter.path).toBe('/v24.03/runs/?from=6.2.8')
    expect(enter.note).toMatch(/^No rule is numbered 6\.2\.8 in v24\.03\.6\.2\.8 today \(rule_move_runner_to_position\) is 6\.2\.5 in v24\.03\. Open 6\.2\.5/)
    // The note's link stays in the release read; its permalink and a citation of it on the current site land alike.
    expect(enter.links).toEqual(['/v24.03/runs/#rule_move_runner_to_position'])
    expect((await noteAfter((p) => p.goto(`${site.url}/v24.03/r/6.2.8/`), hash)).note).toBe(enter.note)
    const cited = await noteAfter((p) => searchEnter(p, '/runs/', 'CR 24.03 6.2.8'), hash)
    expect(cited).toEqual(enter)
  })

  test('an old release’s own number that names another rule today says so on landing (/v24.03/?r=6.2.5)', async () => {
    const landed = await noteAfter((p) => p.goto(`${site.url}/v24.03/?r=6.2.5`), '#rule_move_runner_to_position')
    expect(landed.path).toBe('/v24.03/runs/?from=6.2.5')
    expect(landed.note).toMatch(/^6\.2\.5 is this rule in v24\.03 \(6\.2\.8 today\)\. It is another rule in other releases:6\.2\.5 today \(rule_position_runner\)/)
  })

  test('a number that always named the same rule lands plainly, with no note', async () => {
    const { page, context } = await newPage(site)
    await searchEnter(page, '/glossary/', '6.1.4')
    await page.waitForURL((u) => u.hash === '#rule_end_the_run')
    expect(new URL(page.url()).search).toBe('')
    await expect(page.locator('.number-note').count()).resolves.toBe(0)
    await context.close()
  })
})

describe.skipIf(!hasChromium)('permalinks typed by hand', () => {
  const site = useSite()

  test('any case, no final slash, a space before the letter: the rule, by the same lookup as the search box', async () => {
    const cases: [string, string, string][] = [
      ['/r/RULE_END_THE_RUN/', '/runs/', '#rule_end_the_run'],
      ['/r/rule_end_the_run', '/runs/', '#rule_end_the_run'],
      ['/R/Rule_End_The_Run', '/runs/', '#rule_end_the_run'],
      ['/r/6.1.4A/', '/runs/', '#rule_end_run_access_or_breach_during_run'],
      ['/r/6.1.4 a/', '/runs/', '#rule_end_run_access_or_breach_during_run'],
      ['/V24.03/R/6.2.5', '/v24.03/runs/', '#rule_move_runner_to_position'],
    ]
    const { page, context, errors } = await newPage(site)
    for (const [path, pathname, hash] of cases) {
      await page.goto(`${site.url}${path}`)
      await page.waitForURL((u) => u.hash !== '' || u.pathname === '/search/')
      const url = new URL(page.url())
      expect([url.pathname, url.hash], path).toEqual([pathname, hash])
    }
    expect(errors).toEqual([])
    await context.close()
  })

  test('without script, on a host that folds nothing, a permalink in another case or with a stray character is a 404 that offers the ways in that work without it', async () => {
    // A static host has no file for every form (each would be 8 KB of dist/): the 404 page says the exact form and links what needs no script.
    // (`npm start`'s server redirects them: across-releases.test.ts; this is a host like GitHub Pages.)
    const plain = await serveStatic(DIST, 0, '127.0.0.1', { foldPermalinks: false })
    const { page, context } = await newPage(site, { javaScriptEnabled: false })
    for (const path of ['/r/6.1.4A/', '/r/6.1.4a%20/', '/r/RULE_END_THE_RUN']) {
      const response = await page.goto(`${plain.url}${path}`)
      expect(response?.status(), path).toBe(404)
      const block = page.locator('.nf-noscript')
      await expect(block.isVisible(), path).resolves.toBe(true)
      await expect(block.locator('p').first().textContent()).resolves.toMatch(/\/r\/6\.1\.4a\/.*\/r\/rule_end_the_run\//)
      const links = await block.locator('a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))
      expect(links.map((l) => new URL(l).pathname)).toEqual(['/', '/full/', '/glossary/'])
      for (const link of links) expect((await context.request.get(link)).status(), link).toBe(200)
      // No web search of a site that is not public (no CR_SITE_URL): nothing to offer that would find nothing.
      await expect(block.locator('form').count()).resolves.toBe(0)
    }
    // All rules on one page, for the browser's Find: the rule the mistyped link meant is under its number, as the page says.
    await page.goto(`${site.url}/full/`)
    await expect(page.locator('#rule_end_the_run > .rt .n').textContent()).resolves.toBe('6.1.4.')
    await expect(page.locator('#rule_end_the_run #rule_end_run_access_or_breach_during_run .n').textContent()).resolves.toBe('a.')
    await context.close()
    await plain.close()
  })

  test('a key no release knows goes to search with it, never to some rule', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/r/RULE_NO_SUCH_THING/`)
    await page.waitForURL((u) => u.pathname === '/search/')
    expect(new URL(page.url()).searchParams.get('q')).toBe('RULE_NO_SUCH_THING')
    await context.close()
  })
})
