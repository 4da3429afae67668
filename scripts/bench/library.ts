/**
 * The package as an engine gets it (issue 9's budgets), as ratios against
 * baselines measured in the same run, runs interleaved so load hits all alike:
 *
 *   installed size of the tarball with --omit=dev           <= 15 MB, no site toolchain
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
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { compile } from '../../src/core/compile.ts'
import { lowerFirst } from '../../src/core/ids.ts'
import type { SourceFile } from '../../src/core/types.ts'
import { checkRetirements } from '../../src/core/versions/guard.ts'
import { parseRetirements } from '../../src/core/versions/retired.ts'
import { PACKAGE_ROOT, readRulesDir } from '../../src/io/read-sources.ts'
import { packConsumer } from '../package-consumer.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    scale: { type: 'string', default: '100' },
    json: { type: 'boolean', default: false },
  },
})
const runs = Number(values.runs)
const scale = Number(values.scale)

const tmp = mkdtempSync(join(tmpdir(), 'cr-bench-library-'))
try {
  const consumer = await packConsumer(tmp)
  const project = consumer.project
  const pkgDir = join(project, 'node_modules/netrunner-cr')
  const cr = join(project, 'node_modules/.bin/cr')
  const site = ['astro', 'pagefind', 'vite', 'esbuild', 'tsx', 'sharp', 'rolldown'].filter((n) => consumer.installed.includes(n))

  // The baseline process: parse what `cr check` reads with js-yaml, nothing else.
  const parseOnly = join(tmp, 'parse-only.mjs')
  const jsYaml = join(PACKAGE_ROOT, 'node_modules/js-yaml/dist/js-yaml.mjs')
  writeFileSync(
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
    console.log(JSON.stringify({ medians: m, linear, budgets }, null, 2))
  } else {
    console.log(`medians of ${runs} runs (ms): ${Object.entries(m).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`)
    console.log(`1× the CR ${linear.oneMs.toFixed(0)} ms, ${scale}× ${linear.manyMs.toFixed(0)} ms`)
    for (const b of budgets) console.log(`${b.value <= b.max ? 'ok  ' : 'OVER'} ${b.name}: ${b.value.toFixed(2)} (budget ${b.max})${b.note ? `; ${b.note}` : ''}`)
  }
  process.exitCode = failed.length > 0 ? 1 : 0
} finally {
  rmSync(tmp, { recursive: true, force: true })
}

/**
 * Compile N copies of the CR as one rule set (every ID and retired ID given
 * a per-copy suffix) and check its retirements; compare with N times one copy.
 */
function measureLinear(n: number): { oneMs: number; manyMs: number; ratio: number } {
  const files = readRulesDir(join(PACKAGE_ROOT, 'rules'), PACKAGE_ROOT)
  const text = (f: SourceFile) => (typeof f.content === 'string' ? f.content : Buffer.from(f.content).toString('utf8'))
  const one = compile(files)
  const retiredFile = files.find((f) => f.path.endsWith('retired.yaml'))
  const retiredText = retiredFile ? text(retiredFile) : 'retired: []\n'
  const words = new Set([...one.document!.rules.map((r) => r.id), ...parseRetirements({ path: 'retired.yaml', content: retiredText }).retirements.entries.map((e) => e.id)])
  // `rule_54+` becomes `rule_54_x3+` (the grammar allows `+` and `.` only at the end); `…run.` ends a sentence.
  const rename = (w: string, k: number) => {
    const last = w.slice(-1)
    if (words.has(lowerFirst(w))) return /[+.]/.test(last) ? `${w.slice(0, -1)}_x${k}${last}` : `${w}_x${k}`
    if (/[+.]/.test(last) && words.has(lowerFirst(w.slice(0, -1)))) return `${w.slice(0, -1)}_x${k}${last}`
    return w
  }
  const copy = (s: string, k: number) => s.replace(/[A-Za-z]\w*[+.]?/g, (w) => rename(w, k))
  const chapters = files.filter((f) => /^\d+_/.test(f.path.split('/').pop()!))
  const others = files.filter((f) => !chapters.includes(f) && !f.path.endsWith('retired.yaml'))
  const setOf = (k: number): { files: SourceFile[]; retired: string } => ({
    files: [
      ...others,
      ...Array.from({ length: k }, (_, c) => chapters.map((f, i) => ({ path: `${String(c * chapters.length + i + 1).padStart(5, '0')}_${f.path.split('/').pop()!.replace(/^\d+_/, '')}`, content: copy(text(f), c) }))).flat(),
    ],
    retired: `retired:\n${Array.from({ length: k }, (_, c) => copy(retiredText.replace(/^retired:\s*\n/m, ''), c)).join('')}`,
  })
  const run = (k: number) => {
    const set = setOf(k)
    const t = performance.now()
    const r = compile(set.files)
    const retired = parseRetirements({ path: 'retired.yaml', content: set.retired }).retirements
    checkRetirements(r.document!, [], retired)
    const ms = performance.now() - t
    if (r.document!.rules.length !== one.document!.rules.length * k) throw new Error(`expected ${one.document!.rules.length * k} entries, got ${r.document!.rules.length}`)
    return ms
  }
  run(1) // warm the JIT
  const oneMs = Math.min(run(1), run(1), run(1))
  const manyMs = run(n)
  return { oneMs, manyMs, ratio: manyMs / (n * oneMs) }
}

