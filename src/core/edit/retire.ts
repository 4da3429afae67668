/**
 * Removing one entry from a chapter's text, as `cr retire` and the language
 * server's "Retire this rule" make it: the list item that defines the ID, from
 * its `- ` to the line before its next sibling (its sub-rules, examples and the
 * comments inside it go with it; a comment above it, at its margin, stays). A
 * list left empty loses its key, and a `subsection:` left without sub-rules
 * becomes a `rule:` (the key the published format gives a rule without any).
 * Line-based, as rename is: the rest of the file is kept byte for byte.
 * Pure: text in, text out.
 */
import { definitionIn } from './ids-at.ts'

export interface EntryBlock {
  /** First and last line (0-based, inclusive) of the list item. */
  first: number
  last: number
  /** The line of its `rule:`/`subsection:`/`section:` key. */
  definitionLine: number
  /** `rule`, `subsection`, `section` or `chapter`. */
  key: string
  /** IDs defined inside it (its sub-rules, steps, sections' rules), in document order. */
  inner: string[]
}

const indentOf = (line: string) => line.length - line.trimStart().length
const isBlank = (line: string) => line.trim() === ''
const isComment = (line: string) => line.trimStart().startsWith('#')
const KEY = /^\s*(?:-\s+)?(chapter|section|subsection|rule):/

/** The list item of `text` that defines `id`, if any. */
export function findEntryBlock(text: string, id: string): EntryBlock | undefined {
  const lines = text.split('\n')
  const at = lines.findIndex((l) => definitionIn(l)?.id === id)
  if (at === -1) return undefined
  const key = KEY.exec(lines[at]!)![1]!
  if (key === 'chapter') return { first: 0, last: lines.length - 1, definitionLine: at, key, inner: [] }
  // The item starts at its `- `: the ID key is first in cr fmt's layout, but a hand-written item may start with `text:`.
  let first = at
  const keyIndent = indentOf(lines[at]!)
  if (!lines[at]!.trimStart().startsWith('-')) {
    for (let n = at - 1; n >= 0; n--) {
      const l = lines[n]!
      if (isBlank(l) || isComment(l)) continue
      if (l.trimStart().startsWith('-') && indentOf(l) < keyIndent) {
        first = n
        break
      }
      if (indentOf(l) < keyIndent) return undefined
    }
  }
  const dash = indentOf(lines[first]!)
  // The item runs until a line at or left of its dash: a sibling, its parent's next key, or a comment at that margin.
  let last = first
  for (let n = first + 1; n < lines.length; n++) {
    const l = lines[n]!
    if (isBlank(l)) continue
    if (indentOf(l) <= dash) break
    last = n
  }
  const inner: string[] = []
  for (let n = first; n <= last; n++) {
    const d = n === at ? undefined : definitionIn(lines[n]!)
    if (d) inner.push(d.id)
  }
  return { first, last, definitionLine: at, key, inner }
}

/** `text` without the block (see the module comment for what else goes). */
export function removeEntryBlock(text: string, block: EntryBlock): string {
  const lines = text.split('\n')
  const dash = indentOf(lines[block.first]!)
  let first = block.first
  let last = block.last
  const next = (() => {
    for (let n = last + 1; n < lines.length; n++) if (!isBlank(lines[n]!) && !isComment(lines[n]!)) return n
    return -1
  })()
  const prev = (() => {
    for (let n = first - 1; n >= 0; n--) if (!isBlank(lines[n]!) && !isComment(lines[n]!)) return n
    return -1
  })()
  const sibling = (n: number) => n !== -1 && indentOf(lines[n]!) === dash && lines[n]!.trimStart().startsWith('-')
  // The parent's list key right above (`rules:` at the item's margin, as cr fmt writes it, or left of it).
  const listKey = prev !== -1 && /^\s*(rules|sections):\s*(#.*)?$/.test(lines[prev]!) && indentOf(lines[prev]!) <= dash ? prev : -1
  let parentLine = -1
  if (listKey !== -1 && !sibling(next)) {
    // The last item of its list: the key goes too, so no `rules:` is left with nothing under it.
    parentLine = parentOf(lines, listKey)
    first = listKey
  }
  // A blank line that separated the item from what follows stays only if nothing separates what is left.
  if (first > 0 && isBlank(lines[first - 1]!) && last + 1 < lines.length && isBlank(lines[last + 1]!)) last++
  const out = [...lines.slice(0, first), ...lines.slice(last + 1)]
  if (parentLine !== -1 && !hasChildList(out, parentLine)) out[parentLine] = out[parentLine]!.replace(/^(\s*(?:-\s+)?)subsection:/, '$1rule:')
  return out.join('\n')
}

/** The line of the list item or mapping that holds the key at `keyLine`. */
function parentOf(lines: string[], keyLine: number): number {
  const indent = indentOf(lines[keyLine]!)
  for (let n = keyLine - 1; n >= 0; n--) {
    const l = lines[n]!
    if (isBlank(l) || isComment(l)) continue
    if (KEY.test(l) && (indentOf(l) < indent || (l.trimStart().startsWith('-') && indentOf(l) + 2 === indent))) return n
    if (indentOf(l) < indent) return -1
  }
  return -1
}

/** Does the entry at `line` still have a `rules:` of its own? */
function hasChildList(lines: string[], line: number): boolean {
  const l = lines[line]!
  const keyIndent = l.trimStart().startsWith('-') ? indentOf(l) + 2 : indentOf(l)
  for (let n = line + 1; n < lines.length; n++) {
    const x = lines[n]!
    if (isBlank(x) || isComment(x)) continue
    if (indentOf(x) < keyIndent || (indentOf(x) === keyIndent - 2 && x.trimStart().startsWith('-'))) return false
    if (indentOf(x) === keyIndent && /^\s*rules:/.test(x)) return true
  }
  return false
}
