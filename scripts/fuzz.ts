/**
 * `npm run fuzz`: the fuzz targets of tests/fuzz at length. Each target runs
 * in its own worker with a heap limit; a case that takes longer than the
 * hang limit gets the worker killed and is reported with its input, a heap
 * overflow likewise. Failing properties print fast-check's seed and path,
 * so `--seed N` reproduces them.
 *
 *   npx tsx scripts/fuzz.ts [--runs N] [--seed N] [--target markup|compile|cite] [--hang-ms N] [--heap-mb N]
 */
import { parseArgs } from 'node:util'
import { runFuzzWorker } from '../tests/fuzz/run-worker.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5000' },
    seed: { type: 'string' },
    target: { type: 'string', multiple: true },
    'hang-ms': { type: 'string', default: '20000' },
    'heap-mb': { type: 'string', default: '512' },
  },
})
const targets = values.target ?? ['markup', 'compile', 'cite']
const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 2 ** 31
const hangMs = Number(values['hang-ms'])

async function run(target: string): Promise<boolean> {
  const runs = target === 'compile' ? Math.ceil(Number(values.runs) / 5) : Number(values.runs)
  const result = await runFuzzWorker({ target, runs, seed, hangMs, heapMb: Number(values['heap-mb']) })
  console.log(result.text)
  return result.passed
}

console.log(`fuzz: seed ${seed}, targets ${targets.join(', ')}`)
let failed = 0
for (const t of targets) if (!(await run(t))) failed++
process.exitCode = failed > 0 ? 1 : 0
