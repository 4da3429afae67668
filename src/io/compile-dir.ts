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

/** Compilations kept in this process when there is no cache on disk (`compileDir`), by their cache key. */
const recent = new Map<string, Pick<CompileResult, 'model' | 'messages' | 'recovery'>>()
const RECENT = 3

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
  // Without a cache on disk, the compilations of this process are kept instead (a few, by content): a process
  // that compiles the same rules again (`main()` called in-process, by a test or a tool) compiles them once.
  // A file that could not be read is not kept in this process (its reason may change with no byte
  // of the folder changing); on disk, the key names each file's problem (`hashSources`).
  const inProcess = !ctx.cache && !files.some((f) => f.unreadable)
  const key = ctx.cache || inProcess ? hashSources(cardBytes ? [...files, { path: '\0cards', content: cardBytes }] : files, 'compile-model') : ''
  // The cache keeps the model (what every output renders from); its index view is rendered on the way out.
  let cached = ctx.cache?.get('compile-model', key, isCachedModel) ?? (inProcess ? recent.get(key) : undefined)
  if (!cached) {
    const cards = cardBytes ? parseCardData(cardBytes, cardsFile ?? cardsPath) : undefined
    const result = compile(files, { cards })
    // The recovery too: `cr check` folds the guard's messages under a broken file's cause.
    cached = { model: result.model, messages: result.messages, ...(result.recovery ? { recovery: result.recovery } : {}) }
    ctx.cache?.set('compile-model', key, cached)
  }
  if (inProcess) {
    // Most recently used last; the CR's compiled rules are tens of MB, so only a few are kept.
    recent.delete(key)
    recent.set(key, cached)
    if (recent.size > RECENT) recent.delete(recent.keys().next().value!)
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
