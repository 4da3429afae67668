/**
 * `CR_COVERAGE=FILE npm run build`: the coverage file `cr cite
 * --write-coverage FILE` writes (`schema/coverage.schema.json`) shown on the
 * site — on each rule, the files citing it and, when the file was written
 * with test results (`--results`), the tests citing it and how each ended;
 * on `/coverage/`, per-chapter percentages (passing ones too), the rules
 * failing or skipped tests cite, and the uncited rules. The arithmetic is
 * `computeCoverage`'s.
 */
import { readText } from '../../src/io/files.ts'
import { checkCoverageFile, computeCoverage, type CoverageFile } from '../../src/core/coverage.ts'
import type { CompiledDocument } from '../../src/core/types.ts'
import type { CoveragePage, RuleCites, RuleTest, TestOutcome } from './types.ts'

export class CoverageFileError extends Error {}

/** Read and validate a coverage file; a bad one is an error that says what is wrong, in words. */
export function loadCoverage(path: string | undefined): CoverageFile | undefined {
  if (!path) return undefined
  let text: string
  try {
    text = readText(path)
  } catch (e) {
    throw new CoverageFileError(`Cannot read the coverage file ${path} (CR_COVERAGE): ${(e as Error).message}`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    throw new CoverageFileError(`Unexpected content in the coverage file ${path} (CR_COVERAGE): ${(e as Error).message}, expected JSON as \`cr cite --write-coverage\` writes it`)
  }
  const { file, errors } = checkCoverageFile(data)
  if (!file) {
    const shown = errors.slice(0, 10).map((e) => `  ${e}`).join('\n')
    const more = errors.length > 10 ? `\n  … and ${errors.length - 10} more` : ''
    throw new CoverageFileError(
      `Unexpected coverage file ${path} (CR_COVERAGE), expected the format of schema/coverage.schema.json (write one with \`npx cr cite DIR --write-coverage FILE\`):\n${shown}${more}`,
    )
  }
  return file
}

export interface CoverageView {
  /** Rule ID → the files citing it, with lines. */
  rules: Map<string, RuleCites>
  page: CoveragePage
  /** Warnings for the build log (another release, unknown IDs). */
  notes: string[]
}

/** The coverage file against the current rules; `urlOf` gives a rule's place on the site. */
export function coverageView(file: CoverageFile, doc: CompiledDocument, urlOf: (id: string) => string): CoverageView {
  const report = computeCoverage(file, doc.rules)
  const byId = new Map(doc.rules.map((r) => [r.id, r]))
  const lines = new Map<string, Map<string, number[]>>()
  let citations = 0
  for (const [path, list] of Object.entries(file.files)) {
    for (const c of list) {
      if (!byId.has(c.id)) continue
      citations++
      let files = lines.get(c.id)
      if (!files) lines.set(c.id, (files = new Map()))
      const at = files.get(path)
      if (!at) files.set(path, [c.line])
      else if (!at.includes(c.line)) at.push(c.line)
    }
  }
  const tests = file.results === undefined ? undefined : testsByRule(file, byId)
  const rules = new Map<string, RuleCites>()
  for (const [id, r] of Object.entries(report.rules)) {
    const at = lines.get(id)
    const cites: RuleCites = { citations: r.citations, files: r.files.map((path) => ({ path, lines: at?.get(path) ?? [] })) }
    const t = tests?.get(id)
    if (t) cites.tests = t
    rules.set(id, cites)
  }
  const link = (id: string) => ({ id, number: byId.get(id)?.number ?? '', url: urlOf(id) })
  const withTests = (id: string) => ({ ...link(id), tests: tests?.get(id) ?? [] })
  const page: CoveragePage = {
    version: report.version,
    cited: report.cited,
    total: report.total,
    percent: report.percent,
    files: Object.keys(file.files).length,
    citations,
    chapters: report.chapters.map((c) => ({
      id: c.id,
      number: c.number,
      title: c.title,
      url: urlOf(c.id).replace(/#.*$/, ''),
      cited: c.cited,
      total: c.total,
      percent: c.percent,
      uncited: c.uncited.map(link),
      ...(c.passing === undefined ? {} : { passing: c.passing, passingPercent: c.passingPercent ?? 0 }),
    })),
    unknown: report.unknown,
  }
  if (report.executed) {
    const e = report.executed
    page.executed = {
      passing: e.passing,
      percent: e.percent,
      tests: e.tests,
      failing: e.failing.map(withTests),
      skipped: e.skipped.map(withTests),
      results: (file.results ?? []).map((r) => r.slice(r.lastIndexOf('/') + 1)),
    }
  }
  const notes: string[] = []
  if (file.version !== doc.release.version) notes.push(`The coverage file was written against ${file.version}; the current rules are ${doc.release.version}.`)
  if (report.unknown.length > 0) {
    const shown = report.unknown.slice(0, 5).join(', ')
    notes.push(`The coverage file cites ${report.unknown.length} IDs the current rules do not define: ${shown}${report.unknown.length > 5 ? ', …' : ''}`)
  }
  return { rules, page, notes }
}

const OUTCOME_ORDER: Record<TestOutcome, number> = { failed: 0, skipped: 1, 'not-run': 2, passed: 3 }

/** Rule ID → the tests citing it (test citations that belong to a test), failing first, as `computeCoverage` counts them. */
function testsByRule(file: CoverageFile, byId: ReadonlyMap<string, unknown>): Map<string, RuleTest[]> {
  const testFiles = new Set(file.tests ?? [])
  const out = new Map<string, Map<string, RuleTest>>()
  for (const [path, list] of Object.entries(file.files)) {
    for (const c of list) {
      const role = c.role ?? (testFiles.has(path) ? 'test' : 'impl')
      if (role !== 'test' || c.test === undefined || !byId.has(c.id)) continue
      const record = file.testCases?.[c.test]
      const outcome: TestOutcome = record?.status ?? 'not-run'
      const name = record ? [...(record.path ?? []), record.name].join(' > ') : c.test
      let tests = out.get(c.id)
      if (!tests) out.set(c.id, (tests = new Map()))
      tests.set(c.test, { name, outcome, ...(record?.file ? { at: `${record.file}${record.line ? `:${record.line}` : ''}` } : {}) })
    }
  }
  const sorted = new Map<string, RuleTest[]>()
  for (const [id, tests] of out) sorted.set(id, [...tests.values()].sort((a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))
  return sorted
}
