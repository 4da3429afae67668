/**
 * The traceability matrix: every citable rule → the tests that cite it, with
 * how they ended → the implementation that cites it. One data structure
 * (`schema/matrix.schema.json`), rendered as JSON (`--write-matrix FILE`) and
 * as Markdown for a pull-request comment (`--format markdown`,
 * `matrix-markdown.ts`). Pure.
 *
 * A rule's `status` (`schema/matrix.schema.json`), read from the sets
 * coverage counts (`coverageSets`), so the totals and the statuses agree:
 *   passing   covered by tests that ran and passed: a passing test cites it,
 *             or a timing element summarising it, or all of its sub-rules
 *             are passing
 *   failing   not passing, and a failing test cites it (or a timing element
 *             summarising it), or it is covered through its sub-rules and
 *             one of them is failing
 *   skipped   the same, for skipped tests (failing wins)
 *   tested    no results were read: covered by tests
 *   untested  covered, but not by a test that ran: the implementation, tests
 *             that did not run, or sub-rules in that state
 *   uncited   not covered: nothing cites it (documentation never covers)
 *   excepted  the exceptions file says why it is not covered
 */
import { computeCoverage, coverageSets, type CoverageFile } from '../coverage.ts'
import { clipText } from '../clip-text.ts'
import { isCitable } from './table.ts'
import type { TestRecord } from './traceability.ts'
import type { CiteRule } from './types.ts'

export const MATRIX_FORMAT = 1

export type MatrixStatus = 'passing' | 'failing' | 'skipped' | 'tested' | 'untested' | 'uncited' | 'excepted'

export interface MatrixRule {
  id: string
  number: string
  title: string
  chapter: string
  status: MatrixStatus
  tests: (TestRecord & { key: string })[]
  implementation: { file: string; line: number }[]
  documentation?: { file: string; line: number }[]
  exception?: string
}

export interface Matrix {
  $schema?: string
  generator: string
  format: typeof MATRIX_FORMAT
  version: string
  results: string[]
  summary: {
    total: number
    cited: number
    tested: number
    implemented: number
    percent: number
    passing?: number
    passingPercent?: number
    byStatus: Record<MatrixStatus, number>
  }
  chapters: { number: string; title: string; total: number; cited: number; percent: number; passing?: number; passingPercent?: number }[]
  rules: MatrixRule[]
}

/** The matrix of a coverage file: its summary is `computeCoverage`'s, its statuses read from the same sets, so they agree. */
export function buildMatrix(file: CoverageFile, rules: readonly CiteRule[], exceptions: ReadonlyMap<string, string> = new Map(), generator = 'cr cite'): Matrix {
  const report = computeCoverage(file, rules, { exceptions })
  const testFiles = new Set(file.tests ?? [])
  const docFiles = new Set(file.docs ?? [])
  const sites = new Map<string, { tests: Map<string, TestRecord & { key: string }>; impl: { file: string; line: number }[]; doc: { file: string; line: number }[] }>()
  for (const [path, list] of Object.entries(file.files)) {
    for (const c of list) {
      const role = c.role ?? (testFiles.has(path) ? 'test' : docFiles.has(path) ? 'doc' : 'impl')
      let s = sites.get(c.id)
      if (!s) sites.set(c.id, (s = { tests: new Map(), impl: [], doc: [] }))
      if (role === 'impl') s.impl.push({ file: path, line: c.line })
      else if (role === 'doc') s.doc.push({ file: path, line: c.line })
      else {
        const key = c.test ?? `${path}:${c.line}`
        const t = c.test !== undefined ? file.testCases?.[c.test] : undefined
        if (!s.tests.has(key)) s.tests.set(key, { key, ...(t ?? { name: `${path}:${c.line}`, file: path, line: c.line }) })
      }
    }
  }
  const statusOf = matrixStatuses(file, rules, exceptions, (id) => [...(sites.get(id)?.tests.values() ?? [])])
  const byStatus: Record<MatrixStatus, number> = { passing: 0, failing: 0, skipped: 0, tested: 0, untested: 0, uncited: 0, excepted: 0 }
  const out: MatrixRule[] = []
  for (const r of rules) {
    if (!isCitable(r)) continue
    const s = sites.get(r.id)
    const tests = s ? [...s.tests.values()] : []
    const status = statusOf(r.id)
    byStatus[status]++
    const entry: MatrixRule = { id: r.id, number: r.number, title: oneLine(r.title ?? r.text ?? r.id), chapter: r.chapter, status, tests, implementation: s?.impl ?? [] }
    if (s && s.doc.length > 0) entry.documentation = s.doc
    const why = exceptions.get(r.id)
    if (why !== undefined) entry.exception = why
    out.push(entry)
  }
  const m: Matrix = {
    generator,
    format: MATRIX_FORMAT,
    version: file.version,
    results: file.results ?? [],
    summary: { total: report.total, cited: report.cited, tested: report.tested, implemented: report.implemented, percent: report.percent, byStatus },
    chapters: report.chapters.filter((c) => c.total > 0).map((c) => ({ number: c.number, title: c.title, total: c.total, cited: c.cited, percent: c.percent, ...(c.passing !== undefined ? { passing: c.passing, passingPercent: c.passingPercent ?? 0 } : {}) })),
    rules: out,
  }
  if (report.executed) {
    m.summary.passing = report.executed.passing
    m.summary.passingPercent = report.executed.percent
  }
  return m
}

