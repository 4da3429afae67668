/** Reading: permalinks and deep links land on the rule; previews, copy buttons, highlights and themes work. */
import { describe, expect, test } from 'vitest'
import { hasChromium, newPage, useSite } from './helpers.ts'

describe.skipIf(!hasChromium)('reading', () => {
  const site = useSite()

  describe('links land on the rule', () => {
    test.each([
      ['/r/6.1.4a/', '/runs/', 'rule_end_run_access_or_breach_during_run'],
      ['/r/6.1.4/', '/runs/', 'rule_end_the_run'],
      ['/r/rule_end_the_run/', '/runs/', 'rule_end_the_run'],
      ['/r/6.9/', '/runs/', 'sec_steps_of_a_run'],
      ['/?r=rule_end_the_run', '/runs/', 'rule_end_the_run'],
      ['/?r=6.1.4a', '/runs/', 'rule_end_run_access_or_breach_during_run'],
      ['/runs/#rule_end_the_run', '/runs/', 'rule_end_the_run'],
    ])('%s', async (from, path, id) => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}${from}`)
      await page.waitForURL(`**${path}#${id}`)
      await expect(page.locator(':target').getAttribute('id')).resolves.toBe(id)
      // The printed number is text in the page, not generated content.
      const number = await page.locator(':target .n').first().textContent()
      expect(number).toMatch(/^(\d+\.)+$|^[a-z]+\.$/)
      await context.close()
    })
  })

  describe('previews', () => {
    test('hovering a reference shows the target rule', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/runs/`)
      // 6.1.3a refers to rule 6.2.8 ("See section 6.2.8").
      const ref = page.locator('#rule_directly_approach_encounter .cr-ref').first()
      const target = await ref.getAttribute('data-ref')
      await ref.hover()
      const pop = page.locator('#cr-pop')
      await pop.waitFor({ state: 'visible' })
      const expected = await page.locator(`#${target} > .rt .tx`).first().textContent()
      const shown = await pop.textContent()
      expect(shown).toContain(expected!.slice(0, 60))
      await expect(ref.getAttribute('aria-describedby')).resolves.toBe('cr-pop')
      await page.keyboard.press('Escape')
      await pop.waitFor({ state: 'hidden' })
      await context.close()
    })

    test('focusing a reference to another chapter shows that rule', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/runs/`)
      const ref = page.locator('a.cr-ref[href^="/game-concepts/"]').first()
      await ref.focus()
      const pop = page.locator('#cr-pop')
      await pop.waitFor({ state: 'visible' })
      expect((await pop.textContent())!.length).toBeGreaterThan(10)
      await context.close()
    })

    test('hovering a card shows its image and text', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/runs/`)
      const card = page.locator('a.cr-card[data-card="Sneakdoor Beta"]').first()
      // The card's entry on this site (issue 20), not the card database.
      await expect(card.getAttribute('href')).resolves.toBe('/cards/#card-sneakdoor-beta')
      await card.hover()
      const pop = page.locator('#cr-pop')
      await pop.waitFor({ state: 'visible' })
      await expect(pop.locator('img').getAttribute('src')).resolves.toMatch(/^https:\/\/card-images\.netrunnerdb\.com\/v2\/large\/\d+\.jpg$/)
      await expect(pop.locator('img').getAttribute('loading')).resolves.toBe('lazy')
      expect(await pop.textContent()).toContain('Sneakdoor Beta')
      await context.close()
    })

    test('without JavaScript a reference is a plain link', async () => {
      const { page, context } = await newPage(site, { javaScriptEnabled: false })
      await page.goto(`${site.url}/runs/`)
      const ref = page.locator('a.cr-ref[href="/runs/#rule_end_the_run"]').first()
      await ref.click()
      await expect(page.locator(':target').getAttribute('id')).resolves.toBe('rule_end_the_run')
      await context.close()
    })
  })

  describe('rule tools', () => {
    test('copy citation and copy link', async () => {
      const { page, context } = await newPage(site, { permissions: ['clipboard-read', 'clipboard-write'] })
      await page.goto(`${site.url}/runs/`)
      // Keyboard: focus the rule's number, then Tab into its tools.
      await page.locator('#rule_end_the_run > .rt .n').focus()
      await page.keyboard.press('Tab')
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Copy link')
      await page.keyboard.press('Enter')
      // The rule's permalink by ID (it unfurls with the rule, and names it in every release to come,
      // where 6.1.4 may be another rule once one is inserted before it), not the chapter's anchor.
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(`${site.url}/r/rule_end_the_run/`)
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('CR 6.1.4 (rule_end_the_run)')
      // And the link copied lands on the rule.
      await page.goto(`${site.url}/r/rule_end_the_run/`)
      await page.waitForURL((u) => u.pathname === '/runs/' && u.hash === '#rule_end_the_run')
      await context.close()
    })

    test("an old release's citation names the edition, and its link works in that release", async () => {
      const { page, context } = await newPage(site, { permissions: ['clipboard-read', 'clipboard-write'] })
      // 6.2.5 of v24.03 is another rule today.
      await page.goto(`${site.url}/v24.03/runs/`)
      await page.locator('#rule_move_runner_to_position > .rt .n').focus()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      const link = await page.evaluate(() => navigator.clipboard.readText())
      // Pinned to the release, by ID: the same rule whatever its number elsewhere.
      expect(link).toBe(`${site.url}/v24.03/?r=rule_move_runner_to_position`)
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('CR v24.03 6.2.5 (rule_move_runner_to_position)')
      await page.goto(`${site.url}/`)
      await page.goto(link)
      await page.waitForURL((u) => u.pathname === '/v24.03/runs/' && u.hash === '#rule_move_runner_to_position')
      await context.close()
    })
  })

  describe('reader settings', () => {
    test('"Mark new" highlights rules and text new in this release, and is remembered', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/runs/`)
      const rule = page.locator('#rule_end_run_access_or_breach_during_run > .rt')
      const before = await rule.evaluate((el) => getComputedStyle(el).backgroundColor)
      await page.click('.new-btn')
      await expect(page.locator('.new-btn').getAttribute('aria-pressed')).resolves.toBe('true')
      const after = await rule.evaluate((el) => getComputedStyle(el).backgroundColor)
      expect(after).not.toBe(before)
      await page.reload()
      await expect(page.evaluate(() => document.documentElement.classList.contains('show-new'))).resolves.toBe(true)
      await context.close()
    })

    test('dark mode follows the system and can be toggled', async () => {
      const { page, context } = await newPage(site, { colorScheme: 'dark' })
      await page.goto(`${site.url}/`)
      const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      const dark = await bg()
      await expect(page.locator('.theme-btn').getAttribute('aria-pressed')).resolves.toBe('true')
      await page.click('.theme-btn')
      expect(await bg()).not.toBe(dark)
      await expect(page.locator('.theme-btn').getAttribute('aria-pressed')).resolves.toBe('false')
      await context.close()
    })

    test('on a phone the contents open from a button', async () => {
      const { page, context } = await newPage(site, { viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true })
      await page.goto(`${site.url}/runs/`)
      await expect(page.locator('#toc').isVisible()).resolves.toBe(false)
      await page.click('.toc-btn')
      await expect(page.locator('#toc').isVisible()).resolves.toBe(true)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await context.close()
    })
  })

  test('pages load without script errors', async () => {
    for (const path of ['/', '/runs/', '/full/', '/glossary/', '/cards/', '/search/?q=credit']) {
      const { page, context, errors } = await newPage(site)
      await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' })
      expect(errors, path).toEqual([])
      await context.close()
    }
  })
})
