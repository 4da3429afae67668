/**
 * Which folders the language server serves: a rules folder has chapter files
 * (`06_runs.yaml`) and is not a frozen release (`releases/v26.03/`). A stray
 * `notes.yaml`, a CI workflow or a frozen release opened to read it gets no
 * diagnostics, no completion and no edits from `cr lsp`.
 */
import { readInputFile, MAX_RULE_FILE_BYTES } from '../io/read-input.ts'
import { readDirNames } from '../io/files.ts'
import { roleOf } from '../core/compile.ts'
import { isRulesSourceName } from '../core/editor-files.ts'
import { frozenReleaseOf } from '../core/ids.ts'

export function isFrozenRelease(dir: string): boolean {
  return frozenReleaseOf(dir) !== undefined
}

export function isRulesFolder(dir: string): boolean {
  if (isFrozenRelease(dir)) return false
  try {
    return readDirNames(dir).some((name) => isRulesSourceName(name) && roleOf(name) === 'chapter')
  } catch {
    return false
  }
}

/** A file's text read through the bounded reader (a quick fix's line in a file the editor has not opened). */
export function readTextForLine(path: string): string | undefined {
  return readInputFile(path, { maxBytes: MAX_RULE_FILE_BYTES }).toString('utf8')
}
