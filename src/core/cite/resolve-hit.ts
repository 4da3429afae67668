/**
 * A hit → the rule it cites, or the problem it is: today's rules by ID or
 * number, retired IDs (renamed, merged, split, removed), a held release
 * (`CR v24.03 6.1.4`), an edition not held (`CR 1.8 9.1.8g`).
 */
import { andList } from '../versions/history.ts'
import { ruleLabel, similarNumbers } from '../ids.ts'
import { describeMeaning, type NumberMeaning } from '../versions/number-ledger.ts'
import { joinClauses, phraseText } from '../phrase.ts'
import { reasonClause } from '../versions/reason.ts'
import { citeAdvice } from './advice.ts'
import type { ScannerSetup } from './context.ts'
import type { Hit, Resolution } from './hit.ts'
import type { CiteProblem, ReleaseRule } from './types.ts'

/** A retirement's reason as the CLI prints it inside a message (`{ref:ID}` as `ID` in backticks, no closing period). */
const said = (reason: string, table: { byId: ReadonlyMap<string, { number: string }> }) => phraseText(reasonClause(reason, numberIn(table)))
/** A reason's `{ref:ID}` reads as the number today's rules give it. */
const numberIn = (table: { byId: ReadonlyMap<string, { number: string }> }) => (id: string) => table.byId.get(id)?.number

type At = Pick<CiteProblem, 'file' | 'line' | 'column' | 'text'>

/** Distinct citations kept per scanner; past it, they are resolved again. */
const RESOLUTION_CACHE = 50_000

export function resolveHit(setup: ScannerSetup, h: Hit, file: string): void {
  // Most hits cite today's rules: one lookup, nothing to build.
  if (h.notHeld === undefined && h.version === undefined) {
    const rule = h.isNumber ? setup.table.byNumber.get(h.value) : setup.table.byId.get(h.value)
    if (rule) {
      h.rule = rule
      return
    }
  }
  // Citations repeat across a code base (`CR 1.8 9.1.8g` in every file): their messages are built once.
  const key = `${h.isNumber ? 'n' : 'i'}${h.bare ? 'b' : ''}|${h.version ?? ''}|${h.notHeld ?? ''}|${h.value}|${h.text}`
  const known = setup.resolutions.get(key)
  if (known !== undefined) {
    if (known.rule) h.rule = known.rule
    const p = known.problem
    if (p) {
      // The key order every problem is built with: code, severity, place, message, suggestions.
      h.problem = { code: p.code, severity: p.severity, file, line: h.line, column: h.column, text: h.text, message: p.message }
      if (p.suggestions) h.problem.suggestions = [...p.suggestions]
    }
    return
  }
  resolveFresh(setup, h, file)
  if (setup.resolutions.size < RESOLUTION_CACHE) {
    const resolution: Resolution = {}
    if (h.rule) resolution.rule = h.rule
    if (h.problem) {
      const { code, severity, message, suggestions } = h.problem
      resolution.problem = { code, severity, message, ...(suggestions ? { suggestions: [...suggestions] } : {}) }
    }
    setup.resolutions.set(key, resolution)
  }
}

function resolveFresh(setup: ScannerSetup, h: Hit, file: string): void {
  const { table } = setup
  const at: At = { file, line: h.line, column: h.column, text: h.text }
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
    resolveInRelease(setup, h, at)
    return
  }
  if (h.isNumber) {
    const rule = table.byNumber.get(h.value)
    if (rule) {
      h.rule = rule
      return
    }
    if (h.bare) return
    // A number some held release printed: say what it named then and where that rule is today, never "unknown".
    const history = table.releases?.ledger.meanings(h.value) ?? []
    if (history.length > 0) {
      resolveOldNumber(setup, h, history, at)
      return
    }
    const suggestions = numberSuggestions(h.value, table.byNumber)
    h.problem = {
      code: 'unknown-rule',
      severity: 'error',
      ...at,
      message: `Unknown rule number \`${h.value}\`, expected the number of a rule`,
      ...(suggestions.length > 0 ? { suggestions } : {}),
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
      message: `\`${h.value}\` ${verb} \`${retired.target}\`${retired.reason ? ` (${said(retired.reason, table)})` : ''}, expected the current ID`,
      suggestions: [retired.target],
    }
    return
  }
  if (retired) {
    h.problem = { code: 'removed-rule', severity: 'error', ...at, message: `\`${h.value}\` was removed from the rules${retired.reason ? `: ${said(retired.reason, table)}` : ''}` }
    return
  }
  const suggestions = setup.suggestFor(h.value)
  h.problem = {
    code: 'unknown-rule',
    severity: 'error',
    ...at,
    message: `Unknown rule ID \`${h.value}\`, expected the ID of a chapter, section, rule or step`,
    ...(suggestions.length > 0 ? { suggestions } : {}),
  }
}

