/**
 * `.gitignore` rules matched in time linear in the paths tested, whatever
 * the file's size (issue 24, item 11). The `ignore` package tests every rule
 * against every path (and its parents): a 4 MB `.gitignore` of 150,000 lines
 * cost 3.8 s per path, hours for a source tree. Here:
 *
 * - literal rules (no `*`, `?`, `[` or `\`: the bulk of any generated ignore
 *   list) go into two maps, by path (anchored rules) and by name (rules that
 *   match at any depth): one lookup per path;
 * - rules with wildcards are compiled once, each to an RE2 matcher (`re2js`,
 *   linear in the path, so `*a*a*a*…b` cannot backtrack), at most
 *   MAX_GLOB_RULES of them per file;
 * - the verdict is git's: the last rule that matches decides, a negation
 *   re-includes, and nothing inside an excluded folder comes back.
 *
 * A file past the size cap or with more wildcard rules than that is not
 * applied, and the caller says so (walk-sources.ts reports it, as it does an
 * unreadable `.gitignore`). The semantics follow gitignore(5); a property test
 * checks them against the `ignore` package on generated rules and paths.
 */
import { RE2JS } from 're2js'

/** The largest `.gitignore` applied (git's own limit is 100 MiB; anything this size is generated). */
export const MAX_IGNORE_FILE_BYTES = 8 * 1024 * 1024
/** Rules with wildcards in one file: each costs a match per path; a hand-written file has a few dozen. */
export const MAX_GLOB_RULES = 1000

interface Rule {
  index: number
  negative: boolean
  dirOnly: boolean
}

interface GlobRule extends Rule {
  /** Matched against the whole path (anchored) or its last segment. */
  anchored: boolean
  re: RE2JS
}

export interface IgnoreVerdict {
  ignored: boolean
  unignored: boolean
}

export class IgnoreRulesError extends Error {}

/** The rules of one `.gitignore` (or a list of patterns); throws IgnoreRulesError past MAX_GLOB_RULES. */
export class IgnoreRules {
  /** Anchored literal rules by path: the last rule, and the last one that also applies to files. */
  private readonly byPath = new Map<string, { last: Rule; lastForFiles?: Rule }>()
  /** Literal rules matching at any depth, by name. */
  private readonly byName = new Map<string, { last: Rule; lastForFiles?: Rule }>()
  private readonly globs: GlobRule[] = []

  constructor(source: string | readonly string[]) {
    const lines = typeof source === 'string' ? source.split(/\r?\n/) : source
    let index = 0
    for (const line of lines) {
      const parsed = parseLine(line)
      if (!parsed) continue
      const rule: Rule = { index: index++, negative: parsed.negative, dirOnly: parsed.dirOnly }
      if (parsed.literal !== undefined) {
        const map = parsed.anchored ? this.byPath : this.byName
        const entry = map.get(parsed.literal)
        if (entry) {
          entry.last = rule
          if (!rule.dirOnly) entry.lastForFiles = rule
        } else map.set(parsed.literal, { last: rule, ...(rule.dirOnly ? {} : { lastForFiles: rule }) })
      } else {
        if (this.globs.length >= MAX_GLOB_RULES) throw new IgnoreRulesError(`more than ${MAX_GLOB_RULES.toLocaleString('en')} patterns with wildcards`)
        this.globs.push({ ...rule, anchored: parsed.anchored, re: RE2JS.compile(parsed.regex) })
      }
    }
  }

  /** The last rule matching `path` itself (`a/b/c`, relative, `/`-separated). */
  private lastMatch(path: string, isDir: boolean): Rule | undefined {
    const name = path.slice(path.lastIndexOf('/') + 1)
    let best: Rule | undefined
    for (const entry of [this.byPath.get(path), this.byName.get(name)]) {
      const r = entry && (isDir ? entry.last : entry.lastForFiles)
      if (r && (!best || r.index > best.index)) best = r
    }
    // Wildcard rules after the best literal one, from the last: the first that matches decides.
    for (let i = this.globs.length - 1; i >= 0; i--) {
      const g = this.globs[i]!
      if (best && g.index < best.index) break
      if (g.dirOnly && !isDir) continue
      if (g.re.matches(g.anchored ? path : name)) return g
    }
    return best
  }

