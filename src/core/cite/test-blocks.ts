/**
 * Where the tests are in a source file: test functions and blocks, by
 * language (Rust `#[test] fn`, JS/TS `it(…)`/`test(…)` inside `describe(…)`,
 * Python `def test_…` inside `class Test…`, Clojure `(deftest …)`, C#
 * `[Fact]`/`[Test]`/`[TestMethod]` methods, Java/Kotlin `@Test`, Go
 * `func TestX(t *testing.T)`). A citation inside one — or in the comments,
 * attributes and decorators written just above it — belongs to that test,
 * whatever folder the file is in (Rust keeps unit tests beside the code).
 *
 * Found without parsing the language, as `lexical.ts` finds comments: a
 * start by expression, an end by matching brackets (strings and line
 * comments skipped) or, in Python, by indentation. Linear in the text.
 */
import { isSpace } from '../chars.ts'
import { syntaxFor } from './lexical.ts'
import { createLineIndex, type LineIndex } from './lines.ts'
import type { TestLanguage } from './test-names.ts'

export interface TestBlock {
  /** The test's own name: a function name, or an `it('…')` title. */
  name: string
  /** Enclosing names, outermost first: `describe` titles, Rust `mod`s, a Python or C# class. */
  path: string[]
  /** 1-based lines, inclusive: from the first comment or attribute above it to its end. */
  startLine: number
  endLine: number
  /** The line of the name itself. */
  line: number
  /** `it.each` titles with `%s`, `$x`: matched as a pattern. */
  pattern?: RegExp
  /** The language, for the parameters its runners print after a test's name (`test-names.ts`). */
  lang: TestLanguage
}

interface Span {
  name: string
  start: number
  end: number
  /** Where the comments and attributes above it begin. */
  head: number
  at: number
  container: boolean
  pattern?: RegExp
}

type Finder = (text: string) => Span[]

const JAVA = attributeTests(/@(?:org\.junit\.(?:jupiter\.api\.)?)?(?:Test|ParameterizedTest|RepeatedTest|TestFactory)\b(?:\([^)\n]*\))?/g)
const BY_LANGUAGE: Record<string, [Finder, TestLanguage]> = {
  rs: [rustTests, 'rust'],
  ts: [jsTests, 'js'],
  tsx: [jsTests, 'js'],
  mts: [jsTests, 'js'],
  cts: [jsTests, 'js'],
  js: [jsTests, 'js'],
  jsx: [jsTests, 'js'],
  mjs: [jsTests, 'js'],
  cjs: [jsTests, 'js'],
  py: [pythonTests, 'python'],
  clj: [clojureTests, 'clojure'],
  cljs: [clojureTests, 'clojure'],
  cljc: [clojureTests, 'clojure'],
  cs: [attributeTests(/\[\s*(?:[\w.]+\.)?(?:Test|Fact|Theory|TestMethod|DataTestMethod|TestCase|TestCaseSource|InlineData)\b[^\]\n]*\]/g), 'dotnet'],
  java: [JAVA, 'jvm'],
  kt: [attributeTests(/@(?:Test|ParameterizedTest)\b(?:\([^)\n]*\))?/g), 'jvm'],
  go: [goTests, 'go'],
}

/** The tests of one file, outermost first; none for a language without a finder. */
export function findTestBlocks(text: string, file: string, lines?: LineIndex): TestBlock[] {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase()
  const row = BY_LANGUAGE[ext]
  if (!row) return []
  const [finder, lang] = row
  const spans = finder(text).sort((a, b) => a.start - b.start || b.end - a.end)
  if (spans.length === 0) return []
  const index = lines ?? createLineIndex(text)
  const lineOf = index.lineOf
  const out: TestBlock[] = []
  const open: Span[] = []
  for (const s of spans) {
    while (open.length > 0 && open[open.length - 1]!.end <= s.start) open.pop()
    // A block's end is its last non-blank character (Python's ends where the next statement begins).
    while (s.end > s.start + 1 && isSpace(text.charCodeAt(s.end - 1))) s.end--
    if (!s.container) {
      const block: TestBlock = { name: s.name, path: open.filter((o) => o.container).map((o) => o.name), startLine: lineOf(s.head), endLine: lineOf(Math.max(s.start, s.end - 1)), line: lineOf(s.at), lang }
      if (s.pattern) block.pattern = s.pattern
      out.push(block)
    }
    open.push(s)
  }
  return out
}

