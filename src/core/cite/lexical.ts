/**
 * Where a word sits in a source file — code, a string, a comment, a doc
 * comment — judged from the file's extension and the text around it, without
 * parsing the language. The scanner asks only for its hits (rare), so this
 * trades completeness for speed: line comments and quotes are read on the
 * hit's line; block comments and triple-quoted strings are found once per
 * file with `indexOf`.
 *
 * Why it matters: `fn rule_run()` is a function, not a citation of
 * `rule_run`; `// see rule_run` is one.
 */
import { isIdentStart } from '../chars.ts'

export type Place = 'code' | 'string' | 'comment' | 'doc'

export interface Syntax {
  /** Line comment markers, longest first; `doc` ones mark doc comments. */
  line: readonly string[]
  doc: readonly string[]
  /** Block comments (`/* … *\/`); `/**` opens a doc block. */
  block: boolean
  /** Python's `"""` / `'''`: read as doc text. */
  tripleQuotes: boolean
  /** `'` is an apostrophe or a Lisp quote, never a string delimiter. */
  singleQuoteIsString: boolean
  /** Markdown, text: every word is prose. */
  prose: boolean
  /** Calls are written `(cite "…")`. */
  lisp?: boolean
}

const C_LIKE: Syntax = { line: ['///', '//!', '//'], doc: ['///', '//!'], block: true, tripleQuotes: false, singleQuoteIsString: true, prose: false }
const HASH: Syntax = { line: ['##', '#'], doc: ['##'], block: false, tripleQuotes: false, singleQuoteIsString: true, prose: false }
const PYTHON: Syntax = { ...HASH, tripleQuotes: true }
const LISP: Syntax = { line: [';;;', ';'], doc: [';;;'], block: false, tripleQuotes: false, singleQuoteIsString: false, prose: false, lisp: true }
const DASH: Syntax = { line: ['---', '--'], doc: ['---'], block: false, tripleQuotes: false, singleQuoteIsString: true, prose: false }
const PROSE: Syntax = { line: [], doc: [], block: false, tripleQuotes: false, singleQuoteIsString: false, prose: true }
/** Rust lifetimes (`'a`) and chars make `'` unreliable there too. */
const RUST: Syntax = { ...C_LIKE, singleQuoteIsString: false }

const BY_EXTENSION: Record<string, Syntax> = {}
const assign = (syntax: Syntax, exts: string) => {
  for (const e of exts.split(' ')) BY_EXTENSION[e] = syntax
}
assign(C_LIKE, 'ts tsx mts cts js jsx mjs cjs cs java kt kts go c h cc cpp cxx hpp hh swift scala dart fs fsx php groovy gradle zig v d css scss less proto')
assign(RUST, 'rs')
assign(HASH, 'rb sh bash zsh fish yaml yml toml r pl pm ex exs nim cmake mk conf ini cfg tf nix cr jl')
assign(PYTHON, 'py pyi pyx')
assign(LISP, 'clj cljs cljc edn lisp lsp el scm ss rkt fnl')
assign(DASH, 'lua hs sql elm ada')
assign(PROSE, 'md markdown mdx txt rst adoc asciidoc org tex')

/** The syntax of a file by its extension; an unknown extension reads as prose (every word may cite). */
export function syntaxFor(path: string): Syntax {
  const dot = path.lastIndexOf('.')
  const slash = path.lastIndexOf('/')
  if (dot <= slash + 1) return /(?:^|\/)(?:Makefile|Dockerfile|Rakefile|Gemfile)$/.test(path) ? HASH : PROSE
  return BY_EXTENSION[path.slice(dot + 1).toLowerCase()] ?? PROSE
}

/** A function from an offset to its place in one file; regions are found on first use. */
export function createPlaceFinder(text: string, syntax: Syntax): (offset: number, lineStart: number) => Place {
  if (syntax.prose) return () => 'comment'
  let regions: { start: number; end: number; place: Place }[] | undefined
  // Hits come in order, often several per line: carry the line's state from one to the next.
  const line: LineState = { start: -1, at: 0, quote: 0, place: 'code' }
  return (offset, lineStart) => {
    if (syntax.block || syntax.tripleQuotes) {
      regions ??= findRegions(text, syntax)
      const r = regionAt(regions, offset)
      if (r) return r.place
    }
    if (line.start !== lineStart || offset < line.at) {
      line.start = lineStart
      line.at = lineStart
      line.quote = 0
      line.place = 'code'
    }
    return placeOnLine(text, line, offset, syntax)
  }
}

interface LineState {
  start: number
  /** Read up to here. */
  at: number
  quote: number
  /** `comment` or `doc` once a marker was read: the rest of the line is. */
  place: Place
}

