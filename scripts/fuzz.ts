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
import { Worker } from 'node:worker_threads'
import { join } from 'node:path'

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

function run(target: string): Promise<boolean> {
  return new Promise((ok) => {
    const started = performance.now()
    const worker = new Worker(join(import.meta.dirname, '../tests/fuzz/worker.ts'), {
      workerData: { target, runs: target === 'compile' ? Math.ceil(Number(values.runs) / 5) : Number(values.runs), seed },
      execArgv: ['--import', 'tsx'],
      resourceLimits: { maxOldGenerationSizeMb: Number(values['heap-mb']) },
    })
    let last = { done: 0, input: '' }
    let finished = false
    const finish = (passed: boolean, text: string) => {
      if (finished) return
      finished = true
      clearInterval(watchdog)
      console.log(`${target}: ${text} (${Math.round((performance.now() - started) / 1000)} s)`)
      void worker.terminate()
      ok(passed)
    }
    let lastSeen = performance.now()
    const watchdog = setInterval(() => {
      if (performance.now() - lastSeen > hangMs) finish(false, `HANG: case ${last.done + 1} ran over ${hangMs} ms; input: ${last.input}; seed ${seed}`)
    }, 500)
    worker.on('message', (m: { kind: string; done: number; input?: string; failed?: boolean; seed?: number; path?: string; counterexample?: string; error?: string }) => {
      lastSeen = performance.now()
      if (m.kind === 'case') last = { done: m.done, input: m.input ?? '' }
      else if (m.failed) finish(false, `FAILED after ${m.done} cases: ${m.error}\n  counterexample: ${m.counterexample}\n  reproduce: --target ${target} --seed ${m.seed} (path ${m.path})`)
      else finish(true, `${m.done} cases, all properties hold, each case within its limits`)
    })
    worker.on('error', (error) => {
      const oom = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
      finish(false, `${oom ? 'OUT OF MEMORY' : 'CRASH'} in case ${last.done + 1}: ${error.message}; input: ${last.input}; seed ${seed}`)
    })
    worker.on('exit', (code) => finish(code === 0, `worker exited with code ${code}`))
  })
}

console.log(`fuzz: seed ${seed}, targets ${targets.join(', ')}`)
let failed = 0
for (const t of targets) if (!(await run(t))) failed++
process.exitCode = failed > 0 ? 1 : 0
