/**
 * Rule text is data: text that looks like HTML renders as text, through the
 * same page-data pipeline and pages as the real rules (fixture: a chapter
 * full of `<script>`, `<img onerror>` and `<iframe>`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { prepareRelease } from '../../site/data/prepare.ts'
import { cardTextToHtml } from '../../site/data/card-text.ts'
import { astroBuild, BUILD_TIMEOUT, hasChromium, newPage, openSite, ROOT, type Site } from './helpers.ts'

const FIXTURE = join(ROOT, 'tests/site/fixtures/script-rules')
const ELEMENT = /<(script|img|iframe|b)\b/i

/** Every `html` string anywhere in the data. */
function htmlStrings(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) htmlStrings(v, out)
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && /html$/i.test(k)) out.push(v)
      else htmlStrings(v, out)
    }
  }
  return out
}

describe('page data', () => {
  const release = prepareRelease({ dir: FIXTURE, base: '/', current: true })

  test('escapes markup-like text in every html field', () => {
    // A preview is [number, title HTML, body [number, HTML][], plain texts]: the texts are text, shown with textContent.
    const previews = Object.values(release.previews).flatMap((p) => Object.values(p))
    const html = [...htmlStrings(release), ...previews.flatMap(([number, title, body]) => [number, title, ...body.flat()])]
    const texts = previews.flatMap(([, , , t]) => t)
    expect(texts).toContain("A rule that says <script>window.__pwned = 'rule'</script> and links to rule 1.1.2.")
    expect(html.length).toBeGreaterThan(5)
    for (const h of html) expect(h).not.toMatch(ELEMENT)
    expect(release.full[0]!.children[0]!.children[0]!.html).toMatchInlineSnapshot(
      `"A rule that says &#x3C;script>window.__pwned = 'rule'&#x3C;/script> and links to <a class="cr-ref" href="#rule_other">rule 1.1.2</a>."`,
    )
  })

  test('card text keeps emphasis and symbols, escapes the rest', () => {
    expect(cardTextToHtml('<strong>[trash]:</strong> Gain 2[credit].<script>x</script>\n<em>Flavour</em> <a href="javascript:x">y</a>')).toMatchInlineSnapshot(
      `"<strong><span class="cr-sym-c"><svg class="cr-sym cr-sym-trash" role="img" aria-label="trash" viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor"><path d="M4 5h16v2H4zm5-3h6v2H9zM5 8h14l-1.5 14h-11z" fill-rule="evenodd"></path><text x="-2" y="21" font-size="18" textLength="28" lengthAdjust="spacingAndGlyphs" fill="transparent">[trash]</text></svg><span class="cr-sym-t" aria-hidden="true">[trash]</span></span>:</strong> Gain 2<span class="cr-sym-c"><svg class="cr-sym cr-sym-credit" role="img" aria-label="credit" viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor"><path d="M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20zm0 3a7 7 0 1 1 0 14 7 7 0 1 1 0-14zm-1 3h2v8h-2z" fill-rule="evenodd"></path><text x="-2" y="21" font-size="18" textLength="28" lengthAdjust="spacingAndGlyphs" fill="transparent">[credit]</text></svg><span class="cr-sym-t" aria-hidden="true">[credit]</span></span>.x<br><em>Flavour</em> y"`,
    )
  })
})

describe.skipIf(!hasChromium)('pages built from hostile rules', () => {
  let out: string
  let site: Site
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'cr-site-fixture-'))
    await astroBuild({ CR_RULES_DIR: FIXTURE, CR_RELEASES: 'none', CR_PDF: '0' }, out)
    site = await openSite(out)
  }, BUILD_TIMEOUT)
  afterAll(async () => {
    await site?.close()
    if (out) rmSync(out, { recursive: true, force: true })
  })

  test.each(['/hostile/', '/full/', '/', '/glossary/', '/search/?q=window'])('%s shows the text and runs none of it', async (path) => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' })
    await expect(page.evaluate(() => (window as { __pwned?: string }).__pwned)).resolves.toBeUndefined()
    await expect(page.locator('main script, main img, main iframe').count()).resolves.toBe(0)
    await context.close()
  })

  test('the text is there, as text', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/hostile/`)
    await expect(page.locator('#rule_script_text .tx').textContent()).resolves.toBe(
      "A rule that says <script>window.__pwned = 'rule'</script> and links to rule 1.1.2.",
    )
    await expect(page.locator('#chpt_hostile-title').textContent()).resolves.toContain('Hostile <b>Chapter</b>')
    await context.close()
  })

  test('front matter from release.yaml is text too, on the home page and /full/', async () => {
    const { page, context } = await newPage(site)
    for (const path of ['/', '/full/']) {
      await page.goto(`${site.url}${path}`)
      await expect(page.locator('.preamble').textContent()).resolves.toBe("A preamble that says <script>window.__pwned = 'preamble'</script>, ask us via email.")
      await expect(page.locator('.acks li').first().textContent()).resolves.toContain('<img src=x onerror=')
      await expect(page.locator('.front a[href="mailto:rules@example.com"]').count()).resolves.toBe(2)
    }
    await context.close()
  })

  test('search results and previews show it as text too', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/hostile/`)
    await page.fill('#q', 'pwned')
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === 'pwned')
    const excerpts = await page.$$eval('#q ~ .search-panel .hit-x', (els) => els.map((e) => e.textContent ?? ''))
    expect(excerpts.some((e) => e.includes('<script>'))).toBe(true)
    await page.keyboard.press('Escape')
    await page.locator('#rule_script_text .cr-ref').hover()
    await page.locator('#cr-pop').waitFor({ state: 'visible' })
    await expect(page.evaluate(() => (window as { __pwned?: string }).__pwned)).resolves.toBeUndefined()
    await context.close()
  })

  test('the build wrote the data only from the fixture', () => {
    const lookup = JSON.parse(readFileSync(join(out, 'lookup.json'), 'utf8')) as { r: unknown[] }
    expect(lookup.r).toHaveLength(4)
  })
})
