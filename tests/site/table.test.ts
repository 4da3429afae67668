/**
 * At the table, with a phone (issue 20): a tap previews a reference or a card
 * (touch has no hover), a card opens its entry on this site, the glossary
 * defines and filters, "Mark new" says what it marked on every page, and the
 * release badge `v26.03+` explains itself.
 */
import { describe, expect, test } from 'vitest'
import { hasChromium, newPage, useSite } from './helpers.ts'

/** Scripts load as modules after the page: assertions on what a reader sees poll (generously: the machine is shared). */
const POLL = { timeout: 60_000, interval: 100 }

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

describe.skipIf(!hasChromium)('at the table', () => {
  const site = useSite()

  test('on a touch screen a tap previews a reference; a second tap, or the preview’s link, opens it', async () => {
    const { page, context, errors } = await newPage(site, PHONE)
    await page.goto(`${site.url}/runs/`)
    const ref = page.locator('main a.cr-ref').first()
    await ref.scrollIntoViewIfNeeded()
    const href = await ref.getAttribute('href')
    const before = page.url()
    await ref.tap()
    await page.locator('#cr-pop').waitFor({ state: 'visible' })
    // The first tap previews: the page stays where it was.
    expect(page.url()).toBe(before)
    await expect(page.locator('#cr-pop .pop-go a').getAttribute('href')).resolves.toBe(new URL(href!, page.url()).href)
    // A tap elsewhere closes it: on the footer, which stays where it was
    // brought (a chapter's sections laid out late once moved it thousands of
    // pixels, and the tap landed on a reference in the rules instead).
    const foot = page.locator('footer .small')
    await foot.scrollIntoViewIfNeeded()
    const at = await foot.boundingBox()
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))))
    expect(await foot.boundingBox()).toEqual(at)
    await foot.tap()
    await page.locator('#cr-pop').waitFor({ state: 'hidden' })
    // Tap, tap: the second opens the rule.
    await ref.tap()
    await page.locator('#cr-pop').waitFor({ state: 'visible' })
    await ref.tap()
    await page.waitForURL((u) => u.href === new URL(href!, before).href)
    expect(errors).toEqual([])
    await context.close()
  })

  test('a press held on the page (no click follows) closes a preview too; a touch that scrolls does not', async () => {
    const { page, context, errors } = await newPage(site, PHONE)
    const cdp = await context.newCDPSession(page)
    await page.goto(`${site.url}/turns/`)
    const ref = page.locator('main a.cr-ref').first()
    await ref.scrollIntoViewIfNeeded()
    await ref.tap()
    await page.locator('#cr-pop').waitFor({ state: 'visible' })
    // A swipe down the page's margin: the browser scrolls (pointercancel), the preview stays.
    const x = 4
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: 700 }] })
    for (let y = 680; y >= 400; y -= 20) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await expect(page.locator('#cr-pop').isVisible()).resolves.toBe(true)
    // A press held in the margin (a long press: no click), then lifted: closed.
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: 420 }] })
    await page.waitForTimeout(1500)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await page.locator('#cr-pop').waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
    await context.close()
  })

  test('a tapped card previews its text; its link opens the card’s entry on this site', async () => {
    const { page, context, errors } = await newPage(site, PHONE)
    await page.goto(`${site.url}/runs/#rule_change_attacked_server_directly`)
    const card = page.locator('#rule_change_attacked_server_directly a.cr-card[data-card="Sneakdoor Beta"]').first()
    await expect(card.getAttribute('href')).resolves.toBe('/cards/#card-sneakdoor-beta')
    await card.scrollIntoViewIfNeeded()
    await card.tap()
    await page.waitForFunction(() => document.querySelector('#cr-pop:not([hidden])')?.textContent?.includes('Run Archives'))
    expect(page.url()).toMatch(/\/runs\/#rule_change_attacked_server_directly$/)
    await page.locator('#cr-pop .pop-go a').tap()
    await page.waitForURL('**/cards/#card-sneakdoor-beta')
    const entry = page.locator('#card-sneakdoor-beta')
    await expect(entry.locator('h2').textContent()).resolves.toBe('Sneakdoor Beta')
    await expect(entry.locator('.card-text').textContent()).resolves.toMatch(/Run Archives/)
    await expect(entry.locator('.mentions a').allTextContents()).resolves.toContain('6.1.2d')
    // Online, the image shows (here the test's placeholder for NetrunnerDB's); its page is one link away.
    await expect(entry.locator('img.card-img').isVisible()).resolves.toBe(true)
    await expect(entry.locator('.ndb a').getAttribute('href')).resolves.toMatch(/^https:\/\/netrunnerdb\.com\/en\/card\/\d+$/)
    expect(errors).toEqual([])
    await context.close()
  })

  test('with a mouse, a card name is a plain link to its entry (hover previews it)', async () => {
    const { page, context } = await newPage(site, { viewport: { width: 1280, height: 900 } })
    await page.goto(`${site.url}/runs/#rule_change_attacked_server_directly`)
    const card = page.locator('#rule_change_attacked_server_directly a.cr-card').first()
    await card.hover()
    await page.locator('#cr-pop').waitFor({ state: 'visible' })
    await card.click()
    await page.waitForURL('**/cards/#card-*')
    await context.close()
  })

  test('the glossary defines every term, and its filter narrows as you type', async () => {
    const { page, context, errors } = await newPage(site, PHONE)
    await page.goto(`${site.url}/glossary/`)
    const shown = () => page.locator('#glossary > div:not([hidden]) dt a').allTextContents()
    // Definitions, not only names and numbers.
    const trash = page.locator('#term-trash-cost')
    await expect(trash.locator('dd').textContent()).resolves.toMatch(/trash cost/i)
    for (const term of ['ice', 'strength', 'influence-cost', 'jacking-out']) await expect(page.locator(`#term-${term} dd .gd`).textContent(), term).resolves.toMatch(/\w{3,}/)
    await page.fill('#gf', 'trash c')
    await expect.poll(shown, POLL).toEqual(['Trash cost'])
    await expect.poll(() => page.locator('#gf-count').textContent(), POLL).toMatch(/^1 of \d+ entries$/)
    // Words match at their start, in any order: "ice" is not "device".
    await page.fill('#gf', 'ICE')
    await expect.poll(shown, POLL).toContain('Ice')
    const ice = await shown()
    expect(ice.every((t) => /\bice\b/i.test(t))).toBe(true)
    await page.fill('#gf', 'phase encounter')
    await expect.poll(shown, POLL).toEqual(['encounter ice phase'])
    // A player's word points at the CR's, and following it clears the filter.
    await page.fill('#gf', 'influence')
    await expect.poll(shown, POLL).toEqual(expect.arrayContaining(['influence', 'Influence cost']))
    await page.locator('#term-influence dd a').first().tap()
    await page.waitForURL('**/glossary/#term-influence-cost')
    await expect(page.locator('#term-influence-cost').isVisible()).resolves.toBe(true)
    await expect.poll(() => page.inputValue('#gf'), POLL).toBe('')
    // Players' words find the CR's term, from search's vocabulary, and the entry says by which word.
    await page.fill('#gf', 'brain damage')
    await expect.poll(shown, POLL).toEqual(['core damage'])
    await expect(page.locator('#term-core-damage .gf-via').textContent()).resolves.toBe(' ← “brain damage”')
    await expect(page.locator('#gf-count').textContent()).resolves.toMatch(/“brain damage” is core damage/)
    await page.fill('#gf', 'face-ch')
    await expect.poll(shown, POLL).toEqual(['encounter ice phase'])
    await page.fill('#gf', 'trash c')
    await expect.poll(() => page.locator('#glossary .gf-via:not([hidden])').count(), POLL).toBe(0)
    // Nothing found: said, with a search of the rules.
    await page.fill('#gf', 'hippo')
    await page.locator('.gf-none').waitFor({ state: 'visible', timeout: 60_000 })
    await expect(page.locator('.gf-none a').getAttribute('href')).resolves.toBe('/search/?q=hippo')
    // The filter is in the URL: shared or reloaded, it holds.
    await page.goto(`${site.url}/glossary/?q=strength`)
    await expect.poll(() => page.inputValue('#gf'), POLL).toBe('strength')
    await expect.poll(shown, POLL).toContain('Strength')
    expect(errors).toEqual([])
    await context.close()
  })

  test('"Mark new" says what it marked on every page, and stops on request', async () => {
    const { page, context, errors } = await newPage(site, PHONE)
    /** The note agrees with the marks on the page. */
    const noteMatchesMarks = async () => {
      const marks = await page.locator('main').evaluate((m) => m.querySelectorAll('.cr-new, .new > .rt, .new > .st, .ex.new').length)
      const note = await page.locator('.new-note').textContent()
      // `v26.03+` on the current rules: what is new in v26.03 and since (the release menu explains the "+").
      if (marks > 0) expect(note).toMatch(new RegExp(`new in v\\d\\d\\.\\d\\d\\+?: ${marks} passages? on this page`))
      else expect(note).toMatch(/new in v\d\d\.\d\d\+?: nothing on this page is/)
      return marks
    }
    await page.goto(`${site.url}/glossary/`)
    await page.locator('.new-btn').tap()
    await expect(page.locator('.new-btn').getAttribute('aria-pressed')).resolves.toBe('true')
    await noteMatchesMarks()
    // The choice follows the reader: every page says what it marked.
    let marked = 0
    for (const path of ['/', '/runs/', '/turns/', '/cards/']) {
      await page.goto(`${site.url}${path}`)
      marked += await noteMatchesMarks()
    }
    expect(marked).toBeGreaterThan(0)
    await page.goto(`${site.url}/runs/`)
    await expect(page.locator('.new-note a').getAttribute('href')).resolves.toMatch(/^\/changes\//)
    await page.locator('.new-note button').tap()
    await expect(page.locator('.new-note').count()).resolves.toBe(0)
    await expect(page.locator('.new-btn').getAttribute('aria-pressed')).resolves.toBe('false')
    await page.reload()
    await expect(page.locator('.new-note').count()).resolves.toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  test('the release badge explains "+" where the current rules have unreleased changes', async () => {
    const { page, context } = await newPage(site, PHONE)
    await page.goto(`${site.url}/`)
    const summary = page.locator('.vs > summary')
    // What is drawn (the screen reader's words apart): "v26.03+".
    const badge = await summary.evaluate((el) => Array.from(el.childNodes).filter((n) => !(n instanceof HTMLElement && n.classList.contains('sr-only'))).map((n) => n.textContent).join('').trim())
    expect(badge).toMatch(/^v\d\d\.\d\d\+$/)
    await expect(summary.textContent()).resolves.toMatch(/v\d\d\.\d\d\+ with unreleased changes$/)
    await expect(summary.getAttribute('title')).resolves.toMatch(/not yet released/)
    await summary.tap()
    const note = page.locator('.vs-note')
    await expect(note.isVisible()).resolves.toBe(true)
    await expect(note.textContent()).resolves.toContain(`${badge} is ${badge.slice(0, -1)} with the changes`)
    // An old release has no "+", and no note.
    await page.goto(`${site.url}/v24.03/`)
    await expect(page.locator('.vs > summary').innerText()).resolves.toMatch(/v24\.03$/)
    await expect(page.locator('.vs-note').count()).resolves.toBe(0)
    await context.close()
  })
})
