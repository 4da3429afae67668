/**
 * A number and an ID on one line are a pair (`6.1.4/rule_end_the_run`,
 * `{ number: "6.1.5", id: "rule_end_the_run" }`). IDs are stable and numbers
 * move between releases, so when they disagree the number is stale.
 *
 * Linear in the hits of a line: a number pairs only with an ID within 16
 * characters, so each number looks at its neighbours, found by binary search.
 */
import type { ScannerSetup } from './context.ts'
import { firstAtOrAfter, hit, isQuote, type Hit } from './hit.ts'
import { resolveHit } from './resolve-hit.ts'

/** A number without a citation word: `6.1.4`, or `6.1` in quotes (pairs only). */
const BARE_NUMBER = /(?<![A-Za-z0-9_.])\d{1,2}(?:\.\d{1,3}){1,2}(?:[a-z]{1,2})?(?:\.[ivx]+)?(?![A-Za-z0-9_]|\.\d)/g
/** At most this many characters between the halves of a pair. */
const PAIR_GAP = 16

/** Pair numbers with IDs, line by line, in `hits` (sorted, located, resolved). Returns the bare numbers found beside IDs. */
export function pairNumbersWithIds(setup: ScannerSetup, text: string, hits: Hit[], file: string): Hit[] {
  const bare: Hit[] = []
  let i = 0
  while (i < hits.length) {
    const line = hits[i]!.line
    let j = i
    let hasId = false
    while (j < hits.length && hits[j]!.line === line) {
      if (!hits[j]!.isNumber && hits[j]!.version === undefined && hits[j]!.notHeld === undefined) hasId = true
      j++
    }
    if (hasId) pairLine(setup, text, hits, i, j, file, bare)
    i = j
  }
  return bare
}

function pairLine(setup: ScannerSetup, text: string, hits: Hit[], from: number, to: number, file: string, bare: Hit[]) {
  const { table } = setup
  const ids: Hit[] = []
  const numbers: Hit[] = []
  // A citation that names a release is of another numbering: never half of a pair.
  for (let k = from; k < to; k++) if (hits[k]!.version === undefined && hits[k]!.notHeld === undefined && !hits[k]!.range) (hits[k]!.isNumber ? numbers : ids).push(hits[k]!)
  // Bare numbers on this line, outside the hits already found.
  const first = hits[from]!
  const lineStart = first.offset - (first.column - 1)
  let lineEnd = text.indexOf('\n', lineStart)
  if (lineEnd === -1) lineEnd = text.length
  const lineText = text.slice(lineStart, lineEnd)
  // Running maximum of the ends of this line's hits: "does a span overlap a hit?" by binary search.
  const maxEnd: number[] = []
  for (let k = from, m = -1; k < to; k++) maxEnd.push((m = Math.max(m, hits[k]!.end)))
  const overlapsHit = (start: number, end: number) => {
    const k = firstAtOrAfter(hits, end, from, to)
    return k > from && maxEnd[k - 1 - from]! > start
  }
  BARE_NUMBER.lastIndex = 0
  for (let m = BARE_NUMBER.exec(lineText); m !== null; m = BARE_NUMBER.exec(lineText)) {
    const offset = lineStart + m.index
    const end = offset + m[0].length
    if (overlapsHit(offset, end)) continue
    const value = m[0]
    if (!table.chapters.has(value.slice(0, value.indexOf('.')))) continue
    // `1.5` is as likely a float as section 1.5: two parts only in quotes.
    if (value.split('.').length === 2) {
      const before = lineText.charCodeAt(m.index - 1)
      if (!isQuote(before) || before !== lineText.charCodeAt(m.index + value.length)) continue
    }
    const h = hit(offset, value, value, true, 'number')
    h.bare = true
    h.line = first.line
    h.column = offset - lineStart + 1
    resolveHit(setup, h, file)
    numbers.push(h)
    bare.push(h)
  }
  if (numbers.length === 0) return
  const pairable = ids.filter((h) => h.rule || h.problem?.code === 'unknown-rule')
  if (pairable.length === 0) return

  const best = new Map<Hit, Hit>()
  for (const n of numbers) {
    const id = nearestId(text, n, pairable)
    if (!id) continue
    const current = best.get(id)
    if (!current || gap(n, id) < gap(current, id)) best.set(id, n)
  }
  for (const [id, n] of best) {
    if (id.rule) {
      if (n.value === id.rule.number) {
        n.dropped = true // the same citation, written twice
        continue
      }
      // `CR 6.9 (rule_sec_run_initiation_phase onwards)`: a section cited with a rule in it; in data (`"6.9.2"`, bare) a parent is stale.
      if (!n.bare && n.rule && (n.rule.kind === 'section' || n.rule.kind === 'chapter') && isAncestor(setup, n.rule.id, id.rule.id)) continue
      n.dropped = true
      n.problem = {
        code: 'stale-pair',
        severity: 'error',
        file,
        line: n.line,
        column: n.column,
        text: n.text,
        message: `Stale rule number \`${n.value}\` beside \`${id.value}\`, expected \`${id.rule.number}\``,
        suggestions: [id.rule.number],
      }
    } else if (n.rule && id.problem) {
      // `6.1.3/rule_end_teh_run`: the number says which ID was meant.
      const rest = (id.problem.suggestions ?? []).filter((s) => s !== n.rule!.id)
      id.problem.suggestions = [n.rule.id, ...rest].slice(0, 3)
      if (n.bare) n.dropped = true
    }
  }
}

const gap = (a: Hit, b: Hit) => (a.end <= b.offset ? b.offset - a.end : a.offset >= b.end ? a.offset - b.end : 0)

/** The closest ID (of another group) written as one pair with `n`; the leftmost of equals. */
function nearestId(text: string, n: Hit, ids: readonly Hit[]): Hit | undefined {
  const k = firstAtOrAfter(ids, n.offset)
  let found: Hit | undefined
  const consider = (c: Hit) => {
    if (n.group !== undefined && n.group === c.group) return
    if (!adjacent(text, n, c)) return
    if (!found || gap(n, c) < gap(n, found) || (gap(n, c) === gap(n, found) && c.offset < found.offset)) found = c
  }
  // IDs never overlap each other, so gaps grow outward from `k`.
  for (let j = k - 1; j >= 0 && gap(n, ids[j]!) <= PAIR_GAP; j--) consider(ids[j]!)
  for (let j = k; j < ids.length && gap(n, ids[j]!) <= PAIR_GAP; j++) consider(ids[j]!)
  return found
}

/**
 * A number and an ID written as one pair: next to each other, with at most a
 * key between them (`6.1.4/rule_x`, `CR 6.1.4 rule_x`, `"6.1.4", "rule_x"`,
 * `number: '6.1.4', id: 'rule_x'`, `:cr "6.1.4" :id "rule_x"`). Prose between
 * them (`CR 6.1.4 (ends the run) and rule_x`) makes them two citations.
 */
function adjacent(text: string, a: Hit, b: Hit): boolean {
  const between = a.end <= b.offset ? text.slice(a.end, b.offset) : b.end <= a.offset ? text.slice(b.end, a.offset) : ''
  if (between.length > PAIR_GAP) return false
  const words = between.match(/[A-Za-z]{2,}/g)
  return words === null || words.length <= 1
}

function isAncestor(setup: ScannerSetup, ancestor: string, of: string): boolean {
  const { byId } = setup.table
  for (let p = byId.get(of)?.parent; p; p = byId.get(p)?.parent) if (p === ancestor) return true
  return false
}
