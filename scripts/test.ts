/**
 * `npm test`: every test, ordered so that a broken core is reported first (issue 22).
 *
 *   1. the `unit` project (`vitest run --project unit`), alone: everything in-process, about a
 *      minute. If it fails, nothing else runs.
 *   2. the type checks (`npm run typecheck`: `tsc -b`, `astro check`) and the `package` and `site`
 *      projects at once. The type checks are one process at a time on one core; the site
 *      project's first minute is its one build and the package tests, which leave the other
 *      core mostly idle, so the checks cost the run little wall clock there, where run before
 *      the tests they added all of theirs. Their report is printed as soon as they end (in
 *      full when they fail), not mixed into vitest's, and a failure fails `npm test`.
 *
 * Arguments go to the second vitest run, as `npm test -- <args>` did when the script was a
 * chain of commands. Exit status: the unit run's if it failed, else 1 if the type checks or
 * the package and site projects failed, else 0. Each stage's wall clock is printed at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { constants } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = resolve(fileURLToPath(import.meta.url), '../..')
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs')
const children = new Set<ChildProcess>()

interface Ended {
  code: number
  seconds: number
  /** What it printed, when it was captured rather than passed through. */
  output: string
}

/** Run a command in the repository; its output passed through, or captured with `capture`. */
function run([command, ...args]: readonly string[], capture = false): Promise<Ended> {
  const started = performance.now()
  const child = spawn(command!, args, { cwd: ROOT, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
  children.add(child)
  let output = ''
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  return new Promise((done) => {
    const end = (code: number) => {
      children.delete(child)
      done({ code, seconds: (performance.now() - started) / 1000, output })
    }
    child.once('error', (e) => {
      output += `${e.message}\n`
      end(127)
    })
    child.once('close', (code, signal) => end(code ?? 128 + (signal ? constants.signals[signal] : 0)))
  })
}

const seconds = (s: number) => `${Math.round(s)} s`

export interface Stages {
  unit: readonly string[]
  typecheck: readonly string[]
  rest: readonly string[]
}

/** The stages as `npm test` runs them; `args` go to the package and site run. */
export function npmTestStages(args: readonly string[] = []): Stages {
  return {
    unit: [process.execPath, VITEST, 'run', '--project', 'unit'],
    typecheck: ['npm', 'run', '--silent', 'typecheck'],
    rest: [process.execPath, VITEST, 'run', '--project', 'package', '--project', 'site', ...args],
  }
}

/** Run the stages (see the top of this file); resolves to the exit status. */
export async function runStages(stages: Stages, say: (text: string) => void = (t) => process.stdout.write(`\n[npm test] ${t}\n`)): Promise<number> {
  const unit = await run(stages.unit)
  if (unit.code !== 0) {
    say(`the unit project failed (${seconds(unit.seconds)}): the type checks and the package and site projects were not run`)
    return unit.code
  }
  say(`the unit project passed in ${seconds(unit.seconds)}; the type checks run beside the package and site projects`)
  const typecheck = run(stages.typecheck, true).then((r) => {
    if (r.code === 0) say(`type checks passed in ${seconds(r.seconds)} (npm run typecheck)`)
    else say(`type checks FAILED in ${seconds(r.seconds)} (npm run typecheck; the package and site projects go on):\n${r.output.trimEnd()}`)
    return r
  })
  const rest = run(stages.rest)
  const [types, e2e] = await Promise.all([typecheck, rest])
  if (types.code !== 0) say(`type checks FAILED (above, after ${seconds(types.seconds)} of the run)`)
  const passed = types.code === 0 && e2e.code === 0
  say(
    `unit ${seconds(unit.seconds)}, then type checks ${seconds(types.seconds)} beside package + site ${seconds(e2e.seconds)}: ` +
      `${seconds(unit.seconds + Math.max(types.seconds, e2e.seconds))} in all; ${passed ? 'passed' : 'FAILED'}`,
  )
  return passed ? 0 : 1
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Interrupted (Ctrl-C reaches the children too; a SIGTERM sent to this process alone does not):
  // pass it on, and let each child end as it does on its own.
  let interrupted = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      interrupted = true
      for (const child of children) child.kill(signal)
    })
  }
  const code = await runStages(npmTestStages(process.argv.slice(2)))
  process.exitCode = interrupted && code === 0 ? 130 : code
}
