/**
 * The site as a judge and a player use it across releases: a permalink typed
 * in any form lands without script; a held release's one-page rules carry
 * the change marks its chapter pages do; switching a rule between two held
 * releases says when it has no equivalent there; a local build served on its
 * own port names that port everywhere; rule links name their rule by URL
 * alone. Expectations are read from the build's own data (`lookup.json`,
 * `switch.json`), not written here.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { LookupJson } from '../../site/scripts/lookup.ts'
import { serveStatic } from '../../site/integration/static-server.ts'
import { builtOrigin } from '../../site/integration/site-url.ts'
import { DIST, hasChromium, newPage, useSite } from './helpers.ts'

const lookupOf = (base: string): LookupJson => JSON.parse(readFileSync(join(DIST, base, 'lookup.json'), 'utf8'))
/** `[id, number, chapter slug]` of every rule of a release. */
const rulesOf = (base: string) => {
  const l = lookupOf(base)
  return l.r.map(([id, number, c]) => ({ id, number, slug: l.c[c]! }))
}

describe.skipIf(!hasChromium)('across releases, as a judge reads them', () => {
  const site = useSite()

  describe('a permalink in another form, without script', () => {
    /** Where a no-script browser ends up (meta refreshes followed), and the status of the last document. */
    async function landNoScript(path: string) {
      const { page, context } = await newPage(site, { javaScriptEnabled: false })
      let status = 0
      page.on('response', (r) => r.request().isNavigationRequest() && r.request().frame() === page.mainFrame() && (status = r.status()))
      await page.goto(`${site.url}${path}`)
      // A permalink page refreshes to its rule at once (meta refresh): wait for the document that is no permalink.
      await page.waitForURL((u) => !/\/r\//i.test(u.pathname), { timeout: 30_000 }).catch(() => undefined)
      await page.waitForLoadState('load')
      const url = new URL(page.url())
      await context.close()
      return { at: url.pathname + url.search + url.hash, status }
    }

    test('numbers and IDs in any case and spacing land where their exact form lands', async () => {
      // A sub-rule with a letter, from the current rules' own data.
      const sub = rulesOf('/').find((r) => /^\d+\.\d+\.\d+[a-z]$/.test(r.number))!
      const id = rulesOf('/').find((r) => r.id.startsWith('rule_') && r.id.includes('_'))!
      const exactNumber = await landNoScript(`/r/${sub.number}/`)
      expect(exactNumber.at).toBe(`/${sub.slug}/#${sub.id}`)
      const [n, letter] = [sub.number.slice(0, -1), sub.number.slice(-1)]
      for (const typed of [`${n}${letter.toUpperCase()}/`, `${n}%20${letter}/`, `${n}%20${letter.toUpperCase()}`, `%20${sub.number}.`]) {
        await expect(landNoScript(`/r/${typed}`), typed).resolves.toEqual(exactNumber)
      }
      const exactId = await landNoScript(`/r/${id.id}/`)
      expect(exactId.at).toBe(`/${id.slug}/#${id.id}`)
      await expect(landNoScript(`/r/${id.id.toUpperCase()}`)).resolves.toEqual(exactId)
      await expect(landNoScript(`/R/${id.id.replace(/_(\w)/g, (_, c: string) => `_${c.toUpperCase()}`)}/`)).resolves.toEqual(exactId)
    })

    test('a held release’s permalink, which has no page of its own, lands on its rule there', async () => {
      const rule = rulesOf('/v24.03/').find((r) => /[a-z]$/.test(r.number))!
      await expect(landNoScript(`/V24.03/r/${rule.number.toUpperCase()}`)).resolves.toMatchObject({ at: `/v24.03/${rule.slug}/#${rule.id}`, status: 200 })
    })

    test('a retired ID in another case reaches its page, which says what became of it; a form naming nothing stays a 404', async () => {
      const today = new Set(rulesOf('/').map((r) => r.id))
      const retired = Object.keys(lookupOf('/v24.03/').h ?? {}).find((id) => !today.has(id) && lookupOf('/v24.03/').h![id] === 'x')!
      const { page, context } = await newPage(site, { javaScriptEnabled: false })
      const res = await page.goto(`${site.url}/r/${retired.toUpperCase()}/`)
      expect(res?.status()).toBe(200)
      expect(new URL(page.url()).pathname).toBe(`/r/${retired}/`)
      const nothing = await page.goto(`${site.url}/r/6.1.4zz/`)
      expect(nothing?.status()).toBe(404)
      await context.close()
    })
  })

  test('a held release’s one-page rules carry the marks its chapter pages carry, hidden in print', async () => {
    const { page, context, errors } = await newPage(site)
    const marks = () =>
      page.evaluate(() =>
        Object.fromEntries(Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-n][id] > .rt > a.chg')).map((a) => [a.closest('[id]')!.id, [a.textContent, a.getAttribute('aria-label'), a.getAttribute('href')]])),
      )
    const changed = Object.keys(lookupOf('/v23.08/').h ?? {})
    const rules = rulesOf('/v23.08/')
    await page.goto(`${site.url}/v23.08/full/`)
    await page.locator('a.chg').first().waitFor()
    const onFull = await marks()
    // Every changed rule the release has is marked on its one page: each of lookup.json's `h` that is a rule here.
    const markable = await page.evaluate((ids) => ids.filter((id) => document.getElementById(id)?.matches('[data-n]:has(> .rt)')), changed)
    expect(markable.length).toBeGreaterThan(10)
    expect(Object.keys(onFull).sort()).toEqual(markable.sort())
    // And each chapter says the same of the same rules.
    for (const slug of [...new Set(rules.filter((r) => changed.includes(r.id)).map((r) => r.slug))].slice(0, 3)) {
      await page.goto(`${site.url}/v23.08/${slug}/`)
      await page.locator('a.chg').first().waitFor()
      const inChapter = await marks()
      expect(Object.keys(inChapter).length).toBeGreaterThan(0)
      for (const [id, mark] of Object.entries(inChapter)) expect(onFull[id], id).toEqual(mark)
    }
    await page.goto(`${site.url}/v23.08/full/`)
    await page.locator('a.chg').first().waitFor()
    await page.emulateMedia({ media: 'print' })
    await expect(page.locator('a.chg').first().isVisible()).resolves.toBe(false)
    // The current rules' one page has no marks: nothing there changed since itself.
    await page.emulateMedia({ media: 'screen' })
    await page.goto(`${site.url}/full/`)
    await page.waitForLoadState('networkidle')
    await expect(page.locator('a.chg').count()).resolves.toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  describe('switching a rule between two held releases', () => {
    const switchMap = (base: string) => JSON.parse(readFileSync(join(DIST, base, 'switch.json'), 'utf8')) as Record<string, Record<string, [string, string] | [string, string, 0] | ''>>

    async function switchTo(from: string, slug: string, id: string, to: string) {
      const { page, context, errors } = await newPage(site)
      await page.goto(`${site.url}${from}${slug}/#${id}`)
      await page.click('.vs summary')
      await page.click(`.vs-menu a[data-vs="${to}"]`)
      return { page, context, errors }
    }

    /** A rule of `from` with no equivalent in `to`: `[rule, nearest section slug, its ID]` from switch.json. */
    const absent = (from: string, to: string, removed: boolean) => {
      const map = switchMap(from)[to]!
      const changed = lookupOf(from).h ?? {}
      const rule = rulesOf(from).find((r) => map[r.id]?.[2] === 0 && (changed[r.id] === 'x') === removed)!
      expect(rule, `${from} → ${to}`).toBeDefined()
      const [slug, nearest] = map[rule.id] as [string, string, 0]
      return { rule, slug, nearest }
    }

    test('a rule removed in between lands where its place was, saying it is not a rule of the release chosen, with a link to what became of it', async () => {
      const { rule, slug, nearest } = absent('/v24.03/', 'v25.04', true)
      const { page, context, errors } = await switchTo('/v24.03/', rule.slug, rule.id, 'v25.04')
      await page.waitForURL((u) => u.pathname === `/v25.04/${slug}/` && u.hash === `#${nearest}` && u.searchParams.get('gone') === rule.id)
      const note = page.locator('.number-note')
      await expect(note.textContent()).resolves.toMatch(new RegExp(`^${rule.id} is not a rule of v25\\.04\\.`))
      await expect(note.locator('a').getAttribute('href')).resolves.toBe(`/r/${rule.id}/`)
      await expect(page.locator(':target').getAttribute('id')).resolves.toBe(nearest)
      expect(errors).toEqual([])
      await context.close()
    })

    test('a rule written since, switched back to an older release, says so too, on the one-page rules as well; a renamed one lands on its new name', async () => {
      const { rule: added, nearest } = absent('/v25.08/', 'v23.08', false)
      const opened = await switchTo('/v25.08/', 'full', added.id, 'v23.08')
      await opened.page.waitForURL((u) => u.pathname === '/v23.08/full/' && u.hash === `#${nearest}` && u.searchParams.get('gone') === added.id)
      await expect(opened.page.locator('.number-note').textContent()).resolves.toMatch(/is not a rule of v23\.08\./)
      await opened.context.close()
      const map = switchMap('/v25.08/')['v23.08']!
      const renamed = rulesOf('/v25.08/').find((r) => Array.isArray(map[r.id]) && map[r.id]!.length === 2 && map[r.id]![1] !== r.id)!
      const [slug, there] = map[renamed.id] as [string, string]
      const again = await switchTo('/v25.08/', renamed.slug, renamed.id, 'v23.08')
      await again.page.waitForURL((u) => u.pathname === `/v23.08/${slug}/` && u.hash === `#${there}` && !u.search)
      expect(again.errors).toEqual([])
      await again.context.close()
    })
  })

  test('served on the port it was built for, every absolute URL names that origin', async (ctx) => {
    const origin = builtOrigin(readFileSync(join(DIST, 'index.html'), 'utf8'))!
    const local = /^http:\/\/localhost:(\d+)$/.exec(origin)
    if (!local) return ctx.skip() // a public build (CR_SITE_URL): share.test.ts reads its URLs
    // Every page and data file of the build names one origin, whatever PORT it was built with.
    const origins = new Set<string>()
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name)
        if (e.isDirectory()) walk(path)
        else if (/\.(html|xml|json|webmanifest|js)$/.test(e.name)) for (const m of readFileSync(path, 'latin1').matchAll(/https?:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?/g)) origins.add(m[0])
      }
    }
    walk(DIST)
    expect([...origins]).toEqual([origin])
    const server = await serveStatic(DIST, Number(local[1])).catch(() => undefined)
    if (!server) return ctx.skip() // the port is taken (an `npm start` on this machine)
    try {
      const context = await site.browser.newContext({ serviceWorkers: 'allow' })
      const page = await context.newPage()
      for (const path of ['/', '/runs/', '/v24.03/runs/']) {
        await page.goto(`${origin}${path}`)
        const urls = await page.evaluate(() => [
          document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
          document.querySelector<HTMLMetaElement>('meta[property="og:url"]')?.content,
          document.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content,
        ])
        for (const u of urls.filter(Boolean)) expect(new URL(u!).origin, `${path}: ${u}`).toBe(origin)
      }
      // A permalink page (it refreshes at once) unfurls with this origin's URL of its rule.
      const permalink = await (await page.request.get(`${origin}/r/6.1.4/`)).text()
      expect(builtOrigin(permalink)).toBe(origin)
      expect(permalink).toContain(`<meta property="og:image" content="${origin}/icon-512.png">`)
      // The canonical of a page is the page itself, on this server.
      await page.goto(`${origin}/glossary/`)
      await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(`${origin}/glossary/`)
      const xml = await (await page.request.get(`${origin}/opensearch.xml`)).text()
      expect(xml).toContain(`template="${origin}/search/?q={searchTerms}"`)
      // The service worker controls this origin's pages.
      await page.goto(`${origin}/`)
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
      expect(scope).toBe(`${origin}/`)
      await context.close()
    } finally {
      await server.close()
    }
  })

  test('rule links carry no data-ref, and their previews name the rule their URL does', async () => {
    for (const file of ['runs/index.html', 'full/index.html', 'glossary/index.html', 'cards/index.html', 'v22.12/full/index.html']) {
      expect(readFileSync(join(DIST, file), 'utf8'), file).not.toMatch(/<a [^>]*data-ref=/)
    }
    const { page, context, errors } = await newPage(site)
    for (const [path, selector] of [['/glossary/', 'a.gn'], ['/cards/', 'a.cr-ref'], ['/v22.12/full/', 'a.cr-ref'], ['/appendix-timing-structures/', 'a.prose.cr-ref']] as const) {
      await page.goto(`${site.url}${path}`)
      const link = page.locator(`main ${selector}`).nth(3)
      const href = (await link.getAttribute('href'))!
      const id = href.slice(href.indexOf('#') + 1)
      const base = path.startsWith('/v22.12/') ? '/v22.12/' : '/'
      const number = rulesOf(base).find((r) => r.id === id)!.number
      await link.focus()
      const pop = page.locator('#cr-pop')
      await pop.waitFor({ state: 'visible' })
      await expect(pop.locator('.pop-h').textContent(), `${path} ${href}`).resolves.toMatch(new RegExp(`^${number.replace(/\./g, '\\.')} `))
      await page.keyboard.press('Escape')
    }
    expect(errors).toEqual([])
    await context.close()
  })
})
