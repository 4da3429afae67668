/**
 * What the cursor is on, from the text of one line: a rule ID inside a
 * `{ref:…}` list, an ID where it is defined (`- rule: rule_x`), or the start
 * of an unfinished `{ref:`, `{card:` or `{term:` for completion. Pure: lines
 * in, offsets out (UTF-16 columns, as LSP positions are).
 */
import { lowerFirst as normalizeRefId } from '../ids.ts'

export interface IdAt {
  /** The ID as the compiler knows it (first letter lowercase). */
  id: string
  /** As written: `Sec_steps_of_a_run` capitalises the reference word. */
  written: string
  start: number
  end: number
  where: 'reference' | 'definition'
}

const REFERENCE = /\{(ref(?:\/through)?):([^{}]*)\}/g
export const DEFINITION = /^(\s*(?:-\s+)?(?:chapter|section|subsection|rule):[ \t]+)([A-Za-z][A-Za-z0-9_]*[+.]?)(?=\s*(?:#.*)?$)/

/** Every ID inside the `{ref:…}` and `{ref/through:…}` of a line, with its columns. */
export function referencesIn(line: string): IdAt[] {
  const out: IdAt[] = []
  for (const m of line.matchAll(REFERENCE)) {
    let at = m.index + m[1]!.length + 2
    for (const part of m[2]!.split(',')) {
      const lead = part.length - part.trimStart().length
      const written = part.trim()
      if (written) out.push({ id: normalizeRefId(written), written, start: at + lead, end: at + lead + written.length, where: 'reference' })
      at += part.length + 1
    }
  }
  return out
}

export function definitionIn(line: string): IdAt | undefined {
  const m = DEFINITION.exec(line)
  if (!m) return undefined
  const start = m[1]!.length
  return { id: m[2]!, written: m[2]!, start, end: start + m[2]!.length, where: 'definition' }
}

/** The ID under column `character` of `line`, if any. */
export function idAt(line: string, character: number): IdAt | undefined {
  const inside = (x: IdAt) => character >= x.start && character <= x.end
  const def = definitionIn(line)
  if (def && inside(def)) return def
  return referencesIn(line).find(inside)
}

export interface CompletionContext {
  tag: 'ref' | 'card' | 'term'
  /** What is typed so far of the current item. */
  prefix: string
  /** Column where the current item starts (its replacement range). */
  start: number
}

/** An unfinished `{ref:a,b` / `{card:Fo` / `{term:ja` ending at the cursor. */
export function completionContext(lineBeforeCursor: string): CompletionContext | undefined {
  const m = /\{(ref(?:\/through)?|card|term):([^{}]*)$/.exec(lineBeforeCursor)
  if (!m) return undefined
  const body = m[2]!
  if (m[1]!.startsWith('ref')) {
    const lastComma = body.lastIndexOf(',')
    const item = body.slice(lastComma + 1)
    const lead = item.length - item.trimStart().length
    return { tag: 'ref', prefix: item.trimStart(), start: lineBeforeCursor.length - item.length + lead }
  }
  return { tag: m[1] as 'card' | 'term', prefix: body, start: lineBeforeCursor.length - body.length }
}
