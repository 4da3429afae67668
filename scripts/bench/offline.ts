/**
 * Offline and phone budgets, measured (issue 13). Run with `npx tsx scripts/bench/offline.ts`.
 *
 *   added    what offline reading adds to a reading page, gzipped: the service worker,
 *            the manifest, the favicon, the registration script and the head tags (≤ 5 KB)
 *   cache    what the service worker keeps of the current release, as stored (≤ 5 MB),
 *            and what keeping it downloads (gzipped, info)
 *   lighthouse  mobile performance (≥ 95) and accessibility (= 100): home, the largest chapter, /full/
 *
 * Measures the built `dist/` (builds it first, without the PDF, when missing).
 * Flags: --runs N (Lighthouse runs per page, default 3), --json. Prints medians; exits 1 when a budget is missed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
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


const { report, printJson, results } = createReport(40)

if (!existsSync(join(DIST, 'sw.js'))) {
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: ROOT, env: { ...process.env, CR_PDF: '0' }, stdio: 'inherit' })
  if (run.status !== 0) process.exit(1)
}

// What keeping the current release downloads: every listed file, gzipped as a host would send it.
const list = JSON.parse(readFileSync(join(DIST, 'offline.json'), 'utf8')) as { build: string; files: [string, string][] }
{
  const file = (path: string) => readFileSync(join(DIST, path.endsWith('/') ? `${path}index.html` : path))
  const download = list.files.reduce((n, [path]) => n + gzipSync(file(path)).length, gzipSync(readFileSync(join(DIST, 'offline.json'))).length)
  report({ name: 'offline: download to keep the current rules', value: kb(download), unit: 'KB', budget: 'info', ok: true, detail: `${list.files.length} files, gzipped` })
}

if (!hasChromium()) {
  console.log(`Browser measurements skipped: no Chromium at ${CHROMIUM_PATH}.`)
  process.exit(results.every((r) => r.ok) ? 0 : 1)
}

const server = await serveStatic(DIST)
const browser = await launchChromium()
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const bodies = new Map<string, number>()
  page.on('response', async (res) => {
    const body = await res.body().catch(() => undefined)
    if (body) bodies.set(new URL(res.url()).pathname, gzipSync(body).length)
  })
  await page.goto(`${server.url}/runs/`, { waitUntil: 'load' })
  await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 300_000 })

  // 1. Bytes a reading page gains: the worker, manifest, favicon, registration chunk, and the head's new tags.
  const html = readFileSync(join(DIST, 'runs/index.html'), 'utf8')
  const tags = [...html.matchAll(/<(?:link rel="(?:icon|apple-touch-icon|manifest|canonical)"|meta (?:property="og:|name="twitter:|name="theme-color"))[^>]*>/g)].map((m) => m[0]).join('')
  const sw = gzipSync(readFileSync(join(DIST, 'sw.js'))).length
  const manifest = gzipSync(readFileSync(join(DIST, 'manifest.webmanifest'))).length
  const favicon = gzipSync(readFileSync(join(DIST, 'favicon.svg'))).length
  const chunk = [...bodies].find(([path]) => /\/_astro\/offline\.[^/]*\.js$/.test(path))
  if (!chunk) throw new Error('Unexpected: the page loaded no offline chunk, expected /_astro/offline.*.js')
  const head = gzipSync(tags).length
  const added = sw + manifest + favicon + chunk[1] + head
  report({
    name: 'offline: added to a reading page, gzipped',
    value: kb(added),
    unit: 'KB',
    budget: '≤ 5 KB',
    ok: added <= 5 * 1024,
    detail: `sw.js ${sw} B, manifest ${manifest} B, favicon ${favicon} B, registration ${chunk[1]} B, head tags ${head} B`,
  })

  // 2. What the worker keeps of the current release, as stored.
  const stored = await page.evaluate(async () => {
    let bytes = 0
    let files = 0
    for (const key of await caches.keys()) {
      if (!key.startsWith('cr-pre-')) continue
      const cache = await caches.open(key)
      for (const req of await cache.keys()) {
        const res = await cache.match(req)
        bytes += res ? (await res.blob()).size : 0
        files++
      }
    }
    const estimate = await navigator.storage.estimate()
    return { bytes, files, usage: estimate.usage ?? 0 }
  })
  report({
    name: 'offline: cache of the current rules',
    value: Math.round((stored.bytes / 1024 / 1024) * 100) / 100,
    unit: 'MB',
    budget: '≤ 5 MB',
    ok: stored.bytes <= 5 * 1024 * 1024,
    detail: `${stored.files} files; the browser counts ${Math.round((stored.usage / 1024 / 1024) * 100) / 100} MB of storage`,
  })
  await context.close()
} finally {
  await browser.close()
}

// 3. Lighthouse, mobile defaults (simulated slow 4G, 4× CPU): home, the largest chapter, /full/.
{
  const lookup = JSON.parse(readFileSync(join(DIST, 'lookup.json'), 'utf8')) as { c: string[] }
  const largest = lookup.c.map((slug) => routes('/').chapter(slug)).reduce((a, b) => (gzipSync(readFileSync(join(DIST, b, 'index.html'))).length > gzipSync(readFileSync(join(DIST, a, 'index.html'))).length ? b : a))
  for (const [path, { perf, a11y, lcp, tbt }] of await lighthouseScores(server.url, ['/', largest, '/full/'], RUNS)) {
    report({ name: `lighthouse mobile performance ${path}`, value: median(perf), unit: '', budget: '≥ 95', ok: median(perf) >= 95, detail: `runs: ${perf.join(', ')}; LCP ${Math.round(median(lcp))} ms, TBT ${Math.round(median(tbt))} ms` })
    report({ name: `lighthouse mobile accessibility ${path}`, value: median(a11y), unit: '', budget: '= 100', ok: median(a11y) === 100 })
  }
}
await server.close()

printJson()
process.exitCode = results.every((r) => r.ok) ? 0 : 1
