/**
 * A rename over a whole rules folder, as the language server and `cr rename` both make it:
 * the definition and every `{ref:…}` in every file — `retired.yaml`'s notes and reasons
 * included — then `retired.yaml` kept consistent (`retirement.ts`) on top of those. Pure:
 * texts in, new texts out; the caller writes them.
 */
import { applyEdits, renameInText, type RenameEdit } from './rename.ts'
import { retirementForRename } from './retirement.ts'

export interface FolderText {
  path: string
  text: string
}

export type FolderRename =
  | { refused: string }
  | {
      /** Files other than retired.yaml that change, each with its edits. */
      files: { path: string; edits: RenameEdit[] }[]
      /** retired.yaml's new text (its references renamed and the retirement recorded), when it changes. */
      retired: { path: string; text: string; changes: string[] } | undefined
    }

const isRetired = (path: string) => (path.split(/[\\/]/).pop() ?? path) === 'retired.yaml'

/** `lastRelease`: the last release that defines `oldId` (undefined when none did); `retiredPath`: where retired.yaml is, or would be. */
export function renameInFolder(files: readonly FolderText[], oldId: string, newId: string, lastRelease: string | undefined, retiredPath: string): FolderRename {
  const changed = files.filter((f) => !isRetired(f.path)).map((f) => ({ path: f.path, edits: renameInText(f.text, oldId, newId) })).filter((f) => f.edits.length > 0)
  const retiredFile = files.find((f) => isRetired(f.path))
  // A note or a reason in retired.yaml names rules as `{ref:…}` too: renamed before the retirement is recorded.
  const refs = retiredFile ? renameInText(retiredFile.text, oldId, newId) : []
  const base = retiredFile ? applyEdits(retiredFile.text, refs) : undefined
  const outcome = retirementForRename(base, oldId, newId, lastRelease, retiredFile?.path ?? retiredPath)
  if ('refused' in outcome) return outcome
  const text = outcome.text ?? (refs.length > 0 ? base : undefined)
  const changes = [...(refs.length > 0 ? [`${refs.length} reference${refs.length === 1 ? '' : 's'} in notes renamed`] : []), ...outcome.changes]
  return { files: changed, retired: text === undefined ? undefined : { path: retiredFile?.path ?? retiredPath, text, changes } }
}
