/** No page of the built site, in any release, has a broken internal link, redirect or anchor. */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../../site/integration/chromium.ts'
import { baseOf, routes } from '../../site/shared/routes.ts'
import { BUILD_TIMEOUT, DIST, ensureSite, hasChromium, ROOT } from './helpers.ts'
import { checkLinks, extractAll, listFiles, pagefindUrls, parserName, type PageLinks } from './link-check.ts'

const parser = await parserName()
const canParse = parser === 'parse5' || hasChromium
if (parser !== 'parse5') console.warn('Link checker: parse5 is not installed, parsing HTML with Chromium instead (add `parse5` as a devDependency to check without a browser).')

describe.skipIf(!canParse)('links', () => {
  let browser: Browser | undefined
  let files: string[]
  let parsed: Map<string, PageLinks>
  let html: Map<string, string>

  beforeAll(async () => {
    await ensureSite()
    if (parser !== 'parse5') browser = await launchChromium()
    files = listFiles(DIST)
    html = new Map(files.filter((f) => f.endsWith('.html')).map((f) => [f, readFileSync(join(DIST, f), 'utf8')]))
    parsed = await extractAll(html, browser)
  }, BUILD_TIMEOUT)
  afterAll(() => browser?.close())

  test('every internal link, redirect and anchor resolves, in every release', () => {
    // Each release has its lookup, search index and switcher map: the URLs they hold must resolve too.
    const bases = files.filter((f) => f.endsWith('/lookup.json')).map((f) => f.slice(0, -'lookup.json'.length))
    expect(bases).toEqual(expect.arrayContaining(['/', '/v22.12/', '/v24.03/', '/v26.03/']))
    const extra: [string, string][] = bases.flatMap((base) => {
      const lookup = JSON.parse(readFileSync(join(DIST, base, 'lookup.json'), 'utf8')) as { c: string[]; r: [string, string, number][] }
      const switchFile = join(DIST, base, 'switch.json')
      const maps = existsSync(switchFile) ? (JSON.parse(readFileSync(switchFile, 'utf8')) as Record<string, Record<string, [string, string] | ''>>) : {}
      const at = routes(base)
      return [
        ...lookup.r.map(([id, , c]): [string, string] => [at.chapter(lookup.c[c]!, id), `${base}lookup.json`]),
        ...pagefindUrls(join(DIST, base, 'pagefind')).map((u): [string, string] => [u, `${base}pagefind record`]),
        ...Object.entries(maps).flatMap(([key, map]) =>
          Object.values(map).map((to): [string, string] => [to === '' ? baseOf(key) : routes(baseOf(key)).chapter(to[0], to[1]), `${base}switch.json`]),
        ),
      ]
    })
    // The PDF needs Chromium; without it the build skips only the PDF.
    const optional = (path: string) => !hasChromium && /\/netrunner-cr-[^/]+\.pdf$/.test(path)
    const broken = checkLinks(DIST, parsed, extra, { optional })
    const links = [...parsed.values()].reduce((n, p) => n + p.links.length, 0) + extra.length
    expect(links).toBeGreaterThan(50_000)
    expect(broken.slice(0, 20)).toEqual([])
  })

  test('every page names its icon, so no browser asks for a missing /favicon.ico', () => {
    const bare = [...html].filter(([, text]) => !/<link\b[^>]*\brel="icon"/.test(text)).map(([page]) => page)
    expect(html.size).toBeGreaterThan(3000)
    expect(bare.slice(0, 10)).toEqual([])
  })

  test('no page has the same id twice', () => {
    const dupes: string[] = []
    for (const [page, { ids }] of parsed) {
      const seen = new Set<string>()
      for (const id of ids) {
        if (seen.has(id)) dupes.push(`${page}#${id}`)
        seen.add(id)
      }
    }
    expect(dupes).toEqual([])
  })

  test('every rule has a permalink by ID and by number', () => {
    const lookup = JSON.parse(readFileSync(join(DIST, 'lookup.json'), 'utf8')) as { r: [string, string, number][] }
    const missing = lookup.r.flatMap(([id, number]) =>
      [id, number].filter((key) => !existsSync(join(DIST, 'r', key, 'index.html'))).map((key) => `/r/${key}/`),
    )
    expect(missing).toEqual([])
  })

  test('every retired ID keeps a permalink', () => {
    const lookup = JSON.parse(readFileSync(join(DIST, 'lookup.json'), 'utf8')) as { r: [string, string, number][] }
    const current = new Set(lookup.r.map(([id]) => id))
    const retired = [...readFileSync(join(ROOT, 'rules/retired.yaml'), 'utf8').matchAll(/^\s*- id: (\S+)$/gm)].map((m) => m[1]!)
    const missing = retired.filter((id) => !current.has(id) && !existsSync(join(DIST, 'r', id, 'index.html')))
    expect(retired.length).toBeGreaterThan(30)
    expect(missing).toEqual([])
  })
})
