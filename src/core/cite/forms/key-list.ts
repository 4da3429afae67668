/**
 * A list under a key that cites, written as data outside a citation call: `{ rules: ['6.1.4',
 * 'rule_end_the_run'] }` (a test's options), `{:rules ["6.1.4"]}` (Clojure metadata), `rules=["6.1.4"]`
 * (a decorator of another name), `"covers": [...]` (JSON), `rules = ["6.1.4"]` (TOML), `ruleIds =
 * listOf(…)`. Each element is a citation of its own (one group: never a pair with another element).
 *
 * Data is not a citation form, so an element counts as `rule: rule_x` does: a real ID or a close miss of
 * one, a number that may be a rule (`plausibleNumber`; a bare one of three parts, `[6.1, 6.2]` being
 * floats); an element with anything else in it (`'no-console'`, `'4.17.21'`, `rule_cache_ttl`, `'see
 * 6.1.4 first'`) is the data's own.
 */
import type { FileScan } from '../context.ts'
import { tokenizeCapture, type CaptureToken } from '../grammar.ts'
import { isOtherNumbering, plausibleNumber } from '../other-documents.ts'
import { captureHits } from './capture.ts'
import type { WordForm } from './form.ts'
import { readLiterals } from './literals.ts'

/**
 * The keys, narrower than a call's names (`id`, `number`, `ref`, `step` label data of every kind): `rules`,
 * `rule`, `cites`, `citations`, `covers`, `crRules`, `ruleIds`, `rule_numbers`, `ruleRefs`, in quotes, as
 * a Clojure or Ruby keyword; then `:`, `=`, `=>` (or a Clojure keyword's blank) and a list's opener.
 */
const NAMES = String.raw`(?:[Rr]ules?|RULES?|[Cc]ites|[Cc]itations|[Cc]overs|(?:cr|CR|Cr)_?[Rr]ules|[Rr]ule_?(?:[Ii][Dd]s|[Nn]umbers|[Rr]efs))`
/** The keys that cite, `cr` too (`{:cr "6.9.1a"}`, `cr: [...]`): what follows is read only when it is nothing but citations. */
const CITING = String.raw`(?:${NAMES}|cr|CR)`
/** A citing key and what separates it from its value: `:rules ` (a Clojure keyword), `rules:`, `"rules":`, `rules =`, `:rules =>`. */
const KEY = String.raw`(?::${CITING}[ \t,]+|(?::|["'])?${CITING}["']?[ \t]*(?:=>|=(?!=)|:(?!:))[ \t]*)`
/** A list's opener: `[`, `(`, Clojure's `#{`, `vec![`, `&[`, `listOf(`, `List.of(`, Go's `[]string{`; Ruby's `%w[` and Elixir's `~w(` (words, blank-separated). */
const OPENER = String.raw`(?:\[(?!\])|\(|#\{|vec!\[|&\[|(?:mutable)?(?:listOf|arrayOf|setOf)\(|(?:List|Set)\.of\(|\[\][A-Za-z_][\w.]*\{|%[wWiI][\[(]|~[wW][\[(])`
/** How far a list may reach. */
const LIST_SPAN = 600

