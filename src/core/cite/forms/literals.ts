/**
 * The literals of an argument list, an options object or a list, in any
 * language's way — what a citation call (`call.ts`) and a citing key's list
 * (`key-list.ts`) read:
 *
 *   cite("6.1.4", "rule_x")              positional strings
 *   cr(rule="6.9.6a", reason="…")        a named argument whose name cites; others skipped
 *   cite({ rule: '6.1.4' })              an options object: only named values
 *   cr(rules=["6.1.4", "6.1.5"])         a list, as the value of a citing name or positional
 *   #[cr(rules = [6.1.4, rule_x])]       a macro's or attribute's bare tokens
 *   @Cite(rules = {"6.1.4", "6.1.5"})    Java's array initializer
 *   { rules: [{ id: 'rule_x' }] }        objects inside lists, named values again
 *   rules = listOf("6.1.4"), vec!["…"]   list builders
 *
 * A value is read when its name cites (`rule`, `rules`, `rule_id`, `ruleNumber`, … in any case) or, without
 * a name, when its container is read; `version:` or `edition=` names the release.
 */

/**
 * A named item, in any language's way: `rule="6.9.6a"` (Python, Kotlin, Scala), `Rule = "…"` (C#
 * attributes, Rust's `#[cr(rule = "…")]`), `rule: "…"` (Swift, C#, Ruby, Dart, an options object),
 * `:rule => "…"` (Ruby). Not `==` (a comparison) nor `::` (a path).
 */
