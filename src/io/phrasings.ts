/**
 * `data/phrasings/` beside a rules folder (`rules/` → `data/phrasings/`), checked against those rules
 * and their retirements as the site build checks it (`src/core/phrasings.ts`): `cr check` reports a
 * phrasing left behind by a removal or a rename at its line, before the build fails on it. A rules
 * folder with no phrasings beside it (a copy, a fixture, a release) has nothing to check.
 */
import { dirname, join, relative, resolve } from 'node:path'
import { parsePhrasings } from '../core/phrasings.ts'
import type { Diagnostic, SourceFile } from '../core/types.ts'
import { followRetirement, type Retirements } from '../core/versions/retired.ts'
import { processContext, type IoContext } from './context.ts'
import { isDirectory } from './files.ts'
import { readRulesDir } from './read-sources.ts'

/** The phrasings folder beside a rules folder, relative to `cwd` as the messages name it; undefined when there is none. */
export function phrasingsBeside(rulesDir: string, ctx: IoContext = processContext()): string | undefined {
  const abs = join(dirname(resolve(ctx.cwd, rulesDir)), 'data', 'phrasings')
  return isDirectory(abs) ? relative(ctx.cwd, abs) || '.' : undefined
}

/** The phrasing files beside a rules folder (none when there is no folder). */
export function readPhrasingsBeside(rulesDir: string, ctx: IoContext = processContext()): SourceFile[] {
  const dir = phrasingsBeside(rulesDir, ctx)
  return dir === undefined ? [] : readRulesDir(dir, ctx.cwd)
}

export function checkPhrasingsBeside(rulesDir: string, defined: ReadonlySet<string>, retirements: Retirements | undefined, ctx: IoContext = processContext()): { messages: Diagnostic[]; files: SourceFile[] } {
  const files = readPhrasingsBeside(rulesDir, ctx)
  if (files.length === 0) return { messages: [], files: [] }
  const exists = (id: string) => defined.has(id)
  // A retired ID's successor is where its chain of renames and merges ends, as the site's retired pages say.
  const successor = (id: string) => {
    if (!retirements) return undefined
    const trail = followRetirement(id, retirements, exists)
    return trail.end === 'found' && trail.steps.every((s) => s.kind === 'renamed' || s.kind === 'merged') ? trail.id : undefined
  }
  const { messages } = parsePhrasings(files, { exists, all: defined, successor, retired: (id) => retirements?.byId.has(id) ?? false })
  return { messages, files }
}
