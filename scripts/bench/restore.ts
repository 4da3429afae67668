/**
 * Restoring a frozen release's Pagefind index from the build cache (issue 22:
 * a rebuild after a one-word edit restores six of them). `npx tsx scripts/bench/restore.ts [--runs N]`
 *
 *   baseline   a plain recursive copy of the index folder (no checks)
 *   before     what a restore cost until now: every file read and hashed, the folder copied,
 *              then every fragment unzipped to learn which rule each result is
 *   now        `cachedSearchIndexes` restoring it: each file read once, checked and written;
 *              the rule → result map read from the cache (one small file)
 *
 * Medians of --runs; ratios against the baseline of the same run. Budget: now ≤ 2× a plain copy (the
 * check reads every byte once, which a plain copy done by the kernel never does).
 */
import { createHash } from 'node:crypto'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { prepareSite } from '../../site/data/store.ts'
import { cachedSearchIndexes, openBuildCache } from '../../site/integration/build-cache.ts'
import { readPagefindIds } from '../../site/integration/search-index.ts'
import { copyTree, listFilesRecursive, makeTempDir, readBytes, removePath } from '../../src/io/files.ts'
import { createReport, median, option } from './report.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const RUNS = option('--runs', 5)
const { report, printJson } = createReport(34)

const work = makeTempDir('cr-bench-restore-')
try {
  const site = prepareSite(ROOT, { ...process.env, CR_RELEASES: 'none', CR_COVERAGE: '' })
  const records = site.releases[0]!.search
  const cache = openBuildCache(work, { CR_SITE_CACHE_DIR: join(work, 'cache') })
  const first = join(work, 'first/pagefind')
  await cachedSearchIndexes(cache, [{ records, outputPath: first }])
  const files = listFilesRecursive(first)

  const time = (f: () => unknown) => {
    const t = performance.now()
    f()
    return performance.now() - t
  }
  const baseline: number[] = []
  const before: number[] = []
  const now: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const dest = join(work, `run-${i}`)
    baseline.push(time(() => copyTree(first, join(dest, 'copy'))))
    before.push(
      time(() => {
        for (const f of files) createHash('sha256').update(readBytes(join(first, f))).digest('hex')
        copyTree(first, join(dest, 'before'))
        readPagefindIds(join(dest, 'before'))
      }),
    )
    const t = performance.now()
    const [restored] = await cachedSearchIndexes(cache, [{ records, outputPath: join(dest, 'now') }])
    now.push(performance.now() - t)
    if (!restored?.cached || restored.pagefindIds.size !== records.length) throw new Error('the index was not restored whole from the cache')
    removePath(dest)
  }
  const b = median(baseline)
  const ratio = (xs: number[]) => Math.round((median(xs) / b) * 100) / 100
  const detail = `${files.length} files, ${records.length} rules; medians: copy ${b.toFixed(0)} ms, before ${median(before).toFixed(0)} ms, now ${median(now).toFixed(0)} ms`
  report({ name: 'restore a Pagefind index (× copy)', value: ratio(now), unit: '×', budget: '≤ 2× a plain copy', ok: ratio(now) <= 2, detail: `${detail}; before ${ratio(before)}×` })
  printJson()
} finally {
  removePath(work)
}
