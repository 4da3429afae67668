/**
 * Printing a `/full/` page to PDF (site/integration/pdf.ts), on a small page
 * of its own (no site build): the contents' page numbers come from a first
 * print, or from a guess (the numbers the last print had, kept by the build
 * cache, else the repository's data/pdf-contents.json) that saves that print
 * when the PDF confirms it. A guess never
 * changes what is printed: right, wrong, stale or partial, the PDF is the
 * same bytes as a print without one.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hasChromium } from '../../site/integration/chromium.ts'
import { printPdfs, type PdfJob, type PdfResult } from '../../site/integration/pdf.ts'
import { cachedPdfs, openBuildCache } from '../../site/integration/build-cache.ts'

const TIMEOUT = 600_000
const work = mkdtempSync(join(tmpdir(), 'cr-pdf-print-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Chapters of a few pages each, whose sections the contents list: page numbers worth guessing. */
const chapters = [3, 1, 4, 2].map((sections, c) => ({
  id: `chpt_${c + 1}`,
  title: `${c + 1}. Chapter ${['one', 'two', 'three', 'four'][c]}`,
  sections: Array.from({ length: sections }, (_, s) => ({ id: `sec_${c + 1}_${s + 1}`, title: `${c + 1}.${s + 1} Section ${['alpha', 'beta', 'gamma', 'delta'][s]}` })),
}))
const paragraph = (n: number) =>
  `<p>Rule ${n}. When the Runner encounters a piece of ice, the Runner may use paid abilities and interrupt the encounter; afterwards the Corporation resolves every subroutine the Runner did not break, in order.</p>`

function page(): string {
  const toc = chapters
    .map((c) => `<li><a href="#${c.id}">${c.title}</a><ol>${c.sections.map((s) => `<li><a href="#${s.id}">${s.title}</a></li>`).join('')}</ol></li>`)
    .join('')
  const body = chapters
    .map(
      (c) =>
        `<section class="chapter" id="${c.id}"><h2>${c.title}</h2>${c.sections
          .map((s, i) => `<h3 id="${s.id}">${s.title}</h3>${Array.from({ length: 30 + 7 * i }, (_, n) => paragraph(n)).join('')}`)
          .join('')}</section>`,
    )
    .join('')
  return `<!doctype html><html lang="en" data-base="/"><head><meta charset="utf-8"><title>Print</title>
<style>@page { size: A4; margin: 18mm } .chapter { break-before: page } .pg { float: right }</style></head>
<body><main><div class="full"><h1>Printed Rules <span class="ver">v1</span></h1>
<nav class="full-toc" aria-label="Contents"><h2 id="contents">Contents</h2><ol>${toc}</ol></nav>${body}</div></main></body></html>`
}

const dist = join(work, 'dist')
beforeAll(() => {
  mkdirSync(join(dist, 'full'), { recursive: true })
  writeFileSync(join(dist, 'full/index.html'), page())
  writeFileSync(join(dist, 'card-data.json'), '{}')
})

let n = 0
const job = (extra: Partial<PdfJob> = {}): PdfJob => ({ pagePath: '/full/', outFile: join(work, `out-${n++}.pdf`), info: { title: 'Printed Rules v1', author: 'Test', subject: 'v1', lang: 'en', date: new Date('2026-01-01T00:00:00Z') }, ...extra })
const written = (r: PdfResult | undefined) => {
  if (!r || !('written' in r)) throw new Error(`not printed: ${JSON.stringify(r)}`)
  return r
}

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined
if (!hasChromium || !hasPdftotext) console.warn('PDF print tests skipped: they need Chromium and pdftotext (apt-get install -y chromium poppler-utils)')

