/**
 * Where the first query's time goes on a cold cache (issue 20): each query in
 * a fresh browser context (nothing cached, no service worker), the CPU
 * calibrated to a mid-tier phone (`phone.ts`), typed into the header's box at
 * focus. Prints, per request after focus, when it started and ended (ms from
 * focus) and its bytes on the wire; when the list first showed, ranked and
 * completed; and the CPU profile's heaviest scripts and functions over the
 * whole first query. `npx tsx scripts/bench/search-trace.ts [--dist DIR] [--runs N] [--query Q] [--plain] [--timeline]`
 */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hasChromium, launchChromium, CHROMIUM_PATH } from '../../site/integration/chromium.ts'
import { serveStatic } from '../../site/integration/static-server.ts'
import { emulatePhoneCpu } from './phone.ts'
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
} else {
  const server = await serveStatic(DIST, 0, '127.0.0.1', { pagefindGzip: arg('--plain') === undefined })
  const browser = await launchChromium()
  const firsts: number[] = []
  const dones: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ serviceWorkers: 'block' })
      const page = await context.newPage()
      await page.goto(`${server.url}/runs/`, { waitUntil: 'networkidle' })
      await page.evaluate('globalThis.__name ??= (f) => f')
      const cdp = await context.newCDPSession(page)
      const { rate } = await emulatePhoneCpu(page, cdp)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
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
        const done = new Promise<void>((res) => {
          const check = () => {
            at.first ??= list.dataset.q === q ? performance.now() - t0 : (undefined as never)
            at.ranked ??= list.dataset.ranked === q ? performance.now() - t0 : (undefined as never)
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
        const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.startTime >= t0 - 1)
          .map((e) => ({ name: e.name.replace(location.origin, ''), start: e.startTime - t0, ttfb: e.responseStart - t0, end: e.responseEnd - t0, bytes: e.transferSize, size: e.decodedBodySize }))
        const marks = performance.getEntriesByType('mark').filter((m) => m.startTime >= t0 - 1).map((m) => ({ name: m.name, at: m.startTime - t0 }))
        return { at, requests, marks }
      }, QUERY)
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
      await context.close()
      firsts.push(r.at.first!)
      dones.push(r.at.done!)
      console.log(`\nrun ${run + 1}: "${QUERY}", throttled ${rate.toFixed(1)}×: first ${Math.round(r.at.first!)} ms, ranked ${Math.round(r.at.ranked!)} ms, done ${Math.round(r.at.done!)} ms`)
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
    console.log(`\nmedian over ${RUNS}: first ${Math.round(median(firsts))} ms, done ${Math.round(median(dones))} ms`)
  } finally {
    await browser.close()
    await server.close()
  }
}
