/**
 * Search quality and latency on the query set (issue 12). `npx tsx scripts/bench/search.ts`
 *
 *   quality   top-1/3/5: the share of cases with an accepted rule among the first 1/3/5 results,
 *             for the tuned cases and the held-aside ones apart (scripts/bench/search-queries.yaml),
 *             the independent, rulings and set-A query sets each apart
 *   before    the pipeline before query understanding, replayed in the same page: a number or
 *             ID goes to its rule; anything else goes to Pagefind as typed, the rules defining an
 *             exactly typed term pinned first
 *   after     the search box as shipped: each query typed into it, results read from its list
 *   latency   per query pasted, input → its complete results in the list (warm, median and p90);
 *             per keystroke while typing (budget ≤ 50 ms); and the first query on a cold cache, no
 *             service worker yet, the CPU calibrated to a mid-tier phone (`phone.ts`), from focusing
 *             the box to the frame that shows them painted: first results (budget ≤ 300 ms; rows
 *             are links from the first, and never move: it says so if the first row shown was not
 *             the complete list's first), first ranked results; complete (in the DOM); on a host
 *             that sends Pagefind's files gzip-encoded and on one that cannot, with the old
 *             pipeline's cold time measured alongside
 *
 * Flags: --build (rebuild dist/ first: current rules only, no PDF), --dist DIR (measure that build), --cases (print every case),
 * --cold-rounds N (each cold query N times; 1), --queries FILE (another query set, same format),
 * --network (the cold measures on a phone's network from focus on, `phone.ts`'s Fast 4G: localhost
 * hides the round trips a chain of requests costs), --quality (the scores only, no latency), --latency (no scores: 20 cases warm, then the cold and typing measures),
 * --baseline DIR (another build, e.g. main's `dist/` copied aside: each cold query runs on it too, in
 * turn with this one, and the medians' ratios are printed: an A/B in the same run, at the same load), --json.
 * BENCH_INIT='js': a script the scored page runs before its own (an experiment's switch, read by code under test).
 * The cold measures also print the bytes on the wire from focus to complete results (median) and the
 * load average while they ran.
 * Exits 1 when a latency budget is missed.
 */
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HELD_STRANGER_SETS, readCases, readIndependentCases, readRulingsCases, readAllStrangerCases, readSetACases, topK } from './search-cases.ts'
import type { Page } from 'playwright-core'
import { CHROMIUM_PATH, hasChromium, launchChromium } from '../../site/integration/chromium.ts'
import { serveStatic } from '../../site/integration/static-server.ts'
import { flag, median, option } from './report.ts'
import { emulatePhoneCpu, emulatePhoneNetwork, FAST_4G, MID_TIER_PHONE } from './phone.ts'
import { pathExists } from '../../src/io/files.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
/** `--dist DIR`: another build than the repository's `dist/` (one built outside it, as the browser tests use). */
const DIST = process.argv.includes('--dist') ? resolve(process.argv[process.argv.indexOf('--dist') + 1]!) : join(ROOT, 'dist')

/** `--network`: the cold measures on a phone's network (`phone.ts`'s Fast 4G), not localhost's. */
const NETWORK = flag('--network')

const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? NaN

await main()

