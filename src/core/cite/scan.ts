/**
 * The citation scanner: one file's text in, its citations and problems out.
 * Language-agnostic, but not blind to code: a word is a citation only where
 * it is written as one (see README.md, "What counts as a citation").
 *
 * Speed matters (every commit of a large engine): a file is searched by one
 * precompiled global expression (plus the citation calls and one per project
 * pattern), hits are rare, and everything else — places, lines, columns,
 * pairs, suggestions — is computed for hits only, suggestions cached per word.
 */
import { distance } from 'fastest-levenshtein'
import { andList } from '../versions/history.ts'
import { nearestExistingNumber, normalizeVersion, RELEASE_DIGITS, RELEASE_NAME, suggesterFor } from '../ids.ts'
import { DEFAULT_CITE_CONFIG, type CiteConfig } from './config.ts'
import { classifyEdition, editionName, type EditionKind } from './editions.ts'
import { NUMBER, readNumbers, tokenizeCapture, type CaptureToken } from './grammar.ts'
import { createPlaceFinder, isCodeLike, isPlaceholder, syntaxFor, type Place } from './lexical.ts'
import { suppressedLines } from './suppress.ts'
import type { CitePattern } from './pattern.ts'
import type { CiteTable } from './table.ts'
import type { Citation, CitationVia, CiteProblem, CiteRule, ReleaseRule, ScanResult } from './types.ts'

export interface Scanner {
  /** Scan one file; `file` picks the comment syntax (by extension) and is copied into the results. */
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
  /** One member of a range or list written as one capture: never half of a pair with its own group. */
  group?: number
  /** Part of a range (`6.1.4a–c`): never paired. */
  range?: boolean
  /** The release the citation names (`CR v24.03 6.1.4`): resolved through it, never paired. */
  version?: string
  /** An edition not held here (`CR 1.8 9.1.8g`): a warning, never a citation. */
  notHeld?: string
  line: number
  column: number
  /** Resolution. */
  rule?: CiteRule
  problem?: CiteProblem
  dropped?: boolean
}

