/**
 * The built CLI validates with ajv's standalone code, compiled at build time
 * (scripts/build-package.ts, `standaloneValidators`); tests and `tsx` compile
 * the same schemas at run time (src/core/schema-validators.ts). Both must
 * give the same verdict and the same errors, which validate.ts words into
 * diagnostics: on every source file of the rules, the releases and the
 * diagnostics fixtures (most of the schema errors there are).
 */
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { CORE_SCHEMA, load } from 'js-yaml'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { afterAll, describe, expect, it } from 'vitest'
import { standaloneValidators } from '../../scripts/build-package.ts'
import { roleOf } from '../../src/core/compile.ts'
import { validatorFor, type SourceSchema } from '../../src/core/schema-validators.ts'
import { repoRoot } from '../cli/run-cr.ts'

const tmp = mkdtempSync(join(tmpdir(), 'cr-standalone-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    const stat = lstatSync(p)
    return stat.isDirectory() ? yamlFiles(p) : stat.isFile() && /\.ya?ml$/.test(name) ? [p] : []
  })
}

describe('standalone validators (the built CLI) and run-time ones (tests, tsx) agree', () => {
  it('on every source file of the rules, the releases and the diagnostics fixtures', async () => {
    const module = join(tmp, 'validators.mjs')
    writeFileSync(module, standaloneValidators())
    const built = (await import(pathToFileURL(module).href)) as { validatorFor(name: SourceSchema): ValidateFunction }
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
      const [here, there] = [validatorFor(role), built.validatorFor(role)]
      const verdict = here(data)
      expect(there(data), path).toBe(verdict)
      expect(JSON.stringify(there.errors), path).toBe(JSON.stringify(here.errors))
      checked++
      if (!verdict) invalid++
    }
    expect(checked).toBeGreaterThan(90)
    expect(invalid).toBeGreaterThan(10)
  })
})
