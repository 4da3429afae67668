/**
 * Project patterns from `cr.config.json`, run by a linear-time engine.
 *
 * A backtracking engine (JavaScript's own) can take exponential time on a
 * pattern such as `(a+)+$`, so one line of configuration could hang
 * `cr cite` forever. RE2 (here `re2js`, a pure-JavaScript port) matches in
 * time linear in the input whatever the pattern, at the price of
 * backreferences and lookaround, which we refuse with a clear message.
 *
 * The compiled pattern quacks like a `RegExp` with the flags `gmd` (`exec`,
 * `lastIndex`, `indices`, `groups`), so the scanner does not care which
 * engine runs it.
 */
import { RE2JS, type Matcher } from 're2js'

export interface CitePattern {
  readonly source: string
  readonly flags: string
  lastIndex: number
  exec(text: string): RegExpExecArray | null
}

export class PatternError extends Error {}

/**
 * Compile `source` (JavaScript syntax, in the subset RE2 shares), or throw
 * PatternError saying what is wrong with it.
 */
export function compilePattern(source: string): CitePattern {
  // JavaScript's parser first: its messages are the ones users know, and it
  // keeps JavaScript's syntax the reference (`(?<name>…)`, `\d`).
  try {
    new RegExp(source, 'gmd')
  } catch (error) {
    throw new PatternError((error as Error).message.replace(/^Invalid regular expression: /, ''))
  }
  if (/\\[1-9]|\\k</.test(source)) {
    throw new PatternError(`/${source}/: backreferences are not supported (patterns run in linear time)`)
  }
  if (/\(\?<?[=!]/.test(source)) {
    throw new PatternError(`/${source}/: lookahead and lookbehind are not supported (patterns run in linear time)`)
  }
  let re2: RE2JS
  try {
    re2 = RE2JS.compile(source, RE2JS.MULTILINE)
  } catch (error) {
    throw new PatternError(`/${source}/: ${(error as Error).message.replace(/^error parsing regexp: /, '')} (patterns run by a linear-time engine)`)
  }
  return new LinearPattern(source, re2)
}

/** A yes/no test of a whole word, in linear time. */
export interface WordTest {
  test(word: string): boolean
}

export function compileWordTest(source: string): WordTest {
  const re2 = RE2JS.compile(source)
  return { test: (word) => re2.test(word) }
}

class LinearPattern implements CitePattern {
  readonly flags = 'dgm'
  lastIndex = 0
  private text: string | undefined
  private matcher: Matcher | undefined
  private readonly names: string[]

  constructor(
    readonly source: string,
    private readonly re2: RE2JS,
  ) {
    this.names = Object.keys(re2.namedGroups())
  }

  exec(text: string): RegExpExecArray | null {
    if (this.text !== text || !this.matcher) {
      this.text = text
      this.matcher = this.re2.matcher(text)
    }
    const m = this.matcher
    if (this.lastIndex > text.length || !m.find(this.lastIndex)) {
      this.lastIndex = 0
      return null
    }
    const count = m.groupCount()
    const values: (string | undefined)[] = []
    const indices: ([number, number] | undefined)[] = []
    for (let g = 0; g <= count; g++) {
      const start = m.start(g)
      const end = m.end(g)
      const matched = start >= 0 && end >= 0
      values.push(matched ? text.slice(start, end) : undefined)
      indices.push(matched ? [start, end] : undefined)
    }
    const result = values as unknown as RegExpExecArray
    result.index = m.start()
    result.input = text
    const indexArray = indices as unknown as RegExpIndicesArray
    if (this.names.length > 0) {
      const groups: Record<string, string> = {}
      const groupIndices: Record<string, [number, number]> = {}
      for (const name of this.names) {
        const start = m.start(name)
        if (start < 0) continue
        groups[name] = text.slice(start, m.end(name))
        groupIndices[name] = [start, m.end(name)]
      }
      result.groups = groups
      indexArray.groups = groupIndices
    }
    result.indices = indexArray
    this.lastIndex = m.end()
    return result
  }
}
