/**
 * The built CLI validates with ajv's standalone code, compiled at build time
 * (scripts/build-package.ts, `standaloneValidators`); tests and `tsx` compile
 * the same schemas at run time (src/core/schema-validators.ts). Both must
 * give the same verdict and the same errors, which validate.ts, `cr cite`'s
 * config and the coverage reader word into diagnostics: on every source file
 * of the rules, the releases and the diagnostics fixtures (most of the schema
 * errors there are), the fixtures' `cr.config.json` files and broken ones,
 * coverage files good and bad. The module imports ajv's few run-time helpers
 * itself, so the CLI's bundle carries them: ajv is not a dependency.
 */
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { CORE_SCHEMA, load } from 'js-yaml'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { afterAll, describe, expect, it } from 'vitest'
import { standaloneValidators } from '../../scripts/build-package.ts'
import { roleOf } from '../../src/core/compile.ts'
import { validatorFor, type SchemaName } from '../../src/core/schema-validators.ts'
import { repoRoot } from '../cli/run-cr.ts'

const tmp = mkdtempSync(join(tmpdir(), 'cr-standalone-'))
// The module imports `ajv/dist/runtime/…` (bundled into the CLI): resolved here from the repository's packages.
symlinkSync(join(repoRoot, 'node_modules'), join(tmp, 'node_modules'), 'dir')
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

let built: Promise<{ validatorFor(name: SchemaName): ValidateFunction }> | undefined
const standalone = () => {
  if (!built) {
    const module = join(tmp, 'validators.mjs')
    writeFileSync(module, standaloneValidators())
    built = import(pathToFileURL(module).href)
  }
  return built
}

/** Both validators on `data`: the same verdict and errors. */
async function agree(name: SchemaName, data: unknown, what: string): Promise<boolean> {
  const [here, there] = [validatorFor(name), (await standalone()).validatorFor(name)]
  const verdict = here(data)
  expect(there(data), what).toBe(verdict)
  expect(JSON.stringify(there.errors), what).toBe(JSON.stringify(here.errors))
  return verdict
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    const stat = lstatSync(p)
    return stat.isDirectory() ? yamlFiles(p) : stat.isFile() && /\.ya?ml$/.test(name) ? [p] : []
  })
}

describe('standalone validators (the built CLI) and run-time ones (tests, tsx) agree', () => {
  it('on every source file of the rules, the releases and the diagnostics fixtures', async () => {
    let checked = 0
    let invalid = 0
    for (const path of [...yamlFiles(join(repoRoot, 'rules')), ...yamlFiles(join(repoRoot, 'releases')), ...yamlFiles(join(repoRoot, 'tests/fixtures/diagnostics'))]) {
      const role = roleOf(path)
      if (role === 'other') continue
      let data: unknown
      try {
        data = load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA })
      } catch {
        continue
      }
      checked++
      if (!(await agree(role, data, path))) invalid++
    }
    expect(checked).toBeGreaterThan(90)
    expect(invalid).toBeGreaterThan(10)
  })

  it('on cr.config.json files, the fixtures\' and broken ones', async () => {
    const fixtures = ['engines/typescript', 'engines/rust', 'cite-corpus/public', 'cite-corpus/strangers', 'cite-corpus/rust'].map((d) => JSON.parse(readFileSync(join(repoRoot, 'tests/fixtures', d, 'cr.config.json'), 'utf8')) as unknown)
    const broken = [
      { cite: { patern: ['x'], excldue: [], minCoverag: 5 }, citee: 1 },
      { cite: { minCoverage: { chapters: { 6: 200 }, overal: 5 } } },
      { cite: { minCoverage: '80', bareNumbers: 'all', severity: { 'imprecise-citaton': 'off' } } },
      { cite: { patterns: [''], markers: [''], overrides: [{ markers: ['§'] }] } },
      [],
    ]
    const verdicts = await Promise.all([...fixtures, ...broken].map((data, i) => agree('citeConfig', data, `config ${i}`)))
    expect(verdicts).toEqual([...fixtures.map(() => true), ...broken.map(() => false)])
  })

  it('on coverage files, good and bad', async () => {
    const good = { format: 2, version: 'v26.03', files: { 'a.rs': [{ id: 'rule_run', line: 1, column: 1 }] } }
    const bad = [{ format: 3, version: 'v26.03', files: { 'a.rs': [{ id: 'rule_run', line: 0, column: 1, x: 1 }] } }, { version: '' }, 'coverage']
    expect(await Promise.all([good, ...bad].map((data, i) => agree('coverage', data, `coverage ${i}`)))).toEqual([true, false, false, false])
  })
})