describe.skipIf(!hasChromium || !hasPdftotext)('the contents page numbers of a printed page', () => {
  let plain: ReturnType<typeof written>
  let bytes: Buffer
  beforeAll(async () => {
    plain = written((await printPdfs(dist, [job()]))[0])
    bytes = readFileSync(plain.written)
  }, TIMEOUT)

  test('without a guess: a first print to find the pages, a second with the numbers; each entry at the page of its heading', () => {
    expect(plain.prints).toBe(2)
    const ids = chapters.flatMap((c) => [c.id, ...c.sections.map((s) => s.id)])
    expect(Object.keys(plain.contents).sort()).toEqual([...ids].sort())
    // Each heading is printed on the page its entry gives (the contents, page 1, list them all).
    const pages = spawnSync('pdftotext', ['-layout', plain.written, '-'], { encoding: 'utf8' }).stdout.split('\f')
    const titles = new Map(chapters.flatMap((c) => [[c.id, c.title], ...c.sections.map((s): [string, string] => [s.id, s.title])]))
    for (const id of ids) {
      expect(plain.contents[id], id).toBeGreaterThan(1)
      expect(pages[plain.contents[id]! - 1], id).toContain(titles.get(id))
    }
    // Chapters start on pages of their own, in order.
    const starts = chapters.map((c) => plain.contents[c.id]!)
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(new Set(starts).size).toBe(chapters.length)
  })

  test('the right guess: one print, the same bytes', async () => {
    const [r] = await printPdfs(dist, [job({ contents: plain.contents })])
    expect(written(r).prints).toBe(1)
    expect(readFileSync(written(r).written).equals(bytes)).toBe(true)
  }, TIMEOUT)

  test('a wrong, stale or partial guess: printed again, the same bytes', async () => {
    const entries = Object.entries(plain.contents)
    const guesses: Record<string, number>[] = [
      // Every number off by one.
      Object.fromEntries(entries.map(([id, p]) => [id, p + 1])),
      // Right, but with an entry the page no longer has, and without one it has.
      { ...Object.fromEntries(entries.slice(1)), rule_gone: 3 },
    ]
    const results = await printPdfs(dist, guesses.map((contents) => job({ contents })))
    for (const r of results) {
      expect(written(r).prints).toBeGreaterThan(1)
      expect(written(r).contents).toEqual(plain.contents)
      expect(readFileSync(written(r).written).equals(bytes)).toBe(true)
    }
  }, TIMEOUT)

  test('the build cache keeps the numbers printed as the next print’s guess, by the page, whatever else changed', async () => {
    const cache = openBuildCache(work, { CR_SITE_CACHE_DIR: join(work, 'cache') })
    const first = await cachedPdfs(cache, dist, [job()])
    expect(first.map((r) => ('prints' in r ? r.prints : 0))).toEqual([2])
    // Other document information: a new key, so it prints again, but with the last numbers as its guess.
    const again = await cachedPdfs(cache, dist, [job({ info: { ...job().info!, subject: 'v1 again' } })])
    expect(again.map((r) => [r.cached, 'prints' in r ? r.prints : 0])).toEqual([[false, 1]])
    // The same inputs: the PDF is kept, not printed.
    const kept = await cachedPdfs(cache, dist, [job()])
    expect(kept.map((r) => r.cached)).toEqual([true])
    expect(readFileSync(written(kept[0]).written).equals(bytes)).toBe(true)
  }, TIMEOUT)

  test('an empty cache takes the repository’s numbers (data/pdf-contents.json) as its guess: one print when they hold, two when stale, the same bytes', async () => {
    const root = join(work, 'clone')
    mkdirSync(join(root, 'data'), { recursive: true })
    const committed = (contents: Record<string, number>) => writeFileSync(join(root, 'data/pdf-contents.json'), JSON.stringify({ '/full/': contents, '/v0/full/': { chpt_x: 'two' } }))
    committed(plain.contents)
    const fresh = openBuildCache(root, { CR_SITE_CACHE_DIR: join(root, 'cache') })
    const [held] = await cachedPdfs(fresh, dist, [job()])
    expect([held!.cached, written(held).prints, held!.guessFrom]).toEqual([false, 1, 'repository'])
    expect(readFileSync(written(held).written).equals(bytes)).toBe(true)
    // Stale (every number one off): found wrong and printed again; a cache of its own wins over the repository next time.
    committed(Object.fromEntries(Object.entries(plain.contents).map(([id, p]) => [id, p + 1])))
    const staleRoot = openBuildCache(root, { CR_SITE_CACHE_DIR: join(root, 'cache-2') })
    const [stale] = await cachedPdfs(staleRoot, dist, [job()])
    expect([written(stale).prints, stale!.guessFrom]).toEqual([2, 'repository'])
    expect(readFileSync(written(stale).written).equals(bytes)).toBe(true)
    const [next] = await cachedPdfs(staleRoot, dist, [job({ info: { ...job().info!, subject: 'v1 again' } })])
    expect([written(next).prints, next!.guessFrom]).toEqual([1, 'cache'])
    // A file that is no guess (not JSON): printed without one.
    writeFileSync(join(root, 'data/pdf-contents.json'), '{ not json')
    const [none] = await cachedPdfs(openBuildCache(root, { CR_SITE_CACHE_DIR: join(root, 'cache-3') }), dist, [job()])
    expect([written(none).prints, none!.guessFrom]).toEqual([2, undefined])
  }, TIMEOUT)

  test('what the build hands over is printed, not the file: the page as Astro rendered it, before it is written', async () => {
    const rendered = Buffer.from(page().replace('Printed Rules <span', 'Rendered Rules <span'))
    const [r] = await printPdfs(dist, [job({ served: { '/full/': rendered } })])
    const text = spawnSync('pdftotext', [written(r).written, '-'], { encoding: 'utf8' }).stdout
    expect(text).toContain('Rendered Rules')
    expect(text).not.toContain('Printed Rules')
  }, TIMEOUT)

  test('a page that reads more of the site than the print’s inputs fails, naming it: the cache key would not cover it', async () => {
    const other = join(work, 'other')
    mkdirSync(join(other, 'v2/full'), { recursive: true })
    writeFileSync(join(other, 'v2/full/index.html'), page().replace('data-base="/"', 'data-base="/v2/"').replace('</body>', `<script>fetch('/v2/lookup.json'); fetch('/v2/card-data.json')</script></body>`))
    writeFileSync(join(other, 'v2/lookup.json'), '{}')
    writeFileSync(join(other, 'v2/card-data.json'), '{}')
    await expect(printPdfs(other, [job({ pagePath: '/v2/full/' })])).rejects.toThrow(/PDF of \/v2\/full\/: the page asked for \/v2\/lookup\.json, which the print does not read: add it to printInputs/)
  }, TIMEOUT)
})
