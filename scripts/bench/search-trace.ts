/**
 * Where the first query's time goes on a cold cache (issue 20): each query in
 * a fresh browser context (nothing cached, no service worker), the CPU
 * calibrated to a mid-tier phone (`phone.ts`), typed into the header's box at
 * focus. Prints, per request after focus, when it started and ended (ms from
 * focus) and its bytes on the wire; when the list first showed, ranked and
 * completed; and the CPU profile's heaviest scripts and functions over the
 * whole first query, and the main thread's CPU time from focus to complete
 * results (thread ticks). `npx tsx scripts/bench/search-trace.ts [--dist DIR] [--runs N] [--query Q] [--plain] [--timeline] [--network]`
 * (`--network`: from focus on, a phone's network, `phone.ts`'s Fast 4G; first and ranked are when the
 * frame showing them is painted, as `search.ts` measures)
 *
 * `--keys`: the keystroke instead (`search.ts`'s typing measure, budget ≤ 50 ms):
 * in one warm page, unthrottled, once the service worker has kept the release
 * (`--no-sw`: without one), as `search.ts` types, each query a character at a
 * time. Per keystroke: its time to complete results, the main thread's CPU time
 * (thread ticks, which load on the machine does not inflate), its requests, its
 * Pagefind searches (counted with `--no-sw` only: the worker serves Pagefind's
 * module) and how long its results' fragments took; then the CPU profile's
 * heaviest functions over all the typing. `--baseline DIR` types another build
 * too, keystroke by keystroke in turn, and prints the medians' and paired ratios.
 */
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { hasChromium, launchChromium, CHROMIUM_PATH } from '../../site/integration/chromium.ts'
import { serveStatic } from '../../site/integration/static-server.ts'
import { emulatePhoneCpu, emulatePhoneNetwork } from './phone.ts'
import { flag, median, option } from './report.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const DIST = resolve(arg('--dist') ?? join(ROOT, 'dist'))
const QUERY = arg('--query') ?? 'what happens when the host is trashed'
const RUNS = option('--runs', 3)

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

