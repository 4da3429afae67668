/**
 * Links that unfurl and links that land: every rule permalink and chapter
 * carries Open Graph and Twitter card meta (number, title, plain text,
 * absolute canonical URL from the configured site URL), and the official
 * site's link forms (`/#<id>`, `/#<number>`, `/?r=<removed id>`) reach the
 * rule, or the page saying what became of it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { astroBuild, BUILD_TIMEOUT, DIST, ensureSite, hasChromium, newPage, ROOT, useSite } from './helpers.ts'
import { routes } from '../../site/shared/routes.ts'

/** `<meta property|name=… content=…>` and the canonical link of a page. */
function metaOf(html: string): Record<string, string> {
  const out: Record<string, string> = {}
  const decode = (s: string) => s.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) out[m[1]!] = decode(m[2]!)
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
  if (canonical) out.canonical = canonical
  return out
}

describe('links that unfurl', () => {
  beforeAll(() => ensureSite(), BUILD_TIMEOUT)
  const read = (path: string) => readFileSync(join(DIST, path), 'utf8')

  test('a rule permalink carries its number, place, text and canonical URL', () => {
    const meta = metaOf(read('/r/6.1.4/index.html'))
    expect(meta['og:title']).toMatch(/^CR 6\.1\.4 · 6\. Runs › 6\.1\. General|^CR 6\.1\.4 · Runs › General/)
    expect(meta['og:description']).toMatch(/^To end the run is to halt the Runner's progress/)
    // The canonical link is the URL an unfurler keeps (no og:url or og:type repeating what it and the default say).
    expect(meta.canonical).toMatch(/^https?:\/\/[^/]+\/runs\/#rule_end_the_run$/)
    expect(meta['og:url']).toBeUndefined()
    expect(meta['twitter:card']).toBe('summary')
    expect(meta['og:image']).toMatch(/^https?:\/\/[^/]+\/icon-512\.png$/)
    // A phase: its name, and its steps as the text.
    const phase = metaOf(read('/r/6.9.6/index.html'))
    expect(phase['og:title']).toContain('6.9.6 Run Ends Phase')
    expect(phase['og:description']).toMatch(/6\.9\.6a /)
  })

  test('every rule permalink unfurls', () => {
    const keys = readdirSync(join(DIST, 'r'))
    expect(keys.length).toBeGreaterThan(3000)
    const bare: string[] = []
    for (const key of keys) {
      const html = read(`/r/${key}/index.html`)
      if (!html.includes('http-equiv="refresh"') || /was (renamed|merged|split)/.test(html)) continue
      const meta = metaOf(html)
      if (!meta['og:title']?.includes(' ') || !meta['og:description'] || !/^https?:\/\//.test(meta.canonical ?? '') || !meta['twitter:card']) bare.push(key)
    }
    expect(bare.slice(0, 10)).toEqual([])
  })

  test('every chapter page unfurls with its sections', () => {
    const lookup = JSON.parse(read('/lookup.json')) as { c: string[] }
    for (const path of lookup.c.map((slug) => routes('/').chapter(slug))) {
      const meta = metaOf(read(`${path}index.html`))
      // `v26.03+`: the current rules carry changes not yet in a release (1.20.2a), and say so.
      expect(meta['og:title'], path).toMatch(/^\d+\. .+ · CR v\d\d\.\d\d\+$/)
      expect(meta['og:description'], path).toMatch(/^Chapter \d+\. .+: \d+\.1 /)
      expect(meta['og:url'], path).toMatch(new RegExp(`^https?://[^/]+${path}$`))
      expect(meta['og:type'], path).toBe('article')
    }
  })

  test('every page has an absolute canonical URL', () => {
    for (const path of ['/index.html', '/full/index.html', '/glossary/index.html', '/v24.03/runs/index.html', '/changes/v26.03/index.html']) {
      expect(metaOf(read(path)).canonical, path).toMatch(/^https?:\/\/[^/]+\//)
    }
  })
})

describe('the configured site URL', () => {
  let out: string
  let stdout: string
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'cr-site-url-'))
    const rules = join(ROOT, 'tests/site/fixtures/script-rules')
    stdout = await astroBuild({ CR_RULES_DIR: rules, CR_RELEASES: 'none', CR_PDF: '0', CR_SITE_URL: 'https://rules.example.org' }, out)
  }, BUILD_TIMEOUT)
  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true })
  })

  test('makes every absolute URL, and the build does not warn', () => {
    expect(readFileSync(join(out, 'opensearch.xml'), 'utf8')).toContain('template="https://rules.example.org/search/?q={searchTerms}"')
    const home = metaOf(readFileSync(join(out, 'index.html'), 'utf8'))
    expect(home.canonical).toBe('https://rules.example.org/')
    expect(home['og:url']).toBe('https://rules.example.org/')
    expect(home['og:image']).toBe('https://rules.example.org/icon-512.png')
    const permalink = readdirSync(join(out, 'r')).find((k) => k.startsWith('rule_'))!
    expect(metaOf(readFileSync(join(out, 'r', permalink, 'index.html'), 'utf8')).canonical).toMatch(/^https:\/\/rules\.example\.org\//)
    expect(stdout).not.toContain('CR_SITE_URL is not set')
  })
})

describe.skipIf(!hasChromium)('old links land', () => {
  const site = useSite()
  test.each([
    ['/#rule_end_the_run', '/runs/#rule_end_the_run'],
    ['/#6.1.4', '/runs/#rule_end_the_run'],
    ['/#6.1.4a', '/runs/#rule_end_run_access_or_breach_during_run'],
    ['/v24.03/#rule_end_the_run', '/v24.03/runs/#rule_end_the_run'],
    ['/?r=rule_action_ncigs', '/r/rule_action_ncigs/'],
  ])('%s → %s', async (from, to) => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}${from}`)
    await page.waitForURL(`${site.url}${to}`)
    if (to.includes('#')) await expect(page.locator(':target').getAttribute('id')).resolves.toBe(to.split('#')[1])
    else await expect(page.locator('h1').textContent()).resolves.toContain('was removed')
    await context.close()
  })

  test("the home page's own anchors stay put", async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/#contents`)
    await page.waitForTimeout(500)
    expect(new URL(page.url()).pathname).toBe('/')
    await context.close()
  })
})
