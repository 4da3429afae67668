/**
 * The IDs a rules file defines, read from its lines when the file does not
 * parse: `chapter: chpt_runs`, `- section: sec_x`, `- subsection: rule_y`,
 * `- rule: rule_z`, each on a line of its own (the only way the format writes
 * them, and what `cr fmt` keeps). Good enough to know which references
 * elsewhere may be to this file, never to number anything. Read leniently:
 * the line that broke the file is often the definition itself
 * (`-subsection: x`, `rule:x`, `rule: 'x'`).
 */
import { editDistance, lowerFirst } from '../ids.ts'

const KEYS = ['chapter', 'section', 'subsection', 'rule'] as const

/** A definition line, however slipped: its key as written and its ID. */
const DEFINITION_LINE = /^\s*(?:-\s*)?([A-Za-z_][\w-]*)\s*:[ \t]*(['"]?)([A-Za-z][\w.+-]*)\2[ \t]*(?:#.*)?$/

export function idsDefinedInText(text: string): Set<string> {
  const ids = new Set<string>()
  for (const line of text.split(/\r?\n|\r/)) {
    const m = DEFINITION_LINE.exec(line)
    if (!m || !(KEYS as readonly string[]).includes(m[1]!)) continue
    ids.add(m[3]!)
    // `Rule_x`, `rule-x`: references elsewhere name it as the grammar spells it.
    for (const id of spellings(m[3]!)) ids.add(id)
  }
  return ids
}

/**
 * The ID a definition line means, when the line has a mistake the schema
 * reports (a misspelled key, `subsectoin: rule_x`; an ID outside the grammar,
 * `Rule_x`, `rule-x`): the IDs references to it would use, likeliest first. Undefined
 * for any other line.
 */
export function intendedDefinition(line: string): string[] | undefined {
  const m = DEFINITION_LINE.exec(line)
  if (!m) return undefined
  const key = m[1]!.toLowerCase()
  if (!KEYS.some((k) => k === key || (key.length >= 4 && editDistance(k, key) <= 2))) return undefined
  return spellings(m[3]!)
}

/** The IDs a written ID may mean: as written, first letter lowered (as references are read), dashes as `_`, all lowercase. */
function spellings(written: string): string[] {
  const grammar = lowerFirst(written).replace(/-/g, '_')
  return [...new Set([grammar, grammar.toLowerCase()])]
}