if (!hasChromium()) {
  console.log(`Search trace skipped: no Chromium at ${CHROMIUM_PATH}.`)
} else if (flag('--keys')) {
  await traceKeys()
} else {
  const server = await serveStatic(DIST, 0, '127.0.0.1', { pagefindGzip: arg('--plain') === undefined })
  const browser = await launchChromium()
  const firsts: number[] = []
  const dones: number[] = []
  const cpus: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ serviceWorkers: 'block' })
      const page = await context.newPage()
      await page.goto(`${server.url}/runs/`, { waitUntil: 'networkidle' })
      await page.evaluate('globalThis.__name ??= (f) => f')
      const cdp = await context.newCDPSession(page)
      const { rate } = await emulatePhoneCpu(page, cdp)
      if (flag('--network')) await emulatePhoneNetwork(cdp)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
      // The main thread's CPU from focus to complete results (thread ticks: throttled, but not inflated by the machine's load).
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
      const taskCpu = async () => ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.find((m) => m.name === 'TaskDuration')!.value * 1000
      const cpuBefore = await taskCpu()
      const r = await page.evaluate(async (q) => {
        const input = document.querySelector<HTMLInputElement>('#q')!
        const list = document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')!
        // A named busy moment the CPU profile finds, so its samples line up with focus (the profile's clock is not the page's).
        const focusMark = function __focus_mark() {
          const end = performance.now() + 3
          while (performance.now() < end);
        }
        focusMark()
        const t0 = performance.now()
        const at: Record<string, number> = {}
        // As search.ts measures: when the frame showing them is painted (a task queued from its requestAnimationFrame).
        const painted: Promise<void>[] = []
        const seen = new Set<string>()
        const afterPaint = (name: string) => {
          if (seen.has(name)) return
          seen.add(name)
          at[`${name} shown`] = performance.now() - t0
          painted.push(new Promise<void>((res) => requestAnimationFrame(() => setTimeout(() => res(void (at[name] = performance.now() - t0))))))
        }
        const done = new Promise<void>((res) => {
          const check = () => {
            if (list.dataset.q === q) afterPaint('first')
            if (list.dataset.ranked === q) afterPaint('ranked')
            if (list.dataset.done === q) {
              at.done = performance.now() - t0
              res()
            }
          }
          new MutationObserver(check).observe(list, { attributes: true, childList: true })
        })
        input.focus()
        input.value = q
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await Promise.race([done, new Promise((res) => setTimeout(res, 20_000))])
        await Promise.all(painted)
        const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.startTime >= t0 - 1)
          .map((e) => ({ name: e.name.replace(location.origin, ''), start: e.startTime - t0, ttfb: e.responseStart - t0, end: e.responseEnd - t0, bytes: e.transferSize, size: e.decodedBodySize }))
        const marks = performance.getEntriesByType('mark').filter((m) => m.startTime >= t0 - 1).map((m) => ({ name: m.name, at: m.startTime - t0 }))
        return { at, requests, marks }
      }, QUERY)
      const cpu = (await taskCpu()) - cpuBefore
      cpus.push(cpu)
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
      await context.close()
      firsts.push(r.at.first!)
      dones.push(r.at.done!)
      console.log(`\nrun ${run + 1}: "${QUERY}", throttled ${rate.toFixed(1)}×: first ${Math.round(r.at.first!)} ms (in the DOM at ${Math.round(r.at['first shown']!)}), ranked ${Math.round(r.at.ranked!)} ms, done ${Math.round(r.at.done!)} ms; main thread CPU to done ${Math.round(cpu)} ms; load average ${loadavg()[0]!.toFixed(1)}`)
      for (const q of r.requests.sort((a, b) => a.start - b.start)) {
        console.log(`  ${q.start.toFixed(0).padStart(5)} → ${q.ttfb.toFixed(0).padStart(5)} → ${q.end.toFixed(0).padStart(5)} ms ${String(q.bytes).padStart(7)} B (${String(q.size).padStart(7)})  ${q.name}`)
      }
      for (const m of r.marks) console.log(`  mark ${m.at.toFixed(0).padStart(5)} ms ${m.name}`)
      const bytes = r.requests.reduce((s, q) => s + q.bytes, 0)
      console.log(`  ${r.requests.length} requests, ${bytes} B on the wire`)
      // Self time per function and per script.
      const self = new Map<number, number>()
      profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
      const byFn = new Map<string, number>()
      const byUrl = new Map<string, number>()
      for (const n of profile.nodes) {
        const t = (self.get(n.id) ?? 0) / 1000
        if (!t) continue
        const url = n.callFrame.url.replace(/^.*\//, '') || '(native)'
        const fn = `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber + 1}`
        byFn.set(fn, (byFn.get(fn) ?? 0) + t)
        byUrl.set(url, (byUrl.get(url) ?? 0) + t)
      }
      // The main thread over time: per 20 ms from focus, how busy, and with what (the leaf's script, then function).
      const parent = new Map<number, number>()
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
      const byId = new Map(profile.nodes.map((n) => [n.id, n]))
      const stackHas = (id: number, name: string) => {
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (byId.get(at)?.callFrame.functionName === name) return true
        return false
      }
      let clock = 0
      const times = profile.timeDeltas.map((d) => (clock += d))
      const zeroAt = profile.samples.findIndex((id) => stackHas(id, '__focus_mark'))
      if (zeroAt >= 0 && flag('--timeline')) {
        // The mark ends 3 ms after its first sample; focus follows it.
        const zero = times[zeroAt]! / 1000 + 3
        const buckets = new Map<number, Map<string, number>>()
        profile.samples.forEach((id, i) => {
          const t = times[i]! / 1000 - zero
          if (t < 0 || t > r.at.done! + 20) return
          const n = byId.get(id)!
          const name = n.callFrame.functionName || '(anonymous)'
          if (name === '(idle)' || name === '(program)') return
          const key = `${n.callFrame.url.replace(/^.*\//, '').replace(/\..*$/, '') || '(native)'}:${name}`
          const b = Math.floor(t / 20) * 20
          const m = buckets.get(b) ?? buckets.set(b, new Map()).get(b)!
          m.set(key, (m.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000)
        })
        for (const [b, m] of [...buckets].sort((x, y) => x[0] - y[0])) {
          const busy = [...m.values()].reduce((a, c) => a + c, 0)
          console.log(`    ${String(b).padStart(5)} ms  busy ${busy.toFixed(0).padStart(3)}  ${[...m].sort((x, y) => y[1] - x[1]).slice(0, 3).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`)
        }
      }
      const top = (m: Map<string, number>, k: number) => [...m].filter(([name]) => !/^\(idle\)|^\(program\)/.test(name)).sort((a, b) => b[1] - a[1]).slice(0, k)
      console.log('  CPU by script (ms, throttled):', top(byUrl, 8).map(([u, t]) => `${u} ${t.toFixed(0)}`).join(', '))
      for (const [fn, t] of top(byFn, 12)) console.log(`    ${t.toFixed(1).padStart(6)}  ${fn}`)
    }
    console.log(`\nmedian over ${RUNS}: first ${Math.round(median(firsts))} ms, done ${Math.round(median(dones))} ms, main thread CPU to done ${Math.round(median(cpus))} ms`)
  } finally {
    await browser.close()
    await server.close()
  }
}