/**
 * Each citable rule's status (the header's definitions). Passing, tested and
 * covered are coverage's own sets; a covered rule that is not passing is
 * failing or skipped by the tests that cite it (or a timing element
 * summarising it) and, when it is covered through its sub-rules, by theirs.
 */
function matrixStatuses(file: CoverageFile, rules: readonly CiteRule[], exceptions: ReadonlyMap<string, string>, testsOf: (id: string) => readonly { status?: string }[]): (id: string) => MatrixStatus {
  const sets = coverageSets(file, rules)
  const byId = new Map(rules.map((r) => [r.id, r]))
  // Timing elements (never citable themselves) by the prose rule they summarise.
  const summaries = new Map<string, string[]>()
  for (const r of rules) if (r.prose !== undefined && !isCitable(r)) (summaries.get(r.prose) ?? summaries.set(r.prose, []).get(r.prose)!).push(r.id)
  const known = new Map<string, MatrixStatus>()
  const statusOf = (id: string): MatrixStatus => {
    let status = known.get(id)
    if (status !== undefined) return status
    known.set(id, 'untested') // a guard: rules never cover themselves, but a cycle must not recurse forever
    status = derive(id)
    known.set(id, status)
    return status
  }
  const derive = (id: string): MatrixStatus => {
    if (exceptions.has(id)) return 'excepted'
    if (!sets.covered.has(id)) return 'uncited'
    if (!sets.passing) return sets.tested.has(id) ? 'tested' : 'untested'
    if (sets.passing.has(id)) return 'passing'
    const outcomes = new Set<string | undefined>()
    for (const t of testsOf(id)) outcomes.add(t.status === 'failed' ? 'failing' : t.status === 'skipped' ? 'skipped' : undefined)
    for (const timing of summaries.get(id) ?? []) for (const t of testsOf(timing)) outcomes.add(t.status === 'failed' ? 'failing' : t.status === 'skipped' ? 'skipped' : undefined)
    const subRules = (byId.get(id)?.children ?? []).filter((c) => {
      const child = byId.get(c)
      return child !== undefined && isCitable(child)
    })
    if (subRules.length > 0 && subRules.every((c) => sets.covered.has(c))) for (const c of subRules) outcomes.add(statusOf(c))
    return outcomes.has('failing') ? 'failing' : outcomes.has('skipped') ? 'skipped' : 'untested'
  }
  return statusOf
}

const oneLine = (s: string) => clipText(s, 100)