async function main() {
  if (!hasChromium()) {
    console.log(`Search benchmark skipped: no Chromium at ${CHROMIUM_PATH}.`)
    return
  }
  if (flag('--build') || !pathExists(join(DIST, 'search-vocab.json'))) {
    const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', DIST], {
      cwd: ROOT,
      env: { ...process.env, CR_RELEASES: 'none', CR_PDF: '0' },
      encoding: 'utf8',
    })
    if (run.status !== 0) throw new Error(`astro build failed:\n${run.stdout}\n${run.stderr}`)
  }
  const queriesAt = process.argv.indexOf('--queries')
  const all = queriesAt >= 0 ? readCases(resolve(process.argv[queriesAt + 1]!)) : [...readCases(), ...readIndependentCases(), ...readRulingsCases(), ...readSetACases(), ...readAllStrangerCases()]
  const cases = flag('--latency') ? all.slice(0, 20) : all
  const server = await serveStatic(DIST)
  const browser = await launchChromium()
  // tsx names functions with a `__name` helper the page does not have.
  const KEEP_NAMES = 'globalThis.__name ??= (f) => f'
  const lines: string[] = []
  const json: Record<string, unknown> = {}
  const say = (s: string) => {
    lines.push(s)
    if (!flag('--json')) console.log(s)
  }
  let ok = true
  try {
    // Before: the old pipeline, replayed with the same Pagefind options.
    const before = await browser.newPage()
    await before.goto(`${server.url}/runs/`, { waitUntil: 'networkidle' })
    await before.evaluate(KEEP_NAMES)
    const old = await before.evaluate(replayOldPipeline, cases.map((c) => c.q))

    // After: typed into the header's search box, one page for the whole set (a reader's session).
    const page = await browser.newPage()
    if (process.env.BENCH_INIT) await page.addInitScript(process.env.BENCH_INIT)
    await page.goto(`${server.url}/runs/`, { waitUntil: 'networkidle' })
    await page.evaluate(KEEP_NAMES)
    await page.focus('#q')
    await page.waitForFunction(() => document.querySelector('#q ~ .search-panel') !== null)
    const after: { ids: string[]; ms: number }[] = []
    for (const c of cases) after.push(await page.evaluate(typeQuery, c.q))

    // --latency: the warm latency of a few cases and the cold and typing measures, no scores.
    if (!flag('--latency')) {
      const parts = [
        ['tuned', cases.filter((c) => !c.held && !c.independent && !c.rulings && !c.setA && !c.stranger)],
        ['held-aside', cases.filter((c) => c.held && !c.rulings)],
        ['independent', cases.filter((c) => c.independent)],
        ['rulings', cases.filter((c) => c.rulings && !c.held)],
        ['rulings-held', cases.filter((c) => c.rulings && c.held)],
        ['set-a', cases.filter((c) => c.setA)],
        ['set-c', cases.filter((c) => c.stranger === 'C')],
        ['set-d', cases.filter((c) => c.stranger === 'D')],
        ['set-e', cases.filter((c) => c.stranger === 'E')],
        ['set-f', cases.filter((c) => c.stranger === 'F')],
        ['set-g', cases.filter((c) => c.stranger === 'G')],
        ['set-h', cases.filter((c) => c.stranger === 'H')],
        ['strangers', cases.filter((c) => c.independent || c.setA || c.stranger)],
        ['all', cases],
      ] as const
      say(`${'part'.padEnd(11)} ${'cases'.padStart(5)}   ${'before: top-1  top-3  top-5'.padEnd(30)} after: top-1  top-3  top-5`)
      for (const [name, set] of parts) {
        const idx = set.map((c) => cases.indexOf(c))
        const b = idx.map((i) => old[i]!.ids)
        const a = idx.map((i) => after[i]!.ids)
        const pct = (x: number) => `${Math.round(x * 100)}%`.padStart(5)
        const row = (r: string[][]) => [1, 3, 5].map((k) => pct(topK(set, r, k))).join('  ')
        say(`${name.padEnd(11)} ${String(set.length).padStart(5)}   ${`        ${row(b)}`.padEnd(30)}        ${row(a)}`)
        json[name] = Object.fromEntries(['before', 'after'].map((p, j) => [p, Object.fromEntries([1, 3, 5].map((k) => [`top${k}`, topK(set, j ? a : b, k)]))]))
      }
      say('')
      say('by kind (all cases, top-5 before → after):')
      for (const kind of ['question', 'typo', 'jargon', 'card', 'keyword', 'forum', 'number', 'id'] as const) {
        const set = cases.filter((c) => c.kind === kind)
        const idx = set.map((c) => cases.indexOf(c))
        const f = (r: string[][]) => `${Math.round(topK(set, r, 5) * 100)}%`
        say(`  ${kind.padEnd(9)} ${String(set.length).padStart(3)}  ${f(idx.map((i) => old[i]!.ids)).padStart(5)} → ${f(idx.map((i) => after[i]!.ids))}`)
      }
      if (flag('--cases')) {
        say('')
        // Sets D, E, F, G and H are held aside: their scores are read, their cases are not listed.
        cases.forEach((c, i) => {
          if (c.stranger && HELD_STRANGER_SETS.has(c.stranger)) return
          const rank = (ids: string[]) => {
            const at = ids.findIndex((id) => c.accept.includes(id))
            return at < 0 ? '-' : String(at + 1)
          }
          say(`  ${c.stranger ? `${c.stranger} ` : c.setA ? 'A ' : c.rulings ? (c.held ? 'Rh' : 'R ') : c.held ? 'H ' : c.independent ? 'I ' : '  '} ${c.kind.padEnd(8)} ${rank(old[i]!.ids).padStart(2)} → ${rank(after[i]!.ids).padStart(2)}  ${c.q.padEnd(60)} ${after[i]!.ids.slice(0, 3).join(' ')}`)
        })
      }

    }

    if (flag('--quality')) return
    // Latency.
    const warm = after.map((a) => a.ms)
    const oldMs = old.map((o) => o.ms)
    say('')
    say(`latency per query, warm: before median ${Math.round(median(oldMs))} ms (p90 ${Math.round(p90(oldMs))}); after median ${Math.round(median(warm))} ms (p90 ${Math.round(p90(warm))})`)
    json.latency = { before: { median: median(oldMs), p90: p90(oldMs) }, after: { median: median(warm), p90: p90(warm) } }

    // Cold: a fresh browser context per query (nothing cached, no service worker yet), the CPU
    // calibrated to a mid-tier phone (phone.ts). Two kinds of host: one sending Pagefind's
    // gzip files as `Content-Encoding: gzip` (npm start; the README's server settings), one
    // sending them as plain bytes (GitHub Pages). The old pipeline on the plain host, in turn.
    const plain = await serveStatic(DIST, 0, '127.0.0.1', { pagefindGzip: false })
    const coldQueries = [
      'what happens when the host is trashed',
      'can the corp rez an upgrade during a run',
      'how many cards can i hold',
      'jak otu',
      'memroy limit',
      'ETR',
      'Hegde Fund',
      'trash cost',
    ]
    const rates: number[] = []
    const fresh = async <T,>(url: string, fn: (p: Page) => Promise<T>): Promise<T> => {
      const context = await browser.newContext({ serviceWorkers: 'block' })
      try {
        const p = await context.newPage()
        await p.goto(`${url}/runs/`, { waitUntil: 'networkidle' })
        await p.evaluate(KEEP_NAMES)
        const cdp = await context.newCDPSession(p)
        rates.push((await emulatePhoneCpu(p, cdp)).rate)
        // The page loaded on localhost; from focus on, the phone's network (`--network`).
        if (NETWORK) await emulatePhoneNetwork(cdp)
        return await fn(p)
      } finally {
        await context.close()
      }
    }
    type Cold = { first: number[]; ranked: number[]; done: number[]; bytes: number[] }
    const none = (): Cold => ({ first: [], ranked: [], done: [], bytes: [] })
    const cold = { gzip: none(), plain: none() }
    const coldBefore: number[] = []
    const rounds = option('--cold-rounds', 1)
    // --baseline DIR: the same cold queries on another build, in turn with this one.
    const baselineDir = process.argv.includes('--baseline') ? resolve(process.argv[process.argv.indexOf('--baseline') + 1]!) : undefined
    const baseline = baselineDir ? { gzip: await serveStatic(baselineDir), plain: await serveStatic(baselineDir, 0, '127.0.0.1', { pagefindGzip: false }) } : undefined
    const coldBase = { gzip: none(), plain: none() }
    const loads: number[] = []
    /** Cold queries whose first row shown was not their complete list's first (the reader tapped a wrong one). */
    let moved = 0
    const push = (into: Cold, r: Awaited<ReturnType<typeof typeQuery>>) => {
      if (r.moved) moved++
      into.first.push(r.first)
      into.ranked.push(r.ranked)
      into.done.push(r.ms)
      into.bytes.push(r.bytes)
    }
    try {
      for (let round = 0; round < rounds; round++) {
        for (const q of coldQueries) {
          loads.push(loadavg()[0]!)
          for (const [host, url] of [['gzip', server.url], ['plain', plain.url]] as const) {
            // Which build goes first alternates, so neither always runs on a warmer machine.
            const order = baseline && (round + coldQueries.indexOf(q)) % 2 === 1 ? ['base', 'this'] : ['this', 'base']
            for (const which of order) {
              if (which === 'this') push(cold[host], await fresh(url, (p) => p.evaluate(typeQuery, q)))
              else if (baseline) push(coldBase[host], await fresh(baseline[host].url, (p) => p.evaluate(typeQuery, q)))
            }
          }
          coldBefore.push(
            await fresh(plain.url, async (p) => {
              const [o] = await p.evaluate(replayOldPipeline, [q])
              return o!.ms + o!.init
            }),
          )
        }
      }
    } finally {
      await plain.close()
      await baseline?.gzip.close()
      await baseline?.plain.close()
    }
    const ms = (xs: number[]) => `${Math.round(median(xs))} ms`
    say('')
    say(`first query on a cold cache, CPU of a mid-tier phone (BenchmarkIndex ${MID_TIER_PHONE}: throttled ${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)}×, median ${median(rates).toFixed(1)}×), ${NETWORK ? `on DevTools' Fast 4G (${FAST_4G.latency} ms a request)` : 'on localhost'}, ${coldQueries.length * rounds} queries, medians from focus to the frame painted:`)
    say(`  ${'host'.padEnd(44)} first results   ranked   complete`)
    for (const [host, label] of [['gzip', 'Pagefind files sent as Content-Encoding gzip'], ['plain', 'Pagefind files sent as plain bytes']] as const) {
      say(`  ${label.padEnd(44)} ${ms(cold[host].first).padStart(13)} ${ms(cold[host].ranked).padStart(8)} ${ms(cold[host].done).padStart(10)}`)
    }
    say(`  ${'the old pipeline, plain host (complete)'.padEnd(44)} ${''.padStart(13)} ${''.padStart(8)} ${ms(coldBefore).padStart(10)}`)
    const kbOf = (xs: number[]) => `${(median(xs) / 1024).toFixed(1)} KB`
    say(`  bytes on the wire, focus → complete (median): gzip host ${kbOf(cold.gzip.bytes)}, plain host ${kbOf(cold.plain.bytes)}; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`)
    if (moved > 0) say(`  the first row shown was not the complete list's first in ${moved} cold queries`)
    if (baseline) {
      say(`  baseline ${baselineDir}, same run, in turn (this / baseline):`)
      for (const host of ['gzip', 'plain'] as const) {
        // Each query ran on both builds back to back: the median of those pairs' ratios is the steadier figure on a loaded machine.
        const paired = (k: keyof Cold) => median(cold[host][k].map((x, i) => x / coldBase[host][k][i]!))
        const ratio = (k: keyof Cold) => `${ms(cold[host][k])} / ${ms(coldBase[host][k])} = ${(median(cold[host][k]) / median(coldBase[host][k])).toFixed(2)}× (paired ${paired(k).toFixed(2)}×)`
        say(`    ${host} host: first ${ratio('first')}; complete ${ratio('done')}; bytes ${kbOf(cold[host].bytes)} / ${kbOf(coldBase[host].bytes)}`)
      }
    }
    for (const host of ['gzip', 'plain'] as const) {
      const coldOk = median(cold[host].first) <= 300
      ok &&= coldOk
      say(`${coldOk ? 'ok  ' : 'MISS'} first results, cold, mid-tier phone, ${host} host: ${ms(cold[host].first)} (budget ≤ 300 ms); complete/old pipeline ${(median(cold[host].done) / median(coldBefore)).toFixed(2)}`)
    }
    json.cold = {
      rates,
      gzip: { first: median(cold.gzip.first), ranked: median(cold.gzip.ranked), complete: median(cold.gzip.done) },
      plain: { first: median(cold.plain.first), ranked: median(cold.plain.ranked), complete: median(cold.plain.done) },
      before: median(coldBefore),
      bytes: { gzip: median(cold.gzip.bytes), plain: median(cold.plain.bytes) },
      load: loads,
      ...(baseline ? { baseline: Object.fromEntries((['gzip', 'plain'] as const).map((h) => [h, { first: median(coldBase[h].first), complete: median(coldBase[h].done), bytes: median(coldBase[h].bytes) }])) } : {}),
    }
    // Typing: each keystroke is a new query whose earlier words are already searched.
    const keys: number[] = []
    for (const q of ['what happens when the host is trashed', 'how do i get rid of a tag', 'hegde fund', 'trash cost', 'memroy limit']) {
      for (let i = 1; i <= q.length; i++) if (q[i - 1] !== ' ') keys.push((await page.evaluate(typeQuery, q.slice(0, i))).ms)
    }
    const keysOk = median(keys) <= 50
    ok &&= keysOk
    say(`${keysOk ? 'ok  ' : 'MISS'} typing, each keystroke → its complete results: median ${Math.round(median(keys))} ms, p90 ${Math.round(p90(keys))} ms (budget ≤ 50 ms)`)
    json.keystroke = { median: median(keys), p90: p90(keys) }
  } finally {
    await browser.close()
    await server.close()
  }
  if (flag('--json')) console.log(JSON.stringify(json, null, 2))
  process.exitCode = ok ? 0 : 1
}