/**
 * Time per function of a CPU profile, heaviest first (idle and program left out), in ms:
 * its own (self), or with what it calls (`total`: a sample counts once per function on its stack).
 */
function heaviest(profile: Profile, k: number, total = false): [string, number][] {
  const nameOf = (n: Profile['nodes'][number]) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\//, '') || '(native)'}:${n.callFrame.lineNumber + 1}`
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const byFn = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const t = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const leaf = byId.get(id)!
    if (/^\((idle|program|root)\)$/.test(leaf.callFrame.functionName)) return
    const names = new Set<string>()
    for (let at: number | undefined = id; at !== undefined && (total || at === id); at = parent.get(at)) {
      const n = byId.get(at)!
      if (n.callFrame.functionName !== '(root)') names.add(nameOf(n))
    }
    for (const name of names) byFn.set(name, (byFn.get(name) ?? 0) + t)
  })
  return [...byFn].sort((a, b) => b[1] - a[1]).slice(0, k)
}

interface Keystroke {
  ms: number
  cpu: number
  requests: string[]
  searches: [string, number][]
  fragments: number
}

/**
 * A warm page of the build at `dist` to type into, as `search.ts` types: the
 * service worker controlling it, its precache complete (`--no-sw`: none);
 * Pagefind's module served with its `search` wrapped, so each search (its
 * words, its time) and each result's data are counted.
 */
async function openTypist(browser: Browser, dist: string) {
  const server = await serveStatic(dist, 0, '127.0.0.1', { pagefindGzip: arg('--plain') === undefined })
  const context = await browser.newContext({ serviceWorkers: flag('--no-sw') ? 'block' : 'allow' })
  const page = await context.newPage()
  await page.route('**/pagefind/pagefind.js', async (route) => {
    const response = await route.fetch()
    const code = await response.text()
    const wrapped = code.replace(
      'var search=async(term,options2)=>{init_pagefind();return await pagefind.search(term,options2);};',
      'var search=async(term,options2)=>{init_pagefind();const t=performance.now();const r=await pagefind.search(term,options2);(globalThis.__searches??=[]).push([term,performance.now()-t]);for(const x of r?.results??[]){const d=x.data;x.data=async()=>{const t=performance.now();const v=await d();(globalThis.__data??=[]).push([t,performance.now()]);return v;};}return r;};',
    )
    if (wrapped === code) console.log('(Pagefind searches not counted: its module has another shape)')
    await route.fulfill({ response, body: wrapped })
  })
  await page.goto(`${server.url}/runs/`, { waitUntil: 'networkidle' })
  await page.evaluate('globalThis.__name ??= (f) => f')
  if (!flag('--no-sw')) {
    await page.evaluate(async () => {
      // Polled here: waitForFunction takes a promise for a truthy answer.
      for (const end = Date.now() + 120_000; Date.now() < end; await new Promise((r) => setTimeout(r, 500))) {
        if (navigator.serviceWorker.controller && (await caches.match('/offline.json'))) return
      }
      throw new Error('the service worker did not keep the release within 120 s')
    })
  }
  await page.focus('#q')
  // Pagefind started (a build older than the form's `data-search-ready` is given 20 s).
  await page.waitForFunction(() => document.querySelector('form[data-search-ready]') !== null, undefined, { timeout: 20_000 }).catch(() => undefined)
  const cdp = await context.newCDPSession(page)
  // The main thread's CPU time in tasks (thread ticks, not the clock: load on the machine does not count).
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
  const taskCpu = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000
  }
  return {
    cdp,
    async type(text: string): Promise<Keystroke> {
      const before = await taskCpu()
      const r = await page.evaluate(async (text) => {
        const input = document.querySelector<HTMLInputElement>('#q')!
        const list = document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')!
        const searches = ((globalThis as { __searches?: [string, number][] }).__searches ??= [])
        searches.length = 0
        // Each result's data (its fragment, then its excerpt): [asked, answered].
        const data = ((globalThis as { __data?: [number, number][] }).__data ??= [])
        data.length = 0
        const t0 = performance.now()
        const done = new Promise<void>((res) => {
          const check = () => list.dataset.done === text && res()
          new MutationObserver(check).observe(list, { attributes: true, childList: true })
        })
        input.value = text
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await Promise.race([done, new Promise((res) => setTimeout(res, 20_000))])
        const ms = performance.now() - t0
        const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime >= t0).map((e) => e.name.replace(/^.*\//, ''))
        // From the first result's data asked for to the last one answered: the fragments' share of the keystroke.
        const fragments = data.length === 0 ? 0 : Math.max(...data.map((d) => d[1])) - Math.min(...data.map((d) => d[0]))
        return { ms, requests, searches: [...searches], fragments }
      }, text)
      return { ...r, cpu: (await taskCpu()) - before }
    },
    async close() {
      await context.close()
      await server.close()
    },
  }
}

