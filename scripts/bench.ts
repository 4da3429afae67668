/**
 * `npm run bench`: every budget the issues set, measured, medians printed.
 * Each part is its own script so it can be run alone; this runs them in turn.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const parts = ['library.ts', 'cite.ts', 'diagnostics.ts', 'lsp.ts', 'preview.ts', 'cycle.ts', 'site.ts', 'search.ts', 'offline.ts', 'pdf.ts', 'restore.ts', 'build.ts', 'tests.ts']
let failed = 0
for (const part of parts) {
  console.log(`\n== ${part}`)
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bench', part)], { stdio: 'inherit' })
  if (r.status !== 0) failed++
}
process.exitCode = failed > 0 ? 1 : 0