/** What a scan without releases returns for a text that cites one: nothing yet, scan again with them. */
const needsReleases = (): ScanResult => ({ citations: [], problems: [], needsReleases: true })
const isIdentChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95
const isQuote = (c: number) => c === 34 || c === 39 || c === 96
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A number without a citation word: `6.1.4`, or `6.1` in quotes (pairs only). */
const BARE_NUMBER = /(?<![A-Za-z0-9_.])\d{1,2}(?:\.\d{1,3}){1,2}(?:[a-z]{1,2})?(?:\.[ivx]+)?(?![A-Za-z0-9_]|\.\d)/g
/** A word that may be an ID of an old release (IDs with other prefixes existed). */
const OLD_ID_WORD = /[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*\+*/y
/** After a marker: `:`, `#`, `§` and blanks, in any order. */
const AFTER_MARKER = /[ \t]*(?:[:#][ \t]*)?(?:§[ \t]*)?/y
/** An edition after a marker: `v24.03`, `24.03`, `1.8`, `v1.8`. */
const EDITION = /([vV])?(\d{1,2}\.\d{1,2})(?![A-Za-z0-9_]|\.\d)/y
/** Between an edition and what it numbers: blanks, or a comma. */
const EDITION_GAP = /([ \t]*,[ \t]*|[ \t]+)(?:§[ \t]*)?/y
const NUMBER_AT = new RegExp(NUMBER, 'y')
/** `CR rule_x`, `CR: rule_x`, `rule: rule_x` just before `offset`; read backwards without allocating. */
function afterMarker(text: string, offset: number): boolean {
  let i = offset - 1
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--
  const colon = i >= 0 && text.charCodeAt(i) === 58
  if (colon) i--
  const wordEnd = i + 1
  while (i >= 0 && isIdentChar(text.charCodeAt(i))) i--
  const word = wordEnd - (i + 1)
  if (word < 2 || word > 5) return false
  const w = text.slice(i + 1, wordEnd)
  return w === 'CR' || (colon && (w === 'rule' || w === 'Rule' || w === 'rules' || w === 'Rules'))
}
/** Citation calls: `cite!(…)`, `cite(…)`, `#[cr(…)]`, `[Cite("…")]`, `@cr("…")`, `(cite "…")`, `rule('6.1.4')`. */
const CALL = /(cite|Cite|CITE|cr|Cr|CR|rule|Rule|cite_rule|cr_rule)(!?)[ \t]*\(/g
/** Lisp calls, `(cite "…")`, `(cr/cite "…")`: looked for in Lisp files only. */
const LISP_CALL = /\((?:[A-Za-z][\w.-]*\/)?(?:cite|cr)[ \t]+(?=["'])/g
/** `version: 'v24.03'` in a call's other arguments (`rule('6.2.5', { version: 'v24.03' })`). */
const VERSION_ARG = /\bversion\s*:\s*['"`]([^'"`\n]{1,12})['"`]/
/** How far a citation call's arguments may reach. */
const CALL_SPAN = 400

export function createScanner(table: CiteTable, config: CiteConfig = DEFAULT_CITE_CONFIG): Scanner {
  const prefixes = [...table.strictPrefixes, ...table.loosePrefixes].sort((a, b) => b.length - a.length)
  const strict = new Set(table.strictPrefixes)
  const extraMarkers = config.markers.map(escapeRegExp)
  const markers = ['CR', 'Cr', 'cr', '[Rr]ules?', 'RULES?', ...extraMarkers].join('|')
  // One expression for the whole file: an ID-grammar word (group 1), a marker
  // before a number or an edition (group 2), or — opt-in — a bare number of
  // three parts (group 3).
  const bare = config.bareNumbers === 'comments'
  const main = new RegExp(
    String.raw`((?:${prefixes.join('|')})_[A-Za-z0-9_]*\+*)` +
      String.raw`|(${markers})(?=[ \t]*(?:[:#][ \t]*)?(?:§[ \t]*)?[vV]?\d)` +
      (bare ? String.raw`|(?<![A-Za-z0-9_.§@]|[Vv]ersion )(\d{1,2}\.\d{1,3}\.\d{1,3}(?:[a-z]{1,2})?)(?![A-Za-z0-9_]|\.\d)` : ''),
    'g',
  )
  const ruleMarker = /^[Rr]/
  const held = () => table.releases?.versions ?? table.editions
  // Per run, not per file: identifiers repeat across a code base. Shared by every
  // scanner of the same rules (the CLI makes a new one when the releases load, or per override).
  let closeCache = closeCaches.get(table.ids)
  if (!closeCache) closeCaches.set(table.ids, (closeCache = new Map()))

  const near = nearIndex(table.ids)
  /** Real IDs within two edits, best first: how a typo looks. Cached per word. */
  const closeScored = (word: string): { id: string; d: number }[] => {
    let found = closeCache.get(word)
    if (found) return found
    const scored: { id: string; d: number }[] = []
    const bag = letterBag(word)
    for (let len = word.length - 2; len <= word.length + 2; len++) {
      for (const c of near.get(len) ?? []) {
        // Each edit changes the letter counts by at most 2: a cheap bound before the real distance.
        if (!bagsWithin(bag, c.bag, 4)) continue
        const d = distance(word, c.id)
        if (d <= 2) scored.push({ id: c.id, d })
      }
    }
    found = scored.sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1)).slice(0, 3)
    closeCache.set(word, found)
    return found
  }
  const closeIds = (word: string) => closeScored(word).map((s) => s.id)
  /** Outside a citation form, only a close miss is a typo: short words need a closer one (`rule_id` is a field, not `rule_ice`). */
  const isNearMiss = (word: string) => {
    const best = closeScored(word)[0]
    const allowed = word.length >= 14 ? 2 : word.length >= 11 ? 1 : 0
    return best !== undefined && best.d <= allowed
  }

  /**
   * Suggestions for something that is explicitly a citation (among `ids`,
   * today's by default): today's close misses first, else the did-you-mean
   * every command uses (`suggesterFor`: case-folded, indexed and cached per ID list).
   */
  const suggestFor = (word: string, ids: readonly string[] = table.ids): string[] => {
    const close = ids === table.ids ? closeIds(word) : []
    return close.length > 0 ? close : suggesterFor(ids)(word)
  }

  const isIgnored = (word: string) => config.ignoreIds?.test(word) ?? false
  /** `rule_x+` is an ID only when the table has it with its `+`. */
  const trimPlus = (word: string, known: (w: string) => boolean) => (word.endsWith('+') && !known(word) ? word.replace(/\++$/, '') : word)
  const known = new Set([...table.byId.keys(), ...table.retired.keys()])
  const isKnownId = (word: string) => known.has(word)

  return {
    scan(text, file) {
      const hits: Hit[] = []
      let syntax: ReturnType<typeof syntaxFor> | undefined
      let placeFinder: ((offset: number, lineStart: number) => Place) | undefined
      const placeOf = (offset: number): Place => {
        syntax ??= syntaxFor(file)
        placeFinder ??= createPlaceFinder(text, syntax)
        return placeFinder(offset, text.lastIndexOf('\n', offset - 1) + 1)
      }
      let group = 0
      let needs = false
      /** What an edition is, and whether the releases must be loaded to resolve it. */
      const edition = (written: string): { name: string; kind: EditionKind | undefined } => {
        const name = editionName(written)
        const known = held()
        const kind = known ? classifyEdition(name, known) : RELEASE_NAME.test(name) ? undefined : 'not-held'
        if (kind !== 'not-held' && !table.releases) needs = true
        return { name, kind }
      }

      /** Tokens of a capture (pattern or citation call) → hits, all of one group. */
      const captureHits = (tokens: CaptureToken[], namedVersion: string | undefined, via: CitationVia, callAt = 0) => {
        group++
        let version = namedVersion === undefined ? undefined : normalizeVersion(namedVersion)
        let notHeld: string | undefined
        if (version !== undefined) {
          const e = edition(version)
          if (e.kind === 'not-held') {
            notHeld = e.name
            version = undefined
          } else version = e.name
        }
        let afterCr = false
        for (let k = 0; k < tokens.length; k++) {
          const t = tokens[k]!
          if (t.kind === 'marker') {
            afterCr = /^(?:CR|cr|Cr)$/.test(t.text)
            continue
          }
          if (t.kind === 'edition') {
            const next = tokens[k + 1]
            const v = /^[vV]/.test(t.text)
            const digits = t.text.replace(/^[vV]/, '')
            const yearForm = RELEASE_DIGITS.test(digits) && !table.chapters.has(digits.slice(0, 2))
            const gapIsBlank = next !== undefined && /^[ \t§]+$/.test(text.slice(t.offset + t.text.length, next.offset))
            if (v || (afterCr && yearForm) || (yearForm && next?.kind === 'word') || (next?.kind === 'numbers' && gapIsBlank)) {
              const e = edition(t.text)
              if (e.kind === 'not-held') {
                notHeld = e.name
                version = undefined
              } else {
                version = e.name
                notHeld = undefined
              }
              afterCr = false
              continue
            }
            // A two-part number after all: a section.
            tokens[k] = { ...t, kind: 'numbers', values: [digits] }
            k--
            continue
          }
          afterCr = false
          if (t.kind === 'numbers') {
            for (const value of t.values!) {
              const h: Hit = { ...hit(t.offset, t.text, value, true, via), group }
              if (t.values!.length > 1) h.range = true
              hits.push(stamp(h, version, notHeld))
            }
            continue
          }
          if (isIgnored(t.text)) continue
          // A citation call in documentation is an example: `cite!("rule_xxx")` in a doc comment is a placeholder.
          if (via === 'call' && !isKnownId(t.text) && placeOf(callAt) !== 'code' && (isPlaceholder(t.text) || !isNearMiss(t.text))) continue
          hits.push(stamp({ ...hit(t.offset, t.text, t.text, false, via), group }, version, notHeld))
        }
      }

      // 1. Project patterns, then citation calls: what they capture is a citation, whatever it looks like.
      const spans: [number, number][] = []
      for (const re of config.patterns) {
        re.lastIndex = 0
        for (let m = re.exec(text); m !== null; m = re.exec(text)) {
          if (m[0].length === 0) re.lastIndex++
          const indices = m.indices!
          const range = indices.groups?.ref ?? indices[1] ?? indices[0]
          if (!range) continue
          spans.push([range[0], range[1]])
          captureHits(tokenizeCapture(text, range[0], range[1]), m.groups?.version, 'pattern')
        }
      }
      syntax ??= syntaxFor(file)
      const calls = syntax.lisp ? LISP_CALL : CALL
      calls.lastIndex = 0
      for (let m = calls.exec(text); m !== null; m = calls.exec(text)) {
        // Part of a longer word (`excite(`, `my_rule(`): not a citation call.
        if (m[1] !== undefined && m.index > 0 && isIdentChar(text.charCodeAt(m.index - 1))) continue
        const callAt = m.index
        readCall(text, calls.lastIndex, m[2] === '!' || text.charCodeAt(m.index - 2) === 35 /* #[cr( */, spans, (start, end, version) => {
          captureHits(tokenizeCapture(text, start, end), version, 'call', callAt)
        })
      }
      spans.sort((a, b) => a[0] - b[0])
      const covered = mergeSpans(spans)
      if (config.ignoreIds && hits.length > 0) {
        for (let k = hits.length - 1; k >= 0; k--) if (!hits[k]!.isNumber && isIgnored(hits[k]!.value)) hits.splice(k, 1)
      }

      // 2. The main pass.
      main.lastIndex = 0
      let span = 0
      for (let m = main.exec(text); m !== null; m = main.exec(text)) {
        const offset = m.index
        // Inside a longer word (`my_rule_x`, `ABCR 6.1`): not a citation.
        if (offset > 0 && isIdentChar(text.charCodeAt(offset - 1))) continue
        while (span < covered.length && covered[span]![1] <= offset) span++
        if (span < covered.length && covered[span]![0] <= offset) continue
        if (m[1] !== undefined) {
          const raw = m[1]
          // Cheapest tests first: most such words are code (`step_count`), and code never cites.
          const cited = afterMarker(text, offset)
          const all = config.unknownIds === 'all'
          if (!cited && !all && placeOf(offset) === 'code') continue
          const word = raw.endsWith('+') ? trimPlus(raw, (w) => table.byId.has(w)) : raw
          const underscore = word.indexOf('_')
          if (word.length === underscore + 1) continue // just `rule_`
          const isKnown = isKnownId(word)
          if (!isKnown && !strict.has(word.slice(0, underscore))) continue
          if (isIgnored(word)) continue
          if (!cited && !(all && !isKnown)) {
            if (all && placeOf(offset) === 'code') continue
            if (isCodeLike(text, offset, offset + word.length)) continue
            if (!isKnown && (!isNearMiss(word) || isPlaceholder(word))) continue
          }
          // `CR rule_x` in documentation: a placeholder, not a typo.
          if (cited && !isKnown && isPlaceholder(word) && placeOf(offset) !== 'code') continue
          hits.push(hit(offset, word, word, false, 'id'))
          continue
        }
        if (m[2] !== undefined) {
          const r = readMarked(offset, m[2])
          if (r === undefined) continue
          main.lastIndex = Math.max(main.lastIndex, r)
          continue
        }
        // 3. A bare number in a comment (opt-in).
        const number = m[3]!
        if (!table.chapters.has(number.slice(0, number.indexOf('.')))) continue
        const place = placeOf(offset)
        if (place !== 'comment' && place !== 'doc') continue
        const { items, end } = readNumbers(text, offset)
        for (const it of items) for (const v of it.values) hits.push(it.values.length > 1 ? { ...hit(it.offset, it.text, v, true, 'number'), range: true } : hit(it.offset, it.text, v, true, 'number'))
        main.lastIndex = Math.max(main.lastIndex, end)
      }
      if (needs) return needsReleases()
      if (hits.length === 0) return { citations: [], problems: [] }

      hits.sort((a, b) => a.offset - b.offset)
      locate(text, hits)
      for (const h of hits) resolve(h, file)
      const bareHits = pairNumbersWithIds(text, hits, file)
      const result = collect(bareHits.length > 0 ? hits.concat(bareHits) : hits, file)
      return silence(text, result, config.ignoreCodes)

      /**
       * A marker at `offset` (`CR`, `rule`, a configured `§`): an edition and
       * what it numbers, or a list of numbers. Returns where reading stopped,
       * or undefined when it is no citation.
       */
      function readMarked(offset: number, marker: string): number | undefined {
        AFTER_MARKER.lastIndex = offset + marker.length
        AFTER_MARKER.exec(text)
        let pos = AFTER_MARKER.lastIndex
        EDITION.lastIndex = pos
        const e = EDITION.exec(text)
        if (e) {
          const digits = e[2]!
          const afterEdition = EDITION.lastIndex
          EDITION_GAP.lastIndex = afterEdition
          const gap = EDITION_GAP.exec(text)
          const next = gap ? EDITION_GAP.lastIndex : afterEdition
          NUMBER_AT.lastIndex = next
          const nextNumber = gap ? NUMBER_AT.exec(text) : null
          OLD_ID_WORD.lastIndex = next
          const nextId = gap && !nextNumber ? OLD_ID_WORD.exec(text) : null
          const v = e[1] !== undefined
          const yearForm = RELEASE_DIGITS.test(digits) && !table.chapters.has(digits.slice(0, 2))
          const blankGap = gap !== null && !gap[1]!.includes(',')
          const isEdition = v || (yearForm && (nextNumber !== null || nextId !== null || !gap)) || (nextNumber !== null && blankGap)
          if (isEdition) {
            // `CR v24.03` alone names a release, not a rule.
            if (!nextNumber && !nextId) return afterEdition
            if (ruleMarker.test(marker) && !v && !yearForm) return undefined
            const name = editionName(`${v ? 'v' : ''}${digits}`)
            if (nextId) {
              const release = table.releases?.byVersion.get(name)
              const word = trimPlus(nextId[0], (w) => isKnownId(w) || (release?.byId.has(w) ?? false))
              const prefix = word.slice(0, word.indexOf('_'))
              // `CR v24.03 release_notes`: only likely IDs are citations.
              if (!release?.byId.has(word) && !isKnownId(word) && !strict.has(prefix) && !table.loosePrefixes.includes(prefix)) return afterEdition
              if (isIgnored(word)) return next + word.length
              if (!release?.byId.has(word) && !isKnownId(word) && isPlaceholder(word) && placeOf(offset) !== 'code') return next + word.length
              const ed = edition(name)
              hits.push(stamp(hit(offset, text.slice(offset, next + word.length), word, false, 'id'), ed.kind === 'not-held' ? undefined : name, ed.kind === 'not-held' ? name : undefined))
              return next + word.length
            }
            const ed = edition(name)
            const version = ed.kind === 'not-held' ? undefined : ed.name
            const notHeld = ed.kind === 'not-held' ? ed.name : undefined
            const { items, end } = readNumbers(text, next)
            pushItems(offset, items, version, notHeld)
            return end
          }
          // `CR 24.03 release notes`: a release named, no rule; no chapter 24 makes it a section.
          if (yearForm) return afterEdition
        }
        NUMBER_AT.lastIndex = pos
        const first = NUMBER_AT.exec(text)
        if (!first) return undefined
        // `rule 2.5` in an unrelated comment is not the CR; `CR 12.1` is, and wrong.
        if (ruleMarker.test(marker) && !table.chapters.has(first[0].slice(0, first[0].indexOf('.')))) return undefined
        const { items, end } = readNumbers(text, pos)
        if (items.length === 0) return undefined
        pushItems(offset, items, undefined, undefined)
        return end
      }

      /** Numbers read after a marker; the first one's text starts at the marker (`CR 6.1.4`). */
      function pushItems(markerAt: number, items: ReturnType<typeof readNumbers>['items'], version: string | undefined, notHeld: string | undefined) {
        items.forEach((it, i) => {
          const start = i === 0 ? markerAt : it.offset
          const written = text.slice(start, it.offset + it.text.length)
          for (const v of it.values) {
            const h = hit(start, written, v, true, 'number')
            if (it.values.length > 1) h.range = true
            hits.push(stamp(h, version, notHeld))
          }
        })
      }
    },
  }

  function resolve(h: Hit, file: string) {
    const at = { file, line: h.line, column: h.column, text: h.text }
    if (h.notHeld !== undefined) {
      const held = table.releases?.versions ?? table.editions ?? []
      const range = held.length > 0 ? ` (held: ${held[0]} to ${held[held.length - 1]})` : ''
      h.problem = {
        code: 'edition-not-held',
        severity: 'warning',
        ...at,
        message: `\`${h.text}\` names edition ${h.notHeld.replace(/^v(?=\d\.)/, '')} of the CR, which is not held here${range}: \`${h.value}\` is not checked, and not read as today's rule; cite today's ID or a held release`,
      }
      return
    }
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
    const release = table.releases?.byVersion.get(version)
    if (!release) {
      const versions = table.releases?.versions ?? table.editions ?? []
      const known = versions.length > 0 ? `one of ${versions.join(', ')}` : 'a release in `releases/` (none were found)'
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
    // `6.1.4z` → 6.1.4 first.
    const near = nearestExistingNumber(number, (n) => byNumber.has(n))
    return near === undefined ? undefined : byNumber.get(near)
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
        if (!hits[j]!.isNumber && hits[j]!.version === undefined && hits[j]!.notHeld === undefined) hasId = true
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
    for (let k = from; k < to; k++) if (hits[k]!.version === undefined && hits[k]!.notHeld === undefined && !hits[k]!.range) (hits[k]!.isNumber ? numbers : ids).push(hits[k]!)
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
        if (!adjacent(text, n, c)) continue
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
        // `CR 6.9 (rule_sec_run_initiation_phase onwards)`: a section cited with a rule in it; in data (`"6.9.2"`, bare) a parent is stale.
        if (!n.bare && n.rule && (n.rule.kind === 'section' || n.rule.kind === 'chapter') && isAncestor(n.rule.id, id.rule.id)) continue
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

  function isAncestor(ancestor: string, of: string): boolean {
    for (let p = table.byId.get(of)?.parent; p; p = table.byId.get(p)?.parent) if (p === ancestor) return true
    return false
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

/** Did-you-mean results per word, per ID list (one per rules set in a run). */
const closeCaches = new WeakMap<readonly string[], Map<string, { id: string; d: number }[]>>()

/** IDs by length, each with its letter counts: what `closeScored` searches. Built once per ID list. */
const nearIndexes = new WeakMap<readonly string[], Map<number, { id: string; bag: Uint8Array }[]>>()
function nearIndex(ids: readonly string[]): Map<number, { id: string; bag: Uint8Array }[]> {
  let index = nearIndexes.get(ids)
  if (index) return index
  index = new Map()
  for (const id of ids) {
    let list = index.get(id.length)
    if (!list) index.set(id.length, (list = []))
    list.push({ id, bag: letterBag(id) })
  }
  nearIndexes.set(ids, index)
  return index
}

/** Counts of a–z, 0–9 and everything else. */
function letterBag(word: string): Uint8Array {
  const bag = new Uint8Array(37)
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i)
    const k = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? c - 22 : 36
    bag[k] = bag[k]! + 1
  }
  return bag
}

function bagsWithin(a: Uint8Array, b: Uint8Array, max: number): boolean {
  let d = 0
  for (let i = 0; i < 37; i++) {
    d += a[i]! > b[i]! ? a[i]! - b[i]! : b[i]! - a[i]!
    if (d > max) return false
  }
  return true
}

function hit(offset: number, text: string, value: string, isNumber: boolean, via: CitationVia): Hit {
  return { offset, end: offset + text.length, text, value, isNumber, via, line: 0, column: 0 }
}

function stamp(h: Hit, version: string | undefined, notHeld: string | undefined): Hit {
  if (version !== undefined) h.version = version
  if (notHeld !== undefined) h.notHeld = notHeld
  return h
}

/**
 * A number and an ID written as one pair: next to each other, with at most a
 * key between them (`6.1.4/rule_x`, `CR 6.1.4 rule_x`, `"6.1.4", "rule_x"`,
 * `number: '6.1.4', id: 'rule_x'`, `:cr "6.1.4" :id "rule_x"`). Prose between
 * them (`CR 6.1.4 (ends the run) and rule_x`) makes them two citations.
 */
function adjacent(text: string, a: Hit, b: Hit): boolean {
  const between = a.end <= b.offset ? text.slice(a.end, b.offset) : b.end <= a.offset ? text.slice(b.end, a.offset) : ''
  if (between.length > 16) return false
  const words = between.match(/[A-Za-z]{2,}/g)
  return words === null || words.length <= 1
}

function overlaps(hits: Hit[], from: number, to: number, start: number, end: number): boolean {
  for (let k = from; k < to; k++) if (start < hits[k]!.end && end > hits[k]!.offset) return true
  return false
}

/** "today 6.1.5; text unchanged since v24.03", "merged into `rule_flatline`, today 1.7.2b; text changed in v25.04". */
function describeToday(entry: ReleaseRule, version: string): string {
  const verb =
    entry.status === 'renamed' ? `renamed to \`${entry.currentId}\`, ` : entry.status === 'merged' ? `merged into \`${entry.currentId}\`, ` : entry.status === 'split' ? `split, mainly into \`${entry.currentId}\`, ` : ''
  const changedIn = entry.changedIn.map((v) => (v === 'current' ? 'the current rules' : v))
  const text = !entry.textChanged ? `text unchanged since ${version}` : changedIn.length > 0 ? `text changed in ${andList(changedIn)}` : `text changed since ${version}`
  return `${verb}today ${entry.currentNumber}; ${text}`
}

/**
 * The string arguments of a citation call whose `(` ends at `from`: each
 * literal's content is a capture (`cite!("rule_x")`, `cite("6.1.4", "6.1.5")`);
 * a macro's or attribute's bare tokens too (`cite!(rule_x)`, `#[cr(6.1.4)]`).
 * Other arguments are skipped, except `version: 'v24.03'`, which names the
 * release of the literals before it. Stops at the closing `)` or after
 * `CALL_SPAN` characters.
 */
function readCall(text: string, from: number, bareTokens: boolean, spans: [number, number][], capture: (start: number, end: number, version?: string) => void) {
  const limit = Math.min(text.length, from + CALL_SPAN)
  const literals: [number, number][] = []
  let version: string | undefined
  let i = from
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 41 /* ) */) break
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 44) {
      i++
      continue
    }
    // A string literal: "…", '…', `…`, r"…", r#"…"#, @"…".
    let q = i
    if ((c === 114 || c === 64) && (text[i + 1] === '"' || text[i + 1] === '#')) q = text[i + 1] === '#' ? i + 2 : i + 1
    const quote = text.charCodeAt(q)
    if (quote === 34 || quote === 39 || quote === 96) {
      let j = q + 1
      while (j < limit && text.charCodeAt(j) !== quote && text.charCodeAt(j) !== 10) j += text.charCodeAt(j) === 92 ? 2 : 1
      if (j >= limit || text.charCodeAt(j) !== quote) break
      literals.push([q + 1, j])
      i = j + 1
      if (text[i] === '#') i++
      continue
    }
    // Another argument: to the next top-level `,` or `)`.
    let depth = 0
    const start = i
    while (i < limit) {
      const d = text.charCodeAt(i)
      if (d === 40 || d === 91 || d === 123) depth++
      else if (d === 41 || d === 93 || d === 125) {
        if (depth === 0) break
        depth--
      } else if (d === 44 && depth === 0) break
      else if (d === 10 && depth === 0) break
      i++
    }
    // A `]` or `}` that closes nothing ends the call: `cite!(a}` must not spin on the same character.
    if (i === start) break
    const arg = text.slice(start, i)
    const v = VERSION_ARG.exec(arg)
    if (v) version = v[1]
    else if (bareTokens && /^[\w.+§ -]+$/.test(arg.trim())) literals.push([start, start + arg.trimEnd().length])
    if (i < limit && text.charCodeAt(i) === 10) break
  }
  for (const [s, e] of literals) {
    if (e <= s || spans.some(([a, b]) => s < b && e > a)) continue
    spans.push([s, e])
    capture(s, e, version)
  }
}

function mergeSpans(spans: readonly [number, number][]): [number, number][] {
  const merged: [number, number][] = []
  for (const s of spans) {
    const last = merged[merged.length - 1]
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1])
    else merged.push([s[0], s[1]])
  }
  return merged
}

/** Drop what `cr-ignore` comments and per-path `ignore` codes silence; citations stay. */
function silence(text: string, result: ScanResult, codes: ReadonlySet<string> | undefined): ScanResult {
  if (result.problems.length === 0) return result
  const lines = suppressedLines(text)
  if (lines.size === 0 && !codes) return result
  const problems = result.problems.filter((p) => !lines.has(p.line) && !codes?.has(p.code))
  return problems.length === result.problems.length ? result : { ...result, problems }
}

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