/**
 * In the page: type `q` into the header box, wait for its complete results; their rule IDs and the time taken.
 * `first` and `ranked` are when the reader sees them: the frame painted after the list showed them (its rows
 * are links from the first), not the DOM change, which a busy main thread may keep off the screen; `moved`:
 * the rule shown first then is not the complete list's first (rows never move, so never, unless that breaks).
 */
async function typeQuery(q: string): Promise<{ ids: string[]; ms: number; first: number; ranked: number; bytes: number; moved: boolean }> {
  const input = document.querySelector<HTMLInputElement>('#q')!
  const list = document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')!
  // From focus: the boot starts search's downloads in the focus handler.
  const started = performance.now()
  input.focus()
  let first = NaN
  let ranked = NaN
  let firstRow = ''
  const painted: Promise<void>[] = []
  // A task queued from a frame's requestAnimationFrame runs once that frame is painted.
  const afterPaint = (set: (ms: number) => void) =>
    painted.push(
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            set(performance.now() - started)
            resolve()
          }),
        ),
      ),
    )
  let sawFirst = false
  let sawRanked = false
  const done = new Promise<number>((resolve) => {
    const check = () => {
      if (!sawFirst && list.dataset.q === q) {
        sawFirst = true
        firstRow = list.querySelector<HTMLElement>('li[data-id]')?.dataset.id ?? ''
        afterPaint((ms) => (first = ms))
      }
      if (!sawRanked && list.dataset.ranked === q) {
        sawRanked = true
        afterPaint((ms) => (ranked = ms))
      }
      if (list.dataset.done === q) {
        observer.disconnect()
        resolve(performance.now())
      }
    }
    const observer = new MutationObserver(check)
    observer.observe(list, { attributes: true, childList: true })
  })
  input.value = q
  input.dispatchEvent(new Event('input', { bubbles: true }))
  const ended = await Promise.race([done, new Promise<number>((r) => setTimeout(() => r(NaN), 20_000))])
  await Promise.all(painted)
  const ids = Array.from(list.querySelectorAll<HTMLAnchorElement>('a.hit')).map((a) => decodeURIComponent(new URL(a.href).hash.slice(1)))
  // What was fetched from focus on (a warm page fetches little or nothing).
  const bytes = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime >= started).reduce((sum, e) => sum + e.transferSize, 0)
  return { ids, ms: ended - started, first, ranked, bytes, moved: firstRow !== '' && list.querySelector<HTMLElement>('li[data-id]')?.dataset.id !== firstRow }
}

