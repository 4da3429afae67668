/**
 * `npm run dev` reload latency: with the dev server on a copy of rules/ and
 * a chapter page open in Chromium, save a one-word change to the chapter's
 * YAML and time until the page shows it. Budget: ≤ 1 s after save. Baseline
 * in the same run: reloading the same page with nothing changed (what the
 * browser and the dev server's render cost alone).
 *
 *   npx tsx scripts/bench/preview.ts [--runs N] [--port P] [--json]
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { hasChromium, launchChromium } from '../../site/integration/chromium.ts'
import { startDevServer } from '../../site/integration/dev-server.ts'
import { PACKAGE_ROOT } from '../../src/io/read-sources.ts'
import { copyTree, makeTempDir, readText, writeScratchFile } from '../../src/io/files.ts'

const BUDGET_MS = 1000
const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, port: { type: 'string', default: '0' }, json: { type: 'boolean', default: false } } })
const runs = Number(values.runs)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

if (!hasChromium()) {
  console.log('preview bench skipped: no Chromium (apt-get install -y chromium, or CHROMIUM_PATH)')
  process.exit(0)
}
const dir = makeTempDir('cr-preview-bench-')
copyTree(join(PACKAGE_ROOT, 'rules'), join(dir, 'rules'))
const file = join(dir, 'rules/06_runs.yaml')
const original = readText(file)
const server = await startDevServer({ root: PACKAGE_ROOT, port: Number(values.port), env: { CR_RULES_DIR: join(dir, 'rules'), CR_PREVIEW_TIMING: process.env.CR_PREVIEW_TIMING ?? '' } })
const browser = await launchChromium()
try {
  const page = await browser.newPage()
  await page.goto(`${server.url}/runs/`, { waitUntil: 'load', timeout: 120_000 })
  const shows = (text: string) => page.waitForFunction((t) => document.body?.innerText.includes(t), text, { timeout: 30_000, polling: 10 })

  // Warm-up: the first save fills the compile caches if start-up has not yet; Vite may
  // still be optimising dependencies (it reloads the page then), so reload until it shows.
  writeScratchFile(file, original.replace("halt the Runner's progress", "halt the Runner's warm progress"))
  for (let tries = 0; ; tries++) {
    try {
      await page.waitForFunction((t) => document.body?.innerText.includes(t), "halt the Runner's warm progress", { timeout: 15_000 })
      break
    } catch (error) {
      if (tries === 3) throw error
      await page.reload({ waitUntil: 'load' })
    }
  }

  const save: number[] = []
  const plain: number[] = []
  for (let i = 0; i < runs; i++) {
    const word = `edit${i}x`
    const t = performance.now()
    writeScratchFile(file, original.replace("halt the Runner's progress", `halt the Runner's ${word} progress`))
    await shows(`halt the Runner's ${word} progress`)
    save.push(performance.now() - t)
    await page.waitForLoadState('load')
    const r = performance.now()
    await page.reload({ waitUntil: 'load' })
    plain.push(performance.now() - r)
  }
  // CR_PREVIEW_TIMING=1: where each rebuild's time went.
  if (process.env.CR_PREVIEW_TIMING) console.log(server.output().split('\n').filter((l) => l.includes('compile paged')).join('\n'))
  const recompiles = [...server.output().matchAll(/rules recompiled in (\d+) ms/g)].map((m) => Number(m[1]))
  const result = { saveToPageMs: median(save), plainReloadMs: median(plain), recompileMs: median(recompiles), runs }
  if (values.json) console.log(JSON.stringify(result))
  else {
    console.log(`save → page shows the edit (06_runs.yaml, /runs/): median ${result.saveToPageMs.toFixed(0)} ms (budget ${BUDGET_MS} ms) ${result.saveToPageMs <= BUDGET_MS ? 'ok' : 'OVER'}`)
    console.log(`  of which the incremental recompile and reshape: median ${result.recompileMs} ms`)
    console.log(`baseline, reloading the page with nothing changed: median ${result.plainReloadMs.toFixed(0)} ms (save is ${(result.saveToPageMs / result.plainReloadMs).toFixed(2)}× a plain reload)`)
  }
} finally {
  await browser.close()
  await server.stop()
}
