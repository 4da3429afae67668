/**
 * `cr-ignore`: silence the findings of one line in place, as linters do.
 *
 *   cite!("rule_legacy_thing"); // cr-ignore: kept for old saves
 *   // cr-ignore-next-line
 *   cite!("rule_legacy_thing");
 *
 * Citations on the line still count for coverage; only problems are dropped.
 */
import type { LineIndex } from './lines.ts'

const MARK = 'cr-ignore'

/**
 * Which 1-based lines have their problems silenced: a `cr-ignore` on the line,
 * or a `cr-ignore-next-line` on the line above. Reads only the lines asked
 * about, each once (problems are few: searching every file for the mark cost
 * more than the rest of silencing, and an unbounded search per problem is
 * quadratic on a long file).
 */
export function suppression(text: string, lines: LineIndex): (line: number) => boolean {
  /** Per line read: bit 1, a mark for the line itself; bit 2, one for the next line. */
  const seen = new Map<number, number>()
  const marksOn = (line: number): number => {
    let found = seen.get(line)
    if (found !== undefined) return found
    found = 0
    const start = lines.startOfLine(line)
    if (start !== undefined) {
      const own = text.slice(start, lines.endOf(start))
      for (let at = own.indexOf(MARK); at !== -1; at = own.indexOf(MARK, at + MARK.length)) found |= own.startsWith('-next-line', at + MARK.length) ? 2 : 1
    }
    seen.set(line, found)
    return found
  }
  return (line) => (marksOn(line) & 1) !== 0 || (line > 1 && (marksOn(line - 1) & 2) !== 0)
}
