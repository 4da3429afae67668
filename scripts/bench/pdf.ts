/**
 * The PDFs' cost (issue 14): printing every release's `/full/` from an
 * existing `dist/` (build it first: `npx astro build`). Run with
 * `npx tsx scripts/bench/pdf.ts [--runs N] [--json]`.
 *
 *   one      one PDF (v26.03): the baseline, measured in the same run
 *   all/pN   every release's PDF with one Chromium, N pages at a time
 *
 * Prints medians and each one's ratio to `one`; the budget is that all
 * releases together cost at most 6× one PDF (7 PDFs: printing them in
 * parallel must win something back).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_PATH, hasChromium } from '../../site/integration/chromium.ts'
import { printPdfs, type PdfJob } from '../../site/integration/pdf.ts'
import { RELEASE_NAME } from '../../src/core/ids.ts'
import { flag, median, option } from './report.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const DIST = join(ROOT, 'dist')
const RUNS = option('--runs', 3)
const json = flag('--json')

if (!hasChromium()) {
  console.log(`PDF bench skipped: no Chromium at ${CHROMIUM_PATH}.`)
  process.exit(0)
}
if (!existsSync(join(DIST, 'full/index.html'))) {
  console.log('PDF bench skipped: no dist/ (run `npx astro build` first).')
  process.exit(0)
}

const out = mkdtempSync(join(tmpdir(), 'cr-pdf-bench-'))
const releases = readdirSync(DIST).filter((d) => RELEASE_NAME.test(d) && existsSync(join(DIST, d, 'full/index.html')))
const jobsOf = (bases: string[]): PdfJob[] => bases.map((b, i) => ({ pagePath: `${b}full/`, outFile: join(out, `${i}.pdf`) }))
const allJobs = jobsOf(['/', ...releases.map((v) => `/${v}/`)])

async function time(jobs: PdfJob[], parallel: number): Promise<number> {
  const started = performance.now()
  const results = await printPdfs(DIST, jobs, parallel)
  const skipped = results.find((r) => 'skipped' in r)
  if (skipped && 'skipped' in skipped) throw new Error(skipped.skipped)
  return (performance.now() - started) / 1000
}

const cases: { name: string; jobs: PdfJob[]; parallel: number }[] = [
  { name: 'one', jobs: jobsOf([releases.includes('v26.03') ? '/v26.03/' : '/']), parallel: 1 },
  { name: `all (${allJobs.length}) p1`, jobs: allJobs, parallel: 1 },
  { name: `all (${allJobs.length}) p2`, jobs: allJobs, parallel: 2 },
  { name: `all (${allJobs.length}) p3`, jobs: allJobs, parallel: 3 },
]
const times = new Map<string, number[]>(cases.map((c) => [c.name, []]))
try {
  // Interleaved, so a change in the machine's load hits every case alike.
  for (let i = 0; i < RUNS; i++) for (const c of cases) times.get(c.name)!.push(await time(c.jobs, c.parallel))
} finally {
  rmSync(out, { recursive: true, force: true })
}
const base = median(times.get('one')!)
const rows = cases.map((c) => {
  const m = median(times.get(c.name)!)
  return { name: c.name, median: Math.round(m * 10) / 10, ratio: Math.round((m / base) * 100) / 100, runs: times.get(c.name)!.map((t) => Math.round(t * 10) / 10) }
})
const p2 = rows.find((r) => r.name.endsWith('p2'))!
const ok = p2.ratio <= 6
if (json) console.log(JSON.stringify({ rows, ok }))
else {
  for (const r of rows) console.log(`${r.name.padEnd(14)} ${String(r.median).padStart(6)} s  ×${r.ratio}  (runs: ${r.runs.join(', ')})`)
  console.log(`${ok ? 'ok  ' : 'MISS'} every release's PDF, 2 pages at a time: ×${p2.ratio} one PDF (budget ≤ ×6)`)
}
process.exitCode = ok ? 0 : 1