export const keyList: WordForm = {
  name: 'key-list',
  source: () => `${KEY}(?=${OPENER})`,
  read(scan: FileScan, offset: number, match: string) {
    const { text, setup } = scan
    const from = offset + match.length
    // The opener's `[`, `(` or `{`, after a builder's name.
    let open = from
    // Go's `[]string{`: past its type.
    if (text.startsWith('[]', open)) open += 2
    while (open < text.length && text[open] !== '[' && text[open] !== '(' && text[open] !== '{') open++
    const closer = text[open] === '[' ? 93 : text[open] === '(' ? 41 : 125
    const { spans, version, end } = readLiterals(text, open + 1, closer, true, true, open + 1 + LIST_SPAN)
    const covered = scan.covered()
    const group = scan.nextGroup()
    for (const [start, stop] of spans) {
      if (stop <= start || covered.overlaps(start, stop)) continue
      const quoted = start > 0 && /["'`]/.test(text[start - 1]!)
      const tokens = tokenizeCapture(text, start, stop, setup.between)
      // An element that is a citation and nothing else: `'6.1.4'`, `'CR v24.03 6.2.5'`, not a sentence with a number in it.
      if (!tokens.every((t) => isElement(scan, t, quoted)) || !tokens.some((t) => t.kind === 'numbers' || t.kind === 'word')) continue
      covered.add(start, stop)
      captureHits(scan, tokens, version, 'id', offset, group)
    }
    return end > 0 ? end : undefined
  },
}

/**
 * A block list under a citing key, one element a line: YAML (`rules:` then `  - 6.1.4`), a Markdown test
 * plan's front matter, the same quoted in a comment or docstring (`# rules:` / `#   - 6.1.4`). Each
 * element is read as a flow list's is (`readElement`); the list ends at the first line that is not one of
 * its items (same comment leader, a `-`, indented at least as deep as the key).
 */
export const keyBlock: WordForm = {
  name: 'key-block',
  source: () => String.raw`["']?${NAMES}["']?[ \t]*:[ \t]*(?:#[^\n]*)?(?=\r?\n[ \t]*(?:(?:#+|\/\/+|;+|\*|--)[ \t]*)?-[ \t]+\S)`,
  read(scan: FileScan, offset: number, match: string) {
    const { text } = scan
    const lineStart = scan.lines.startOf(offset)
    const lead = /^[ \t]*(?:(?:#+|\/\/+|;+|\*|--)[ \t]*)?(?:-[ \t]+)?/.exec(text.slice(lineStart, offset))
    // The key must start its line (after a comment leader or a list's `-`): `x = rules:` is no YAML.
    if (lead === null || lead[0].length !== offset - lineStart) return undefined
    const leader = /[#\/;*-]+/.exec(lead[0].replace(/-[ \t]+$/, ''))?.[0] ?? ''
    // The key's column (before its own `- `, when it is an item of a list itself).
    const keyColumn = lead[0].length - (/-[ \t]+$/.exec(lead[0])?.[0].length ?? 0)
    const line = new RegExp(String.raw`([ \t]*${leader.replace(/[*/]/g, '\\$&')}[ \t]*)([^\r\n]*)`, 'y')
    const group = scan.nextGroup()
    let dash: number | undefined
    let at = text.indexOf('\n', offset + match.length) + 1
    for (let n = 0; at > 0 && at < text.length && n < LIST_LINES; n++) {
      line.lastIndex = at
      const m = line.exec(text)
      if (m === null) break
      const column = m[1]!.length
      const content = m[2]!
      const next = text.indexOf('\n', at)
      const following = next === -1 ? -1 : next + 1
      if (content.trim() === '') {
        at = following
        continue
      }
      const isItem = /^-[ \t]+\S/.test(content) && (dash === undefined ? column >= keyColumn : column === dash)
      if (!isItem) {
        // A mapping item's further lines (`- rule: x` / `  text: y`) sit deeper than its dash; anything else ends the list.
        if (dash !== undefined && column > dash) {
          at = following
          continue
        }
        break
      }
      dash = column
      const valueAt = at + column + (/^-[ \t]+/.exec(content)?.[0].length ?? 0)
      // `- 6.1.4   # a note`, `- "6.9.1a"`: the value without its comment, inside its quotes.
      let value = content.replace(/^-[ \t]+/, '').replace(/[ \t]+#.*$/, '').replace(/[ \t]+$/, '')
      let start = valueAt
      const quoted = /^(["'])(.*)\1$/.exec(value)
      if (quoted) {
        start += 1
        value = quoted[2]!
      }
      if (!/[:{}[\]]/.test(value)) readElement(scan, start, start + value.length, quoted !== null, offset, group)
      at = following
    }
    // Items that are not elements (`- rule: rule_x` in a list of mappings) are read as any text is.
    return offset + match.length
  },
}

/**
 * One value under a citing key, quoted, outside a call: ExUnit's `@tag rule: "6.1.4"`, RSpec's `it "…",
 * cr: "6.2.8"`, JSON's `"rule": "6.1.4"`, TOML's `rule = "6.1.4"`, Clojure metadata's `^{:cr "6.1.5a"}`.
 * Read as an element of a list is.
 */
export const keyScalar: WordForm = {
  name: 'key-scalar',
  source: () => String.raw`${KEY}(?=["'][^"'\r\n]{1,80}["'])`,
  read(scan: FileScan, offset: number, match: string) {
    const start = offset + match.length + 1
    const quote = scan.text[start - 1]!
    const stop = scan.text.indexOf(quote, start)
    if (stop === -1) return undefined
    readElement(scan, start, stop, true, offset, scan.nextGroup())
    return undefined
  },
}

/** How many items a block list may have. */
const LIST_LINES = 400

/** One element of a list written as data (`start`..`stop`): a citation when it is one and nothing else. */
export function readElement(scan: FileScan, start: number, stop: number, quoted: boolean, at: number, group: number): void {
  const covered = scan.covered()
  if (stop <= start || covered.overlaps(start, stop)) return
  const tokens = tokenizeCapture(scan.text, start, stop, scan.setup.between)
  if (!tokens.every((t) => isElement(scan, t, quoted)) || !tokens.some((t) => t.kind === 'numbers' || t.kind === 'word')) return
  covered.add(start, stop)
  captureHits(scan, tokens, undefined, 'id', at, group)
}

/** Is this token of an element a citation, as data? Markers and editions stay for what they qualify. */
function isElement(scan: FileScan, t: CaptureToken, quoted: boolean): boolean {
  const { setup } = scan
  if (t.kind === 'marker' || t.kind === 'edition') return true
  if (t.kind === 'numbers') {
    return t.values!.every((v) => !isOtherNumbering(v) && plausibleNumber(setup, v) && (quoted || v.split('.').length > 2))
  }
  const kind = setup.wordKind(t.text)
  return (kind === 'known' || kind === 'typo') && !setup.isIgnored(t.text)
}
