/**
 * `cr-ignore`: silence the findings of one line in place, as linters do.
 *
 *   cite!("rule_legacy_thing"); // cr-ignore: kept for old saves
 *   // cr-ignore-next-line
 *   cite!("rule_legacy_thing");
 *
 * Citations on the line still count for coverage; only problems are dropped.
 */
const MARK = 'cr-ignore'

/** 1-based lines whose problems are silenced. Costs one `indexOf` for a file that has none. */
export function suppressedLines(text: string): Set<number> {
  const lines = new Set<number>()
  let at = text.indexOf(MARK)
  if (at === -1) return lines
  let line = 1
  let counted = 0
  while (at !== -1) {
    for (let i = text.indexOf('\n', counted); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
      line++
      counted = i + 1
    }
    const nextLine = text.startsWith('-next-line', at + MARK.length)
    lines.add(nextLine ? line + 1 : line)
    at = text.indexOf(MARK, at + MARK.length)
  }
  return lines
}
