/**
 * Renaming an ID across a rules folder: its definition and every `{ref:…}` to
 * it (keeping a capital first letter). What it does to `retired.yaml` is
 * `retirement.ts`. Pure: texts in, edits out.
 */
import { lowerFirst as normalizeRefId } from '../ids.ts'
import { definitionIn, referencesIn } from './ids-at.ts'

export interface TextEdit {
  line: number
  start: number
  end: number
  newText: string
}

/** A rename's edit, and whether it is of the definition or of a reference. */
export interface RenameEdit extends TextEdit {
  where: 'definition' | 'reference'
}

export const ID_PATTERN = /^[a-z][A-Za-z0-9_]*$/

/** Edits to one file's text that rename `oldId` to `newId`. */
export function renameInText(text: string, oldId: string, newId: string): RenameEdit[] {
  const edits: RenameEdit[] = []
  const lines = text.split('\n')
  lines.forEach((line, n) => {
    const def = definitionIn(line)
    if (def && def.id === oldId) edits.push({ line: n, start: def.start, end: def.end, newText: newId, where: 'definition' })
    for (const ref of referencesIn(line)) {
      if (normalizeRefId(ref.written) !== oldId) continue
      const capital = ref.written[0] !== ref.written[0]!.toLowerCase()
      edits.push({ line: n, start: ref.start, end: ref.end, newText: capital ? newId[0]!.toUpperCase() + newId.slice(1) : newId, where: 'reference' })
    }
  })
  return edits
}

/** `text` with `edits` made (edits from `renameInText`: on separate spans, any order). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n')
  // Right to left within a line, so each edit's columns still hold when it is made.
  const ordered = [...edits].sort((a, b) => a.line - b.line || b.start - a.start)
  for (const e of ordered) lines[e.line] = lines[e.line]!.slice(0, e.start) + e.newText + lines[e.line]!.slice(e.end)
  return lines.join('\n')
}
