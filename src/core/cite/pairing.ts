/**
 * A number and an ID on one line are a pair (`6.1.4/rule_end_the_run`,
 * `{ number: "6.1.5", id: "rule_end_the_run" }`). IDs are stable and numbers
 * move between releases, so when they disagree the number is stale.
 *
 * Linear in the hits of a line: a number pairs only with an ID within 16
 * characters, so each number looks at its neighbours, found by binary search.
 */
import type { ScannerSetup } from './context.ts'
import { isQuote } from '../chars.ts'
import { firstAtOrAfter, hit, type Hit } from './hit.ts'
import { resolveHit } from './resolve-hit.ts'
import { releaseSpan } from '../versions/number-ledger.ts'
import { numberValue } from './grammar.ts'

/** A number without a citation word: `6.1.4`, or `6.1` in quotes (pairs only). */
const BARE_NUMBER = /(?<![A-Za-z0-9_.])\d{1,2}(?:\.\d{1,3}){1,2}(?:[a-zA-Z]{1,2})?(?:\.[ivxIVX]+)?(?![A-Za-z0-9_]|\.\d)/g
/** At most this many characters between the halves of a pair. */
const PAIR_GAP = 16

/** Pair numbers with IDs, line by line, in `hits` (sorted, located, resolved). Returns the bare numbers found beside IDs. */
export function pairNumbersWithIds(setup: ScannerSetup, text: string, hits: Hit[], file: string): Hit[] {
  const bare: Hit[] = []
  /** Starts of lines whose numbers a neighbouring line already read (a number pairs once). */
  const claimed = new Set<number>()
  // The IDs a sample document in the file defines: read once per file, when a pair first disagrees.
  let defined: Set<string> | undefined
  const definesItself = (id: string) => (defined ??= definedIds(text, hits)).has(id)
  let i = 0
  while (i < hits.length) {
    const line = hits[i]!.line
    let j = i
    let hasId = false
    while (j < hits.length && hits[j]!.line === line) {
      if (!hits[j]!.isNumber && hits[j]!.version === undefined && hits[j]!.notHeld === undefined) hasId = true
      j++
    }
    if (hasId) pairLine(setup, text, hits, i, j, file, bare, claimed, definesItself)
    i = j
  }
  return bare
}

