/**
 * Test coverage of the rules: which engine files cite which rules. `cr cite
 * --write-coverage FILE` writes a coverage file (`schema/coverage.schema.json`);
 * `computeCoverage` turns one plus the document into what the CLI prints and
 * the site shows (per rule: citing files; per chapter: percentages, uncited rules).
 * Pure: no I/O.
 */
import { validatorFor } from './schema-validators.ts'
import { isCitable } from './cite/table.ts'
import type { CitationRole, TestRecord } from './cite/traceability.ts'
import type { Citation, CiteRule } from './cite/types.ts'

/** 2 records the number a citation was written as, and the release it names: a renumbering is reported, not followed. */
export const COVERAGE_FORMAT = 2

/** One citation as the coverage file stores it. */
export interface CoverageCitation {
  /** The rule cited, resolved against the file's `version`. */
  id: string
  line: number
  column: number
  /** The number as written (`CR 6.2.5` → `6.2.5`), when it was written as one: with `version`, what `id` meant then. */
  number?: string
  /** The release the citation names (`CR v24.03 6.2.5` → `v24.03`). */
  release?: string
  /** What it is (`traceability.ts`): a test's, the implementation's, or documentation's (never coverage); absent: by the file. */
  role?: CitationRole
  /** The test it belongs to: a key of `testCases`. */
  test?: string
}

/** The file `--write-coverage` writes (and `CR_COVERAGE` points the site at). */
export interface CoverageFile {
  $schema?: string
  /** 1 (no `number`, `release`) is still read. */
  format: 1 | typeof COVERAGE_FORMAT
  /** The release the citations were resolved against, e.g. `v26.03`. */
  version: string
  /** Source file (relative, `/`-separated) → its citations in text order. Files that cite nothing are left out. */
  files: Record<string, CoverageCitation[]>
  /** Which of `files` are tests (`cite.tests` globs); the others are implementation. */
  tests?: string[]
  /** Rule ID → hash of its text, for every cited rule: what `cr cite --baseline` compares later. */
  hashes?: Record<string, string>
  /** Which of `files` are documentation (`cite.docs`): checked, never coverage. */
  docs?: string[]
  /** The tests citations belong to, by key (`file > describe > name`), with their status when results were read. */
  testCases?: Record<string, TestRecord>
  /** The results files read (`--results`): with them, coverage counts tests that ran and passed. */
  results?: string[]
  /** `cr cite` and its version: tells cr's own outputs from sources. */
  generator?: string
}

export interface RuleCoverage {
  /** Files citing the rule directly, sorted. */
  files: string[]
  /** Citations in all those files. */
  citations: number
  /** With results: the tests citing it directly, by how they ended. */
  tests?: TestCounts
}

export interface TestCounts {
  passed: number
  failed: number
  skipped: number
  /** Tests the results do not name. */
  notRun: number
}

export interface ChapterCoverage {
  id: string
  number: string
  title: string
  /** Citable rules of the chapter that are covered. */
  cited: number
  total: number
  /** 0–100, one decimal; 100 for a chapter without citable rules. */
  percent: number
  /** Citable rules not covered, in document order. */
  uncited: string[]
  /** Citable rules covered by test files, and by implementation files. */
  tested: number
  implemented: number
  /** With results: citable rules of the chapter covered by tests that ran and passed. */
  passing?: number
  /** With results: `passing` of `total`, 0–100. */
  passingPercent?: number
}

export interface CoverageReport {
  /** Release of the coverage file. */
  version: string
  /** Citable rules (rules, sub-rules, steps) that are covered, in all chapters. */
  cited: number
  /** Of those, covered by test files (`tests` of the coverage file), and by the other files. */
  tested: number
  implemented: number
  total: number
  percent: number
  chapters: ChapterCoverage[]
  /** Every directly cited ID (any kind), with its files. */
  rules: Record<string, RuleCoverage>
  /** Citable rules not covered, in document order. */
  uncited: string[]
  /** IDs in the coverage file the document does not define (a coverage file of another release). */
  unknown: string[]
  /** Rules the exceptions file lists: out of `total` and every count. */
  excepted?: string[]
  /**
   * With results (`--results`): citable rules covered by tests that ran and
   * passed (`passing`), and the rules some failing or skipped test cites.
   */
  executed?: { passing: number; percent: number; failing: string[]; skipped: string[]; tests: TestCounts }
}

export interface CoverageOptions {
  /** Rule ID → why it is not to be covered: left out of every total. */
  exceptions?: ReadonlyMap<string, string>
}