const NAMED = /:?([A-Za-z_][A-Za-z0-9_]{0,63})[ \t]*(?:=>|=(?!=)|:(?!:))[ \t]*/y
/** A quoted key's separator: `"rule": "…"`, `'rules' => […]`. */
const KEY_SEPARATOR = /[ \t]*(?:=>|:(?!:))[ \t]*/y
/** A Clojure keyword before its value: `{:rules ["6.1.4"]}`. */
const KEYWORD = /:([A-Za-z_][\w-]{0,63})[ \t,]+(?=["[{(#'])/y
/** Names whose value cites (compared in lower case, `_` and `-` dropped: `rule_id`, `ruleId`, `RuleId`). */
const CITING_NAMES = new Set(['rule', 'rules', 'id', 'ids', 'ruleid', 'ruleids', 'number', 'numbers', 'num', 'rulenumber', 'rulenumbers', 'ref', 'refs', 'reference', 'references', 'ruleref', 'rulerefs', 'cr', 'crrule', 'crrules', 'cite', 'cites', 'citation', 'citations', 'covers', 'step', 'steps', 'section', 'sections'])
export const isCitingName = (name: string) => CITING_NAMES.has(name.toLowerCase().replace(/[_-]/g, ''))
const isVersionName = (name: string) => /^(?:version|edition)$/i.test(name)
/** Openers of a list after a builder's name: `vec![`, `listOf(`, `List.of(`, `new[] {`, Go's `[]string{`, `#{`, `&[`, `@[`. */
const BUILDER = /(?:vec!|(?:mutable)?(?:listOf|arrayOf|setOf)|(?:List|Set|Stream)\.of|Arrays\.asList|new(?:[ \t]+[A-Za-z_][\w.]*)?[ \t]*\[[ \t]*\][ \t]*|\[\][A-Za-z_][\w.]*|#|&|@)(?=[[({])/y
/** A bare token a macro or an attribute may cite with (`cite!(rule_x)`, `#[cr(6.1.4)]`). */
const BARE = /^[\w.+§ -]+$/

const CLOSER: Record<number, number> = { 40: 41, 91: 93, 123: 125 } // ( ) [ ] { }

export interface Literals {
  /** Offsets of each read literal's content (or bare token), in order. */
  spans: [number, number][]
  /** The release a `version:` item names. */
  version?: string
  /** Where reading stopped: after the container's closer, or where it gave up. */
  end: number
}

/**
 * The literals of the container whose opener ends at `from` and which `closer` closes (a char code; `)`
 * for a call's arguments). `read`: whether its unnamed items are read (a call's arguments, a citing name's
 * list), else only the values of citing names (an options object). `bareTokens`: a macro's or attribute's
 * bare tokens are literals too. Reads at most to `limit`; stops at a line end outside any literal or
 * bracket when no literal was found on the line yet (`cite(` in prose), at an unclosed literal, or at a
 * closer that closes nothing.
 */
export function readLiterals(text: string, from: number, closer: number, read: boolean, bareTokens: boolean, limit: number): Literals {
  const out: Literals = { spans: [], end: from }
  const stopped = readItems(text, from, closer, read, bareTokens, Math.min(limit, text.length), out)
  out.end = stopped
  return out
}

/** One container's items; returns the offset after its closer, or -1 when reading gave up. */
function readItems(text: string, from: number, closer: number, read: boolean, bareTokens: boolean, limit: number, out: Literals): number {
  let i = from
  while (i < limit) {
    let c = text.charCodeAt(i)
    if (c === closer) return i + 1
    if (c === 41 || c === 93 || c === 125) return -1 // a closer that closes nothing
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 44) {
      i++
      continue
    }
    // A name before the value: `rule=`, `rules:`, `:rules`, `"rules":`.
    let name: string | undefined
    NAMED.lastIndex = i
    const named = NAMED.exec(text)
    if (named !== null) {
      name = named[1]!
      i = NAMED.lastIndex
    } else {
      KEYWORD.lastIndex = i
      const keyword = KEYWORD.exec(text)
      if (keyword !== null) {
        name = keyword[1]!
        i = KEYWORD.lastIndex
      }
    }
    c = text.charCodeAt(i)
    const readValue = name === undefined ? read : isCitingName(name)
    // A string literal: "…", '…', `…`, r"…", r#"…"#, @"…".
    const literal = literalAt(text, i, limit)
    if (literal === null) return -1
    if (literal !== undefined) {
      const [start, end, after] = literal
      // `"rules": […]`: a quoted key, its value read by its name.
      KEY_SEPARATOR.lastIndex = after
      if (name === undefined && KEY_SEPARATOR.exec(text) !== null) {
        const key = text.slice(start, end)
        i = KEY_SEPARATOR.lastIndex
        const value = readValueAt(text, i, isCitingName(key), bareTokens, limit, out, isVersionName(key))
        if (value < 0) return -1
        i = value
        continue
      }
      if (name !== undefined && isVersionName(name) && end - start <= 12) out.version = text.slice(start, end)
      else if (readValue) out.spans.push([start, end])
      i = after
      continue
    }
    const value = readValueAt(text, i, readValue, bareTokens, limit, out, name !== undefined && isVersionName(name))
    if (value < 0) return -1
    i = value
  }
  return -1
}

/**
 * A value that is not a plain literal at `i`: a list or an object (read as a container), a literal
 * (a quoted key's value), or another argument, to the next top-level `,` or closer. Returns where it ends.
 */
function readValueAt(text: string, i: number, read: boolean, bareTokens: boolean, limit: number, out: Literals, version: boolean): number {
  const literal = literalAt(text, i, limit)
  if (literal === null) return -1
  if (literal !== undefined) {
    if (version && literal[1] - literal[0] <= 12) out.version = text.slice(literal[0], literal[1])
    else if (read) out.spans.push([literal[0], literal[1]])
    return literal[2]
  }
  BUILDER.lastIndex = i
  const builder = BUILDER.exec(text)
  const open = builder !== null ? BUILDER.lastIndex : i
  const o = text.charCodeAt(open)
  const closer = CLOSER[o]
  if (closer !== undefined) return readItems(text, open + 1, closer, read, bareTokens, limit, out)
  // Another argument: to the next top-level `,` or closer.
  let depth = 0
  const start = i
  while (i < limit) {
    const d = text.charCodeAt(i)
    if (d === 40 || d === 91 || d === 123) depth++
    else if (d === 41 || d === 93 || d === 125) {
      if (depth === 0) break
      depth--
    } else if ((d === 44 || d === 10) && depth === 0) break
    i++
  }
  // A closer that closes nothing ends the call: `cite!(a}` must not spin on the same character.
  if (i === start) return -1
  const arg = text.slice(start, i)
  if (bareTokens && read && BARE.test(arg.trim())) out.spans.push([start, start + arg.trimEnd().length])
  // A line end outside brackets: `cite(` in prose ends there.
  if (i < limit && text.charCodeAt(i) === 10) return -1
  return i
}

/**
 * The string literal at `i`: `[contentStart, contentEnd, after]`; undefined when none starts there; null
 * when one starts and is not closed on its line within `limit`.
 */
function literalAt(text: string, i: number, limit: number): [number, number, number] | null | undefined {
  const c = text.charCodeAt(i)
  let q = i
  if ((c === 114 || c === 64) && (text[i + 1] === '"' || text[i + 1] === '#')) q = text[i + 1] === '#' ? i + 2 : i + 1
  const quote = text.charCodeAt(q)
  if (quote !== 34 && quote !== 39 && quote !== 96) return undefined
  let j = q + 1
  while (j < limit && text.charCodeAt(j) !== quote && text.charCodeAt(j) !== 10) j += text.charCodeAt(j) === 92 ? 2 : 1
  if (j >= limit || text.charCodeAt(j) !== quote) return null
  let after = j + 1
  if (text[after] === '#') after++
  return [q + 1, j, after]
}
