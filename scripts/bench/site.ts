/**
 * The site's budgets, measured (issue 4). Run with `npx tsx scripts/bench/site.ts`.
 *
 *   build    compile + Astro + Pagefind of every release, median of --runs builds (≤ 60 s; PDF timed apart)
 *   size     largest chapter page, gzipped HTML (≤ 80 KB)
 *   js       JavaScript a reading page loads before search is touched, gzipped (≤ 20 KB)
 *   search   first result after the first keystroke (≤ 300 ms) and after later ones (≤ 50 ms)
 *   lighthouse  performance (≥ 95) and accessibility (= 100), home and largest chapter
 *
 * Flags: --runs N (default 3), --no-build (measure the existing dist/), --json.
 * Prints medians; exits 1 when a budget is missed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_PATH, hasChromium, launchChromium } from '../../site/integration/chromium.ts'
import { serveStatic } from '../../site/integration/static-server.ts'
import { createReport, flag, kb, lighthouseScores, median, option } from './report.ts'
import { routes } from '../../site/shared/routes.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const DIST = join(ROOT, 'dist')
const RUNS = option('--runs', 3)
const QUERIES = ['jack out', 'bad publicity', 'recurring credits', 'sneakdoor beta', 'checkpoint']


const { report, printJson, results } = createReport(34)

/** Flush the previous build's ~15,000 written files, so its disk writeback is not timed as the next measurement. */
const settle = () => spawnSync('sync')

function astroBuild(env: Record<string, string>): number {
  settle()
  const started = performance.now()
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`astro build failed:\n${run.stdout}\n${run.stderr}`)
  return (performance.now() - started) / 1000
}

// 1. Build.
if (!flag('--no-build') || !existsSync(join(DIST, 'index.html'))) {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) times.push(astroBuild({ CR_PDF: '0' }))
  report({ name: 'build (compile + Astro + Pagefind)', value: Math.round(median(times) * 10) / 10, unit: 's', budget: '≤ 60 s', ok: median(times) <= 60, detail: `runs: ${times.map((t) => t.toFixed(1)).join(', ')}` })
  if (hasChromium()) {
    const withPdf = astroBuild({})
    report({ name: 'build with PDF', value: Math.round(withPdf * 10) / 10, unit: 's', budget: 'info', ok: true })
  }
  settle()
}

