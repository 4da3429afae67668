/**
 * The scanner: one pass over the characters, emitting tokens with offsets.
 * It only knows the *shape* of markup; which tags and symbols exist, and what
 * they mean, is decided when the tree is built (`parse.ts`).
 *
 * - `{name:content}`, `{name}` (`name` = optional `/`, an ASCII letter, then
 *   letters, digits, `_`, `-`, `/`) is a tag. Content runs to the next `}`; a
 *   `{` or the end of the text first makes the tag unclosed. A tag doubled
 *   around its own content (`{card:{card:X}}`) is read as the inner tag.
 * - `[name]` (`name` = an ASCII letter, then letters, digits, space, `_`, `-`,
 *   `/`; at most 32 characters; on one line) is a symbol.
 * - Anything else is text, verbatim: `{ x`, `{}`, `[1]`, `[ a ]`, a lone `]`
 *   or `}`, `1.`, `*` — rule text is not Markdown.
 */
import { isDigit, isLetter } from '../chars.ts'

export type Token = TextToken | TagToken | SymbolToken

export interface TextToken {
  kind: 'text'
  start: number
  end: number
}

export interface TagToken {
  kind: 'tag'
  /** As written, e.g. `card`, `ref/through`, `/n`. */
  name: string
  /** Offsets of the content after `:`; absent for `{name}`. */
  content?: { start: number; end: number }
  /** False when the text ended, or a `{` came, before the closing `}`. */
  closed: boolean
  start: number
  end: number
}

export interface SymbolToken {
  kind: 'symbol'
  /** Between the brackets, as written. */
  name: string
  start: number
  end: number
}

const OPEN_BRACE = 123 // {
const CLOSE_BRACE = 125 // }
const OPEN_BRACKET = 91 // [
const CLOSE_BRACKET = 93 // ]
const COLON = 58
const SLASH = 47
const SYMBOL_MAX = 32

const isNameChar = (c: number) => isLetter(c) || isDigit(c) || c === 95 || c === 45 || c === SLASH
const isSymbolChar = (c: number) => isNameChar(c) || c === 32

/**
 * Tokenize `doc`. `isTagName` tells whether a `{name` cut off by the end of
 * the text was meant as markup (then it is an unclosed tag, not text).
 */
export function tokenize(doc: string, isTagName: (name: string) => boolean): Token[] {
  const tokens: Token[] = []
  let textStart = 0
  let index = 0

  while (index < doc.length) {
    const code = doc.charCodeAt(index)
    const token =
      code === OPEN_BRACE ? scanTag(doc, index, isTagName) : code === OPEN_BRACKET ? scanSymbol(doc, index) : undefined
    if (token) {
      if (index > textStart) tokens.push({ kind: 'text', start: textStart, end: index })
      tokens.push(token)
      index = token.end
      textStart = index
    } else {
      index++
    }
  }

  if (doc.length > textStart) tokens.push({ kind: 'text', start: textStart, end: doc.length })
  return tokens
}

function scanTag(doc: string, start: number, isTagName: (name: string) => boolean): TagToken | undefined {
  let index = start + 1
  if (doc.charCodeAt(index) === SLASH) index++
  if (!isLetter(doc.charCodeAt(index))) return undefined
  while (index < doc.length && isNameChar(doc.charCodeAt(index))) index++
  const name = doc.slice(start + 1, index)

  if (index >= doc.length) {
    return isTagName(name) ? { kind: 'tag', name, closed: false, start, end: index } : undefined
  }

  const code = doc.charCodeAt(index)
  if (code === CLOSE_BRACE) return { kind: 'tag', name, closed: true, start, end: index + 1 }
  if (code !== COLON) return undefined

  const contentStart = index + 1
  // `{card:{card:Ashigaru}}` (v22.12–v25.04 sources) printed as the inner tag did: read it as that.
  if (doc.startsWith(`{${name}:`, contentStart)) {
    const inner = scanTag(doc, contentStart, isTagName)
    if (inner?.closed && inner.content && doc.charCodeAt(inner.end) === CLOSE_BRACE) {
      return { kind: 'tag', name, content: inner.content, closed: true, start, end: inner.end + 1 }
    }
  }
  index = contentStart
  while (index < doc.length) {
    const c = doc.charCodeAt(index)
    if (c === CLOSE_BRACE) {
      return { kind: 'tag', name, content: { start: contentStart, end: index }, closed: true, start, end: index + 1 }
    }
    // Content never holds `{`: stopping here lets the next tag parse normally.
    if (c === OPEN_BRACE) break
    index++
  }
  return { kind: 'tag', name, content: { start: contentStart, end: index }, closed: false, start, end: index }
}

function scanSymbol(doc: string, start: number): SymbolToken | undefined {
  let index = start + 1
  if (!isLetter(doc.charCodeAt(index))) return undefined
  while (index < doc.length && index - start <= SYMBOL_MAX && isSymbolChar(doc.charCodeAt(index))) index++
  if (doc.charCodeAt(index) !== CLOSE_BRACKET) return undefined
  return { kind: 'symbol', name: doc.slice(start + 1, index), start, end: index + 1 }
}
