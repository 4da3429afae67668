/**
 * How long the test suite takes (issue 22).
 * `npx tsx scripts/bench/tests.ts [--runs N] [--unit-only] [--baseline REF] [--json]`
 *
 *   unit       `vitest run --project unit`: what a developer waits for to hear of a broken core (≤ 60 s)
 *   npm test   the whole suite as the README runs it: unit, then the type checks beside package and
 *              site (≤ 120 s); each stage's wall clock from the line scripts/test.ts ends with
 *
 * Each run's wall clock and its CPU (user + system of every process it started: vitest's
 * workers, the type checkers, builds, browsers), with the load average it started at. The
 * budgets are for a quiet 2-core machine; on a shared one the wall clock follows the load and
 * the CPU seconds do not, so both are printed.
 *
 * `--baseline REF` measures another commit beside this one in the same run: a detached
 * checkout of REF in a temporary folder (sharing this checkout's node_modules; its package
 * built with `npm run build:package`), the runs alternated (REF, this, REF, this…) so both
 * see the same load, and reported as medians and ratios (this ÷ REF). A run that fails is
 * timed all the same, its output printed and marked FAILED. Exits 1 when a budget is missed
 * or a run of this checkout failed.
 */
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { linkDir, makeTempDir, removePath } from '../../src/io/files.ts'
import { childrenCpu, createReport, flag, median, option } from './report.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const RUNS = option('--runs', 1)
const UNIT_ONLY = flag('--unit-only')
const argv = process.argv.slice(2)
const BASELINE = argv.includes('--baseline') ? argv[argv.indexOf('--baseline') + 1] : undefined
const { report, printJson, results } = createReport(34)

interface Run {
  wall: number
  cpu: number | undefined
  load: string
  /** Whether the suite passed: a failed run is timed and reported, and the runs go on. */
  passed: boolean
  /** `npm test`'s stages, from the line scripts/test.ts ends with (none from a commit before it). */
  stages?: { unit: number; typecheck: number; rest: number }
}

/** The wall clock of each stage, from `[npm test] unit N s, then type checks N s beside package + site N s: …`. */
function stagesOf(stdout: string): Run['stages'] {
  const m = /\[npm test\] unit (\d+) s, then type checks (\d+) s beside package \+ site (\d+) s/.exec(stdout)
  return m ? { unit: Number(m[1]), typecheck: Number(m[2]), rest: Number(m[3]) } : undefined
}

function timed(cwd: string, args: string[]): Run {
  const load = loadavg().map((l) => l.toFixed(1)).join(' ')
  const cpu0 = childrenCpu()
  const started = performance.now()
  const run = spawnSync(args[0]!, args.slice(1), { cwd, encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, CI: 'true' } })
  const wall = (performance.now() - started) / 1000
  const cpu1 = childrenCpu()
  const passed = run.status === 0
  if (!passed) console.error(`${args.join(' ')} (in ${cwd}) failed:\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-4000)}`)
  const stages = stagesOf(run.stdout)
  return { wall, cpu: cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0, load, passed, ...(stages ? { stages } : {}) }
}

/** A detached checkout of `ref` beside this one, its package built, sharing this checkout's node_modules. */
function checkout(ref: string): { dir: string; remove(): void } {
  const dir = join(makeTempDir('cr-bench-tests-'), 'repo')
  const git = (args: string[]) => {
    const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`)
  }
  git(['worktree', 'add', '--detach', dir, ref])
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT })
    removePath(resolve(dir, '..'))
  }
  try {
    linkDir(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
    const built = spawnSync('npm', ['run', 'build:package'], { cwd: dir, encoding: 'utf8' })
    if (built.status !== 0) throw new Error(`npm run build:package in ${ref}: ${built.stderr.slice(-2000)}`)
  } catch (error) {
    remove()
    throw error
  }
  return { dir, remove }
}

const vitestUnit = [process.execPath, join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit']
const npmTest = ['npm', 'test']
const commands: [string, string[], number][] = [['unit project', vitestUnit, 60], ...(UNIT_ONLY ? [] : [['npm test', npmTest, 120] as [string, string[], number]])]

const base = BASELINE === undefined ? undefined : checkout(BASELINE)
try {
  for (const [name, command, budget] of commands) {
    const ours: Run[] = []
    const theirs: Run[] = []
    for (let i = 0; i < RUNS; i++) {
      if (base) theirs.push(timed(base.dir, command))
      ours.push(timed(ROOT, command))
    }
    const stages = (x: Run) => (x.stages ? `: unit ${x.stages.unit} s, type checks ${x.stages.typecheck} s beside package + site ${x.stages.rest} s` : '')
    const detail = (xs: Run[]) => xs.map((x) => `${x.wall.toFixed(0)} s (cpu ${x.cpu?.toFixed(0) ?? '?'} s${stages(x)})${x.passed ? '' : ' FAILED'} at load ${x.load}`).join('; ')
    const wall = median(ours.map((x) => x.wall))
    const cpu = median(ours.map((x) => x.cpu ?? NaN))
    report({ name, value: Math.round(wall), unit: 's', budget: `≤ ${budget} s`, ok: wall <= budget && ours.every((x) => x.passed), detail: detail(ours) })
    report({ name: `${name}: cpu`, value: Math.round(cpu), unit: 's', budget: 'printed', ok: true })
    if (base) {
      const bWall = median(theirs.map((x) => x.wall))
      const bCpu = median(theirs.map((x) => x.cpu ?? NaN))
      report({ name: `${name}: ${BASELINE}`, value: Math.round(bWall), unit: 's', budget: 'printed', ok: true, detail: detail(theirs) })
      report({ name: `${name}: ${BASELINE} cpu`, value: Math.round(bCpu), unit: 's', budget: 'printed', ok: true })
      report({ name: `${name}: wall ÷ ${BASELINE}`, value: Math.round((wall / bWall) * 100) / 100, unit: '×', budget: 'printed', ok: true })
      report({ name: `${name}: cpu ÷ ${BASELINE}`, value: Math.round((cpu / bCpu) * 100) / 100, unit: '×', budget: 'printed', ok: true })
    }
  }
} finally {
  base?.remove()
}
printJson()
process.exitCode = results.every((r) => r.ok) ? 0 : 1
