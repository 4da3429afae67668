/**
 * The short fuzz run in `npm test`: each target a few hundred cases, each
 * case within its time and memory limits (targets.ts), in a worker that is
 * killed when a case hangs (a synchronous loop cannot be timed out in
 * process). Seeds are fixed, so `npm test` is deterministic and a failure
 * reproduces; `npm run fuzz` explores new seeds at length.
 */
import { describe, expect, it } from 'vitest'
import { runFuzzWorker } from './run-worker.ts'
import { TARGETS } from './targets.ts'

const RUNS = { markup: 300, compile: 60, cite: 300 } as const
const SEED = 20261123

describe('fuzz (short run; `npm run fuzz` for the long one)', () => {
  for (const target of Object.values(TARGETS)) {
    it(`${target.name}: never throws, keeps its properties, bounded per case`, async () => {
      const result = await runFuzzWorker({ target: target.name, runs: RUNS[target.name as keyof typeof RUNS], seed: SEED, hangMs: 60_000, heapMb: 1024 })
      expect(result.passed, result.text).toBe(true)
    }, 900_000)
  }
})
