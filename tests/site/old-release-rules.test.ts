/**
 * A held release read as such (`/v24.03/`), for a judge running an event
 * under it: any release's ID lands on its rule there or is said to be absent
 * there; each of its rules that changed since says so, linking to it today;
 * the number note's "6.2.8 today" is a link; switching a removed rule to the
 * current rules says why it was removed; Copy link gives a link that unfurls
 * naming its chapter.
 */
import { describe, expect, test } from 'vitest'
import { hasChromium, newPage, useSite } from './helpers.ts'

describe.skipIf(!hasChromium)('a held release’s rules, beside today’s', () => {
  const site = useSite()

  test('today’s ID of a rule renamed since lands on the rule in v24.03', async () => {
    const { page, context, errors } = await newPage(site)
    await page.goto(`${site.url}/v24.03/?r=rule_ice_change_during_movement`)
    await page.waitForURL((u) => u.pathname === '/v24.03/runs/' && u.hash === '#rule_ice_change_after_pass')
    expect(errors).toEqual([])
    await context.close()
  })

  test('an ID with no equivalent in v24.03 stays there and says so, with a link to the rule today', async () => {
    const { page, context, errors } = await newPage(site)
    await page.goto(`${site.url}/v24.03/?r=rule_position_runner`)
    const note = page.locator('.number-note')
    await expect(note.textContent()).resolves.toMatch(/^rule_position_runner is not a rule of v24\.03\./)
    await expect(note.locator('a').getAttribute('href')).resolves.toBe('/r/rule_position_runner/')
    expect(new URL(page.url()).pathname).toBe('/v24.03/')
    expect(errors).toEqual([])
    await context.close()
  })

  test('each rule that changed since carries a mark linking to it today; unchanged rules carry none', async () => {
    const { page, context, errors } = await newPage(site)
    await page.goto(`${site.url}/v24.03/runs/`)
    const renamed = page.locator('#rule_ice_change_after_pass > .rt > a.chg')
    await expect(renamed.getAttribute('aria-label')).resolves.toMatch(/^6\.2\.4e changed since v24\.03: renamed, reworded, renumbered; 6\.2\.7e today$/)
    await expect(renamed.getAttribute('href')).resolves.toBe('/r/rule_ice_change_after_pass/')
    await expect(page.locator('#rule_run > .rt > a.chg').count()).resolves.toBe(0)
    await page.goto(`${site.url}/v24.03/additional-rules/`)
    const merged = page.locator('#rule_corp_can_pay_tag_costs > .rt > a.chg')
    await expect(merged.getAttribute('aria-label')).resolves.toMatch(/merged.*; 1\.14\.3a today$/)
    await merged.click()
    await page.waitForURL((u) => u.pathname === '/game-concepts/' && u.hash === '#rule_remove_tags_or_bad_publicity_as_cost')
    expect(errors).toEqual([])
    await context.close()
  })

  test('a rule removed since says so, and switching it to the current rules says why', async () => {
    const { page, context, errors } = await newPage(site)
    await page.goto(`${site.url}/v24.03/game-concepts/#rule_ncigs`)
    await expect(page.locator('#rule_ncigs > .rt > a.chg').textContent()).resolves.toBe('removed since v24.03')
    await page.click('.vs summary')
    await page.click('.vs-menu a[data-vs="current"]')
    await page.waitForURL((u) => u.pathname === '/r/rule_ncigs/')
    expect(errors).toEqual([])
    await context.close()
  })

  test('the number note links "6.2.8 today"', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/v24.03/?r=6.2.5`)
    await page.waitForURL((u) => u.hash === '#rule_move_runner_to_position')
    const today = page.locator('.number-note-h a')
    await expect(today.textContent()).resolves.toBe('6.2.8 today')
    await expect(today.getAttribute('href')).resolves.toBe('/r/rule_move_runner_to_position/')
    await context.close()
  })
})
