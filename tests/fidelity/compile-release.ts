/** Compile a rules directory in-process, as `cr check` would. */
import { join } from 'node:path'
import { compile } from '../../src/core/compile.ts'
import { loadCards, readRulesDir } from '../../src/io/read-sources.ts'
import type { CompiledDocument, CompileResult } from '../../src/core/types.ts'

export const repoRoot = join(import.meta.dirname, '../..')

const cache = new Map<string, CompiledDocument>()
const results = new Map<string, CompileResult>()

/**
 * A folder of the repository (`rules`, `releases/v24.03`) compiled with the card data, as `cr check`
 * compiles it, once per test worker (the unit project keeps its workers from file to file): several
 * test files read the same compiled `rules/`. The result is shared: read it, never change it.
 */
export function compiledWithCards(dir: string): CompileResult {
  let result = results.get(dir)
  if (!result) results.set(dir, (result = compile(readRulesDir(dir, repoRoot), { cards: loadCards() })))
  return result
}

export function compileRelease(dir: string): CompiledDocument {
  const hit = cache.get(dir)
  if (hit) return hit
  const { document, messages } = compiledWithCards(dir)
  const errors = messages.filter((m) => m.severity === 'error')
  if (!document || errors.length > 0) throw new Error(`${dir} does not compile: ${errors.length} errors, first: ${errors[0]?.message}`)
  cache.set(dir, document)
  return document
}

/** `n / total (pct%)`, the form every fidelity test prints. */
export function rate(n: number, total: number): string {
  return `${n}/${total} (${total === 0 ? 100 : ((100 * n) / total).toFixed(2)}%)`
}
