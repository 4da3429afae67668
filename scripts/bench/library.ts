/**
 * The package as an engine gets it (issue 9's budgets), as ratios against
 * baselines measured in the same run, runs interleaved so load hits all alike:
 *
 *   installed size of the tarball with --omit=dev           <= 15 MB, no site toolchain
 *     (the bytes of the files under the engine's node_modules, in MB of 10^6, and
 *     every package npm installed: the README's figure, printed as it gives it)
 *   cr --help                        / node -e 0             <= 2
 *   cr show 6.1.4 (engine's project) / node -e 0             <= 3
 *   import('netrunner-cr')           / node -e 0             <= 3
 *   cr check, cold cache             / js-yaml parse-only    <= 4
 *   cr check, warm cache             / js-yaml parse-only    <= 2
 *   cr index                         / js-yaml parse-only    <= 3
 *   compile + retirement check of N copies of the CR / N × one copy  <= 1 (linear)
 *
 * The js-yaml baseline is a process that only parses the files `cr check`
 * reads (the rules and every release) with js-yaml.
 *
 *   npx tsx scripts/bench/library.ts [--runs N] [--scale N] [--json]
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { PACKAGE_ROOT } from '../../src/io/read-sources.ts'
import { makeTempDir, removePath, writeScratchFile } from '../../src/io/files.ts'
import { measureLinear } from './linear.ts'
import { installedSummary, packConsumer } from '../package-consumer.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    scale: { type: 'string', default: '100' },
    json: { type: 'boolean', default: false },
  },
})
const runs = Number(values.runs)
const scale = Number(values.scale)

const tmp = makeTempDir('cr-bench-library-')
try {
  const consumer = await packConsumer(tmp)
  const project = consumer.project
  const pkgDir = join(project, 'node_modules/netrunner-cr')
  const cr = join(project, 'node_modules/.bin/cr')
  const site = ['astro', 'pagefind', 'vite', 'esbuild', 'tsx', 'sharp', 'rolldown'].filter((n) => consumer.installed.includes(n))

  // The baseline process: parse what `cr check` reads with js-yaml, nothing else.
  const parseOnly = join(tmp, 'parse-only.mjs')
  const jsYaml = join(PACKAGE_ROOT, 'node_modules/js-yaml/dist/js-yaml.mjs')
  // The baseline process's own source: it is a separate program, outside this gate.
  writeScratchFile(
    parseOnly,
    `import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load, CORE_SCHEMA } from ${JSON.stringify(jsYaml)}
const root = ${JSON.stringify(pkgDir)}
const dirs = [join(root, 'rules'), ...readdirSync(join(root, 'releases')).filter((n) => n.startsWith('v')).map((n) => join(root, 'releases', n))]
for (const d of dirs) for (const f of readdirSync(d)) if (f.endsWith('.yaml')) load(readFileSync(join(d, f), 'utf8'), { schema: CORE_SCHEMA })
`,
  )

  const warmCache = join(tmp, 'cache-warm')
  let coldCount = 0
  const out = join(tmp, 'index-out')
  type Case = { name: string; argv: string[]; env?: Record<string, string>; before?: () => void }
  const cases: Case[] = [
    { name: 'node -e 0', argv: ['-e', '0'] },
    { name: 'js-yaml parse-only', argv: [parseOnly] },
    { name: 'cr --help', argv: [cr, '--help'] },
    { name: 'cr show 6.1.4', argv: [cr, 'show', '6.1.4'] },
    { name: "import('netrunner-cr')", argv: ['--input-type=module', '-e', "await import('netrunner-cr')"] },
    { name: 'cr check (cold)', argv: [cr, 'check', join(pkgDir, 'rules')], env: { CR_CACHE_DIR: '' }, before: () => void coldCount++ },
    { name: 'cr check (warm)', argv: [cr, 'check', join(pkgDir, 'rules')], env: { CR_CACHE_DIR: warmCache } },
    { name: 'cr index', argv: [cr, 'index', '--out', out, join(pkgDir, 'rules')], env: { CR_CACHE: '0' } },
  ]
  const time = (c: Case): number => {
    c.before?.()
    const env = { ...process.env, ...c.env }
    if (c.name === 'cr check (cold)') env.CR_CACHE_DIR = join(tmp, `cache-cold-${coldCount}`)
    const t = performance.now()
    const r = spawnSync(process.execPath, c.argv, { cwd: project, env, encoding: 'utf8' })
    const ms = performance.now() - t
    if (r.status !== 0) throw new Error(`${c.name} failed (${r.status}): ${r.stderr}`)
    return ms
  }
  // Warm-up: fills the warm cache and the OS's file cache.
  for (const c of cases) time(c)
  const samples = new Map(cases.map((c) => [c.name, [] as number[]]))
  for (let i = 0; i < runs; i++) for (const c of cases) samples.get(c.name)!.push(time(c))
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const m = Object.fromEntries([...samples].map(([k, xs]) => [k, median(xs)]))

  const linear = measureLinear(scale)

  const node = m['node -e 0']!
  const yaml = m['js-yaml parse-only']!
  const budgets = [
    { name: 'installed size, --omit=dev (MB)', value: consumer.installedBytes / 1e6, max: 15, note: site.length > 0 ? `site toolchain installed: ${site.join(', ')}` : `${consumer.installed.length} packages, no site toolchain` },
    { name: 'cr --help / node -e 0', value: m['cr --help']! / node, max: 2 },
    { name: 'cr show 6.1.4 / node -e 0', value: m['cr show 6.1.4']! / node, max: 3 },
    { name: "import('netrunner-cr') / node -e 0", value: m["import('netrunner-cr')"]! / node, max: 3 },
    { name: 'cr check cold / js-yaml parse-only', value: m['cr check (cold)']! / yaml, max: 4 },
    { name: 'cr check warm / js-yaml parse-only', value: m['cr check (warm)']! / yaml, max: 2 },
    { name: 'cr index / js-yaml parse-only', value: m['cr index']! / yaml, max: 3 },
    { name: `${scale}× the CR / ${scale} × 1× (compile + retirement check)`, value: linear.ratio, max: 1 },
  ]
  const failed = budgets.filter((b) => !(b.value <= b.max) || (b.note?.startsWith('site') ?? false))
  if (values.json) {
    console.log(JSON.stringify({ medians: m, linear, budgets, installed: installedSummary(consumer) }, null, 2))
  } else {
    console.log(`medians of ${runs} runs (ms): ${Object.entries(m).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`)
    console.log(`1× the CR ${linear.oneMs.toFixed(0)} ms, ${scale}× ${linear.manyMs.toFixed(0)} ms`)
    for (const b of budgets) console.log(`${b.value <= b.max ? 'ok  ' : 'OVER'} ${b.name}: ${b.value.toFixed(2)} (budget ${b.max})${b.note ? `; ${b.note}` : ''}`)
    console.log(`installed, as the README gives it: ${installedSummary(consumer)}`)
  }
  process.exitCode = failed.length > 0 ? 1 : 0
} finally {
  removePath(tmp)
}
