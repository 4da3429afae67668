/**
 * The permalink redirects the build writes (site/integration/permalink-pages.ts):
 * one per ID and number of the current rules and per renamed, merged or split
 * ID, each landing where the rule is; rule text is data, never markup; the
 * files are where a static host looks for `/r/<key>/`; `npm run dev` serves
 * the same pages.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'parse5'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { permalinkDevPages, permalinkPages, writePermalinkPages } from '../../site/integration/permalink-pages.ts'
import { prepareSite } from '../../site/data/store.ts'
import { fileOfSitePath, siteRoutes } from '../../site/shared/routes.ts'
import { escapeRegExp } from '../../src/core/chars.ts'
import type { SiteData } from '../../site/data/types.ts'

const ROOT = join(import.meta.dirname, '../..')
const SITE_URL = 'https://rules.example.org'

type Node = { nodeName: string; tagName?: string; attrs?: { name: string; value: string }[]; childNodes?: Node[]; value?: string }
const all = (n: Node): Node[] => [n, ...(n.childNodes ?? []).flatMap(all)]
const attr = (n: Node, name: string) => n.attrs?.find((a) => a.name === name)?.value
/** What a browser reads from the page: its elements, the refresh target, the meta by name, the link's text. */
function read(html: string) {
  const nodes = all(parse(html) as unknown as Node)
  const meta: Record<string, string> = {}
  for (const m of nodes.filter((n) => n.tagName === 'meta')) {
    const key = attr(m, 'property') ?? attr(m, 'name') ?? attr(m, 'http-equiv')
    if (key) meta[key] = attr(m, 'content') ?? ''
  }
  const a = nodes.find((n) => n.tagName === 'a')!
  return {
    tags: nodes.flatMap((n) => (n.tagName ? [n.tagName] : [])),
    refresh: /^0; url=(.*)$/.exec(meta.refresh ?? '')?.[1],
    meta,
    canonical: attr(nodes.find((n) => n.tagName === 'link' && attr(n, 'rel') === 'canonical')!, 'href'),
    href: attr(a, 'href'),
    body: all(nodes.find((n) => n.tagName === 'body')!).flatMap((n) => (n.nodeName === '#text' ? [n.value!] : [])).join(''),
  }
}

let site: SiteData
let pages: Map<string, string>
beforeAll(() => {
  site = prepareSite(ROOT, { CR_RELEASES: 'all' })
  pages = permalinkPages(site, SITE_URL)
}, 600_000)

describe('the permalink redirects', () => {
  test('every ID and number of the current rules lands on its rule, and unfurls', () => {
    const current = site.releases.find((r) => r.current)!
    expect(current.permalinks.length).toBeGreaterThan(3000)
    for (const link of current.permalinks) {
      const page = read(pages.get(`/r/${encodeURIComponent(link.key)}/`)!)
      const renamed = link.key === link.number && site.numbers.renamed[link.number]
      // A number that named another rule before says which number brought the reader.
      expect(page.refresh, link.key).toBe(renamed ? `${link.url.split('#')[0]}?from=${encodeURIComponent(link.number)}#${link.id}` : link.url)
      expect(page.href).toBe(page.refresh)
      expect(page.canonical).toBe(new URL(link.url, SITE_URL).href)
      expect(page.meta['og:url']).toBeUndefined()
      expect(page.meta['og:description']).toBe(link.text)
      // The current rules with changes not yet released unfurl as `v26.03+`, never as the release itself.
      expect(page.meta['og:title']).toBe(`CR ${link.title} (${current.version}${site.changes.some((c) => c.key === 'current') ? '+' : ''})`)
      expect(page.meta.robots).toBe('noindex')
    }
    // Both kinds are there: numbers that moved, and the rest.
    expect(current.permalinks.some((l) => l.key === l.number && site.numbers.renamed[l.number])).toBe(true)
  })

  test('a renamed, merged or split ID lands on what it became and says so; a removed one has no redirect', () => {
    const moved = site.retired.filter((r) => r.to)
    expect(moved.length).toBeGreaterThan(0)
    for (const retired of moved) {
      const page = read(pages.get(siteRoutes.retired(retired.id))!)
      expect(page.refresh).toBe(retired.to!.url)
      expect(page.body).toMatch(new RegExp(`^${escapeRegExp(retired.id)} was (renamed to|merged into|split; its first part is) CR ${escapeRegExp(`${retired.to!.number} (${retired.to!.id})`)}$`))
    }
    // Removed IDs and numbers no rule has today are Astro's pages (pages/r/[key]/): never written over.
    for (const removed of site.retired.filter((r) => !r.to)) expect(pages.has(siteRoutes.retired(removed.id))).toBe(false)
    expect(site.numbers.pages.length).toBeGreaterThan(0)
    for (const number of site.numbers.pages) expect(pages.has(`/r/${encodeURIComponent(number.number)}/`)).toBe(false)
    expect(pages.size).toBe(site.releases.find((r) => r.current)!.permalinks.length + moved.length)
  })

  test('rule text is data: quotes, angle brackets and ampersands stay text', () => {
    const current = site.releases.find((r) => r.current)!
    const hostile = `"><script>alert(1)</script><meta http-equiv="refresh" content="0; url=https://evil.example/"> & 'so'`
    const link = { ...current.permalinks[0]!, text: hostile, title: `6.1.4 ${hostile}` }
    const forged: SiteData = { ...site, retired: [], releases: site.releases.map((r) => (r.current ? { ...r, permalinks: [link] } : r)) }
    const html = [...permalinkPages(forged, SITE_URL).values()][0]!
    const page = read(html)
    expect(page.tags).not.toContain('script')
    expect(page.tags.filter((t) => t === 'meta').length).toBe(8)
    expect(page.refresh).toBe(link.url)
    expect(page.meta['og:description']).toBe(hostile)
    // Once, in og:description: a redirect kept out of search engines has no snippet to describe.
    expect(page.meta.description).toBeUndefined()
  })

  test('each page is small: no stylesheet, no script', () => {
    const sizes = [...pages.values()].map((html) => Buffer.byteLength(html))
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2000)
    for (const html of pages.values()) expect(read(html).tags.filter((t) => t === 'style' || t === 'script')).toEqual([])
  })
})