{
  const files = readdirSync(DIST, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
  const releases = files.filter((d) => d.name === 'lookup.json').length
  report({ name: 'files written', value: files.length, unit: '', budget: 'info', ok: true, detail: `${files.filter((d) => d.name.endsWith('.html')).length} HTML, ${releases} releases` })
}

// 2. Largest chapter page.
const lookup = JSON.parse(readFileSync(join(DIST, 'lookup.json'), 'utf8')) as { c: string[] }
const chapters = lookup.c.map((slug) => routes('/').chapter(slug)).map((path) => {
  const html = readFileSync(join(DIST, path, 'index.html'))
  return { path, raw: html.length, gzip: gzipSync(html).length }
})
const largest = chapters.reduce((a, b) => (b.gzip > a.gzip ? b : a))
report({ name: 'largest chapter, gzipped HTML', value: kb(largest.gzip), unit: 'KB', budget: '≤ 80 KB', ok: largest.gzip <= 80 * 1024, detail: `${largest.path} (${kb(largest.raw)} KB raw)` })
const full = readFileSync(join(DIST, 'full/index.html'))
report({ name: '/full/, gzipped HTML', value: kb(gzipSync(full).length), unit: 'KB', budget: 'info', ok: true })

if (!hasChromium()) {
  console.log(`Browser measurements skipped: no Chromium at ${CHROMIUM_PATH}.`)
  process.exit(results.every((r) => r.ok) ? 0 : 1)
}

const server = await serveStatic(DIST)
const browser = await launchChromium()
try {
  // 3. JavaScript on a reading page before search.
  {
    const page = await browser.newPage()
    const scripts = new Map<string, number>()
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return
      const body = await res.body().catch(() => Buffer.alloc(0))
      scripts.set(res.url(), gzipSync(body).length)
    })
    await page.goto(`${server.url}${largest.path}`, { waitUntil: 'networkidle' })
    // Reading: hovering a reference and scrolling load data, not code.
    await page.hover('a.cr-ref')
    await page.mouse.wheel(0, 4000)
    await page.waitForTimeout(500)
    const inline = await page.$$eval('script:not([src])', (els) => els.map((e) => e.textContent ?? '').join('\n'))
    const external = [...scripts.values()].reduce((a, b) => a + b, 0)
    const total = external + gzipSync(inline).length
    report({ name: 'JS before search, gzipped', value: kb(total), unit: 'KB', budget: '≤ 20 KB', ok: total <= 20 * 1024, detail: `${scripts.size} files + inline` })
    await page.close()
  }

  // 4. Search latency: keystroke → results for that query in the DOM.
  {
    const first: number[] = []
    const firstFull: number[] = []
    const later: number[] = []
    for (const query of QUERIES) {
      const page = await browser.newPage()
      await page.goto(`${server.url}/runs/`, { waitUntil: 'networkidle' })
      await page.evaluate(() => {
        const w = window as unknown as { __marks: { key: number; q: string }[]; __done: Map<string, number>; __full: Map<string, number> }
        w.__marks = []
        w.__done = new Map()
        w.__full = new Map()
        document.addEventListener('keydown', () => w.__marks.push({ key: performance.now(), q: '' }), true)
        const list = document.querySelector('#q ~ .search-panel .search-results')!
        new MutationObserver(() => {
          const { q = '', done = '' } = (list as HTMLElement).dataset
          if (!w.__done.has(q)) w.__done.set(q, performance.now())
          if (done && !w.__full.has(done)) w.__full.set(done, performance.now())
        }).observe(list, { attributes: true, childList: true })
      })
      // The reader clicks into the box and types straight away.
      await page.click('#q')
      let typed = ''
      for (const ch of query) {
        typed += ch
        await page.keyboard.type(ch)
        await page.waitForFunction((q) => (window as unknown as { __done: Map<string, number> }).__done.has(q.trim()), typed, { timeout: 10_000 })
        // Then let Pagefind's own results for the first letter arrive, to time them too.
        if (typed.length === 1) await page.waitForFunction((q) => (window as unknown as { __full: Map<string, number> }).__full.has(q), typed, { timeout: 10_000 })
      }
      await page.waitForFunction((q) => (window as unknown as { __full: Map<string, number> }).__full.has(q), query, { timeout: 10_000 })
      const [times, full] = await page.evaluate((q) => {
        const w = window as unknown as { __marks: { key: number }[]; __done: Map<string, number>; __full: Map<string, number> }
        const first = q[0]!
        return [
          [...q].map((_, i) => w.__done.get(q.slice(0, i + 1).trim())! - w.__marks[i]!.key),
          (w.__full.get(first) ?? NaN) - w.__marks[0]!.key,
        ] as const
      }, query)
      if (Number.isFinite(full)) firstFull.push(full)
      // A space changes nothing Pagefind sees: only keystrokes that change the query count.
      const counted = times.filter((_, i) => query[i] !== ' ')
      first.push(counted[0]!)
      later.push(...counted.slice(1))
      await page.close()
    }
    report({ name: 'search: first keystroke → result', value: Math.round(median(first)), unit: 'ms', budget: '≤ 300 ms', ok: median(first) <= 300, detail: `max ${Math.round(Math.max(...first))} ms` })
    // Before Pagefind has loaded, defined terms starting with the query answer first; this is the wait for Pagefind's own results.
    report({ name: 'search: first keystroke → Pagefind', value: Math.round(median(firstFull)), unit: 'ms', budget: 'info', ok: true, detail: `max ${Math.round(Math.max(...firstFull))} ms` })
    report({ name: 'search: later keystrokes → result', value: Math.round(median(later)), unit: 'ms', budget: '≤ 50 ms', ok: median(later) <= 50, detail: `p90 ${Math.round([...later].sort((a, b) => a - b)[Math.floor(later.length * 0.9)]!)} ms` })
  }
} finally {
  await browser.close()
}

// 5. Lighthouse (mobile defaults: simulated slow 4G and 4× CPU), home and the largest chapter.
for (const [path, { perf, a11y }] of await lighthouseScores(server.url, ['/', largest.path], RUNS)) {
  report({ name: `lighthouse performance ${path}`, value: median(perf), unit: '', budget: '≥ 95', ok: median(perf) >= 95, detail: `runs: ${perf.join(', ')}` })
  report({ name: `lighthouse accessibility ${path}`, value: median(a11y), unit: '', budget: '= 100', ok: median(a11y) === 100 })
}
await server.close()

printJson()
process.exitCode = results.every((r) => r.ok) ? 0 : 1
