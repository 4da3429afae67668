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
 *
 * Reads `dist/` as it finds it, however it was built (`npm run build`, the
 * test suite, `CR_RELEASES=…`): it prints the `/full/` pages there, the
 * current one and each release's. One untimed print first checks that they
 * print (and takes Chromium's cold start out of the first measurement); when
 * a page does not, the bench stops there and says which page and why, rather
 * than failing half-way through the timings.
 */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_PATH, hasChromium } from '../../site/integration/chromium.ts'
import { printPdfs, type PdfJob } from '../../site/integration/pdf.ts'
import { RELEASE_NAME } from '../../src/core/ids.ts'
import { flag, median, option } from './report.ts'
import { makeTempDir, pathExists, readDirNames, removePath } from '../../src/io/files.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const DIST = join(ROOT, 'dist')
const RUNS = option('--runs', 3)
const json = flag('--json')

if (!hasChromium()) {
  console.log(`PDF bench skipped: no Chromium at ${CHROMIUM_PATH}.`)
  process.exit(0)
}
if (!pathExists(join(DIST, 'full/index.html'))) {
  console.log('PDF bench skipped: no dist/ (run `npx astro build` first).')
  process.exit(0)
}

const out = makeTempDir('cr-pdf-bench-')
const releases = readDirNames(DIST).filter((d) => RELEASE_NAME.test(d) && pathExists(join(DIST, d, 'full/index.html')))
const jobsOf = (bases: string[]): PdfJob[] => bases.map((b, i) => ({ pagePath: `${b}full/`, outFile: join(out, `${i}.pdf`) }))
const allJobs = jobsOf(['/', ...releases.map((v) => `/${v}/`)])

/** Every `/full/` page the bench prints, for messages. */
const pages = allJobs.map((j) => j.pagePath)

/** Print; on a failure stop the bench, saying which page failed, why, and what dist/ held. */
async function print(jobs: PdfJob[], parallel: number, what: string): Promise<void> {
  try {
    const results = await printPdfs(DIST, jobs, parallel)
    const skipped = results.find((r) => 'skipped' in r)
    if (skipped && 'skipped' in skipped) throw new Error(skipped.skipped)
  } catch (error) {
    removePath(out)
    console.error(`PDF bench stopped (${what}): ${error instanceof Error ? error.message : String(error)}`)
    console.error(`It prints dist/ as it finds it (${pages.join(' ')}); if dist/ is older than the sources, rebuild it: \`npx astro build\`.`)
    process.exit(1)
  }
}

async function time(jobs: PdfJob[], parallel: number, what: string): Promise<number> {
  const started = performance.now()
  await print(jobs, parallel, what)
  return (performance.now() - started) / 1000
}

const cases: { name: string; jobs: PdfJob[]; parallel: number }[] = [
  { name: 'one', jobs: jobsOf([releases.includes('v26.03') ? '/v26.03/' : '/']), parallel: 1 },
  { name: `all (${allJobs.length}) p1`, jobs: allJobs, parallel: 1 },
  { name: `all (${allJobs.length}) p2`, jobs: allJobs, parallel: 2 },
  { name: `all (${allJobs.length}) p3`, jobs: allJobs, parallel: 3 },
]
const times = new Map<string, number[]>(cases.map((c) => [c.name, []]))
// Untimed: every page prints (else stop now, not runs later), and Chromium's first start is not measured.
await print(allJobs, 2, 'checking that every page prints')
try {
  // Interleaved, so a change in the machine's load hits every case alike.
  for (let i = 0; i < RUNS; i++) for (const c of cases) times.get(c.name)!.push(await time(c.jobs, c.parallel, `${c.name}, run ${i + 1}`))
} finally {
  removePath(out)
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
