/**
 * The short fuzz run in `npm test`: each target a few hundred cases, each
 * case within its time and memory limits (targets.ts). `npm run fuzz` runs
 * the same targets at length, each in a worker that is killed when a case
 * hangs or runs out of memory.
 */
import fc from 'fast-check'
import { describe, it } from 'vitest'
import { boundedCheck, TARGETS } from './targets.ts'

const RUNS = { markup: 300, compile: 60, cite: 300 } as const

describe('fuzz (short run; `npm run fuzz` for the long one)', () => {
  for (const target of Object.values(TARGETS)) {
    it(`${target.name}: never throws, keeps its properties, bounded per case`, () => {
      fc.assert(
        fc.property(target.input as fc.Arbitrary<unknown>, (input) => boundedCheck(target as never, input)),
        { numRuns: RUNS[target.name as keyof typeof RUNS] },
      )
    }, 120_000)
  }
})