function pairLine(setup: ScannerSetup, text: string, hits: Hit[], from: number, to: number, file: string, bare: Hit[], claimed: Set<number>, definesItself: (id: string) => boolean) {
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
  // Running maximum of the ends of this line's hits: "does a span overlap a hit?" by binary search.
  const maxEnd: number[] = []
  for (let k = from, m = -1; k < to; k++) maxEnd.push((m = Math.max(m, hits[k]!.end)))
  const overlapsHit = (start: number, end: number) => {
    const k = firstAtOrAfter(hits, end, from, to)
    return k > from && maxEnd[k - 1 - from]! > start
  }
  const readBare = (start: number, lineNo: number, onlyQuoted: boolean) => {
    let stop = text.indexOf('\n', start)
    if (stop === -1) stop = text.length
    const segment = text.slice(start, stop)
    BARE_NUMBER.lastIndex = 0
    for (let m = BARE_NUMBER.exec(segment); m !== null; m = BARE_NUMBER.exec(segment)) {
      const offset = start + m.index
      const end = offset + m[0].length
      if (lineNo === first.line && overlapsHit(offset, end)) continue
      const value = numberValue(m[0])
      if (!table.chapters.has(value.slice(0, value.indexOf('.')))) continue
      const before = segment.charCodeAt(m.index - 1)
      const quoted = isQuote(before) && before === segment.charCodeAt(m.index + m[0].length)
      // `1.5` is as likely a float as section 1.5: two parts only in quotes.
      if ((onlyQuoted || value.split('.').length === 2) && !quoted) continue
      const h = hit(offset, m[0], value, true, 'number')
      h.bare = true
      h.line = lineNo
      h.column = offset - start + 1
      resolveHit(setup, h, file)
      numbers.push(h)
      bare.push(h)
    }
  }
  readBare(lineStart, first.line, false)
  // A formatter may split a pair over two lines (`number: "6.8.2a",` / `id: "rule_x",`): the quoted
  // numbers of a neighbouring line without citations of its own pair too.
  if (from === 0 || hits[from - 1]!.line < first.line - 1) {
    // (`lastIndexOf` clamps a negative start to 0: after an empty first line, the previous line starts at 0.)
    const prevStart = lineStart === 0 ? -1 : lineStart === 1 ? 0 : text.lastIndexOf('\n', lineStart - 2) + 1
    if (prevStart >= 0 && !claimed.has(prevStart)) readBare(prevStart, first.line - 1, true)
  }
  if (to === hits.length || hits[to]!.line > first.line + 1) {
    const nextStart = lineEnd + 1
    if (nextStart < text.length) {
      claimed.add(nextStart)
      readBare(nextStart, first.line + 1, true)
    }
  }
  if (numbers.length === 0) return
  const pairable = ids.filter((h) => h.rule || h.problem?.code === 'unknown-rule')
  if (pairable.length === 0) return

  const best = new Map<Hit, Hit>()
  for (const n of numbers) {
    const id = nearestId(text, n, pairable)
    if (!id) continue
    const current = best.get(id)
    // A number on the ID's own line before one on a neighbouring line (a split pair is the exception).
    const sameLine = Number(n.line === id.line) - Number(current?.line === id.line)
    if (!current || sameLine > 0 || (sameLine === 0 && gap(n, id) < gap(current, id))) best.set(id, n)
  }
  for (const [id, n] of best) {
    if (id.rule) {
      if (n.value === id.rule.number) {
        n.dropped = true // the same citation, written twice
        continue
      }
      // A rule beside one of its sub-rules (`6.1.4 rule_end_run_access…`, `CR 6.9 (rule_x onwards)`), a
      // section's ID beside its rules (`sec_steps_of_a_run 6.9.1–6.9.6`): two citations of one place, not a
      // stale pair. In data (`{ number: "6.1.4", id: "rule_child" }`) the number is the ID's, so stale.
      if (n.rule && !isQuoted(text, n) && (isAncestor(setup, n.rule.id, id.rule.id) || isAncestor(setup, id.rule.id, n.rule.id))) {
        if (n.bare) n.dropped = true
        continue
      }
      n.dropped = true
      // A file that writes a document of its own in the rules' source form (`- rule: rule_x` / `text: …`, a
      // test's sample chapter) numbers that document: its numbers are the sample's, never stale.
      if (definesItself(id.value)) continue
      n.problem = {
        code: 'stale-pair',
        severity: 'error',
        file,
        line: n.line,
        column: n.column,
        text: n.text,
        message: `Stale rule number \`${n.value}\` beside \`${id.value}\`, expected \`${id.rule.number}\`${staleSince(setup, n.value, id.rule.id)}`,
        suggestions: [id.rule.number],
      }
    } else if (n.rule && id.problem) {
      // `6.1.3/rule_end_teh_run`: the number says which ID was meant and, on the ID's line, stays a citation
      // of that rule (`{ number: "7.4.1c", id: "rule_candidates_in_rd" }` cites 7.4.1c; the ID is the error).
      const rest = (id.problem.suggestions ?? []).filter((s) => s !== n.rule!.id)
      id.problem.suggestions = [n.rule.id, ...rest].slice(0, 3)
      if (n.line === id.line) n.bare = false
    }
  }
}

/**
 * When the stale number was the rule's own in a held release: which (`: 6.2.4 is its number in v22.12–v25.08`),
 * so the reader knows the citation is old rather than mistyped. Empty otherwise.
 */
function staleSince(setup: ScannerSetup, number: string, id: string): string {
  const ledger = setup.table.releases?.ledger
  const mine = ledger?.meanings(number).find((m) => m.id === id || m.currentId === id)
  if (!ledger || !mine) return ''
  const span = releaseSpan(mine.versions, ledger.versions)
  if (mine.id === id) return `: ${number} was its number in ${span}`
  const became = mine.status === 'merged' ? `since merged into \`${id}\`` : mine.status === 'split' ? `since split, partly into \`${id}\`` : `since renamed to \`${id}\``
  return `: ${number} was \`${mine.id}\` in ${span}, ${became}`
}

/**
 * A rule defined in the rules' own source form: a key of the grammar and an ID on one line, a `text:` key
 * on the next (`- rule: rule_card_precedence` / `  text: If the text of a card …`), as a test's sample
 * document or a fixture chapter embedded in code writes it. Judged at the IDs found (located), once per
 * file, and only when a pair disagrees.
 */
