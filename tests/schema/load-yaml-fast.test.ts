/**
 * The fast path of `loadYaml` (js-yaml, places from a line index) must give
 * exactly what the precise path (`yaml`) gives: the same data and the same
 * place for every entry, on every file of the current rules, every release
 * and every diagnostics fixture.
 */
import { readdirSync, readFileSync, lstatSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { collectEntries, type ChapterInput } from '../../src/core/collect.ts'
import { roleOf } from '../../src/core/compile.ts'
import { loadYaml } from '../../src/core/load-yaml.ts'
import { repoRoot } from '../cli/run-cr.ts'

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    // lstat: the hostile-input fixtures hold dangling links, FIFOs and folders named like YAML files.
    const stat = lstatSync(p)
    return stat.isDirectory() ? yamlFiles(p) : stat.isFile() && /\.ya?ml$/.test(name) ? [p] : []
  })
}

const corpus = [...yamlFiles(join(repoRoot, 'rules')), ...yamlFiles(join(repoRoot, 'releases')), ...yamlFiles(join(repoRoot, 'tests/fixtures/diagnostics'))]

describe('loadYaml: the fast path agrees with the precise one', () => {
  it(`reads the same data from ${corpus.length} files, and reports the same problems`, () => {
    expect(corpus.length).toBeGreaterThan(80)
    for (const path of corpus) {
      const file = { path: relative(repoRoot, path), content: readFileSync(path) }
      const fast = loadYaml(file)
      const precise = loadYaml(file, { precise: true })
      expect(fast.loaded?.data, file.path).toEqual(precise.loaded?.data)
      // The fast path only ever succeeds where the precise one finds nothing to say.
      if (fast.messages.length === 0 && fast.loaded) expect(precise.messages, file.path).toEqual([])
      else expect(fast.messages, file.path).toEqual(precise.messages)
    }
  })

  it('places every entry of every chapter where the precise path does', () => {
    let checked = 0
    for (const path of corpus.filter((p) => roleOf(p) === 'chapter')) {
      const file = { path: relative(repoRoot, path), content: readFileSync(path) }
      const fast = loadYaml(file).loaded
      const precise = loadYaml(file, { precise: true }).loaded
      if (!fast || !precise) continue
      const { entries } = collectEntries([{ file: file.path, loaded: precise } satisfies ChapterInput])
      for (const e of entries) {
        expect(fast.locate(e.idPath, 'value'), `${file.path} ${e.id}`).toEqual(precise.locate(e.idPath, 'value'))
        checked++
      }
    }
    expect(checked).toBeGreaterThan(9000)
  })
})
