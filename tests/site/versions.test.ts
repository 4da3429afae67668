/**
 * Every release, side by side: the version switcher keeps the reader on the
 * same rule, old releases say they are old, changes pages show each change
 * word by word, rules show their history, and retired IDs keep working.
 */
import { describe, expect, test } from 'vitest'
import { hasChromium, newPage, useSite } from './helpers.ts'

describe.skipIf(!hasChromium)('versions', () => {
  const site = useSite()

  describe('the version switcher', () => {
    test.each([
      ['/runs/#rule_end_the_run', 'v24.03', '/v24.03/runs/', 'rule_end_the_run'],
      // Renamed in v24.03: the step it became, in another kind of list.
      ['/v23.08/additional-rules/#rule_checkpoint_uniqueness', 'current', '/additional-rules/', 'step_checkpoint_uniqueness'],
      ['/additional-rules/#step_checkpoint_uniqueness', 'v23.08', '/v23.08/additional-rules/', 'rule_checkpoint_uniqueness'],
      // Added in v26.03: v25.08 has its parent.
      ['/runs/#rule_pass_after_breaking', 'v25.08', '/v25.08/runs/', 'rule_modify_run_steps'],
      ['/full/#rule_end_the_run', 'v22.12', '/v22.12/full/', 'rule_end_the_run'],
    ])('%s → %s lands on the same rule', async (from, key, path, id) => {
      const { page, context, errors } = await newPage(site)
      await page.goto(`${site.url}${from}`)
      await page.click('.vs summary')
      const choice = page.locator(`.vs-menu a[data-vs="${key}"]`)
      await expect(choice.isVisible()).resolves.toBe(true)
      await choice.click()
      await page.waitForURL((u) => u.pathname === path && u.hash === `#${id}`)
      await expect(page.locator(':target').getAttribute('id')).resolves.toBe(id)
      expect(errors).toEqual([])
      await context.close()
    })

    test('lists every release with its date, and closes with Escape', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/runs/`)
      const summary = page.locator('.vs summary')
      await expect(summary.textContent()).resolves.toMatch(/^Release v26\.03/)
      await summary.click()
      const items = await page.locator('.vs-menu li a').allTextContents()
      expect(items.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
        expect.stringMatching(/^Current rules v26\.03/),
        'v26.03 effective 2 March 2026',
        'v25.08 effective 1 August 2025',
        'v25.04 effective 28 April 2025',
        'v24.03 effective 30 March 2024',
        'v23.08 effective August 2023',
        'v22.12 effective December 2022',
      ])
      await expect(page.locator('.vs-menu a[aria-current="page"]').getAttribute('data-vs')).resolves.toBe('current')
      await page.keyboard.press('Escape')
      await expect(page.locator('.vs').evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false)
      await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('SUMMARY')
      await context.close()
    })

    test('without JavaScript, its entries are links to the same page', async () => {
      const { page, context } = await newPage(site, { javaScriptEnabled: false })
      await page.goto(`${site.url}/runs/#rule_end_the_run`)
      await page.click('.vs summary')
      await page.click('.vs-menu a[data-vs="v24.03"]')
      await page.waitForURL((u) => u.pathname === '/v24.03/runs/' && u.hash === '')
      await context.close()
    })
  })

  test('an old release says so, and links to the same rule today', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/v24.03/runs/#rule_jacking_out`)
    const banner = page.locator('main .old')
    await expect(banner.textContent()).resolves.toMatch(/You are reading v24\.03 \(effective 30 March 2024\); the current rules are v26\.03/)
    await banner.locator('a').click()
    await page.waitForURL((u) => u.pathname === '/runs/' && u.hash === '#rule_jacking_out')
    await expect(page.locator('main .old').count()).resolves.toBe(0)
    await context.close()
  })

  test('an old release has its own reading and search', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/v22.12/?r=6.1.4`)
    await page.waitForURL('**/v22.12/runs/#rule_end_the_run')
    await page.fill('#q', 'jack out')
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === 'jack out')
    const hrefs = await page.$$eval('#q ~ .search-panel .hit', (els) => els.map((e) => e.getAttribute('href') ?? ''))
    expect(hrefs.length).toBeGreaterThan(0)
    expect(hrefs.every((h) => h.startsWith('/v22.12/'))).toBe(true)
    await context.close()
  })

  test("an old release's permalink (no page of its own) lands on that release's rule, not a 404", async () => {
    const { page, context, errors } = await newPage(site)
    // 6.2.5 is another rule today: the release's own 6.2.5, by number and by ID.
    await page.goto(`${site.url}/v24.03/r/6.2.5/`)
    await page.waitForURL((u) => u.pathname === '/v24.03/runs/' && u.hash === '#rule_move_runner_to_position')
    await page.goto(`${site.url}/v24.03/r/rule_end_the_run/`)
    await page.waitForURL((u) => u.pathname === '/v24.03/runs/' && u.hash === '#rule_end_the_run')
    // A current permalink with no page: the home page's lookup, not a dead end.
    await page.goto(`${site.url}/r/6.1.99/`)
    await page.waitForURL((u) => !u.pathname.startsWith('/r/'))
    // Not a release: the plain 404, which names the working form.
    await page.goto(`${site.url}/v99.01/r/6.1.4/`)
    await expect(page.locator('h1').textContent()).resolves.toBe('Not found')
    await expect(page.locator('main').textContent()).resolves.toContain('/v24.03/?r=6.2.5')
    expect(page.url()).toContain('/v99.01/r/6.1.4/')
    expect(errors).toEqual([])
    await context.close()
  })

  describe('changes pages', () => {
    test('v26.03: grouped by chapter, each entry with its kind, linked, word by word', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/changes/v26.03/`)
      await expect(page.locator('h1').textContent()).resolves.toBe('Changes in v26.03')
      // The release's own summary of changes comes first.
      await expect(page.locator('#summary + .changes li').count()).resolves.toBeGreaterThan(5)
      const added = page.locator('#rule_pass_after_breaking')
      await expect(added.locator('.ck').allTextContents()).resolves.toEqual(['added'])
      await expect(added.locator('.ce-n a').getAttribute('href')).resolves.toBe('/v26.03/runs/#rule_pass_after_breaking')
      await expect(added.locator('xpath=ancestor::section/h2').textContent()).resolves.toContain('Runs')
      // Reworded: the changed words, marked up and labelled for screen readers.
      const reworded = page.locator('#rule_ice_subtypes')
      await expect(reworded.locator('.ck').allTextContents()).resolves.toEqual(['reworded'])
      await expect(reworded.locator('del').textContent()).resolves.toBe('removed: Illicit')
      await expect(reworded.locator('ins').textContent()).resolves.toBe('added: Liability')
      // 6.1.5 only prints "section 6.1.4" where it printed "rule 6.1.4" (6.1.4 gained sub-rules): no rewording.
      await expect(page.locator('#rule_jacking_out').count()).resolves.toBe(0)
      await expect(reworded.locator('ins .sr-only').evaluate((e) => getComputedStyle(e).clipPath)).resolves.toBe('inset(50%)')
      // Removed: linked to the release that still had it.
      const removed = page.locator('#rule_bad_publicity_in_credit_pool')
      await expect(removed.locator('.ck').allTextContents()).resolves.toEqual(['removed'])
      await expect(removed.locator('.ce-n a').getAttribute('href')).resolves.toBe('/v25.08/runs/#rule_bad_publicity_in_credit_pool')
      await expect(removed.textContent()).resolves.toContain('Why: Superseded in v26.03')
      // Merged: old → new number and ID (the ID is taken by the reworded entry above it).
      const merged = page.locator('#rule_initiation_bad_publicity--2')
      await expect(merged.locator('.ck').allTextContents()).resolves.toEqual(['merged', 'reworded'])
      await expect(merged.locator('.ce-h').textContent()).resolves.toMatch(/6\.3\.3a\s*→\s*6\.3\.3\s*rule_bad_publicity_cost_to_run\s*→\s*rule_initiation_bad_publicity/)
      await context.close()
    })

    test('linked from the home page and the index', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/`)
      await page.click('.home-links a[href="/changes/v26.03/"]')
      await page.waitForURL('**/changes/v26.03/')
      await page.goto(`${site.url}/v24.03/`)
      await expect(page.locator('.home-links a[href="/changes/v24.03/"]').count()).resolves.toBe(1)
      await page.goto(`${site.url}/changes/`)
      const rows = await page.locator('.ce-index tbody th > a:first-child').allTextContents()
      expect(rows).toEqual(['Unreleased', 'v26.03', 'v25.08', 'v25.04', 'v24.03', 'v23.08'])
      // Each row's PDF beside its name: the current text's, then each release's own.
      const pdfs = await page.locator('.ce-index tbody th a.ce-pdf').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
      expect(pdfs[0]).toBe('/netrunner-cr-current.pdf')
      expect(pdfs.slice(1)).toEqual(['/v26.03/netrunner-cr-v26.03.pdf', '/v25.08/netrunner-cr-v25.08.pdf', '/v25.04/netrunner-cr-v25.04.pdf', '/v24.03/netrunner-cr-v24.03.pdf', '/v23.08/netrunner-cr-v23.08.pdf'])
      await context.close()
    })
  })

  describe('rule history', () => {
    test('a rule that changed has one; a step opens as a diff', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/runs/`)
      const hist = page.locator('#rule_end_the_run > .rm .hist')
      await expect(hist.locator('.hist-sum').isVisible()).resolves.toBe(false)
      await hist.locator('summary').click()
      await expect(hist.locator('.hist-sum').textContent()).resolves.toBe('6.1.4 since v22.12; sub-rules a–c added in v26.03')
      await expect(hist.locator('.hist-h a').getAttribute('href')).resolves.toBe('/changes/v26.03/#rule_end_run_access_or_breach_during_run')

      await page.goto(`${site.url}/additional-rules/`)
      const damage = page.locator('#rule_meat_net_damage > .rm .hist')
      await damage.locator('summary').click()
      await expect(damage.locator('.hist-h').textContent()).resolves.toBe('v26.03 · 10.4.2a · reworded')
      await expect(damage.locator('.wd ins').first().textContent()).resolves.toMatch(/^added: the player responsible for the damage trashes 1 randomly-chosen card\s*$/)
      await damage.locator('.hist-h a').click()
      await page.waitForURL('**/changes/v26.03/#rule_meat_net_damage')
      await expect(page.locator(':target .ck').textContent()).resolves.toBe('reworded')
      await context.close()
    })

    test('a rule that changed shows it; the chapter says the others read as in the oldest release', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/runs/`)
      const rules = await page.$$eval('li.r:not(.k-timing)', (els) => els.map((e) => ({ id: e.id, hist: !!e.querySelector(':scope > .rm > .hist') })))
      const shown = rules.filter((r) => r.hist).length
      expect(shown).toBeGreaterThan(0)
      expect(shown).toBeLessThan(rules.length / 2)
      // 6.1.1 is as it was in v22.12; 6.1.4 gained sub-rules in v26.03.
      expect(rules.find((r) => r.id === 'rule_run')?.hist).toBe(false)
      expect(rules.find((r) => r.id === 'rule_end_the_run')?.hist).toBe(true)
      await expect(page.locator('.hist-note').textContent()).resolves.toBe(
        `${shown} of ${rules.length} entries have changed since v22.12 and show their History; the others read as they did then.`,
      )
      await context.close()
    })
  })

  describe('retired IDs', () => {
    test('/r/<renamed id>/ lands on the rule it became', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/r/rule_checkpoint_uniqueness/`)
      await page.waitForURL('**/additional-rules/#step_checkpoint_uniqueness')
      await expect(page.locator(':target').getAttribute('id')).resolves.toBe('step_checkpoint_uniqueness')
      await context.close()
    })

    test('/?r=<renamed id> and the search box go to the rule it became', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/?r=rule_checkpoint_uniqueness`)
      await page.waitForURL((u) => u.pathname === '/additional-rules/' && u.hash === '#step_checkpoint_uniqueness')
      await page.goto(`${site.url}/runs/`)
      await page.fill('#q', 'rule_checkpoint_uniqueness')
      await page.locator('#q ~ .search-panel a[href="/additional-rules/#step_checkpoint_uniqueness"]').waitFor()
      await page.keyboard.press('Enter')
      await page.waitForURL((u) => u.pathname === '/additional-rules/' && u.hash === '#step_checkpoint_uniqueness')
      await context.close()
    })

    test('/r/<removed id>/ says when and why, and links to the last release that had it', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/r/rule_bad_publicity_in_credit_pool/`)
      await expect(page.locator('h1').textContent()).resolves.toBe('rule_bad_publicity_in_credit_pool was removed')
      await expect(page.locator('main').textContent()).resolves.toMatch(/It was rule 6\.3\.3b in v25\.08 \(effective 1 August 2025\), and is not in v26\.03 or later\./)
      await expect(page.locator('main').textContent()).resolves.toContain('Why: Superseded in v26.03')
      // The rule it names is a link to that rule, by its number as rule text names one, and no sentence ends twice.
      await expect(page.locator('main p:has-text("Why:") a').textContent()).resolves.toBe('10.6.2')
      await expect(page.locator('main p:has-text("Why:") a').getAttribute('href')).resolves.toBe('/additional-rules/#rule_bad_publicity_fund')
      await expect(page.locator('main').textContent()).resolves.not.toMatch(/\.\.|\{ref:/)
      await page.click('a[href="/v25.08/runs/#rule_bad_publicity_in_credit_pool"]')
      await expect(page.locator(':target').getAttribute('id')).resolves.toBe('rule_bad_publicity_in_credit_pool')
      await context.close()
    })
  })
})
