/** Reading: permalinks and deep links land on the rule; previews, copy buttons, highlights and themes work. */
import type { Page } from 'playwright-core'
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
      const target = (await ref.getAttribute('href'))!.split('#')[1]
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
      // Pinned to the release, by ID: the same rule whatever its number elsewhere; its chapter page's
      // anchor (a held release never changes), so the link unfurls naming the chapter.
      expect(link).toBe(`${site.url}/v24.03/runs/#rule_move_runner_to_position`)
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('CR v24.03 6.2.5 (rule_move_runner_to_position)')
      await page.goto(`${site.url}/`)
      await page.goto(link)
      await page.waitForURL((u) => u.pathname === '/v24.03/runs/' && u.hash === '#rule_move_runner_to_position')
      await context.close()
    })
  })

  describe('copying rule text', () => {
    const TOKEN = /\[(?:credit|click|recurring|mu|link|subroutine|trash|trash-cost|interrupt)\]/g
    /** Select an element's contents as a reader's drag would; what the selection reads and what Ctrl+C puts on the clipboard. */
    async function copy(page: Page, selector: string) {
      const selected = await page.locator(selector).first().evaluate((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        getSelection()!.removeAllRanges()
        getSelection()!.addRange(range)
        return getSelection()!.toString()
      })
      await page.keyboard.press('Control+C')
      return { selected, copied: await page.evaluate(() => navigator.clipboard.readText()) }
    }

    test('a game symbol copies as the text search shows, wherever rule text is drawn', async () => {
      const { page, context } = await newPage(site, { permissions: ['clipboard-read', 'clipboard-write'] })
      const removeTag = '"[click], 2[credit]: Remove 1 tag." See section 10.5.'
      await page.goto(`${site.url}/turns/#runner_basic_action_remove_tag`)
      expect(await copy(page, '#runner_basic_action_remove_tag > .rt .tx')).toEqual({ selected: removeTag, copied: removeTag })
      // The whole rule, its number and the copy tools shown beside it: the number and the text, not the tools' labels.
      const rule = (await copy(page, '#runner_basic_action_remove_tag > .rt')).copied
      expect(rule).not.toContain('Copy')
      expect(rule.replace(/\s+/g, ' ')).toBe(`g. ${removeTag}`)
      await page.goto(`${site.url}/full/#runner_basic_action_remove_tag`)
      expect((await copy(page, '#runner_basic_action_remove_tag > .rt .tx')).copied).toBe(removeTag)
      await page.goto(`${site.url}/v26.03/turns/`)
      expect((await copy(page, '#runner_basic_action_remove_tag > .rt .tx')).copied).toBe(removeTag)
      await page.goto(`${site.url}/game-concepts/`)
      expect((await copy(page, '#rule_memory_unused_mu > .rt .tx')).copied).toBe(
        "The Runner's unused [mu] is their memory limit minus the total memory cost of all of their installed programs. The Runner's [mu] is full if they have 0 unused [mu].",
      )
      // Elsewhere: as many tokens as icons, each where its icon is.
      const where = [
        ['/glossary/', '#term-unused dd'],
        ['/cards/', '.card-text:has(.cr-sym)'],
        // A summary of changes, and a word diff of a changes page (rendered apart: SymbolText).
        ['/changes/v25.04/', 'ul.changes li:has(.cr-sym)'],
        ...['v26.03', 'v25.08', 'v25.04', 'v24.03', 'v23.08'].map((v) => [`/changes/${v}/`, '.wd:has(:is(ins, del) .cr-sym)'] as const),
      ] as const
      let diffs = 0
      for (const [path, selector] of where) {
        await page.goto(`${site.url}${path}`)
        const icons = await page.locator(selector).first().locator('svg.cr-sym').count()
        if (icons === 0 && selector.startsWith('.wd')) continue
        if (selector.startsWith('.wd')) diffs++
        const { copied } = await copy(page, selector)
        expect(icons, `${path} ${selector}`).toBeGreaterThan(0)
        expect(copied.match(TOKEN)?.length, `${path}: ${copied}`).toBe(icons)
      }
      expect(diffs, 'a word diff drawing a symbol').toBeGreaterThan(0)
      // A preview of a rule drawing symbols copies them too.
      await page.goto(`${site.url}/turns/`)
      await page.locator('a.cr-ref[href$="#step_runner_turn_action"]').first().hover()
      await page.locator('#cr-pop').waitFor({ state: 'visible' })
      const icons = await page.locator('#cr-pop svg.cr-sym').count()
      expect(icons).toBeGreaterThan(0)
      expect((await copy(page, '#cr-pop')).copied.match(TOKEN)?.length).toBe(icons)
      await context.close()
    })

    test('a screen reader reads each symbol once, by its name', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/turns/`)
      const tree = await page.locator('#runner_basic_action_remove_tag > .rt').ariaSnapshot()
      expect(tree).toContain('- img "click"')
      expect(tree).toContain('- img "credit"')
      expect(tree).not.toMatch(/\[click\]|\[credit\]/)
      await context.close()
    })

    test('the text form draws nothing: a page looks the same without it, on screen and in print', async () => {
      const { page, context } = await newPage(site, { viewport: { width: 390, height: 900 } })
      for (const media of ['screen', 'print'] as const) {
        await page.emulateMedia({ media })
        for (const [path, selector] of [
          ['/turns/', '#runner_basic_action_remove_tag > .rt'],
          ['/game-concepts/', '#rule_memory_unused_mu > .rt'],
          ['/cards/', '.card-text:has(.cr-sym)'],
        ] as const) {
          await page.goto(`${site.url}${path}`)
          const shown = page.locator(selector).first()
          const before = await shown.screenshot()
          const removed = await shown.evaluate((el) => {
            const forms = el.querySelectorAll('.cr-sym-t, svg.cr-sym > text')
            for (const f of Array.from(forms)) f.remove()
            return forms.length
          })
          expect(removed, `${media} ${path}`).toBeGreaterThan(1)
          expect((await shown.screenshot()).equals(before), `${media} ${path}`).toBe(true)
        }
      }
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
