import { compile } from '../core/compile.ts'
import { formatDiagnostic, hasErrors, summarize } from '../core/diagnostics.ts'
import type { CompileResult, SourceFile } from '../core/types.ts'
import { loadCards, readRulesDir, textLookup } from './read-sources.ts'

export interface DirCompilation extends CompileResult {
  files: SourceFile[]
  /** Human-readable report of every message plus the summary line. */
  report(): string
}

export function compileDir(dir: string, cardsFile?: string): DirCompilation {
  const files = readRulesDir(dir)
  const cards = cardsFile === undefined ? loadCards() : loadCards(cardsFile, true)
  const result = compile(files, { cards })
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
