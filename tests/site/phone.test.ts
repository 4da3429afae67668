/**
 * Phone-first reading: no page type is wider than the screen from 320 px up;
 * on a touch screen every control of every page type is a 44 px target;
 * the search box is on screen at any depth of a chapter; an old release says
 * which it is wherever the reader is; and nothing (header, copy tools)
 * covers the rule a link leads to, or covers other text for it.
 */
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { hasChromium, newPage, useSite } from './helpers.ts'

const WIDTHS = [320, 390, 768, 1280]
// One of each page type, in the current rules and an old release.
const PAGES = [
  '/',
  '/runs/',
  '/abilities/',
  '/full/',
  '/glossary/',
  '/cards/',
  '/search/?q=credit',
  '/changes/',
  '/changes/v26.03/',
  '/changes/v24.03/',
  '/r/rule_action_ncigs/',
  '/v24.03/',
  '/v24.03/runs/',
  '/v24.03/cards/',
  '/404.html',
]

/** Elements wider than the page, to say what overflows. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const culprits = Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > width + 1 && e.getClientRects().length > 0)
      .slice(-3)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${(e.textContent ?? '').slice(0, 40)}`)
    return { scrollWidth: document.documentElement.scrollWidth, width, culprits }
  })

/** Every page type, in the current rules and an old release: what the touch audit opens. */
const TOUCH_PAGES = [
  '/',
  '/runs/',
  '/full/',
  '/glossary/',
  '/cards/',
  '/search/?q=credit',
  '/changes/',
  '/changes/v26.03/',
  '/changes/current/',
  '/r/rule_action_ncigs/',
  '/v24.03/',
  '/v24.03/runs/',
  '/v24.03/glossary/',
  '/v24.03/cards/',
  '/404.html',
]
/** What a finger can use: every link, button, disclosure and field. */
const CONTROL = 'a[href], button, summary, input:not([type=hidden]), select, textarea, [role=button], [tabindex]:not([tabindex="-1"])'
/**
 * Running text: a link inside a sentence of rule, definition, card or change text is read as
 * text and keeps its line (WCAG 2.5.8's inline exception). Every other control is audited. A
 * rule's number (`a.n`) has its own test below, which allows for one-line rules 31 px apart.
 */
const PROSE = ':is(.tx, .gd, .card-text, .snippet, .preamble, .contact, .hist-sum, .wd, .changes li, .ex, .lede, .full-unreleased, .ce-x:not(.ce-split), main > p:not([class]), .nf-noscript > p) a, a.n'

/**
 * Controls drawn on the page whose target (where a tap lands on them, pseudo-elements included,
 * found with elementFromPoint) is under 44 px across or down: each kind once, with a count.
 */
