/**
 * Run one fuzz target in a worker thread with a heap limit and a watchdog:
 * a case that hangs (a synchronous loop no in-process timeout can stop) is
 * killed and reported with its input. Used by `npm run fuzz` and the short
 * run in `npm test`.
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

export function runFuzzWorker(options: FuzzRun): Promise<{ passed: boolean; text: string }> {
  const { target, runs, seed, hangMs, heapMb } = options
  return new Promise((ok) => {
    const started = performance.now()
    const worker = new Worker(join(import.meta.dirname, 'worker.ts'), {
      workerData: { target, runs, seed },
      execArgv: ['--import', 'tsx'],
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    })
    let last = { done: 0, input: '' }
    let finished = false
    const finish = (passed: boolean, text: string) => {
      if (finished) return
      finished = true
      clearInterval(watchdog)
      void worker.terminate()
      ok({ passed, text: `${target}: ${text} (${Math.round((performance.now() - started) / 1000)} s)` })
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
    worker.on('message', (m: { kind: string; done: number; input?: string; failed?: boolean; seed?: number; path?: string; counterexample?: string; error?: string }) => {
      lastSeen = performance.now()
      if (m.kind === 'case') last = { done: m.done, input: m.input ?? '' }
      else if (m.failed) finish(false, `FAILED after ${m.done} cases: ${m.error}\n  counterexample: ${m.counterexample}\n  reproduce: npm run fuzz -- --target ${target} --seed ${m.seed} (path ${m.path})`)
      else finish(true, `${m.done} cases, all properties hold, each case within its limits`)
    })
    worker.on('error', (error) => {
      const oom = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
      finish(false, `${oom ? 'OUT OF MEMORY' : 'CRASH'} in case ${last.done + 1}: ${error.message}; input: ${last.input}; seed ${seed}`)
    })
    worker.on('exit', (code) => finish(code === 0, `worker exited with code ${code}`))
  })
}
