import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
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
  // Renumber: a new rule before the first one shifts its siblings' numbers, which references print.
  (t) => t.replace(/\n(\s*)- rule: /, '\n$1- rule: rule_inserted_first\n$1  text: Inserted.\n$1- rule: '),
  // A subsection becomes a rule: the word references print ("section" → "rule") changes.
  (t) => t.replace('- subsection: rule_end_the_run', '- rule: rule_end_the_run'),
  // The definition of a referenced ID renamed: references to it become unknown.
  (t) => t.replace('- subsection: rule_end_the_run', '- subsection: rule_end_the_runs'),
]

// The reference: a fresh compile of the same sources, made once for sources seen lately (compile is
// pure; generated sequences come back to the same states, the untouched sources above all: an edit
// that finds nothing to replace). At most 8 kept: each result is the whole CR.
const freshResults = new Map<string, ReturnType<typeof compile>>()
const fresh = (files: typeof original) => {
  const key = files.map((f) => f.content).join('\0')
  let result = freshResults.get(key)
  if (result) return result
  result = compile(files, { cards })
  if (freshResults.size >= 8) freshResults.delete(freshResults.keys().next().value!)
  freshResults.set(key, result)
  return result
}
afterAll(() => freshResults.clear())

describe('compile with a cache', () => {
  it('gives exactly what a fresh compile gives, across a sequence of edits', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...original.keys(), original.findIndex((f) => f.path.includes('06_runs'))), fc.integer({ min: 0, max: edits.length - 1 })), { minLength: 1, maxLength: 4 }), (steps) => {
        const cache = createCompileCache()
        let files = original
        compile(files, { cards, cache })
        for (const [file, edit] of steps) {
          files = files.map((f, i) => (i === file ? { ...f, content: edits[edit]!(f.content) } : f))
          expect(compile(files, { cards, cache })).toEqual(fresh(files))
        }
      }),
      { numRuns: 12 },
    )
    // Only catches a hang: at load 44 on the shared 2-core machine the twelve runs took 253 s (the limit was 240).
  }, 900_000)
})
