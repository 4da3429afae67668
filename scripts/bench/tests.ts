/**
 * How long the test suite takes (issue 22). `npx tsx scripts/bench/tests.ts [--runs N] [--json]`
 *
 *   unit       `vitest run --project unit`: what a developer waits for to hear of a broken core (≤ 60 s)
 *   npm test   the whole suite as the README runs it: unit, type checks, package and site (≤ 120 s)
 *
 * Medians of --runs (default 1: a run of the whole suite takes minutes), with the load average
 * each started at: the budgets are for a quiet 2-core machine. Exits 1 when a budget is missed.
 */
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createReport, median, option } from './report.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const RUNS = option('--runs', 1)
const { report, printJson, results } = createReport(34)

function timed(args: string[]): { s: number; load: string } {
  const load = loadavg().map((l) => l.toFixed(1)).join(' ')
  const started = performance.now()
  const run = spawnSync(args[0]!, args.slice(1), { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, CI: 'true' } })
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed:\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-4000)}`)
  return { s: (performance.now() - started) / 1000, load }
}

const vitest = [process.execPath, join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run']
const unit = Array.from({ length: RUNS }, () => timed([...vitest, '--project', 'unit']))
const all = Array.from({ length: RUNS }, () => timed(['npm', 'test']))
const detail = (xs: { s: number; load: string }[]) => xs.map((x) => `${x.s.toFixed(0)} s at load ${x.load}`).join('; ')
const u = median(unit.map((x) => x.s))
const a = median(all.map((x) => x.s))
report({ name: 'unit project', value: Math.round(u), unit: 's', budget: '≤ 60 s', ok: u <= 60, detail: detail(unit) })
report({ name: 'npm test', value: Math.round(a), unit: 's', budget: '≤ 120 s', ok: a <= 120, detail: detail(all) })
printJson()
process.exitCode = results.every((r) => r.ok) ? 0 : 1