function findRegions(text: string, syntax: Syntax): { start: number; end: number; place: Place }[] {
  const out: { start: number; end: number; place: Place }[] = []
  if (syntax.block) {
    for (let at = text.indexOf('/*'); at !== -1; ) {
      // `"/*"` in a string, or `//` then `/*` in a line comment: rare enough to ignore.
      const close = text.indexOf('*/', at + 2)
      const end = close === -1 ? text.length : close + 2
      out.push({ start: at, end, place: text.startsWith('/**', at) && !text.startsWith('/**/', at) ? 'doc' : 'comment' })
      at = text.indexOf('/*', end)
    }
  }
  if (syntax.tripleQuotes) {
    for (const q of ['"""', "'''"]) {
      for (let at = text.indexOf(q); at !== -1; ) {
        const close = text.indexOf(q, at + 3)
        const end = close === -1 ? text.length : close + 3
        out.push({ start: at, end, place: 'doc' })
        at = text.indexOf(q, end)
      }
    }
    out.sort((a, b) => a.start - b.start)
  }
  return out
}

function regionAt(regions: readonly { start: number; end: number; place: Place }[], offset: number) {
  let lo = 0
  let hi = regions.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const r = regions[mid]!
    if (offset < r.start) hi = mid - 1
    else if (offset >= r.end) lo = mid + 1
    else return r
  }
  return undefined
}

/** Read the line on to `offset`: a comment marker outside quotes makes the rest a comment; an open quote, a string. */
function placeOnLine(text: string, line: LineState, offset: number, syntax: Syntax): Place {
  if (line.place !== 'code') return line.place
  let quote = line.quote
  const first = syntax.line.length > 0 ? syntax.line[syntax.line.length - 1]!.charCodeAt(0) : -1
  let i = line.at
  for (; i < offset; i++) {
    const c = text.charCodeAt(i)
    if (quote !== 0) {
      if (c === 92) i++ // backslash escape
      else if (c === quote) quote = 0
      continue
    }
    if (c === 34 || c === 96 || (c === 39 && syntax.singleQuoteIsString)) {
      quote = c
      continue
    }
    if (c !== first) continue
    for (const marker of syntax.line) {
      if (text.startsWith(marker, i)) {
        // `#[attr]`, `#{set}`, `#"regex"`: not comments.
        if (marker === '#' && /[[{("!]/.test(text[i + 1] ?? '')) break
        line.place = syntax.doc.includes(marker) && !text.startsWith(marker + marker[0], i) ? 'doc' : 'comment'
        return line.place
      }
    }
  }
  line.at = Math.max(i, offset)
  line.quote = quote
  return quote !== 0 ? 'string' : 'code'
}

/**
 * A word used as code even inside a comment or a doc: a call or macro
 * (`rule_helper()`, `rule_x!`), a path or member (`self.rule_id`,
 * `mod::rule_x`, `rule_x.field`), a definition (`fn rule_x`), or the target
 * of a doc link (`[rule_x]`, `` [`rule_x`] ``, `[text](rule_x)`).
 */
export function isCodeLike(text: string, start: number, end: number): boolean {
  const after = text.charCodeAt(end)
  const after2 = text.charCodeAt(end + 1)
  if (after === 40 /* ( */ || after === 33 /* ! */) return true
  if (after === 58 && after2 === 58) return true // ::
  if (after === 46 && isIdentStart(after2)) return true // .field
  const before = text.charCodeAt(start - 1)
  if (before === 46 /* . */) return true
  if (before === 58 && text.charCodeAt(start - 2) === 58) return true // ::
  if (before === 62 && text.charCodeAt(start - 2) === 45) return true // ->
  // Doc links: [rule_x], [`rule_x`], ](rule_x)
  const open = before === 96 ? text.charCodeAt(start - 2) : before
  const close = after === 96 ? after2 : after
  if (open === 91 /* [ */ && close === 93 /* ] */) return true
  if (before === 40 && text.charCodeAt(start - 2) === 93) return true // ](x)
  // A definition keyword just before (`fn `, `let mut `, `@link `): only worth a look after a blank.
  if (before !== 32 && before !== 9) return false
  return DEFINITION.test(text.slice(Math.max(0, start - 12), start))
}

const DEFINITION = /(?:@link\s+|@see\s+|(?:^|[^A-Za-z0-9_])(?:fn|def|defn|defn-|function|let|const|var|val|struct|class|enum|type|impl|mod|pub|static|trait|interface|func|local)\s+(?:mut\s+)?)$/


/** Placeholders of documentation: `rule_foo`, `rule_xxx`, `rule_<name>`, `rule_my_rule`, `rule_example`. */
export function isPlaceholder(word: string): boolean {
  const tail = word.slice(word.indexOf('_') + 1).replace(/\+$/, '')
  return PLACEHOLDER.test(tail)
}

const PLACEHOLDER = /^(?:[a-z]|x+|foo|bar|baz|qux|quux|abc|xyz|example|examples|sample|name|id|ids|todo|tbd|placeholder|something|whatever|thing|\d+|(?:some|my|your|an?|the|other|another)_[a-z_]+|[a-z_]*_(?:here|name|id|foo|bar|xxx))$/
