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
const KEY = String.raw`(?::${NAMES}[ \t,]+|(?::|["'])?${NAMES}["']?[ \t]*(?:=>|=(?!=)|:(?!:))[ \t]*)`
/** A list's opener: `[`, `(`, Clojure's `#{`, `vec![`, `&[`, `listOf(`, `List.of(`, Go's `[]string{`. */
const OPENER = String.raw`(?:\[(?!\])|\(|#\{|vec!\[|&\[|(?:mutable)?(?:listOf|arrayOf|setOf)\(|(?:List|Set)\.of\(|\[\][A-Za-z_][\w.]*\{)`
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