  /** git's verdict on `path` (relative to the rules' folder; a trailing `/` marks a folder). */
  test(path: string): IgnoreVerdict {
    const isDir = path.endsWith('/')
    const clean = isDir ? path.slice(0, -1) : path
    // Nothing inside an excluded folder comes back: the parents first.
    let slash = clean.indexOf('/')
    while (slash !== -1) {
      if (this.lastMatch(clean.slice(0, slash), true)?.negative === false) return { ignored: true, unignored: false }
      slash = clean.indexOf('/', slash + 1)
    }
    const r = this.lastMatch(clean, isDir)
    return { ignored: r !== undefined && !r.negative, unignored: r !== undefined && r.negative }
  }

  ignores(path: string): boolean {
    return this.test(path).ignored
  }
}

interface ParsedLine {
  negative: boolean
  dirOnly: boolean
  anchored: boolean
  /** The path or name, for a rule without wildcards. */
  literal?: string
  /** RE2 syntax, for a rule with wildcards. */
  regex: string
}

/** One line of a `.gitignore`, as gitignore(5) reads it; undefined for blanks and comments. */
function parseLine(raw: string): ParsedLine | undefined {
  let line = raw
  if (line === '' || line.startsWith('#')) return undefined
  // Trailing spaces go, unless escaped (`a\ `).
  line = line.replace(/(?<!\\)\s+$/, '')
  if (line === '') return undefined
  let negative = false
  if (line.startsWith('!')) {
    negative = true
    line = line.slice(1)
  } else if (line.startsWith('\\!') || line.startsWith('\\#')) {
    line = line.slice(1)
  }
  let dirOnly = false
  if (line.endsWith('/') && !line.endsWith('\\/')) {
    dirOnly = true
    line = line.replace(/\/+$/, '')
  }
  if (line === '') return undefined
  // A slash at the start or in the middle anchors the rule to the file's folder.
  const anchored = line.includes('/')
  if (line.startsWith('/')) line = line.slice(1)
  if (!/[*?[\\]/.test(line)) return { negative, dirOnly, anchored, literal: line, regex: '' }
  return { negative, dirOnly, anchored, regex: `^${globToRegex(line)}$` }
}

const escapeRe = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A gitignore glob as RE2 syntax: `*` and `?` stop at `/`, `**` crosses folders, `[…]` is a class. */
function globToRegex(glob: string): string {
  let out = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === '\\') {
      i++
      if (i < glob.length) out += escapeRe(glob[i]!)
      continue
    }
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/'
        const atEnd = i + 2 === glob.length || glob[i + 2] === '/'
        if (atStart && atEnd) {
          // `**/` (any folders, or none), `/**` (everything inside), a lone `**` (anything).
          if (i + 2 === glob.length) out += '.*'
          else {
            out += '(?:.*/)?'
            i++ // the slash after `**` is part of the group
          }
          i++
          continue
        }
        // Other runs of asterisks are one asterisk.
        while (glob[i + 1] === '*') i++
      }
      out += '[^/]*'
      continue
    }
    if (c === '?') {
      out += '[^/]'
      continue
    }
    if (c === '[') {
      const end = classEnd(glob, i)
      if (end === -1) {
        out += '\\['
        continue
      }
      let body = glob.slice(i + 1, end)
      let negate = false
      if (body.startsWith('!') || body.startsWith('^')) {
        negate = true
        body = body.slice(1)
      }
      // Inside a class only `\`, `]`, `^` and `-` mean something; the last is kept as a range.
      const cls = body.replace(/\\(.)/g, (_, x: string) => escapeRe(x)).replace(/[\^\]\[]/g, (x) => `\\${x}`)
      out += negate ? `[^/${cls}]` : `[${cls}]`
      i = end
      continue
    }
    out += escapeRe(c)
  }
  return out
}

/** The `]` that closes the class opened at `start`, or -1. */
function classEnd(glob: string, start: number): number {
  let i = start + 1
  if (glob[i] === '!' || glob[i] === '^') i++
  if (glob[i] === ']') i++
  for (; i < glob.length; i++) {
    if (glob[i] === '\\') i++
    else if (glob[i] === ']') return i
  }
  return -1
}
