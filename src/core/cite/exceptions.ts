/**
 * The exceptions file: rules a project does not mean to cover, each with a
 * reason (Ferrocene's traceability asks the same of every gap). JSON or YAML,
 * a list `[{ rule, reason }]` or a map `{ rule: reason }`; a rule is an ID, a
 * number or a retired ID (counted for its successor). Excepted rules leave
 * every coverage total. Pure: data in, exceptions and problems out.
 */
import type { CiteTable } from './table.ts'
import type { CiteProblem } from './types.ts'

export type Locate = (path: (string | number)[]) => { line: number; column: number }

export function readExceptions(data: unknown, file: string, table: CiteTable, locate: Locate = () => ({ line: 1, column: 1 })): { exceptions: Map<string, string>; problems: CiteProblem[] } {
  const exceptions = new Map<string, string>()
  const problems: CiteProblem[] = []
  const report = (path: (string | number)[], message: string, text = '', suggestions?: string[]) =>
    problems.push({ code: 'exceptions-invalid', severity: 'error', file, ...locate(path), message, text, ...(suggestions ? { suggestions } : {}) })
  let entries: { rule: unknown; reason: unknown; path: (string | number)[] }[]
  const root = data !== null && typeof data === 'object' && !Array.isArray(data) && 'exceptions' in data ? (data as { exceptions: unknown }).exceptions : data
  const base = root === data ? [] : ['exceptions']
  if (Array.isArray(root)) entries = root.map((e, i) => (e !== null && typeof e === 'object' ? { rule: (e as Record<string, unknown>).rule, reason: (e as Record<string, unknown>).reason, path: [...base, i] } : { rule: undefined, reason: undefined, path: [...base, i] }))
  else if (root !== null && typeof root === 'object') entries = Object.entries(root).map(([rule, reason]) => ({ rule, reason, path: [...base, rule] }))
  else {
    report([], 'Unexpected content, expected a list of `{ rule, reason }` or a map of rule → reason')
    return { exceptions, problems }
  }
  for (const e of entries) {
    if (typeof e.rule !== 'string' || e.rule.trim() === '') {
      report(e.path, 'Unexpected entry, expected `rule` (an ID or number) and `reason`')
      continue
    }
    const written = e.rule.trim().replace(/^(?:CR|§)\s*/, '')
    const direct = table.byId.get(written) ?? table.byNumber.get(written)
    const retired = direct ? undefined : table.retired.get(written)
    const id = direct?.id ?? retired?.target
    if (id === undefined) {
      const near = table.ids.filter((i) => i.startsWith(written.slice(0, Math.max(4, written.length - 3)))).slice(0, 3)
      report(e.path, `Unknown rule \`${written}\` in the exceptions, expected the ID or number of a rule`, written, near.length > 0 ? near : undefined)
      continue
    }
    if (typeof e.reason !== 'string' || e.reason.trim() === '') {
      report(e.path, `Exception for \`${written}\` without a reason, expected \`reason\`: why this rule is not to be covered`, written)
      continue
    }
    exceptions.set(id, e.reason.trim())
  }
  return { exceptions, problems }
}
