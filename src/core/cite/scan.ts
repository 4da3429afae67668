/**
 * The citation scanner: one file's text in, its citations and problems out.
 * Pure and language-agnostic — it knows the ID grammar and how people write
 * rule numbers, not any programming language.
 *
 * Speed matters (every commit of a large engine): a file is searched by one
 * precompiled global expression (plus one per project pattern), hits are rare,
 * and everything else — lines, columns, pairs — is computed for hits only.
 */
import { distance } from 'fastest-levenshtein'
import { andList } from '../versions/history.ts'
import { normalizeVersion } from '../versions/release-name.ts'
import { DEFAULT_CITE_CONFIG, type CiteConfig } from './config.ts'
import type { CitePattern } from './pattern.ts'
import type { CiteTable } from './table.ts'
import type { Citation, CitationVia, CiteProblem, CiteRule, ReleaseRule, ScanResult } from './types.ts'

export interface Scanner {
  /** Scan one file; `file` is only copied into the results. */
  scan(text: string, file: string): ScanResult
}

/** One thing found in the text, before it is resolved. */
interface Hit {
  offset: number
  end: number
  /** As written. */
  text: string
  /** The ID or citation-form number it stands for. */
  value: string
  isNumber: boolean
  via: CitationVia
  /** Bare numbers (`"6.1.5"` next to an ID) are only ever one half of a pair. */
  bare?: boolean
  /** Hits of one pattern match share this: a capture is a list, never a pair. */
  group?: number
  /** The release the citation names (`CR v24.03 6.1.4`): resolved through it, never paired. */
  version?: string
  line: number
  column: number
  /** Resolution. */
  rule?: CiteRule
  problem?: CiteProblem
  dropped?: boolean
}

const IDENT = /[A-Za-z0-9_]/
/** What a scan without releases returns for a text that cites one: nothing yet, scan again with them. */
const needsReleases = (): ScanResult => ({ citations: [], problems: [], needsReleases: true })
const isIdentChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95
const isQuote = (c: number) => c === 34 || c === 39 || c === 96

/** `6.1.4`, `6.1.4a`, printed `6.1.4.a`, timing `11.2.2b.i`. */
const NUMBER_TAIL = String.raw`\d+(?:\.\d+)+(?:\.?[a-z]{1,2}(?![a-z]))?(?:\.[ivx]+(?![a-z]))?`
/** More numbers after a cited one: `CR 6.1.4, 6.1.5 and 6.1.6`. */
const LIST_MORE = new RegExp(String.raw`[ \t]*(?:,|&|\band\b|\bor\b)[ \t]*(?:and[ \t]+)?(${NUMBER_TAIL})`, 'y')
/**
 * A release after `CR`: `v24.03`, or `24.03` (a section number when its first
 * part is a chapter: `CR 10.10`). Group 1 is the `v`, group 2 the digits.
 */
const VERSION = String.raw`(v?)(\d{2}\.\d{2})(?![A-Za-z0-9_]|\.\d)`
/** A word that may be an ID of an old release (IDs with other prefixes existed). */
const OLD_ID_WORD = String.raw`[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*\+*`
/** A number without a citation word: `6.1.4`, or `6.1` in quotes. */
const BARE_NUMBER = /(?<![A-Za-z0-9_.])\d{1,2}(?:\.\d{1,3}){1,2}(?:[a-z]{1,2})?(?:\.[ivx]+)?(?![A-Za-z0-9_]|\.\d)/g