/** The innermost test containing `line`, from blocks sorted as `findTestBlocks` returns them. */
export function testAt(blocks: readonly TestBlock[], line: number): TestBlock | undefined {
  let found: TestBlock | undefined
  for (const b of blocks) {
    if (b.startLine > line) break
    if (line <= b.endLine && (!found || b.startLine >= found.startLine)) found = b
  }
  return found
}

/**
 * The index just past the bracket that closes the one at `open`; strings,
 * chars and line comments are skipped. The end of the text when unclosed.
 */
function matchBracket(text: string, open: number, lineComment: string, quotes: string): number {
  // Compared as char codes: this walks every character of every test body.
  const o = text.charCodeAt(open)
  const c = o === 40 /* ( */ ? 41 : o === 123 /* { */ ? 125 : 93
  const comment = lineComment.charCodeAt(0)
  const slashStar = lineComment === '//'
  const q1 = quotes.charCodeAt(0)
  const q2 = quotes.length > 1 ? quotes.charCodeAt(1) : -1
  const q3 = quotes.length > 2 ? quotes.charCodeAt(2) : -1
  let depth = 0
  for (let i = open; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (ch === o) depth++
    else if (ch === c) {
      depth--
      if (depth === 0) return i + 1
    } else if (ch === q1 || ch === q2 || ch === q3) {
      for (i++; i < text.length && text.charCodeAt(i) !== ch; i++) if (text.charCodeAt(i) === 92 /* \\ */) i++
    } else if (ch === comment && text.startsWith(lineComment, i)) {
      const nl = text.indexOf('\n', i)
      if (nl === -1) return text.length
      i = nl
    } else if (slashStar && ch === 47 /* / */ && text.charCodeAt(i + 1) === 42 /* * */) {
      const close = text.indexOf('*/', i + 2)
      if (close === -1) return text.length
      i = close + 1
    }
  }
  return text.length
}

/** Where the run of comment, attribute and decorator lines just above `offset` begins. */
function headOf(text: string, offset: number, isHeadLine: (line: string) => boolean): number {
  let start = text.lastIndexOf('\n', offset - 1) + 1
  for (;;) {
    if (start === 0) return 0
    const prev = text.lastIndexOf('\n', start - 2) + 1
    const line = text.slice(prev, start - 1).trim()
    if (line === '' || !isHeadLine(line)) return start
    start = prev
  }
}

const C_HEAD = (l: string) => l.startsWith('//') || l.startsWith('#[') || l.startsWith('[') || l.startsWith('@') || l.startsWith('*') || l.startsWith('/*')