/** `--keys`: where a keystroke's time goes (see the top of this file); `--baseline DIR`: another build typed in turn, keystroke by keystroke. */
async function traceKeys() {
  const browser = await launchChromium()
  const queries = arg('--query') ? [QUERY] : ['what happens when the host is trashed', 'how do i get rid of a tag', 'hegde fund', 'trash cost', 'memroy limit']
  const baselineDir = arg('--baseline')
  const typists: Awaited<ReturnType<typeof openTypist>>[] = []
  try {
    typists.push(await openTypist(browser, DIST))
    if (baselineDir) typists.push(await openTypist(browser, resolve(baselineDir)))
    const [mine, base] = typists as [(typeof typists)[number], (typeof typists)[number] | undefined]
    await mine.cdp.send('Profiler.enable')
    await mine.cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    await mine.cdp.send('Profiler.start')
    const all: Keystroke[] = []
    const based: Keystroke[] = []
    const loads: number[] = []
    for (const q of queries) {
      console.log(`"${q}":`)
      for (let i = 1; i <= q.length; i++) {
        if (q[i - 1] === ' ') continue
        loads.push(loadavg()[0]!)
        // Which build types first alternates, so neither always runs on a warmer machine.
        const order = base && all.length % 2 === 1 ? [base, mine] : [mine, base]
        let r: Keystroke | undefined
        for (const typist of order) {
          if (!typist) continue
          const k = await typist.type(q.slice(0, i))
          if (typist === mine) r = k
          else based.push(k)
        }
        all.push(r!)
        const against = base ? `  (baseline ${based.at(-1)!.ms.toFixed(1).padStart(6)} ms, CPU ${based.at(-1)!.cpu.toFixed(1).padStart(5)})` : ''
        console.log(`    ${q.slice(0, i).padEnd(40)} ${r!.ms.toFixed(1).padStart(6)} ms  main thread CPU ${r!.cpu.toFixed(1).padStart(5)} ms${against}  ${String(r!.requests.length).padStart(2)} requests, fragments ${r!.fragments.toFixed(0).padStart(3)} ms  ${r!.searches.length} searches: ${r!.searches.map(([t, ms]) => `"${t}" ${ms.toFixed(0)}`).join(', ')}`)
      }
    }
    const { profile } = (await mine.cdp.send('Profiler.stop')) as { profile: Profile }
    const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!
    const summary = (ks: Keystroke[]) =>
      `median ${median(ks.map((k) => k.ms)).toFixed(1)} ms (p90 ${p90(ks.map((k) => k.ms)).toFixed(1)}), main thread CPU median ${median(ks.map((k) => k.cpu)).toFixed(1)} ms, ${ks.reduce((n, k) => n + k.searches.length, 0)} Pagefind searches, ${ks.reduce((n, k) => n + k.requests.length, 0)} requests`
    console.log(`\n${all.length} keystrokes, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}:`)
    // Pagefind's module comes from the service worker's cache, where the page's routes do not reach.
    if (all.every((k) => k.searches.length === 0)) console.log('  (Pagefind searches are counted only with --no-sw: the service worker serves its module)')
    console.log(`  this build: ${summary(all)}`)
    if (base) {
      console.log(`  baseline ${baselineDir}: ${summary(based)}`)
      const paired = (k: 'ms' | 'cpu') => median(all.map((x, i) => x[k] / Math.max(0.1, based[i]![k])))
      console.log(`  this / baseline, same run, in turn: median ${(median(all.map((k) => k.ms)) / median(based.map((k) => k.ms))).toFixed(2)}× (paired ${paired('ms').toFixed(2)}×); CPU paired ${paired('cpu').toFixed(2)}×`)
    }
    console.log('CPU by function, this build (ms, self):')
    for (const [fn, t] of heaviest(profile, 15)) console.log(`  ${t.toFixed(1).padStart(7)}  ${fn}`)
    console.log('CPU by function with what it calls (ms, total):')
    for (const [fn, t] of heaviest(profile, 15, true)) console.log(`  ${t.toFixed(1).padStart(7)}  ${fn}`)
  } finally {
    for (const t of typists) await t.close()
    await browser.close()
  }
}