describe('written where a static host looks', () => {
  let out: string
  const fileOf = (path: string) => join(out, fileOfSitePath(path))
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'cr-permalinks-'))
  })
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  test('/r/<key>/index.html, the key as a path segment (`rule_54+`, not `rule_54%2B`)', async () => {
    expect(join(out, fileOfSitePath('/r/rule_54%2B/'))).toBe(join(out, 'r', 'rule_54+', 'index.html'))
    expect(join(out, fileOfSitePath('/r/6.1.4a/'))).toBe(join(out, 'r', '6.1.4a', 'index.html'))
    const some = new Map([...pages].slice(0, 40))
    expect(await writePermalinkPages(out, some)).toBe(40)
    for (const [path, html] of some) expect(readFileSync(fileOf(path), 'utf8')).toBe(html)
    // A page already there (Astro's, at the same path) fails the write, and is left as it was.
    const [path] = [...some.keys()]
    writeFileSync(fileOf(path!), 'Astro wrote this')
    await expect(writePermalinkPages(out, new Map([[path!, 'ours']]))).rejects.toThrow(/already exists/)
    expect(readFileSync(fileOf(path!), 'utf8')).toBe('Astro wrote this')
  })

  test('a site with two pages at one path, or no current rules, is an error', () => {
    const current = site.releases.find((r) => r.current)!
    const twice: SiteData = { ...site, retired: [], releases: site.releases.map((r) => (r.current ? { ...r, permalinks: [current.permalinks[0]!, current.permalinks[0]!] } : r)) }
    expect(() => permalinkPages(twice, SITE_URL)).toThrow(/two pages at \/r\//)
    expect(() => permalinkPages({ ...site, releases: site.releases.filter((r) => !r.current) }, SITE_URL)).toThrow(/no current rules/)
  })
})

describe('npm run dev', () => {
  type Res = { status?: number; headers: Record<string, string>; body?: string; setHeader(k: string, v: string): void; end(body?: string): void }
  type Handler = (req: unknown, res: Res, next: () => void) => void
  const serverOf = (getSite: () => SiteData) => {
    let handler: Handler | undefined
    ;(permalinkDevPages(getSite, SITE_URL).configureServer as (s: unknown) => void)({ middlewares: { use: (h: Handler) => (handler = h) } })
    return handler!
  }
  const serve = (url: string, method = 'GET', handler = serverOf(() => site)) => {
    const res: Res = { headers: {}, setHeader: (k, v) => (res.headers[k] = v), end: (body) => ((res.status = 200), (res.body = body)) }
    let passed = false
    handler({ url, method }, res, () => (passed = true))
    return { res, passed }
  }

  test('serves the pages the build writes, and passes on everything else', () => {
    const { res } = serve('/r/6.1.4/?utm=x')
    expect(res.body).toBe(pages.get('/r/6.1.4/'))
    expect(res.headers['Content-Type']).toBe('text/html; charset=utf-8')
    expect(serve('/r/6.1.4/', 'HEAD').res.body).toBeUndefined()
    // A key with a character a URL may escape or not, either way.
    expect(pages.has('/r/rule_54%2B/')).toBe(true)
    expect(serve('/r/rule_54+/').res.body).toBe(pages.get('/r/rule_54%2B/'))
    expect(serve('/r/rule_54%2B/').res.body).toBe(pages.get('/r/rule_54%2B/'))
    expect(serve('/r/%E0%A4%A/').passed).toBe(true)
    // A removed ID's page and an old number's page are Astro's (pages/r/[key]/); other paths too.
    for (const removed of site.retired.filter((r) => !r.to).slice(0, 1)) expect(serve(siteRoutes.retired(removed.id)).passed).toBe(true)
    expect(serve('/runs/').passed).toBe(true)
    expect(serve('/r/6.1.4/', 'POST').passed).toBe(true)
  })

  test('after a save, the pages of the rules as saved (the live preview replaces the current release in the same site object)', () => {
    const live: SiteData = { ...site, releases: [...site.releases] }
    const handler = serverOf(() => live)
    const before = serve('/r/6.1.4/', 'GET', handler).res.body!
    expect(before).toContain('To end the run')
    const i = live.releases.findIndex((r) => r.current)
    const current = live.releases[i]!
    live.releases[i] = { ...current, permalinks: current.permalinks.map((l) => (l.key === '6.1.4' ? { ...l, text: 'Edited in the live preview.' } : l)) }
    expect(serve('/r/6.1.4/', 'GET', handler).res.body).toContain('Edited in the live preview.')
  })
})
