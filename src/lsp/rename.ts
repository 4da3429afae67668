/**
 * Renaming an ID across a rules folder: its definition, every `{ref:…}` to
 * it (keeping a capital first letter), and an entry in `retired.yaml`
 * (`renamed_to`) when a release defined the old ID, so that links and
 * citations made against that release keep working. Pure: texts in, edits out.
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

/**
 * The edit that adds the old ID to `retired.yaml` as its last list item.
 * `release` is the last release that defined the old ID.
 */
export function retirementEdit(retiredText: string | undefined, oldId: string, newId: string, release: string): TextEdit {
  // The list's own indentation (`cr fmt` writes `- id:` at the margin; older files indent it).
  const indent = [...(retiredText ?? '').matchAll(/^( *)- id:/gm)].pop()?.[1] ?? ''
  const entry = `${indent}- id: ${oldId}\n${indent}  release: ${release}\n${indent}  renamed_to: ${newId}\n`
  if (retiredText === undefined || retiredText.trim() === '') {
    return { line: 0, start: 0, end: 0, newText: `# yaml-language-server: $schema=../schema/retired.schema.json\nretired:\n${entry}` }
  }
  const lines = retiredText.split('\n')
  // `retired: []` has no list to append to: replace it.
  const empty = lines.findIndex((l) => /^retired:\s*\[\s*\]\s*(#.*)?$/.test(l))
  if (empty !== -1) return { line: empty, start: 0, end: lines[empty]!.length, newText: `retired:\n${entry.trimEnd()}` }
  const last = lines.length - 1
  if (retiredText.endsWith('\n')) return { line: last, start: 0, end: 0, newText: entry }
  return { line: last, start: lines[last]!.length, end: lines[last]!.length, newText: `\n${entry}` }
}
