/**
 * Renaming an ID across a rules folder: its definition and every `{ref:…}` to
 * it (keeping a capital first letter). What it does to `retired.yaml` is
 * `retirement-edit.ts`. Pure: texts in, edits out.
 */
import { lowerFirst as normalizeRefId } from '../core/ids.ts'
import { definitionIn, referencesIn } from './markup-at.ts'

export interface TextEdit {
  line: number
  start: number
  end: number
  newText: string
}

export const ID_PATTERN = /^[a-z][A-Za-z0-9_]*$/

/** Edits to one file's text that rename `oldId` to `newId`. */
export function renameInText(text: string, oldId: string, newId: string): TextEdit[] {
  const edits: TextEdit[] = []
  const lines = text.split('\n')
  lines.forEach((line, n) => {
    const def = definitionIn(line)
    if (def && def.id === oldId) edits.push({ line: n, start: def.start, end: def.end, newText: newId })
    for (const ref of referencesIn(line)) {
      if (normalizeRefId(ref.written) !== oldId) continue
      const capital = ref.written[0] !== ref.written[0]!.toLowerCase()
      edits.push({ line: n, start: ref.start, end: ref.end, newText: capital ? newId[0]!.toUpperCase() + newId.slice(1) : newId })
    }
  })
  return edits
}
