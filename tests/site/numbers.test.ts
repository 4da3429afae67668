/**
 * Every number any release printed resolves on the site, and says so when it
 * moved or now names another rule (issue 19): from today's releases, and from
 * a copy of rules/ renumbered the way an editor renumbers it (a rule inserted
 * before 6.1.4).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { prepareSite } from '../../site/data/store.ts'
import type { NumberPage, SiteData } from '../../site/data/types.ts'
import { earlierMeanings } from '../../site/shared/numbers.ts'
import { astroBuild, BUILD_TIMEOUT, hasChromium, newPage, openSite, ROOT, useSite, type Site } from './helpers.ts'

const text = (p: NumberPage['earlier'][number]) => p.sentence.map((s) => s.text).join('')

/** A copy of rules/ with a rule inserted before 6.1.4 (`rule_end_the_run`), which renumbers everything after it. */
function renumberedRules(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cr-renumbered-'))
  cpSync(join(ROOT, 'rules'), dir, { recursive: true })
  const file = join(dir, '06_runs.yaml')
  const yaml = readFileSync(file, 'utf8')
  const at = yaml.indexOf('  - subsection: rule_end_the_run\n')
  expect(at).toBeGreaterThan(0)
  writeFileSync(file, `${yaml.slice(0, at)}  - rule: rule_inserted_for_test\n    text: A rule inserted before the rule that ends the run.\n${yaml.slice(at)}`)
  return dir
}

describe('the site’s numbers, from the held releases', () => {
  let site: SiteData
  beforeAll(() => {
    site = prepareSite(ROOT, { ...process.env, CR_RELEASES: 'v26.03', CR_COVERAGE: '' })
  }, 300_000)

  test('a number no rule has today has a page saying what it named: 10.5.5 was merged into 1.14.3a', () => {
    const page = site.numbers.pages.find((p) => p.number === '10.5.5')!
    expect(page.today).toBeUndefined()
    expect(page.earlier.map(text)).toEqual([expect.stringMatching(/^10\.5\.5 in v\d\d\.\d\d(–v25\.08)? \(\w+\) was merged into 1\.14\.3a/)])
    expect(page.earlier[0]!.now).toMatchObject({ number: '1.14.3a', url: expect.stringMatching(/^\/game-concepts\/#/) })
  })

  test('a number that named another rule before says so: 6.2.5 was rule_move_runner_to_position, 6.2.8 today', () => {
    const page = site.numbers.renamed['6.2.5']!
    expect(page.today?.id).toBe('rule_position_runner')
    expect(page.earlier.map(text)).toContainEqual(expect.stringMatching(/^6\.2\.5 in v22\.12–v24\.03 \(rule_move_runner_to_position\) is 6\.2\.8 now$/))
    // The browser explains it in the same sentence, from numbers.json, the IDs as the same code parts.
    expect(earlierMeanings(site.numbers.json, '6.2.5').map((m) => m.sentence)).toEqual(page.earlier.map((e) => e.sentence))
    expect(page.earlier[0]!.sentence.filter((p) => p.code).map((p) => p.text)).toEqual(['rule_move_runner_to_position'])
  })

  test('a number that always named today’s rule has no history: 6.1.4', () => {
    expect(site.numbers.renamed['6.1.4']).toBeUndefined()
    expect(site.numbers.json.n['6.1.4']).toBeUndefined()
  })
})

describe('after a rule is inserted before 6.1.4', () => {
  let rules: string
  let site: SiteData
  beforeAll(() => {
    rules = renumberedRules()
    site = prepareSite(ROOT, { ...process.env, CR_RULES_DIR: rules, CR_RELEASES: 'v26.03', CR_COVERAGE: '' })
  }, 300_000)
  afterAll(() => rmSync(rules, { recursive: true, force: true }))

  test('/r/6.1.4/ is the inserted rule, and says what 6.1.4 named until now', () => {
    const page = site.numbers.renamed['6.1.4']!
    expect(page.today?.id).toBe('rule_inserted_for_test')
    expect(page.earlier.map(text)).toEqual(['6.1.4 in v22.12–v26.03 (rule_end_the_run) is 6.1.5 now'])
  })

  test('/r/6.1.4a/ (v26.03’s number for a moved rule) says where it is now', () => {
    const page = site.numbers.pages.find((p) => p.number === '6.1.4a')!
    expect(page.earlier.map(text)).toEqual(['6.1.4a in v26.03 (rule_end_run_access_or_breach_during_run) is 6.1.5a now'])
    expect(page.earlier[0]!.now?.url).toBe('/runs/#rule_end_run_access_or_breach_during_run')
    expect(page.earlier[0]!.then).toBe('/v26.03/runs/#rule_end_run_access_or_breach_during_run')
  })
})

describe.skipIf(!hasChromium)('numbers in the browser', () => {
  const site = useSite()

  test('/r/10.5.5/ says what it was and links to the rule today', async () => {
    const { page, context, errors } = await newPage(site)
    await page.goto(`${site.url}/r/10.5.5/`)
    await expect(page.locator('h1').textContent()).resolves.toBe('No rule is numbered 10.5.5 today')
    await expect(page.locator('.number-history').textContent()).resolves.toMatch(/was merged into 1\.14\.3a/)
    await page.click('.number-history a:has-text("Read 1.14.3a")')
    await page.waitForURL((u) => u.pathname === '/game-concepts/')
    expect(errors).toEqual([])
    await context.close()
  })

  test('/r/6.2.5/ lands on today’s 6.2.5 and says what 6.2.5 named before', async () => {
    const { page, context, errors } = await newPage(site)
    await page.goto(`${site.url}/r/6.2.5/`)
    await page.waitForURL((u) => u.pathname === '/runs/' && u.hash === '#rule_position_runner')
    const note = page.locator('.number-note')
    await expect(note.textContent()).resolves.toMatch(/6\.2\.5 is this rule today\. .*6\.2\.5 in v22\.12–v24\.03 \(rule_move_runner_to_position\) is 6\.2\.8 now\. Open 6\.2\.8/)
    await note.locator('a').click()
    await page.waitForURL((u) => u.hash === '#rule_move_runner_to_position')
    expect(errors).toEqual([])
    await context.close()
  })

  test('a held release’s permalink to a number it never printed explains it (/v26.03/r/10.5.5/)', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/v26.03/r/10.5.5/`)
    await expect(page.locator('.number-note').textContent()).resolves.toMatch(/^No rule is numbered 10\.5\.5 in v26\.03\..*was merged into 1\.14\.3a/)
    await context.close()
  })

  test('the search box says where an old number went, and Enter goes there', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/runs/`)
    await page.fill('#q', '10.5.5')
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === '10.5.5')
    const hit = page.locator('#q ~ .search-panel a.hit').first()
    await expect(hit.locator('.hit-n').textContent()).resolves.toBe('1.14.3a')
    await expect(hit.textContent()).resolves.toContain('was merged into 1.14.3a')
    await Promise.all([page.waitForURL((u) => u.pathname === '/game-concepts/'), page.press('#q', 'Enter')])
    // Not silently: the page it lands on says why.
    await expect(page.locator('.number-note').textContent()).resolves.toMatch(/^No rule is numbered 10\.5\.5 today\..*was merged into 1\.14\.3a/)
    await context.close()
  })
})