export function createScanner(table: CiteTable, config: CiteConfig = DEFAULT_CITE_CONFIG): Scanner {
  const prefixes = [...table.strictPrefixes, ...table.loosePrefixes].sort((a, b) => b.length - a.length)
  const strict = new Set(table.strictPrefixes)
  // One expression for the whole file: an ID-grammar word (group 1); `CR`, a
  // release (groups 2–3) and maybe a number (4) or ID (5) of that release;
  // or a citation word and a number (group 6).
  const main = new RegExp(
    String.raw`((?:${prefixes.join('|')})_[A-Za-z0-9_]*\+*)` +
      String.raw`|(?:CR|Cr|cr)[ \t]*${VERSION}(?:(?:[ \t]*,[ \t]*|[ \t]+)§?[ \t]*(?:(${NUMBER_TAIL})|(${OLD_ID_WORD})))?` +
      String.raw`|(?:CR|Cr|cr|[Rr]ules?|RULES?|§)[ \t]*§?[ \t]*(${NUMBER_TAIL})`,
    'g',
  )
  // Per run, not per file: identifiers repeat across a code base.
  const closeCache = new Map<string, string[]>()

  /** Real IDs within two edits, best first: how a typo looks. */
  const closeIds = (word: string): string[] => {
    let found = closeCache.get(word)
    if (found) return found
    const scored: { id: string; d: number }[] = []
    for (const id of table.ids) {
      if (Math.abs(id.length - word.length) > 2) continue
      const d = distance(word, id)
      if (d <= 2) scored.push({ id, d })
    }
    found = scored.sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1)).slice(0, 3).map((s) => s.id)
    closeCache.set(word, found)
    return found
  }

  /** Loose suggestions for something that is explicitly a citation (among `ids`, today's by default). */
  const suggestFor = (word: string, ids: readonly string[] = table.ids): string[] => {
    const close = ids === table.ids ? closeIds(word) : []
    if (close.length > 0) return close
    const w = word.toLowerCase()
    const max = Math.max(2, Math.floor(w.length * 0.4))
    const scored: { id: string; d: number }[] = []
    for (const id of ids) {
      const d = id.includes(w) || w.includes(id) ? Math.abs(id.length - w.length) * 0.1 : distance(w, id)
      if (d <= max) scored.push({ id, d })
    }
    return scored.sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1)).slice(0, 3).map((s) => s.id)
  }

  const isIgnored = (word: string) => config.ignoreIds?.test(word) ?? false
  /** `rule_x+` is an ID only when the table has it with its `+`. */
  const trimPlus = (word: string, known: (w: string) => boolean) => (word.endsWith('+') && !known(word) ? word.replace(/\++$/, '') : word)
  const isKnownId = (word: string) => table.byId.has(word) || table.retired.has(word)

  return {
    scan(text, file) {
      const hits: Hit[] = []
      const covered = collectPatternHits(text, config.patterns, table.chapters, hits)
      if (!table.releases && hits.some((h) => h.version !== undefined)) return needsReleases()
      if (config.ignoreIds && hits.length > 0) {
        for (let k = hits.length - 1; k >= 0; k--) if (!hits[k]!.isNumber && isIgnored(hits[k]!.value)) hits.splice(k, 1)
      }

      /** A cited number at `offset` (`raw` as written), then any list after it: `CR 6.1.4, 6.1.5`. */
      const pushNumbers = (offset: number, raw: string, number: string, version: string | undefined, via: CitationVia) => {
        const end = offset + raw.length
        if (end < text.length && IDENT.test(text[end]!)) return
        hits.push(withVersion(hit(offset, raw, normalizeNumber(number), true, via), version))
        LIST_MORE.lastIndex = end
        for (let more = LIST_MORE.exec(text); more !== null; more = LIST_MORE.exec(text)) {
          const n = more[1]!
          const at = LIST_MORE.lastIndex - n.length
          if (LIST_MORE.lastIndex < text.length && IDENT.test(text[LIST_MORE.lastIndex]!)) break
          hits.push(withVersion(hit(at, n, normalizeNumber(n), true, via), version))
          main.lastIndex = LIST_MORE.lastIndex
        }
      }

      // The main pass.
      main.lastIndex = 0
      let span = 0
      for (let m = main.exec(text); m !== null; m = main.exec(text)) {
        const offset = m.index
        const raw = m[0]
        // Inside a longer word (`my_rule_x`, `ABCR 6.1`): not a citation.
        if (offset > 0 && isIdentChar(text.charCodeAt(offset - 1))) continue
        while (span < covered.length && covered[span]![1] <= offset) span++
        if (span < covered.length && covered[span]![0] <= offset) continue
        if (m[1] !== undefined) {
          const word = trimPlus(raw, (w) => table.byId.has(w))
          const prefix = word.slice(0, word.indexOf('_'))
          if (word.length === prefix.length + 1) continue // just `rule_`
          if (isIgnored(word)) continue
          if (!table.byId.has(word) && !table.retired.has(word)) {
            if (!strict.has(prefix)) continue
            const before = offset > 0 ? text.charCodeAt(offset - 1) : 0
            const quoted = isQuote(before) && before === text.charCodeAt(offset + word.length)
            if (config.unknownIds !== 'all' && !quoted && closeIds(word).length === 0) continue
          }
          hits.push(hit(offset, word, word, false, 'id'))
          continue
        }
        if (m[3] !== undefined) {
          const digits = m[3]
          // `CR 10.10` is section 10.10: without its `v`, a release is a year no chapter has.
          if (m[2] === '' && table.chapters.has(digits.slice(0, 2))) {
            const at = raw.indexOf(digits) + digits.length
            main.lastIndex = offset + at
            pushNumbers(offset, raw.slice(0, at), digits, undefined, 'number')
            continue
          }
          // `CR v24.03` alone names a release, not a rule.
          if (m[4] === undefined && m[5] === undefined) continue
          const version = `v${digits}`
          if (m[5] !== undefined) {
            const release = table.releases?.byVersion.get(version)
            const word = trimPlus(m[5], (w) => isKnownId(w) || (release?.byId.has(w) ?? false))
            const prefix = word.slice(0, word.indexOf('_'))
            // `CR v24.03 release_notes`: only likely IDs are citations.
            if (!release?.byId.has(word) && !isKnownId(word) && !strict.has(prefix) && !table.loosePrefixes.includes(prefix)) continue
            if (isIgnored(word)) continue
            if (!table.releases) return needsReleases()
            hits.push(withVersion(hit(offset, raw.slice(0, raw.length - m[5].length + word.length), word, false, 'id'), version))
            continue
          }
          if (!table.releases) return needsReleases()
          pushNumbers(offset, raw, m[4]!, version, 'number')
          continue
        }
        // A citation word and a number, maybe a list of them.
        const number = m[6]!
        // `rule 2.5` in an unrelated comment is not the CR; `CR 12.1` is, and wrong.
        if (/^[Rr]/.test(raw) && !table.chapters.has(number.slice(0, number.indexOf('.')))) continue
        pushNumbers(offset, raw, number, undefined, 'number')
      }
      if (hits.length === 0) return { citations: [], problems: [] }

      hits.sort((a, b) => a.offset - b.offset)
      locate(text, hits)
      for (const h of hits) resolve(h, file)
      const bare = pairNumbersWithIds(text, hits, file)
      return collect(bare.length > 0 ? hits.concat(bare) : hits, file)
    },
  }

  function resolve(h: Hit, file: string) {
    const at = { file, line: h.line, column: h.column, text: h.text }
    if (h.version !== undefined) {
      resolveInRelease(h, at)
      return
    }
    if (h.isNumber) {
      const rule = table.byNumber.get(h.value)
      if (rule) {
        h.rule = rule
        return
      }
      if (h.bare) return
      const near = nearestAncestor(h.value, table.byNumber)
      h.problem = {
        code: 'unknown-rule',
        severity: 'error',
        ...at,
        message: `Unknown rule number \`${h.value}\`, expected the number of a rule${near ? ` (the nearest is ${near.number}, \`${near.id}\`)` : ''}`,
        ...(near ? { suggestions: [near.id] } : {}),
      }
      return
    }
    const rule = table.byId.get(h.value)
    if (rule) {
      h.rule = rule
      return
    }
    const retired = table.retired.get(h.value)
    if (retired?.target !== undefined) {
      h.rule = table.byId.get(retired.target)
      const verb = retired.status === 'renamed' ? 'was renamed to' : retired.status === 'merged' ? 'was merged into' : 'was split; see'
      h.problem = {
        code: 'renamed-rule',
        severity: 'warning',
        ...at,
        message: `\`${h.value}\` ${verb} \`${retired.target}\`${retired.reason ? ` (${retired.reason})` : ''}, expected the current ID`,
        suggestions: [retired.target],
      }
      return
    }
    if (retired) {
      h.problem = {
        code: 'removed-rule',
        severity: 'error',
        ...at,
        message: `\`${h.value}\` was removed from the rules${retired.reason ? `: ${retired.reason}` : ''}`,
      }
      return
    }
    const suggestions = suggestFor(h.value)
    h.problem = {
      code: 'unknown-rule',
      severity: 'error',
      ...at,
      message: `Unknown rule ID \`${h.value}\`, expected the ID of a chapter, section, rule or step`,
      ...(suggestions.length > 0 ? { suggestions } : {}),
    }
  }

  /**
   * `CR v24.03 6.1.4` → the entry 6.1.4 of v24.03, and where it is today:
   * a hint with today's number, a warning when the ID written was renamed
   * since, an error when the release, the number or the rule is gone.
   */
  function resolveInRelease(h: Hit, at: Pick<CiteProblem, 'file' | 'line' | 'column' | 'text'>) {
    const version = h.version!
    const cited = `CR ${version} ${h.value}`
    const releases = table.releases!
    const release = releases.byVersion.get(version)
    if (!release) {
      const known = releases.versions.length > 0 ? `one of ${releases.versions.join(', ')}` : 'a release in `releases/` (none were found)'
      h.problem = { code: 'unknown-release', severity: 'error', ...at, message: `Unknown release \`${version}\` in \`${cited}\`, expected ${known}` }
      return
    }
    const entry = h.isNumber ? release.byNumber.get(h.value) : release.byId.get(h.value)
    if (!entry) {
      if (h.isNumber) {
        const near = nearestAncestor(h.value, release.byNumber)
        h.problem = {
          code: 'unknown-rule',
          severity: 'error',
          ...at,
          message: `Unknown rule number \`${h.value}\` in ${version}, expected the number of a rule of that release${near ? ` (the nearest is ${near.number}, \`${near.id}\`)` : ''}`,
          ...(near ? { suggestions: [near.id] } : {}),
        }
        return
      }
      const today = table.byId.get(h.value)
      // An ID of today's rules needs no suggestion: the message says where it is.
      const suggestions = today ? [] : suggestFor(h.value, release.ids)
      h.problem = {
        code: 'unknown-rule',
        severity: 'error',
        ...at,
        message: `Unknown rule ID \`${h.value}\` in ${version}, expected an ID of that release${today ? ` (\`${h.value}\` is ${today.number} today)` : ''}`,
        ...(suggestions.length > 0 ? { suggestions } : {}),
      }
      return
    }
    const head = h.isNumber ? `\`${cited}\` is \`${entry.id}\`` : `\`${cited}\` is ${entry.number} in ${version}`
    if (entry.currentId === undefined) {
      h.problem = { code: 'removed-rule', severity: 'error', ...at, message: `${head}, since removed from the rules${entry.reason ? `: ${entry.reason}` : ''}` }
      return
    }
    h.rule = table.byId.get(entry.currentId)
    const today = describeToday(entry, version)
    if (!h.isNumber && entry.currentId !== entry.id) {
      // An old ID is an old ID, release or not: the same warning as without one.
      h.problem = {
        code: 'renamed-rule',
        severity: 'warning',
        ...at,
        message: `\`${entry.id}\` (${entry.number} in ${version}) was ${today}, expected the current ID`,
        suggestions: [entry.currentId],
      }
      return
    }
    h.problem = { code: 'old-release-citation', severity: 'hint', ...at, message: `${head}, ${today}`, suggestions: [entry.currentId] }
  }

  function nearestAncestor<R extends { number: string }>(number: string, byNumber: ReadonlyMap<string, R>): R | undefined {
    const parts = /^(\d+(?:\.\d+)*)/.exec(number)?.[1]?.split('.') ?? []
    // `6.1.4z` → 6.1.4 first.
    if (parts.join('.') !== number && byNumber.has(parts.join('.'))) return byNumber.get(parts.join('.'))
    while (parts.length > 1) {
      parts.pop()
      const r = byNumber.get(parts.join('.'))
      if (r) return r
    }
    return undefined
  }

  /**
   * A number and an ID on one line are a pair (`6.1.4/rule_end_the_run`,
   * `{ number: "6.1.5", id: "rule_end_the_run" }`). IDs are stable and numbers
   * move between releases, so when they disagree the number is stale.
   */
  function pairNumbersWithIds(text: string, hits: Hit[], file: string): Hit[] {
    const bare: Hit[] = []
    let i = 0
    while (i < hits.length) {
      const line = hits[i]!.line
      let j = i
      let hasId = false
      while (j < hits.length && hits[j]!.line === line) {
        if (!hits[j]!.isNumber && hits[j]!.version === undefined) hasId = true
        j++
      }
      if (hasId) pairLine(text, hits, i, j, file, bare)
      i = j
    }
    return bare
  }

  function pairLine(text: string, hits: Hit[], from: number, to: number, file: string, bare: Hit[]) {
    const ids: Hit[] = []
    const numbers: Hit[] = []
    // A citation that names a release is of another numbering: never half of a pair.
    for (let k = from; k < to; k++) if (hits[k]!.version === undefined) (hits[k]!.isNumber ? numbers : ids).push(hits[k]!)
    // Bare numbers on this line, outside the hits already found.
    const first = hits[from]!
    const lineStart = first.offset - (first.column - 1)
    let lineEnd = text.indexOf('\n', lineStart)
    if (lineEnd === -1) lineEnd = text.length
    const lineText = text.slice(lineStart, lineEnd)
    BARE_NUMBER.lastIndex = 0
    for (let m = BARE_NUMBER.exec(lineText); m !== null; m = BARE_NUMBER.exec(lineText)) {
      const offset = lineStart + m.index
      const end = offset + m[0].length
      if (overlaps(hits, from, to, offset, end)) continue
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
      resolve(h, file)
      numbers.push(h)
      bare.push(h)
    }
    if (numbers.length === 0) return
    const pairable = ids.filter((h) => h.rule || h.problem?.code === 'unknown-rule')
    if (pairable.length === 0) return

    const gap = (a: Hit, b: Hit) => (a.end <= b.offset ? b.offset - a.end : a.offset >= b.end ? a.offset - b.end : 0)
    const best = new Map<Hit, Hit>()
    for (const n of numbers) {
      let id: Hit | undefined
      for (const c of pairable) {
        if (n.group !== undefined && n.group === c.group) continue
        if (!id || gap(n, c) < gap(n, id)) id = c
      }
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

  function collect(hits: Hit[], file: string): ScanResult {
    hits.sort((a, b) => a.offset - b.offset)
    const citations: Citation[] = []
    const problems: CiteProblem[] = []
    const hinted = new Set<string>()
    for (const h of hits) {
      if (h.problem) problems.push(h.problem)
      if (h.dropped || !h.rule || h.bare) continue
      const c: Citation = { file, line: h.line, column: h.column, id: h.rule.id, text: h.text, via: h.via }
      if (h.version !== undefined) c.version = h.version
      citations.push(c)
    }
    // A rule with sub-rules, cited without any of them on the same line (old citations have their hint).
    for (const c of citations) {
      if (c.version !== undefined) continue
      const r = table.byId.get(c.id)
      if (!r || r.kind !== 'rule' || r.children.length === 0 || hinted.has(r.id)) continue
      if (citations.some((o) => o.line === c.line && r.children.includes(o.id))) continue
      hinted.add(r.id)
      const firstChild = table.byId.get(r.children[0]!)
      const lastChild = table.byId.get(r.children[r.children.length - 1]!)
      const range = firstChild && lastChild ? ` (${firstChild.number}–${lastChild.number})` : ''
      const kind = firstChild?.kind === 'step' ? 'steps' : 'sub-rules'
      problems.push({
        code: 'imprecise-citation',
        severity: 'hint',
        file,
        line: c.line,
        column: c.column,
        text: c.text,
        message: `\`${r.id}\` (${r.number}) has ${r.children.length} ${kind}${range}; citing the one that applies is more precise`,
        suggestions: r.children.slice(0, 3),
      })
    }
    problems.sort((a, b) => a.line - b.line || a.column - b.column)
    return { citations, problems }
  }
}

function overlaps(hits: Hit[], from: number, to: number, start: number, end: number): boolean {
  for (let k = from; k < to; k++) if (start < hits[k]!.end && end > hits[k]!.offset) return true
  return false
}

function hit(offset: number, text: string, value: string, isNumber: boolean, via: CitationVia): Hit {
  return { offset, end: offset + text.length, text, value, isNumber, via, line: 0, column: 0 }
}

function withVersion(h: Hit, version: string | undefined): Hit {
  if (version !== undefined) h.version = version
  return h
}

/** "today 6.1.5; text unchanged since v24.03", "merged into `rule_flatline`, today 1.7.2b; text changed in v25.04". */
function describeToday(entry: ReleaseRule, version: string): string {
  const verb =
    entry.status === 'renamed' ? `renamed to \`${entry.currentId}\`, ` : entry.status === 'merged' ? `merged into \`${entry.currentId}\`, ` : entry.status === 'split' ? `split, mainly into \`${entry.currentId}\`, ` : ''
  const changedIn = entry.changedIn.map((v) => (v === 'current' ? 'the current rules' : v))
  const text = !entry.textChanged ? `text unchanged since ${version}` : changedIn.length > 0 ? `text changed in ${andList(changedIn)}` : `text changed since ${version}`
  return `${verb}today ${entry.currentNumber}; ${text}`
}

/** `6.1.4.a` → `6.1.4a`; `6.1.4` unchanged. */
function normalizeNumber(n: string): string {
  return n.replace(/^(\d+\.\d+\.\d+)\.([a-z]{1,2})(?![a-z])/, '$1$2')
}

/**
 * Run the project's patterns: each capture is one or more IDs or numbers.
 * Returns the captured spans, merged and sorted, so the main pass skips them.
 */
function collectPatternHits(text: string, patterns: readonly CitePattern[], chapters: ReadonlySet<string>, hits: Hit[]): [number, number][] {
  if (patterns.length === 0) return []
  const spans: [number, number][] = []
  let group = 0
  for (const re of patterns) {
    re.lastIndex = 0
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m[0].length === 0) re.lastIndex++
      const indices = m.indices!
      const range = indices.groups?.ref ?? indices[1] ?? indices[0]
      if (!range) continue
      const [start, end] = range
      spans.push([start, end])
      group++
      // A `version` group, or `v24.03` / `CR 24.03` inside the capture, names the release of what follows.
      const named = m.groups?.version
      let version = named === undefined ? undefined : normalizeVersion(named)
      let afterCr = false
      const captured = text.slice(start, end)
      TOKEN.lastIndex = 0
      for (let t = TOKEN.exec(captured); t !== null; t = TOKEN.exec(captured)) {
        let word = t[0]
        let at = start + t.index
        // Citation words inside a capture (`//@ rule: CR 6.1.4`) are not references.
        if (/^(?:CR|cr|[Rr]ules?|step|section)$/.test(word)) {
          afterCr = /^(?:CR|cr)$/.test(word)
          continue
        }
        const release = /^(v?)(\d{2}\.\d{2})$/.exec(word)
        if (release && (release[1] === 'v' || (afterCr && !chapters.has(release[2]!.slice(0, 2))))) {
          version = `v${release[2]}`
          afterCr = false
          continue
        }
        afterCr = false
        if (word.startsWith('§')) {
          word = word.slice(1)
          at++
        }
        if (word.length === 0) continue
        const isNumber = /^\d+(?:\.\d+)*/.test(word)
        const value = isNumber ? normalizeNumber(word.replace(/\.$/, '')) : word
        hits.push(withVersion({ ...hit(at, word, value, isNumber, 'pattern'), group }, version))
      }
    }
  }
  spans.sort((a, b) => a[0] - b[0])
  const merged: [number, number][] = []
  for (const s of spans) {
    const last = merged[merged.length - 1]
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1])
    else merged.push([s[0], s[1]])
  }
  return merged
}

/** One ID or number inside a pattern's capture. */
const TOKEN = /[^\s,;"'`()[\]{}]+/g

/** Lines and columns of sorted hits, in one sweep over the text. */
function locate(text: string, hits: Hit[]) {
  let line = 1
  let lineStart = 0
  let next = text.indexOf('\n')
  for (const h of hits) {
    while (next !== -1 && next < h.offset) {
      line++
      lineStart = next + 1
      next = text.indexOf('\n', lineStart)
    }
    h.line = line
    h.column = h.offset - lineStart + 1
  }
}
