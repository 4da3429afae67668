/**
 * Run fuzz targets in a worker thread with a heap limit and a watchdog:
 * a case that hangs (a synchronous loop no in-process timeout can stop) is
 * killed and reported with its input. `npm run fuzz` gives each target a
 * worker of its own; the short run in `npm test` runs the three in one
 * worker, one after another: starting a worker (Node, tsx compiling src/
 * and the targets) costs about 3 s of CPU, more than the short run's cases.
 */
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'

export interface FuzzRun {
  target: string
  runs: number
  seed: number
  /** A case that reports no progress for this long is a hang. */
  hangMs: number
  heapMb: number
}

export interface FuzzResult {
  passed: boolean
  text: string
}

export async function runFuzzWorker(options: FuzzRun): Promise<FuzzResult> {
  const { target, runs, ...rest } = options
  const results = await runFuzzTargets({ ...rest, targets: [{ target, runs }] })
  return results.get(target)!
}

/**
 * The targets, in order, in one worker; each target's result by its name. A hang, a crash or a
 * heap overflow stops the worker: the target it happened in fails with it, and those after it are
 * reported as not run (failed).
 */
export function runFuzzTargets(options: Omit<FuzzRun, 'target' | 'runs'> & { targets: { target: string; runs: number }[] }): Promise<Map<string, FuzzResult>> {
  const { targets, seed, hangMs, heapMb } = options
  return new Promise((ok) => {
    const results = new Map<string, FuzzResult>()
    const worker = new Worker(join(import.meta.dirname, 'worker.ts'), {
      workerData: { targets, seed },
      execArgv: ['--import', 'tsx'],
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    })
    let started = performance.now()
    let last = { target: targets[0]?.target ?? '', done: 0, input: '' }
    let finished = false
    const report = (target: string, passed: boolean, text: string) => {
      if (results.has(target)) return
      results.set(target, { passed, text: `${target}: ${text} (${Math.round((performance.now() - started) / 1000)} s)` })
      started = performance.now()
    }
    /** The worker is done, or stopped: the target at hand gets `text`, those not reached say so. */
    const finish = (passed: boolean, text: string) => {
      if (finished) return
      finished = true
      clearInterval(watchdog)
      void worker.terminate()
      report(last.target, passed, text)
      for (const { target } of targets) report(target, false, `not run: the worker stopped in ${last.target} (${text})`)
      ok(results)
    }
    // A case's clock starts when the worker says it started that case: the worker's start (Node,
    // tsx compiling src/ and the target) is not case 1's. Under load 40 on the shared 2-core machine
    // that start alone took over a minute and was reported as "case 1 ran over 60000 ms; input: ".
    // The start has a limit of its own, ten times a case's.
    let lastSeen: number | undefined
    const watchdog = setInterval(() => {
      if (lastSeen === undefined) {
        if (performance.now() - started > 10 * hangMs) finish(false, `HANG: the worker did not start its first case within ${10 * hangMs} ms; seed ${seed}`)
      } else if (performance.now() - lastSeen > hangMs) finish(false, `HANG: case ${last.done + 1} ran over ${hangMs} ms; input: ${last.input}; seed ${seed}`)
    }, 500)
    worker.on('message', (m: { kind: string; target: string; done: number; input?: string; failed?: boolean; seed?: number; path?: string; counterexample?: string; error?: string }) => {
      lastSeen = performance.now()
      if (m.kind === 'case') last = { target: m.target, done: m.done, input: m.input ?? '' }
      else if (m.failed) report(m.target, false, `FAILED after ${m.done} cases: ${m.error}\n  counterexample: ${m.counterexample}\n  reproduce: npm run fuzz -- --target ${m.target} --seed ${m.seed} (path ${m.path})`)
      else report(m.target, true, `${m.done} cases, all properties hold, each case within its limits`)
      // The next target's first case is timed from here, as a case is.
      if (m.kind === 'done') last = { target: targets[targets.findIndex((t) => t.target === m.target) + 1]?.target ?? m.target, done: 0, input: '' }
    })
    worker.on('error', (error) => {
      const oom = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
      finish(false, `${oom ? 'OUT OF MEMORY' : 'CRASH'} in case ${last.done + 1}: ${error.message}; input: ${last.input}; seed ${seed}`)
    })
    worker.on('exit', (code) => finish(code === 0, `worker exited with code ${code}`))
  })
}