/** Check data read from a coverage file (`CR_COVERAGE`) against its schema; returns the problems, in words. */
export function checkCoverageFile(data: unknown): { file?: CoverageFile; errors: string[] } {
  const validator = validatorFor('coverage')
  if (validator(data)) return { file: data as CoverageFile, errors: [] }
  const errors = (validator.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'is invalid'}${e.keyword === 'additionalProperties' ? ` (\`${String(e.params.additionalProperty)}\`)` : ''}`)
  return { errors }
}

/** Citations → the coverage file: deterministic (files and citations sorted). */
export function buildCoverageFile(
  citations: readonly Citation[],
  version: string,
  schema?: string,
  extras: {
    isTest?: (file: string) => boolean
    isDoc?: (file: string) => boolean
    hashes?: ReadonlyMap<string, string>
    /** Per citation (same objects as `citations`): its role and test. */
    trace?: ReadonlyMap<Citation, { role: CitationRole; test?: string }>
    testCases?: Record<string, TestRecord>
    results?: string[]
    generator?: string
  } = {},
): CoverageFile {
  const files: Record<string, CoverageCitation[]> = {}
  const sorted = [...citations].sort((a, b) => cmp(a.file, b.file) || a.line - b.line || a.column - b.column)
  for (const c of sorted) {
    const entry: CoverageCitation = { id: c.id, line: c.line, column: c.column }
    if (c.number !== undefined) entry.number = c.number
    if (c.version !== undefined) entry.release = c.version
    const t = extras.trace?.get(c)
    if (t) {
      // Written only where it differs from the file's: a test in a source file, an `impl` verb in a test file.
      const byFile = extras.isTest?.(c.file) ? 'test' : extras.isDoc?.(c.file) ? 'doc' : 'impl'
      if (t.role !== byFile) entry.role = t.role
      if (t.test !== undefined) entry.test = t.test
    }
    ;(files[c.file] ??= []).push(entry)
  }
  const out: CoverageFile = { ...(schema ? { $schema: schema } : {}), ...(extras.generator ? { generator: extras.generator } : {}), format: COVERAGE_FORMAT, version, files }
  if (extras.isTest) out.tests = Object.keys(files).filter(extras.isTest)
  if (extras.isDoc) out.docs = Object.keys(files).filter(extras.isDoc)
  if (extras.testCases) out.testCases = extras.testCases
  if (extras.results) out.results = extras.results
  if (extras.hashes) {
    const cited = [...new Set(sorted.map((c) => c.id))].sort(cmp)
    out.hashes = Object.fromEntries(cited.flatMap((id) => (extras.hashes!.has(id) ? [[id, extras.hashes!.get(id)!]] : [])))
  }
  return out
}

/** Which rules are covered, and by what: what `computeCoverage` counts and the matrix's statuses are read from. */
export interface CoverageSets {
  /** Covered by tests or implementation (documentation never covers). */
  covered: ReadonlySet<string>
  /** Covered by tests (a test's citations, or a test file's). */
  tested: ReadonlySet<string>
  /** Covered by implementation. */
  implemented: ReadonlySet<string>
  /** With results: covered by tests that ran and passed. */
  passing?: ReadonlySet<string>
}

/** One walk over the coverage file's citations: the IDs by role and by outcome, per rule its files and tests. */
function readCitations(file: CoverageFile, byId: ReadonlyMap<string, CiteRule>) {
  const perRule = new Map<string, { files: Set<string>; citations: number; tests?: Map<string, string> }>()
  const unknown = new Set<string>()
  const testFiles = new Set(file.tests ?? [])
  const docFiles = new Set(file.docs ?? [])
  const cases = file.testCases
  const withResults = file.results !== undefined
  const roleOf = (path: string, c: CoverageCitation): CitationRole => c.role ?? (testFiles.has(path) ? 'test' : docFiles.has(path) ? 'doc' : 'impl')
  const ids: Record<CitationRole, string[]> = { test: [], impl: [], doc: [] }
  const passingIds: string[] = []
  const failing = new Set<string>()
  const skipped = new Set<string>()
  const allTests = new Map<string, string>()
  for (const [path, list] of Object.entries(file.files)) {
    for (const c of list) {
      if (!byId.has(c.id)) {
        unknown.add(c.id)
        continue
      }
      const role = roleOf(path, c)
      ids[role].push(c.id)
      if (role === 'doc') continue
      let r = perRule.get(c.id)
      if (!r) perRule.set(c.id, (r = { files: new Set(), citations: 0 }))
      r.files.add(path)
      r.citations++
      if (withResults && role === 'test' && c.test !== undefined) {
        const status = cases?.[c.test]?.status ?? 'not-run'
        ;(r.tests ??= new Map()).set(c.test, status)
        allTests.set(c.test, status)
        if (status === 'passed') passingIds.push(c.id)
        else if (status === 'failed') failing.add(c.id)
        else if (status === 'skipped') skipped.add(c.id)
      }
    }
  }
  return { withResults, perRule, unknown, ids, passingIds, failing, skipped, allTests }
}

function setsOf(read: ReturnType<typeof readCitations>, rules: readonly CiteRule[], byId: ReadonlyMap<string, CiteRule>): CoverageSets {
  const sets: CoverageSets = {
    covered: coveredBy([...read.ids.test, ...read.ids.impl], rules, byId),
    tested: coveredBy(read.ids.test, rules, byId),
    implemented: coveredBy(read.ids.impl, rules, byId),
  }
  if (read.withResults) sets.passing = coveredBy(read.passingIds, rules, byId)
  return sets
}

/** The rules a coverage file covers, by what (`computeCoverage`'s definition of covered). */
export function coverageSets(file: CoverageFile, rules: readonly CiteRule[]): CoverageSets {
  const byId = new Map(rules.map((r) => [r.id, r]))
  return setsOf(readCitations(file, byId), rules, byId)
}

/**
 * A citable rule is covered when it is cited, when a chapter-11 timing
 * element summarising it is cited, or when it has sub-rules and all of them
 * are covered (citing every sub-rule is more precise than citing the rule).
 */
export function computeCoverage(file: CoverageFile, rules: readonly CiteRule[], options: CoverageOptions = {}): CoverageReport {
  const byId = new Map(rules.map((r) => [r.id, r]))
  const read = readCitations(file, byId)
  const { perRule, unknown, failing, skipped, allTests } = read
  const { covered, tested, implemented, passing } = setsOf(read, rules, byId)
  const excepted = options.exceptions
  let passingCount = 0

  const chapters: ChapterCoverage[] = []
  const chapterOf = new Map<string, ChapterCoverage>()
  const uncited: string[] = []
  let cited = 0
  let total = 0
  let testedCount = 0
  let implementedCount = 0
  for (const r of rules) {
    if (r.kind === 'chapter') {
      const c: ChapterCoverage = { id: r.id, number: r.number, title: r.title ?? r.text ?? r.id, cited: 0, total: 0, percent: 100, uncited: [], tested: 0, implemented: 0 }
      chapters.push(c)
      chapterOf.set(r.id, c)
      continue
    }
    if (!isCitable(r) || excepted?.has(r.id)) continue
    const chapter = chapterOf.get(r.chapter)
    total++
    if (passing?.has(r.id)) {
      passingCount++
      if (chapter) chapter.passing = (chapter.passing ?? 0) + 1
    }
    if (chapter) chapter.total++
    if (tested.has(r.id)) {
      testedCount++
      if (chapter) chapter.tested++
    }
    if (implemented.has(r.id)) {
      implementedCount++
      if (chapter) chapter.implemented++
    }
    if (covered.has(r.id)) {
      cited++
      if (chapter) chapter.cited++
    } else {
      uncited.push(r.id)
      chapter?.uncited.push(r.id)
    }
  }
  for (const c of chapters) {
    c.percent = percent(c.cited, c.total)
    if (passing) {
      c.passing ??= 0
      c.passingPercent = percent(c.passing, c.total)
    }
  }

  const ruleData: Record<string, RuleCoverage> = {}
  // Document order, so the output reads like the rules.
  for (const r of rules) {
    const d = perRule.get(r.id)
    if (!d) continue
    ruleData[r.id] = { files: [...d.files].sort(), citations: d.citations }
    if (d.tests) ruleData[r.id]!.tests = countTests(d.tests.values())
  }
  const report: CoverageReport = {
    version: file.version,
    cited,
    tested: testedCount,
    implemented: implementedCount,
    total,
    percent: percent(cited, total),
    chapters,
    rules: ruleData,
    uncited,
    unknown: [...unknown].sort(),
  }
  if (excepted && excepted.size > 0) report.excepted = rules.filter((r) => excepted.has(r.id)).map((r) => r.id)
  if (passing) {
    const order = (set: Set<string>) => rules.filter((r) => set.has(r.id)).map((r) => r.id)
    report.executed = { passing: passingCount, percent: percent(passingCount, total), failing: order(failing), skipped: order(skipped), tests: countTests(allTests.values()) }
  }
  return report
}

function countTests(statuses: Iterable<string>): TestCounts {
  const t: TestCounts = { passed: 0, failed: 0, skipped: 0, notRun: 0 }
  for (const s of statuses) {
    if (s === 'passed') t.passed++
    else if (s === 'failed') t.failed++
    else if (s === 'skipped') t.skipped++
    else t.notRun++
  }
  return t
}

/** Cited IDs → every citable rule they cover (timing summaries cover their prose rule; all sub-rules cover the rule). */
function coveredBy(ids: Iterable<string>, rules: readonly CiteRule[], byId: ReadonlyMap<string, CiteRule>): ReadonlySet<string> {
  const covered = new Set<string>()
  for (const id of ids) {
    if (!byId.has(id)) continue
    covered.add(id)
    const prose = byId.get(id)?.prose
    if (prose) covered.add(prose)
  }
  // Children come after their parent in document order: walk backwards.
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i]!
    if (covered.has(r.id) || !isCitable(r) || r.children.length === 0) continue
    const citable = r.children.filter((c) => {
      const child = byId.get(c)
      return child !== undefined && isCitable(child)
    })
    if (citable.length > 0 && citable.every((c) => covered.has(c))) covered.add(r.id)
  }
  return covered
}

/** Rule ID → number of citations: the shape the site's rule pages read. */
export function citationCounts(report: CoverageReport): Map<string, number> {
  return new Map(Object.entries(report.rules).map(([id, r]) => [id, r.citations]))
}

const percent = (n: number, of: number) => (of === 0 ? 100 : Math.round((n / of) * 1000) / 10)
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
