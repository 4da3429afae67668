/**
 * Fuzz targets in a worker thread (started by run-worker.ts with a heap
 * limit): runs each target's cases in turn, reports progress so a hang is
 * noticed, and after each target whether it passed, or the counterexample
 * and seed when a property failed.
 */
import fc from 'fast-check'
import { parentPort, workerData } from 'node:worker_threads'
import { boundedCheck, TARGETS, type TargetName } from './targets.ts'

const { targets, seed } = workerData as { targets: { target: TargetName; runs: number }[]; seed: number }
for (const { target: name, runs } of targets) {
  const target = TARGETS[name]
  let done = 0
  let current = ''
  const result = fc.check(
    fc.property(target.input as fc.Arbitrary<unknown>, (input) => {
      current = safeJson(input)
      // The parent kills us when this stops coming: the case being run is the one that hangs.
      parentPort!.postMessage({ kind: 'case', target: name, done, input: current.length > 2000 ? `${current.slice(0, 2000)}…` : current })
      boundedCheck(target as never, input)
      done++
    }),
    { numRuns: runs, seed },
  )
  parentPort!.postMessage({
    kind: 'done',
    target: name,
    done,
    failed: result.failed,
    seed: result.seed,
    path: result.counterexamplePath,
    counterexample: result.counterexample ? safeJson(result.counterexample) : undefined,
    error: result.errorInstance instanceof Error ? result.errorInstance.message : result.failed ? String(result.errorInstance) : undefined,
  })
}

function safeJson(x: unknown): string {
  try {
    return JSON.stringify(x, (_, v) => (v instanceof Uint8Array ? `<bytes ${Buffer.from(v).toString('hex')}>` : v))
  } catch {
    return String(x)
  }
}
