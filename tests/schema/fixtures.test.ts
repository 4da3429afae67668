/**
 * Golden fixtures: `tests/fixtures/schema/<case>/input.yaml` → `expected.json`
 * (the diagnostics). A missing golden is written; `UPDATE=1` rewrites them
 * all; review the diff. Cases named `changelog-…` / `release-…` are checked
 * as those files, every other case as a chapter.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readGolden } from '../golden.ts'
import { loadYaml } from '../../src/core/load-yaml.ts'
import type { Diagnostic } from '../../src/core/types.ts'
import { validateChangelogFile, validateChapterFile, validateReleaseFile } from '../../src/core/validate.ts'

const root = fileURLToPath(new URL('../fixtures/schema/', import.meta.url))

function check(path: string, content: Uint8Array | string, role: 'chapter' | 'changelog' | 'release'): Diagnostic[] {
  const { loaded, messages } = loadYaml({ path, content })
  if (!loaded) return messages
  const validate = role === 'changelog' ? validateChangelogFile : role === 'release' ? validateReleaseFile : validateChapterFile
  return [...messages, ...validate(loaded, path)]
}

const cases = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()

describe('schema fixtures', () => {
  it.each(cases)('%s', (name) => {
    const dir = join(root, name)
    const role = name.startsWith('changelog-') ? 'changelog' : name.startsWith('release-') ? 'release' : 'chapter'
    const actual = check('input.yaml', readFileSync(join(dir, 'input.yaml')), role)
    const golden = join(dir, 'expected.json')
    expect(actual).toEqual(JSON.parse(readGolden(golden, `${JSON.stringify(actual, null, 2)}\n`)))
  })
})