const DEFINITION_KEY = /^[ \t]*(?:- )?[ \t]*(?:chapter|section|subsection|rule|step|timing_structure)[ \t]*:[ \t]*['"]?$/
const DEFINITION_END = /^['"]?[ \t]*\r?\n[ \t]*(?:- )?[ \t]*text[ \t]*:/
export function definedIds(text: string, hits: readonly Hit[]): Set<string> {
  const ids = new Set<string>()
  for (const h of hits) {
    if (h.isNumber || h.column > 40) continue
    if (!DEFINITION_KEY.test(text.slice(h.offset - (h.column - 1), h.offset))) continue
    if (DEFINITION_END.test(text.slice(h.end, h.end + 60))) ids.add(h.value)
  }
  return ids
}

/** A number written as data: in quotes. */
function isQuoted(text: string, n: Hit): boolean {
  const before = text.charCodeAt(n.offset - 1)
  return isQuote(before) && before === text.charCodeAt(n.end)
}

const rawGap = (a: Hit, b: Hit) => (a.end <= b.offset ? b.offset - a.end : a.offset >= b.end ? a.offset - b.end : 0)
/** Characters between two hits; across a line break, its indentation does not count. */
let gapText = ''
const gap = (a: Hit, b: Hit) => {
  if (a.line === b.line) return rawGap(a, b)
  const between = a.end <= b.offset ? gapText.slice(a.end, b.offset) : gapText.slice(b.end, a.offset)
  return between.replace(/\s+/g, '').length
}

/** The closest ID (of another group) written as one pair with `n`; the leftmost of equals. */
function nearestId(text: string, n: Hit, ids: readonly Hit[]): Hit | undefined {
  const k = firstAtOrAfter(ids, n.offset)
  let found: Hit | undefined
  let agrees = false
  const consider = (c: Hit) => {
    if (n.group !== undefined && n.group === c.group) return
    if (!adjacent(text, n, c)) return
    // Between two IDs (`rule_x 6.9.6a step_y`), the one whose number it is: it is that one's pair.
    const same = c.rule !== undefined && c.rule.number === n.value
    if (agrees && !same) return
    if (!found || (same && !agrees) || gap(n, c) < gap(n, found) || (gap(n, c) === gap(n, found) && c.offset < found.offset)) found = c
    if (same) agrees = true
  }
  // IDs never overlap each other, so gaps grow outward from `k`.
  gapText = text
  // Across a line break, indentation may come between: look a little further, judge by `gap`.
  const reach = PAIR_GAP * 8
  for (let j = k - 1; j >= 0 && rawGap(n, ids[j]!) <= reach; j--) if (gap(n, ids[j]!) <= PAIR_GAP) consider(ids[j]!)
  for (let j = k; j < ids.length && rawGap(n, ids[j]!) <= reach; j++) if (gap(n, ids[j]!) <= PAIR_GAP) consider(ids[j]!)
  return found
}

/** A word that joins two citations in a list: `CR 6.1.4 and rule_x`, `rule_x; also CR 6.1.4`, `rule_x, not 6.1.4`. */
const JOINING_WORD = /^(?:and|or|nor|also|plus|then|but|not|vs|versus|with|without|except|unlike|besides)$/i
/** `&`, or `+` after a blank (`rule_54+` ends with its own): `CR 6.1.4 & rule_x`. */
const JOINING_SIGN = /&|\s\+/
/** A `,` or `;` ending a clause of prose: right after a word, a blank after it (`rule_x, CR 6.1.4`; not CSV's `6.1.4,rule_x`). */
const CLAUSE_BREAK = /(?:^|[^\s,;])[,;](?=\s)/
/** A key between the halves (`6.1.4, id: rule_x`, `:cr 6.1.4 :id rule_x`): they are data. */
const KEY = /[A-Za-z_]\w*[ \t]*[:=]|:[A-Za-z]/

/**
 * A number and an ID written as one pair: next to each other, with at most a
 * key between them (`6.1.4/rule_x`, `CR 6.1.4 rule_x`, `rule_x (6.1.4)`,
 * `"6.1.4", "rule_x"`, `number: '6.1.4', id: 'rule_x'`, `:cr "6.1.4" :id
 * "rule_x"`). Two citations written as a list are not a pair: prose between
 * them (`CR 6.1.4 (ends the run) and rule_x`), a joining word or sign (`CR
 * 6.9.1b and rule_x`, `rule_x; also CR 6.9.1b`, `6.1.4 & rule_x`), or a
 * clause's `,` or `;` outside data (`rule_x, CR 6.9.1b`; in data, with a half
 * quoted or a key between, `"6.1.4", "rule_x"` is a pair).
 */
function adjacent(text: string, a: Hit, b: Hit): boolean {
  let between = a.end <= b.offset ? text.slice(a.end, b.offset) : b.end <= a.offset ? text.slice(b.end, a.offset) : ''
  const length = a.line !== b.line ? between.replace(/\s+/g, '').length : between.length
  if (length > PAIR_GAP) return false
  const words = between.match(/[A-Za-z]{2,}/g)
  if (words !== null && (words.length > 1 || JOINING_WORD.test(words[0]!))) return false
  if (JOINING_SIGN.test(between)) return false
  return !CLAUSE_BREAK.test(between) || isQuoted(text, a) || isQuoted(text, b) || KEY.test(between)
}

function isAncestor(setup: ScannerSetup, ancestor: string, of: string): boolean {
  const { byId } = setup.table
  for (let p = byId.get(of)?.parent; p; p = byId.get(p)?.parent) if (p === ancestor) return true
  return false
}
