/**
 * The flake check (issue 22): the whole suite, as CI runs it, several times in
 * a row from a fresh clone, with a site build running beside it the whole
 * time, so the machine is loaded the way a shared CI runner is.
 *
 *   npx tsx scripts/flake-check.ts [--runs 5] [--ref HEAD] [--out FILE]
 *
 * Clones `--ref` of this repository into a temporary folder, installs it
 * (`npm ci`), then runs `npm test` (CI=true) `--runs` times; beside it, a
 * second clone builds the site again and again. Prints one line per run (pass
 * or fail, minutes, the load average it started and ended at) and, for a
 * failure, the failed tests; exits 1 if any run failed. `--out` keeps the log.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { makeTempDir, removePath, writeFile } from '../src/io/files.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../..')
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, ref: { type: 'string', default: 'HEAD' }, out: { type: 'string' } } })
const RUNS = Number(values.runs)
const out = values.out ? resolve(values.out) : undefined
const log: string[] = []
const say = (line: string) => {
  console.log(line)
  log.push(line)
  if (out) writeFile(out, `${log.join('\n')}\n`)
}
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')

function sh(cmd: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd[0]!, cmd.slice(1), { cwd, env, encoding: 'utf8', maxBuffer: 512 << 20 })
  if (r.status !== 0) throw new Error(`${cmd.join(' ')} failed in ${cwd}:\n${r.stdout?.slice(-3000)}\n${r.stderr?.slice(-3000)}`)
  return r
}

const work = makeTempDir('cr-flake-')
const commit = sh(['git', 'rev-parse', values.ref!], ROOT).stdout.trim()
const clone = (name: string) => {
  const dir = join(work, name)
  sh(['git', 'clone', '-q', '--no-hardlinks', ROOT, dir], work)
  sh(['git', 'checkout', '-q', commit], dir)
  sh(['npm', 'ci', '--no-audit', '--no-fund'], dir)
  return dir
}
say(`flake check of ${commit.slice(0, 12)}: ${RUNS} runs of npm test (CI=true) from a fresh clone, a site build running beside it`)
const suite = clone('suite')
const beside = clone('beside')

// The build beside the suite: again and again until the suite is done.
let stopping = false
let builder: ChildProcess | undefined
let builds = 0
const buildAgain = () => {
  if (stopping) return
  builder = spawn('npm', ['run', 'build', '--silent'], { cwd: beside, stdio: 'ignore', detached: true })
  builder.once('exit', () => {
    builds++
    buildAgain()
  })
}
buildAgain()

/** `npm test` as CI runs it, its output kept. */
function runSuite(cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('npm', ['test'], { cwd, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.once('close', (status) => done({ status, stdout, stderr }))
  })
}

let failed = 0
try {
  for (let i = 1; i <= RUNS; i++) {
    const before = load()
    const started = performance.now()
    // Not spawnSync: it would block this process, and with it the loop that starts the next build beside.
    const r = await runSuite(suite)
    const minutes = ((performance.now() - started) / 60_000).toFixed(1)
    const text = `${r.stdout}\n${r.stderr}`.replace(/\u001b\[[0-9;]*m/g, '')
    const counts = [...text.matchAll(/^\s*Tests\s+(.*)$/gm)].map((m) => m[1]!.trim()).join(' | ')
    if (r.status === 0) say(`run ${i}: pass in ${minutes} min (load ${before} → ${load()}); ${counts}`)
    else {
      failed++
      say(`run ${i}: FAIL (exit ${r.status}) in ${minutes} min (load ${before} → ${load()}); ${counts}`)
      for (const m of text.matchAll(/^\s*(?:FAIL|×)\s+(.*)$/gm)) say(`  ${m[1]!.trim()}`)
    }
  }
} finally {
  stopping = true
  if (builder?.pid) {
    try {
      process.kill(-builder.pid, 'SIGTERM')
    } catch {}
  }
  say(`${RUNS - failed} of ${RUNS} runs passed; ${builds} site builds ran beside them`)
  removePath(work)
}
process.exitCode = failed > 0 ? 1 : 0
