import { join, resolve } from 'node:path'
import { compile } from '../core/compile.ts'
import { formatDiagnostic, hasErrors, summarize } from '../core/diagnostics.ts'
import type { CompileResult, SourceFile } from '../core/types.ts'
import type { ResolvedRelease } from '../core/model/types.ts'
import { indexView } from '../core/render/document.ts'
import { hashSources } from './cache.ts'
import { isCachedModel } from './cache-shapes.ts'
import { processContext, type IoContext } from './context.ts'
import { PACKAGE_ROOT, parseCardData, readCardData, readRulesDir, textLookup } from './read-sources.ts'

export interface DirCompilation extends CompileResult {
  files: SourceFile[]
  /** Human-readable report of every message plus the summary line. */
  report(): string
}

/**
 * Read and compile a rules directory (relative to `ctx.cwd`). With a cache,
 * the same sources and card data are compiled once: the key is their bytes.
 */
export function compileDir(dir: string, cardsFile?: string, ctx: IoContext = processContext()): DirCompilation {
  const files = readRulesDir(dir, ctx.cwd)
  const cardsPath = cardsFile === undefined ? join(PACKAGE_ROOT, 'data/cards.json') : resolve(ctx.cwd, cardsFile)
  const cardBytes = readCardData(cardsPath, cardsFile !== undefined)
  const key = ctx.cache ? hashSources(cardBytes ? [...files, { path: '\0cards', content: cardBytes }] : files, 'compile-model') : ''
  // The cache keeps the model (what every output renders from); its index view is rendered on the way out.
  let cached = ctx.cache?.get('compile-model', key, isCachedModel)
  if (!cached) {
    const cards = cardBytes ? parseCardData(cardBytes, cardsFile ?? cardsPath) : undefined
    const result = compile(files, { cards })
    // The recovery too: `cr check` folds the guard's messages under a broken file's cause.
    cached = { model: result.model, messages: result.messages, ...(result.recovery ? { recovery: result.recovery } : {}) }
    ctx.cache?.set('compile-model', key, cached)
  }
  const document = cached.model ? indexView(cached.model) : undefined
  return withReport({ model: cached.model, document, messages: cached.messages, ...(cached.recovery ? { recovery: cached.recovery } : {}) }, files)
}

export function withReport(result: CompileResult, files: SourceFile[]): DirCompilation {
  const sourceOf = textLookup(files)
  return {
    ...result,
    files,
    report() {
      const lines = result.messages.map((m) => formatDiagnostic(m, sourceOf))
      if (result.messages.length > 0) lines.push(summarize(result.messages))
      return lines.join('\n\n')
    },
  }
}

export { hasErrors }
