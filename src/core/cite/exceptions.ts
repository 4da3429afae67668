/**
 * The exceptions file: rules a project does not mean to cover, each with a
 * reason (Ferrocene's traceability asks the same of every gap). JSON or YAML,
 * a list `[{ rule, reason }]` or a map `{ rule: reason }`; a rule is written
 * as a citation would write it (an ID, a number, `CR 6.1.4a`, a retired ID, a
 * number an older release printed, `CR v24.03 6.2.5`) and is checked as
 * strictly: the same resolution (`Scanner.resolve`), the same explanations
 * (an old number says what it became) and the same did-you-mean. What cannot
 * be resolved is an error; what resolves with a doubt (renamed, an old
 * number) is that citation's warning or hint, and the exception counts for
 * today's rule. Excepted rules leave every coverage total.
 * Pure: data in, exceptions and problems out.
 */
import { suggestClosest } from '../ids.ts'
import type { CiteProblem, CiteRule } from './types.ts'

export type Locate = (path: (string | number)[], at?: 'key' | 'value') => { line: number; column: number }

/** A rule as written, resolved as a citation: `Scanner.resolve`. */
export type ResolveWritten = (written: string, line: number, column: number) => { rule?: CiteRule; problem?: CiteProblem }

const ENTRY_KEYS = ['rule', 'reason']

/** Rule ID → why it is not to be covered; `places`, the rule's place in the file (what a note about an entry points at). */
export interface Exceptions {
  exceptions: Map<string, string>
  places: Map<string, { line: number; column: number }>
  problems: CiteProblem[]
}

export function readExceptions(data: unknown, file: string, resolve: ResolveWritten, locate: Locate = () => ({ line: 1, column: 1 })): Exceptions {
  const exceptions = new Map<string, string>()
  const places = new Map<string, { line: number; column: number }>()
  const problems: CiteProblem[] = []
  const report = (at: { line: number; column: number }, message: string, text = '', suggestions?: string[]) =>
    problems.push({ code: 'exceptions-invalid', severity: 'error', file, ...at, message, text, ...(suggestions && suggestions.length > 0 ? { suggestions } : {}) })
  let entries: { rule: unknown; reason: unknown; path: (string | number)[]; ruleAt: { line: number; column: number } }[]
  const root = data !== null && typeof data === 'object' && !Array.isArray(data) && 'exceptions' in data ? (data as { exceptions: unknown }).exceptions : data
  const base = root === data ? [] : ['exceptions']
  if (Array.isArray(root)) {
    entries = []
    root.forEach((e, i) => {
      const path = [...base, i]
      if (e === null || typeof e !== 'object' || Array.isArray(e)) {
        entries.push({ rule: typeof e === 'string' ? e : undefined, reason: undefined, path, ruleAt: locate(path) })
        return
      }
      const record = e as Record<string, unknown>
      // A misspelt key (`reson:`) is said as such, not as a missing reason.
      for (const key of Object.keys(record)) {
        if (ENTRY_KEYS.includes(key)) continue
        const best = suggestClosest(key, ENTRY_KEYS, 1)
        report(locate([...path, key], 'key'), `Unexpected key \`${key}\` in an exception, expected \`rule\` and \`reason\``, key, best)
      }
      entries.push({ rule: record.rule, reason: record.reason, path, ruleAt: locate('rule' in record ? [...path, 'rule'] : path) })
    })
  } else if (root !== null && typeof root === 'object') {
    entries = Object.entries(root).map(([rule, reason]) => ({ rule, reason, path: [...base, rule], ruleAt: locate([...base, rule], 'key') }))
  } else {
    report(locate([]), 'Unexpected content, expected a list of `{ rule, reason }` or a map of rule → reason')
    return { exceptions, places, problems }
  }
  for (const e of entries) {
    if (typeof e.rule !== 'string' || e.rule.trim() === '') {
      if (!problems.some((p) => p.line === e.ruleAt.line)) report(e.ruleAt, 'Unexpected entry, expected `rule` (an ID or number) and `reason`')
      continue
    }
    const written = e.rule.trim()
    const { rule, problem } = resolve(written, e.ruleAt.line, e.ruleAt.column)
    if (!rule) {
      const reason = problem ? problem.message : `Unknown rule \`${written}\`, expected the ID or number of a rule`
      report(e.ruleAt, `${reason} (in the exceptions)`, written, problem?.suggestions)
      continue
    }
    // Renamed, an old number, a number that meant another rule: the citation's own warning or hint.
    if (problem) problems.push({ ...problem, file, ...e.ruleAt, text: written })
    if (typeof e.reason !== 'string' || e.reason.trim() === '') {
      report(e.ruleAt, `Exception for \`${written}\` without a reason, expected \`reason\`: why this rule is not to be covered`, written)
      continue
    }
    exceptions.set(rule.id, e.reason.trim())
    if (!places.has(rule.id)) places.set(rule.id, e.ruleAt)
  }
  problems.sort((a, b) => a.line - b.line || a.column - b.column)
  return { exceptions, places, problems }
}