/** In the page: the search before issue 12, for each query its first results' rule IDs and the time taken. */
async function replayOldPipeline(queries: string[]): Promise<{ ids: string[]; ms: number; init: number }[]> {
  type PF = {
    options(o: object): Promise<void>
    init(): Promise<void>
    search(q: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }>
  }
  const started = performance.now()
  const pf = (await import(/* @vite-ignore */ `${location.origin}/pagefind/pagefind.js`)) as PF
  await pf.options({ noWorker: true, excerptLength: 24, ranking: { pageLength: 0.4, termSaturation: 2 } })
  await pf.init()
  await pf.search('')
  const lookup = (await (await fetch('/lookup.json')).json()) as { r: [string, string, number][]; t: Record<string, string[]> }
  const ids = new Set(lookup.r.map((r) => r[0]))
  const byNumber = new Map(lookup.r.map((r) => [r[1], r[0]]))
  const init = performance.now() - started
  // src/core/lookup.ts's normalizeNumber, as it was.
  const normalizeNumber = (query: string) => {
    let q = query.trim().toLowerCase()
    q = q.replace(/^(?:cr|rule|rules|section|step|§)\s*/u, '').replace(/^§\s*/u, '')
    q = q.replace(/\.$/, '')
    q = q.replace(/^(\d+\.\d+\.\d+)\.([a-z]+)$/, '$1$2')
    return /^\d+(?:\.\d+)*[a-z]*(?:\.[ivxlcdm]+)?$/.test(q) ? q : undefined
  }
  const out: { ids: string[]; ms: number; init: number }[] = []
  for (const query of queries) {
    const started = performance.now()
    const q = query.trim()
    const id = q.charAt(0).toLowerCase() + q.slice(1)
    const n = normalizeNumber(q)
    if (ids.has(id) || n) {
      const hit = ids.has(id) ? id : byNumber.get(n!)
      out.push({ ids: hit ? [hit] : [], ms: performance.now() - started, init })
      continue
    }
    const t = q.toLowerCase().replace(/\s+/g, ' ')
    let pinned: string[] = []
    for (const form of [t, t.replace(/e?s$/, ''), t.replace(/s$/, ''), `${t}s`]) {
      if (lookup.t[form]) {
        pinned = lookup.t[form]!.filter((i) => ids.has(i))
        break
      }
    }
    const found = await pf.search(q)
    const data = await Promise.all(found.results.slice(0, 8 + pinned.length).map((r) => r.data()))
    const rest = data.map((d) => decodeURIComponent(new URL(d.url, location.href).hash.slice(1))).filter((i) => !pinned.includes(i))
    out.push({ ids: [...pinned, ...rest].slice(0, 8), ms: performance.now() - started, init })
  }
  return out
}
