/**
 * The IDs a rules file defines, read from its lines when the file does not
 * parse: `chapter: chpt_runs`, `- section: sec_x`, `- subsection: rule_y`,
 * `- rule: rule_z`, each on a line of its own (the only way the format writes
 * them, and what `cr fmt` keeps). Good enough to know which references
 * elsewhere may be to this file, never to number anything.
 */

/** A definition line: its key and its ID. */
export const DEFINITION_LINE = /^(\s*(?:-\s+)?(?:chapter|section|subsection|rule):[ \t]+)([A-Za-z][A-Za-z0-9_]*[+.]?)(?=\s*(?:#.*)?$)/

export function idsDefinedInText(text: string): Set<string> {
  const ids = new Set<string>()
  for (const line of text.split(/\r?\n|\r/)) {
    const m = DEFINITION_LINE.exec(line)
    if (m) ids.add(m[2]!)
  }
  return ids
}
