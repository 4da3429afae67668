/**
 * The package as an engine installs it: `npm pack`, then `npm ci --omit=dev`
 * from the tarball into an empty project, offline (scripts/package-consumer.ts).
 * These are also the few spawned smoke tests of the compiled `cr` binary;
 * every other CLI test runs `main(argv, io)` in-process.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packConsumer, type Consumer } from '../../scripts/package-consumer.ts'

const SITE_TOOLCHAIN = ['astro', 'pagefind', 'vite', 'esbuild', 'tsx', 'sharp', 'rolldown', 'typescript', 'vitest']

let tmp: string
let consumer: Consumer
// The system Node when there is one: what `engines` promises must run on it, with no loader.
const node = ['/usr/bin/node', '/usr/local/bin/node'].find(existsSync) ?? process.execPath

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'cr-tarball-'))
  consumer = await packConsumer(tmp)
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function cr(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(node, [join(consumer.project, 'node_modules/.bin/cr'), ...args], {
    cwd: consumer.project,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: tmp, NO_COLOR: '1', ...env },
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

function run(file: string, source: string) {
  writeFileSync(join(consumer.project, file), source)
  const r = spawnSync(node, [file], { cwd: consumer.project, encoding: 'utf8', env: { PATH: process.env.PATH } })
  expect(r.stderr).toBe('')
  return JSON.parse(r.stdout)
}

describe('the installed package', () => {
  it('brings its runtime dependencies and none of the site or build toolchain', () => {
    expect(consumer.installed).toContain('netrunner-cr')
    expect(consumer.installed.filter((n) => SITE_TOOLCHAIN.includes(n))).toEqual([])
    const pkg = JSON.parse(readFileSync(join(consumer.project, 'node_modules/netrunner-cr/package.json'), 'utf8'))
    expect(Object.keys(pkg.dependencies).filter((n) => SITE_TOOLCHAIN.includes(n))).toEqual([])
  })

  it('ships compiled code and data, not the TypeScript sources', () => {
    const root = join(consumer.project, 'node_modules/netrunner-cr')
    for (const file of ['lib/main.js', 'bin/cr.js', 'dist-index/index.js', 'dist-index/index.cjs', 'dist-index/index.d.ts', 'dist-index/index.d.cts', 'dist-index/rules.json', 'schema/cr-config.schema.json']) {
      expect(existsSync(join(root, file)), file).toBe(true)
    }
    expect(existsSync(join(root, 'src'))).toBe(false)
    expect(readFileSync(join(root, 'bin/cr.js'), 'utf8')).not.toMatch(/tsx/)
  })

  it('is the same module through import() and require()', () => {
    const esm = run('probe.mjs', `import { rule, version } from 'netrunner-cr'\nconsole.log(JSON.stringify([version, rule('6.1.4').id]))\n`)
    const cjs = run('probe.cjs', `const { rule, version, UnknownRuleError } = require('netrunner-cr')\nlet e; try { rule('rule_end_teh_run') } catch (x) { e = x instanceof UnknownRuleError }\nconsole.log(JSON.stringify([version, rule('6.1.4').id, e]))\n`)
    expect(esm).toEqual(['v26.03', 'rule_end_the_run'])
    expect(cjs).toEqual(['v26.03', 'rule_end_the_run', true])
  })
})

describe('cr in an engine project (no rules/ folder)', () => {
  it('prints its help', () => {
    const r = cr(['--help'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^cr — the Netrunner Comprehensive Rules toolkit/)
  })

  it('shows a rule from the compiled data the package ships', () => {
    expect(existsSync(join(consumer.project, 'rules'))).toBe(false)
    const r = cr(['show', '6.1.4'])
    expect(r).toMatchObject({ code: 0, stderr: '' })
    expect(r.stdout.split('\n')[0]).toBe('6.1.4  rule_end_the_run  (rule — section 6.1 General)')
    const renamed = cr(['show', 'rule_checkpoint_uniqueness'])
    expect(renamed.code).toBe(0)
    expect(renamed.stderr).toContain('was renamed to `step_checkpoint_uniqueness`')
  })

  it('reads old releases and diffs them, from the releases the package ships', () => {
    const old = cr(['show', '6.2.5', '--version', 'v24.03'])
    expect(old.code).toBe(0)
    expect(old.stdout).toContain('Today (v26.03): 6.2.8 `rule_move_runner_to_position` (was 6.2.5), text unchanged since v24.03.')
    const diff = cr(['diff', 'v25.08', 'v26.03', '--json'])
    expect(diff.code).toBe(0)
    expect(JSON.parse(diff.stdout).counts).toMatchObject({ added: 22, removed: 1 })
  })

  it('checks citations in the engine against the package', () => {
    writeFileSync(join(consumer.project, 'run.rs'), '// CR 6.1.4\ncite!("rule_end_teh_run");\n')
    const r = cr(['cite', 'run.rs'])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/^run\.rs:2:8: error: Unknown rule ID `rule_end_teh_run`.*\[unknown-rule\]$/m)
  })

  it('checks a rules folder, and a second run answers from the cache with the same report', () => {
    const env = { CR_CACHE_DIR: join(tmp, 'cache') }
    const rules = join(consumer.project, 'node_modules/netrunner-cr/rules')
    const first = cr(['check', rules], env)
    // The report is cr check's output: on stdout.
    expect(first).toMatchObject({ code: 0, stderr: '' })
    expect(first.stdout).toMatch(/1643 entries, no problems/)
    expect(existsSync(join(tmp, 'cache/compile-model'))).toBe(true)
    expect(cr(['check', rules], env)).toEqual(first)
  })
})
