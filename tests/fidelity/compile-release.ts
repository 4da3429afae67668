/** Compile a rules directory in-process, as `cr check` would. */
import { join } from 'node:path'
import { compile } from '../../src/core/compile.ts'
import { loadCards, readRulesDir } from '../../src/io/read-sources.ts'
import type { CompiledDocument } from '../../src/core/types.ts'

export const repoRoot = join(import.meta.dirname, '../..')

const cache = new Map<string, CompiledDocument>()

export function compileRelease(dir: string): CompiledDocument {
  const hit = cache.get(dir)
  if (hit) return hit
  const { document, messages } = compile(readRulesDir(dir, repoRoot), { cards: loadCards() })
  const errors = messages.filter((m) => m.severity === 'error')
  if (!document || errors.length > 0) throw new Error(`${dir} does not compile: ${errors.length} errors, first: ${errors[0]?.message}`)
  cache.set(dir, document)
  return document
}

/** `n / total (pct%)`, the form every fidelity test prints. */
export function rate(n: number, total: number): string {
  return `${n}/${total} (${total === 0 ? 100 : ((100 * n) / total).toFixed(2)}%)`
}