describe.skipIf(!hasChromium)('a site built from the renumbered rules', () => {
  let rules: string
  let out: string
  let site: Site
  beforeAll(async () => {
    rules = renumberedRules()
    out = mkdtempSync(join(tmpdir(), 'cr-site-renumbered-'))
    await astroBuild({ CR_RULES_DIR: rules, CR_RELEASES: 'v26.03', CR_PDF: '0', CR_COVERAGE: '' }, out)
    site = await openSite(out)
  }, BUILD_TIMEOUT * 2)
  afterAll(async () => {
    await site?.close()
    for (const dir of [rules, out]) if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test('/r/6.1.4/ opens the inserted rule, not silently: it says 6.1.4 was rule_end_the_run, 6.1.5 now', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/r/6.1.4/`)
    await page.waitForURL((u) => u.hash === '#rule_inserted_for_test')
    await expect(page.locator('.number-note').textContent()).resolves.toContain('6.1.4 in v22.12–v26.03 (rule_end_the_run) is 6.1.5 now')
    await context.close()
  })

  test('?r=6.1.4 and Enter on 6.1.4 open the inserted rule saying so, as /r/6.1.4/ does; Copy link names the rule by ID', async () => {
    const { page, context, errors } = await newPage(site, { permissions: ['clipboard-read', 'clipboard-write'] })
    const said = '6.1.4 is this rule today. It named another rule before:6.1.4 in v22.12–v26.03 (rule_end_the_run) is 6.1.5 now.'
    await page.goto(`${site.url}/?r=6.1.4`)
    await page.waitForURL((u) => u.hash === '#rule_inserted_for_test' && u.search === '?from=6.1.4')
    await expect(page.locator('.number-note').textContent()).resolves.toContain(said)
    await page.goto(`${site.url}/glossary/`)
    await page.fill('#q', '6.1.4')
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === '6.1.4')
    await Promise.all([page.waitForURL((u) => u.hash === '#rule_inserted_for_test' && u.search === '?from=6.1.4'), page.press('#q', 'Enter')])
    await expect(page.locator('.number-note').textContent()).resolves.toContain(said)
    // The link shared for rule_end_the_run (6.1.5 here) is its ID's, which the insert did not move.
    await page.goto(`${site.url}/runs/`)
    await page.locator('#rule_end_the_run > .rt .n').focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(`${site.url}/r/rule_end_the_run/`)
    expect(errors).toEqual([])
    await context.close()
  })

  test('/r/6.1.4a/ says where v26.03’s 6.1.4a is now, and the search box agrees', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/r/6.1.4a/`)
    await expect(page.locator('.number-history').textContent()).resolves.toContain('6.1.4a in v26.03 (rule_end_run_access_or_breach_during_run) is 6.1.5a now')
    await page.fill('#q', '6.1.4a')
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === '6.1.4a')
    await expect(page.locator('#q ~ .search-panel a.hit .hit-n').first().textContent()).resolves.toBe('6.1.5a')
    await context.close()
  })
})
