import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile, createCompileCache } from '../../src/core/compile.ts'
import { loadCards, readRulesDir } from '../../src/io/read-sources.ts'

const repo = join(import.meta.dirname, '../..')
const cards = loadCards()
const original = readRulesDir(join(repo, 'rules'), repo).map((f) => ({ path: f.path, content: readFileSync(join(repo, f.path), 'utf8') }))

// Edits an editor makes: a word in a text, a broken reference, a renamed ID, a broken YAML line.
const edits: ((t: string) => string)[] = [
  (t) => t.replace('text: ', 'text: Indeed, '),
  (t) => t.replace('{ref:', '{ref:x'),
  (t) => t.replace(/- rule: (\w+)/, '- rule: $1_renamed'),
  (t) => t.replace('\n  - ', '\n  -: - '),
  (t) => t,
]

describe('compile with a cache', () => {
  it('gives exactly what a fresh compile gives, across a sequence of edits', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: original.length - 1 }), fc.integer({ min: 0, max: edits.length - 1 })), { minLength: 1, maxLength: 4 }), (steps) => {
        const cache = createCompileCache()
        let files = original
        compile(files, { cards, cache })
        for (const [file, edit] of steps) {
          files = files.map((f, i) => (i === file ? { ...f, content: edits[edit]!(f.content) } : f))
          expect(compile(files, { cards, cache })).toEqual(compile(files, { cards }))
        }
      }),
      { numRuns: 6 },
    )
  }, 240_000)
})