function rustTests(text: string): Span[] {
  const out: Span[] = []
  const attr = /#\[(?:[\w:]+::)?(?:test|rstest|test_case|quickcheck|wasm_bindgen_test)\b[^\]\n]*\]/g
  for (let m = attr.exec(text); m !== null; m = attr.exec(text)) {
    // The function the attribute is on: the next `fn` within a few attribute lines.
    const window = text.slice(attr.lastIndex, attr.lastIndex + 600)
    const f = /\bfn\s+([A-Za-z_]\w*)/.exec(window)
    if (!f) continue
    const at = attr.lastIndex + f.index + f[0].length - f[1]!.length
    const brace = text.indexOf('{', at)
    if (brace === -1) continue
    out.push({ name: f[1]!, start: m.index, end: matchBracket(text, brace, '//', '"'), head: headOf(text, m.index, C_HEAD), at, container: false })
    attr.lastIndex = Math.max(attr.lastIndex, at)
  }
  const mod = /\bmod\s+([A-Za-z_]\w*)\s*\{/g
  for (let m = mod.exec(text); m !== null; m = mod.exec(text)) {
    const brace = m.index + m[0].length - 1
    out.push({ name: m[1]!, start: m.index, end: matchBracket(text, brace, '//', '"'), head: m.index, at: m.index, container: true })
  }
  return out
}

/** A test call's name and modifiers: `it`, `test.each`, `describe.skip`, Playwright's `test.describe`. */
const JS_CALL = /\b(describe|context|suite|it|test|specify|Deno\.test)((?:\.(?:each|only|skip|todo|concurrent|sequential|fails|skipIf|runIf|for|describe|serial|parallel))*)[ \t]*(?=[(`])/g

function jsTests(text: string): Span[] {
  const out: Span[] = []
  for (let m = JS_CALL.exec(text); m !== null; m = JS_CALL.exec(text)) {
    if (m.index > 0 && /[\w$.]/.test(text[m.index - 1]!)) continue
    const modifiers = m[2]!
    const each = /\.(?:each|for)\b/.test(modifiers)
    let paren = JS_CALL.lastIndex
    // `.each([…])`, `.each\`table\``, `.skipIf(cond)`: the arguments, then the call that takes the title.
    if (text[paren] === '`' && each) paren = skipSpace(text, templateEnd(text, paren))
    else if (text[paren] === '(' && (each || /\.(?:skipIf|runIf)\b/.test(modifiers))) paren = skipSpace(text, matchBracket(text, paren, '//', '"\'`'))
    if (text[paren] !== '(') continue
    const titleAt = skipSpace(text, paren + 1) + 1
    const quote = text[titleAt - 1]
    if (quote !== "'" && quote !== '"' && quote !== '`') continue
    const close = stringEnd(text, titleAt, quote)
    if (close === -1) continue
    const raw = text.slice(titleAt, close)
    const title = unescapeJs(raw)
    const container = m[1] === 'describe' || m[1] === 'context' || m[1] === 'suite' || /\.describe\b/.test(modifiers)
    // Runners fill in `%s`/`$x` only in `.each`/`.for` titles; a template literal's `${…}` is filled in by JS itself.
    const templated = (each && /%[sdifjoO#]|\$\w/.test(title)) || (quote === '`' && raw.includes('${'))
    const span: Span = { name: title, start: m.index, end: matchBracket(text, paren, '//', '"\'`'), head: headOf(text, m.index, C_HEAD), at: titleAt, container }
    if (templated) span.pattern = titlePattern(title)
    out.push(span)
    JS_CALL.lastIndex = Math.max(JS_CALL.lastIndex, close + 1)
  }
  return out
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++
  return i
}

/** The index of the quote closing a string that starts at `from` (just after its opening `quote`); -1 when unclosed (on its line, but for a template literal). */
function stringEnd(text: string, from: number, quote: string): number {
  for (let i = from; i < text.length; i++) {
    const ch = text[i]
    if (ch === '\\') i++
    else if (ch === quote) return i
    else if (ch === '\n' && quote !== '`') return -1
  }
  return -1
}

/** Just past the template literal starting at `open` (a backtick), `${…}` skipped. */
function templateEnd(text: string, open: number): number {
  const close = stringEnd(text, open + 1, '`')
  return close === -1 ? text.length : close + 1
}

const JS_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', 0: '\0', '\n': '', '\r': '' }

/** A JS string's text as the runner prints it: `it's` for `'it\'s'`, `é` for `'\u00e9'`. */
function unescapeJs(raw: string): string {
  if (!raw.includes('\\')) return raw
  return raw.replace(/\\(u\{[0-9a-fA-F]{1,6}\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_, e: string) => {
    if (e.length > 1) {
      const hex = e[1] === '{' ? e.slice(2, -1) : e.slice(1)
      const cp = Number.parseInt(hex, 16)
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : e
    }
    return JS_ESCAPES[e] ?? e
  })
}

/** `adds %s and %d`, `$a + $b`, `${x}` → a pattern for the titles the runner printed. */
function titlePattern(title: string): RegExp {
  const parts = title.split(/%[sdifjoO#]|\$\{[^}]*\}|\$[\w.]+/)
  return new RegExp(`^${parts.map((p) => p.replace(/%%/g, '%').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*?')}$`)
}

function pythonTests(text: string): Span[] {
  const out: Span[] = []
  // Only test functions and classes named as tests (`def helper` is skipped by the expression itself); a
  // header starts its line, which is checked by reading back (faster than a multiline `^` at every line).
  const def = /(?:async[ \t]+)?(?:def[ \t]+(test\w*)|class[ \t]+(\w+))/g
  for (let m = def.exec(text); m !== null; m = def.exec(text)) {
    let lineStart = m.index
    while (lineStart > 0 && (text.charCodeAt(lineStart - 1) === 32 || text.charCodeAt(lineStart - 1) === 9)) lineStart--
    if (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10) continue
    const isClass = m[2] !== undefined
    const name = (m[1] ?? m[2])!
    if (isClass && !/^Test|Test$|Tests$/.test(name)) continue
    out.push({ name, start: lineStart, end: pythonBlockEnd(text, lineStart, m.index - lineStart), head: headOf(text, lineStart, (l) => l.startsWith('@') || l.startsWith('#')), at: m.index + m[0].length - name.length, container: isClass })
  }
  return out
}

/** Where a Python block ends: before the next line that is neither blank, a comment, a closing bracket nor indented deeper than `indent`. */
function pythonBlockEnd(text: string, header: number, indent: number): number {
  const lineEnd = text.indexOf('\n', header)
  if (lineEnd === -1) return text.length
  for (let at = lineEnd + 1; at < text.length; ) {
    let i = at
    while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++
    const ch = text.charCodeAt(i)
    const blank = i === text.length || ch === 10 || ch === 13
    // 35 #, 41 ), 93 ], 125 }
    if (!blank && i - at <= indent && ch !== 35 && ch !== 41 && ch !== 93 && ch !== 125) return at
    const nl = text.indexOf('\n', i)
    if (nl === -1) break
    at = nl + 1
  }
  return text.length
}

function clojureTests(text: string): Span[] {
  const out: Span[] = []
  const deftest = /\((?:[\w.-]+\/)?(?:deftest-?|defspec|defflow)\s+(?:\^(?:\{[^{}]*\}|\S+)\s+)*([^\s()[\]{}"]+)/g
  for (let m = deftest.exec(text); m !== null; m = deftest.exec(text)) {
    out.push({ name: m[1]!, start: m.index, end: matchBracket(text, m.index, ';', '"'), head: headOf(text, m.index, (l) => l.startsWith(';')), at: m.index + m[0].length - m[1]!.length, container: false })
  }
  return out
}

/** C#, Java, Kotlin: a test attribute, then the method it is on. */
function attributeTests(attribute: RegExp): Finder {
  return (text) => {
    const out: Span[] = []
    const re = new RegExp(attribute.source, 'g')
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const window = text.slice(re.lastIndex, re.lastIndex + 800)
      // The method: a name before `(`, after the other attributes and modifiers.
      const method = /(?:^|[\s>\]])(?:fun\s+)?`?([A-Za-z_]\w*)`?\s*\([^)]*\)[^{;=]*\{/.exec(window.replace(/\[[^\]\n]*\]|@\w+(?:\([^)\n]*\))?/g, (s) => ' '.repeat(s.length)))
      if (!method) continue
      const brace = re.lastIndex + method.index + method[0].length - 1
      const at = re.lastIndex + method.index + method[0].indexOf(method[1]!)
      out.push({ name: method[1]!, start: m.index, end: matchBracket(text, brace, '//', '"'), head: headOf(text, m.index, C_HEAD), at, container: false })
      re.lastIndex = Math.max(re.lastIndex, at)
    }
    const cls = /\b(?:class|object)\s+([A-Za-z_]\w*)[^{;]*\{/g
    for (let m = cls.exec(text); m !== null; m = cls.exec(text)) {
      const brace = m.index + m[0].length - 1
      out.push({ name: m[1]!, start: m.index, end: matchBracket(text, brace, '//', '"'), head: m.index, at: m.index, container: true })
    }
    return out
  }
}

function goTests(text: string): Span[] {
  const out: Span[] = []
  const fn = /^func\s+(Test\w*)\s*\(\s*\w+\s+\*testing\.T\s*\)\s*\{/gm
  for (let m = fn.exec(text); m !== null; m = fn.exec(text)) {
    out.push({ name: m[1]!, start: m.index, end: matchBracket(text, m.index + m[0].length - 1, '//', '"`'), head: headOf(text, m.index, (l) => l.startsWith('//')), at: m.index + 5, container: false })
  }
  return out
}

/** Whether a file's language has test blocks this module finds. */
export function hasTestFinder(file: string): boolean {
  return BY_LANGUAGE[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] !== undefined && !syntaxFor(file).prose
}