function smallTargets({ control, prose }: { control: string; prose: string }): string[] {
  const found = new Map<string, { n: number; example: string }>()
  const ownerAt = (x: number, y: number) => document.elementFromPoint(x, y)?.closest(control)
  const add = (el: HTMLElement, what: string) => {
    const name = (e: Element | null) => (e ? `${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).split(' ')[0]}` : ''}` : '')
    const kind = `${name(el)} in ${name(el.parentElement)}`
    const k = found.get(kind) ?? { n: 0, example: `"${(el.textContent ?? '').trim().slice(0, 24)}" ${what}` }
    k.n++
    found.set(kind, k)
  }
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(control))) {
    if (el.matches(prose) || el.getClientRects().length === 0 || !el.checkVisibility({ visibilityProperty: true })) continue
    // Drawn only when focused (the skip link waits above the page).
    if (el.getBoundingClientRect().bottom + scrollY <= 0) continue
    const box = Array.from(el.getClientRects()).sort((a, b) => b.width * b.height - a.width * a.height)[0]!
    if (box.width >= 43.5 && box.height >= 43.5) continue
    el.scrollIntoView({ block: 'center', inline: 'nearest' })
    const r = Array.from(el.getClientRects()).sort((a, b) => b.width * b.height - a.width * a.height)[0]!
    const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2]
    const run = (x: number, y: number, dx: number, dy: number) => {
      let n = 0
      while (n < 60 && ownerAt(x + dx * (n + 1), y + dy * (n + 1)) === el) n++
      return n
    }
    if (ownerAt(cx, cy) !== el) {
      add(el, `covered at its centre by ${ownerAt(cx, cy)?.tagName.toLowerCase() ?? 'nothing'}`)
      continue
    }
    const left = run(cx, cy, -1, 0)
    const right = run(cx, cy, 1, 0)
    const wide = left + right + 1
    let tall = 0
    for (let x = cx - left; x <= cx + right; x += 3) tall = Math.max(tall, run(x, cy, 0, -1) + run(x, cy, 0, 1) + 1)
    if (wide < 43.5 || tall < 43.5) add(el, `${Math.round(wide)}×${Math.round(tall)}`)
  }
  return Array.from(found, ([kind, { n, example }]) => `${n} × ${kind}, e.g. ${example}`)
}

/** Whether the element's centre is on screen and it is what is drawn there. */
const onTop = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel)
    if (!el) return `no ${sel}`
    const r = el.getBoundingClientRect()
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2]
    if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return `off screen at ${Math.round(x)},${Math.round(y)}`
    const hit = document.elementFromPoint(x, y)
    return hit && (el === hit || el.contains(hit)) ? 'on top' : `covered by ${hit?.tagName}.${hit?.className}`
  }, selector)

describe.skipIf(!hasChromium)('phone-first reading', () => {
  const site = useSite()

  test.each(WIDTHS)('no page is wider than a %i px screen', async (width) => {
    const { page, context } = await newPage(site, { viewport: { width, height: 800 } })
    const wide: string[] = []
    for (const path of PAGES) {
      await page.goto(`${site.url}${path}`)
      const o = await overflow(page)
      if (o.scrollWidth > o.width) wide.push(`${path}: ${o.scrollWidth} px (${o.culprits.join('; ')})`)
    }
    // Typing a search on a narrow phone, the box and its chapter filter fit too.
    await page.goto(`${site.url}/runs/`)
    await page.focus('#q')
    const typing = await overflow(page)
    if (typing.scrollWidth > typing.width) wide.push(`/runs/ while searching: ${typing.scrollWidth} px`)
    expect(wide).toEqual([])
    await context.close()
  }, 180_000)

  test.each([320, 390])('at %i px the release menu fits, the placeholder is whole, and every control is a 44 px target', async (width) => {
    const { page, context } = await newPage(site, { viewport: { width, height: 800 }, hasTouch: true, isMobile: true })
    const problems: string[] = []
    for (const path of ['/', '/runs/', '/glossary/', '/cards/', '/search/?q=credit', '/changes/', '/v24.03/runs/']) {
      await page.goto(`${site.url}${path}`)
      // The search box's hint is read whole ("Search or go tc" was cut).
      const cut = await page.locator('#q').evaluate((q: HTMLInputElement) => {
        q.value = q.placeholder
        const over = q.scrollWidth > q.clientWidth ? `${q.placeholder} in ${q.clientWidth} px` : ''
        q.value = ''
        return over
      })
      if (cut) problems.push(`${path}: placeholder cut (${cut})`)
      // Every control on screen, and the copy tools of a rule, at least 44 px tall (and wide).
      const small = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('header button, header summary, header input, header select, main button, .gfilter input, .tools button'))
          .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.height < 43.5 || r.width < 43.5)
          .map(({ el, r }) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 20)}" ${Math.round(r.width)}×${Math.round(r.height)}`),
      )
      problems.push(...small.map((s) => `${path}: ${s}`))
      // The release menu, open, stays on the screen and the page does not scroll sideways.
      await page.locator('.vs > summary').tap()
      const menu = await page.locator('.vs-menu').evaluate((m) => {
        const r = m.getBoundingClientRect()
        return { left: r.left, right: r.right, width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth }
      })
      if (menu.left < 0 || menu.right > menu.width || menu.scroll > menu.width) problems.push(`${path}: release menu ${Math.round(menu.left)}–${Math.round(menu.right)} of ${menu.width} px (page ${menu.scroll} px)`)
      // Its entries are targets too.
      const entries = await page.locator('.vs-menu a').evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().height)).filter((h) => h > 0 && h < 44))
      if (entries.length > 0) problems.push(`${path}: release menu entries ${entries.join(', ')} px tall`)
      await page.locator('.vs > summary').tap()
    }
    // A rule's copy tools, where a link leads: Copy link and Copy citation.
    await page.goto(`${site.url}/runs/#rule_end_the_run`)
    const tools = await page.locator(':target .tools button').evaluateAll((bs) => bs.map((b) => [b.textContent, Math.round(b.getBoundingClientRect().height)]))
    expect(tools.length).toBeGreaterThanOrEqual(2)
    for (const [label, h] of tools) if ((h as number) < 44) problems.push(`${label}: ${h} px`)
    expect(problems).toEqual([])
    await context.close()
  }, 180_000)

  test.each([320, 390])('at %i px on a touch screen, no page type scrolls sideways and every control and link used as one is a 44 px target', async (width) => {
    const { page, context } = await newPage(site, { viewport: { width, height: 800 }, hasTouch: true, isMobile: true })
    const problems: string[] = []
    for (const path of TOUCH_PAGES) {
      await page.goto(`${site.url}${path}`)
      const o = await overflow(page)
      if (o.scrollWidth > o.width) problems.push(`${path}: ${o.scrollWidth} px wide (${o.culprits.join('; ')})`)
      problems.push(...(await page.evaluate(smallTargets, { control: CONTROL, prose: PROSE })).map((s) => `${path}: ${s}`))
    }
    expect(problems).toEqual([])
    await context.close()
  }, 600_000)

  test.each([
    [320, '/runs/'],
    [320, '/v24.03/runs/'],
    [390, '/game-concepts/'],
    [320, '/full/'],
  ])("at %i px on %s a rule's number is a 44 px target, and takes no tap from another control", async (width, path) => {
    const { page, context } = await newPage(site, { viewport: { width, height: 800 }, hasTouch: true, isMobile: true })
    await page.goto(`${site.url}${path}`)
    const problems = await page.evaluate(() => {
      const out: string[] = []
      const targetAt = (x: number, y: number) => document.elementFromPoint(x, y)?.closest('a[href], button, summary, input, select')
      // The numbers of the page's first rules and headings (all of them on a chapter page), each brought on screen.
      const numbers = Array.from(document.querySelectorAll<HTMLAnchorElement>('main a.n')).slice(0, 400)
      for (const n of numbers) {
        n.scrollIntoView({ block: 'center' })
        const r = n.getBoundingClientRect()
        const y = r.top + r.height / 2
        // Across: through the number's middle, as far as taps land on it (the screen's edge ends it).
        let left = r.left + 1
        let right = r.right - 1
        while (left > 0 && targetAt(left - 1, y) === n) left--
        while (right < innerWidth - 1 && targetAt(right + 1, y) === n) right++
        if (right - left + 1 < 43.5) out.push(`${n.textContent} is ${Math.round(right - left + 1)} px wide`)
        // Down the margin left of it: 44 px tall, unless the next rule starts sooner (one-line rules are 31 px
        // apart): its number's target, or its text where it starts further left, is drawn above it.
        const x = r.left - 4
        if (x < 0) continue
        let top = y
        let bottom = y
        while (top > 0 && targetAt(x, top - 1) === n) top--
        while (bottom < innerHeight - 1 && targetAt(x, bottom + 1) === n) bottom++
        const below = document.elementFromPoint(x, bottom + 1)
        const next = below?.closest('[data-n]')
        const cut = next && next !== n.closest('[data-n]') && n.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING
        if (bottom - top + 1 < 43.5 && !cut) out.push(`${n.textContent} is ${Math.round(bottom - top + 1)} px tall`)
      }
      // No target takes another's taps: every link, button and field shown answers a tap on its own text or box
      // (not one in a closed History, which has boxes but is not drawn).
      for (const c of Array.from(document.querySelectorAll<HTMLElement>('main :is(a[href], button, summary, input, select)')).slice(0, 1500)) {
        if (c.getClientRects().length === 0 || !c.checkVisibility()) continue
        c.scrollIntoView({ block: 'center' })
        for (const b of Array.from(c.getClientRects())) {
          if (b.width < 4 || b.height < 4) continue
          const [cx, cy] = [b.left + b.width / 2, b.top + b.height / 2]
          for (const [x, y] of [[cx, cy], [b.left + 2, cy], [b.right - 2, cy], [cx, b.top + 2], [cx, b.bottom - 2]] as const) {
            if (x < 0 || x >= innerWidth || y < 0 || y >= innerHeight) continue
            const hit = targetAt(x, y)
            if (hit && hit !== c && !c.contains(hit)) out.push(`a tap on "${(c.textContent ?? '').trim().slice(0, 20)}" at ${Math.round(x)},${Math.round(y)} opens "${(hit.textContent ?? '').trim().slice(0, 20)}"`)
          }
        }
      }
      return out
    })
    expect(problems).toEqual([])
    await context.close()
  }, 300_000)

  test.each([390, 1280])('at %i px the search box is on screen deep in a chapter', async (width) => {
    const { page, context } = await newPage(site, { viewport: { width, height: 844 } })
    await page.goto(`${site.url}/r/10.6.1/`)
    await page.waitForURL(/#/)
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(2000)
    await expect(onTop(page, '#q')).resolves.toBe('on top')
    await page.mouse.wheel(0, 3000)
    await page.waitForFunction(() => scrollY > 3000)
    await expect(onTop(page, '#q')).resolves.toBe('on top')
    await page.click('#q')
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('q')
    await context.close()
  })

  test.each([390, 1280])('at %i px an old release says so at any depth', async (width) => {
    const { page, context } = await newPage(site, { viewport: { width, height: 844 } })
    await page.goto(`${site.url}/v24.03/runs/#rule_end_the_run`)
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(1000)
    await expect(onTop(page, '.vs > summary')).resolves.toBe('on top')
    await expect(page.locator('.vs > summary').innerText()).resolves.toMatch(/\bv24\.03$/)
    await context.close()
  })

  describe('nothing covers the rule a link leads to', () => {
    test.each([
      [320, '/runs/#rule_end_the_run'],
      [390, '/r/6.1.4/'],
      [390, '/runs/#sec_steps_of_a_run'],
      [768, '/r/6.9.6/'],
      [1280, '/runs/#rule_end_the_run'],
    ])('at %i px: %s', async (width, path) => {
      const { page, context } = await newPage(site, { viewport: { width, height: 844 } })
      await page.goto(`${site.url}${path}`)
      await page.waitForFunction(() => document.querySelector(':target .tools'))
      const problems = await page.evaluate(() => {
        const target = document.querySelector(':target')!
        const head = target.querySelector(':scope > :is(.rt, .st, .ct)')!
        const tools = head.querySelector('.tools')!.getBoundingClientRect()
        const header = document.querySelector('header.top')!.getBoundingClientRect()
        const out: string[] = []
        // Every line of the target's heading or first paragraph is drawn, not covered.
        for (const line of Array.from(head.querySelector('.tx')!.getClientRects())) {
          for (const x of [line.left + 2, line.left + line.width / 2, line.right - 2]) {
            const y = line.top + line.height / 2
            if (y > innerHeight) continue
            const hit = document.elementFromPoint(x, y)
            if (!hit || !head.contains(hit) || hit.closest('.tools')) out.push(`(${Math.round(x)},${Math.round(y)}) covered by ${hit?.tagName}.${hit?.className}`)
          }
        }
        if (head.getBoundingClientRect().top < header.bottom - 1) out.push('under the header')
        if (tools.top < header.bottom - 1) out.push('copy tools under the header')
        // The copy tools cover no other text.
        const overlaps = (r: DOMRect) => r.right > tools.left && r.left < tools.right && r.bottom > tools.top && r.top < tools.bottom
        for (const el of Array.from(document.querySelectorAll('.tx, .ex p, .snippet, .hist-note, .lede'))) {
          if (head.contains(el)) continue
          if (Array.from(el.getClientRects()).some(overlaps)) out.push(`copy tools over "${(el.textContent ?? '').slice(0, 30)}"`)
        }
        return out
      })
      expect(problems).toEqual([])
      await context.close()
    })
  })
})