/**
 * `CR 10.5.5`, which today's rules lack but held releases printed: the
 * newest meaning decides (the code was most likely written against the last
 * release that printed it); a warning, counted for the rule it became, or an
 * error when that rule was removed.
 */
function resolveOldNumber(setup: ScannerSetup, h: Hit, history: readonly NumberMeaning[], at: At): void {
  const { table } = setup
  const versions = table.releases!.ledger.versions
  const [newest, ...older] = history as [NumberMeaning, ...NumberMeaning[]]
  const earlier = older.length > 0 ? [`before that, ${joinClauses(older.map((m) => describeMeaning(m, versions, numberIn(table))), '; ')}`] : []
  const head = joinClauses([`\`${h.text}\`: today's rules have no ${h.value}`, describeMeaning(newest, versions, numberIn(table)), ...earlier], '; ')
  const today = newest.currentId === undefined ? undefined : table.byId.get(newest.currentId)
  if (!today) {
    h.problem = { code: 'removed-rule', severity: 'error', ...at, message: head }
    return
  }
  h.rule = today
  h.problem = { code: 'old-number', severity: 'warning', ...at, message: joinClauses([head, citeAdvice(today, table.numbersReadAs)], '; '), suggestions: [today.id] }
}

/**
 * `CR v24.03 6.1.4` → the entry 6.1.4 of v24.03, and where it is today:
 * a hint with today's number, a warning when the ID written was renamed
 * since, an error when the release, the number or the rule is gone.
 */
function resolveInRelease(setup: ScannerSetup, h: Hit, at: At): void {
  const { table } = setup
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
      const suggestions = numberSuggestions(h.value, release.byNumber)
      h.problem = {
        code: 'unknown-rule',
        severity: 'error',
        ...at,
        message: `Unknown rule number \`${h.value}\` in ${version}, expected the number of a rule of that release`,
        ...(suggestions.length > 0 ? { suggestions } : {}),
      }
      return
    }
    const today = table.byId.get(h.value)
    // An ID of today's rules needs no suggestion: the message says where it is.
    const suggestions = today ? [] : setup.suggestFor(h.value, release.ids)
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
    h.problem = { code: 'removed-rule', severity: 'error', ...at, message: `${head}, since removed from the rules${entry.reason ? `: ${said(entry.reason, table)}` : ''}` }
    return
  }
  h.rule = table.byId.get(entry.currentId)
  const today = describeToday(entry, version, table.releases?.today)
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
  // The newest release held, and the rule as it printed it (`CR v26.03 6.9.2a` when v26.03 is current): nothing to say.
  const versions = table.releases?.versions ?? []
  if (version === versions[versions.length - 1] && entry.currentId === entry.id && entry.currentNumber === entry.number && !entry.textChanged) return
  h.problem = { code: 'old-release-citation', severity: 'hint', ...at, message: `${head}, ${today}`, suggestions: [entry.currentId] }
}

/** The numbers a mistyped number may have meant (`6.1.44` → 6.1.4, 6.1.4a, …), each with its ID: `6.1.4 (rule_end_the_run)`. */
function numberSuggestions<R extends { id: string }>(number: string, byNumber: ReadonlyMap<string, R>): string[] {
  return similarNumbers(number, byNumber).map((n) => ruleLabel(n, byNumber.get(n)!.id))
}

/** "today 6.1.5; text unchanged since v24.03", "merged into `rule_flatline`, today 1.7.2b; text changed in v25.04". */
function describeToday(entry: ReleaseRule, version: string, working = 'the current rules'): string {
  const verb =
    entry.status === 'renamed' ? `renamed to \`${entry.currentId}\`, ` : entry.status === 'merged' ? `merged into \`${entry.currentId}\`, ` : entry.status === 'split' ? `split, mainly into \`${entry.currentId}\`, ` : ''
  const changedIn = entry.changedIn.map((v) => (v === 'current' ? working : v))
  const text = !entry.textChanged ? `text unchanged since ${version}` : changedIn.length > 0 ? `text changed in ${andList(changedIn)}` : `text changed since ${version}`
  return `${verb}today ${entry.currentNumber}; ${text}`
}
