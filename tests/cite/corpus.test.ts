/**
 * The engine-style corpus (tests/fixtures/cite-corpus): each engine's errors
 * and warnings must be exactly its `expected.txt` — every planted problem
 * found (recall), nothing else reported (precision). Run in-process through
 * `main(argv, io)` against a prebuilt rules.json, so one compile serves all.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { main } from '../../src/cli/main.ts'
import { buildIndexFiles } from '../../src/core/index-json.ts'
import { compileDir } from '../../src/io/compile-dir.ts'

const corpus = join(import.meta.dirname, '../fixtures/cite-corpus')
export const ENGINES = ['rust', 'clojure', 'typescript', 'python', 'csharp']

let tmp: string
let index: string
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'cr-corpus-'))
  const { model } = compileDir(join(import.meta.dirname, '../../rules'))
  index = join(tmp, 'rules.json')
  writeFileSync(index, buildIndexFiles(model!)['rules.json']!)
}, 120_000)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

interface Out {
  problems: { file: string; line: number; column: number; severity: string; code: string }[]
  citations: { id: string }[]
}

async function findings(engine: string): Promise<{ found: string[]; out: Out }> {
  const io = memoryIo({ cwd: join(corpus, engine) })
  await main(['cite', '--format', 'json', '--index', index], io)
  const out = JSON.parse(io.out()) as Out
  const found = out.problems.filter((p) => p.severity !== 'hint').map((p) => `${p.file}:${p.line}:${p.column}: ${p.severity} [${p.code}]`)
  return { found: found.sort(), out }
}

const expected = (engine: string) =>
  readFileSync(join(corpus, engine, 'expected.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .sort()

describe('engine corpus: every planted problem, and nothing else', () => {
  it.each(ENGINES)('%s', async (engine) => {
    const { found } = await findings(engine)
    expect(found).toEqual(expected(engine))
  }, 60_000)

  it('reads the Clojure engine\'s `CR 1.8 9.1.8g` as an edition, never as section 1.8', async () => {
    const { out } = await findings('clojure')
    expect(out.citations.map((c) => c.id)).not.toContain('sec_cards')
  }, 60_000)
})
