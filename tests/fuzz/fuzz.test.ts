/**
 * The short fuzz run in `npm test`: each target a few hundred cases, each
 * case within its time and memory limits (targets.ts), in a worker that is
 * killed when a case hangs (a synchronous loop cannot be timed out in
 * process). Seeds are fixed, so `npm test` is deterministic and a failure
 * reproduces; `npm run fuzz` explores new seeds at length.
 *
 * The three targets share one worker (run-worker.ts): its start costs more
 * CPU than the cases themselves, and a worker per target tripled it.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { runFuzzTargets, type FuzzResult } from './run-worker.ts'
import { TARGETS } from './targets.ts'

const RUNS = { markup: 300, compile: 60, cite: 300 } as const
const SEED = 20261123

describe('fuzz (short run; `npm run fuzz` for the long one)', () => {
  let results: Map<string, FuzzResult>
  beforeAll(async () => {
    results = await runFuzzTargets({ targets: Object.values(TARGETS).map((t) => ({ target: t.name, runs: RUNS[t.name as keyof typeof RUNS] })), seed: SEED, hangMs: 60_000, heapMb: 1024 })
  }, 900_000)

  for (const target of Object.values(TARGETS)) {
    it(`${target.name}: never throws, keeps its properties, bounded per case`, () => {
      const result = results.get(target.name)!
      expect(result.passed, result.text).toBe(true)
    })
  }
})
