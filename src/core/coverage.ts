/**
 * Test coverage of the rules: which engine files cite which rules. `cr cite
 * --write-coverage FILE` writes a coverage file (`schema/coverage.schema.json`);
 * `computeCoverage` turns one plus the document into what the CLI prints and
 * the site shows (per rule: citing files; per chapter: percentages, uncited rules).
 * Pure: no I/O.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import coverageSchema from '../../schema/coverage.schema.json' with { type: 'json' }
import { isCitable } from './cite/table.ts'
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
}

export interface RuleCoverage {
  /** Files citing the rule directly, sorted. */
  files: string[]
  /** Citations in all those files. */
  citations: number
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
}

let validator: ReturnType<Ajv2020['compile']> | undefined

/** Check data read from a coverage file (`CR_COVERAGE`) against its schema; returns the problems, in words. */
export function checkCoverageFile(data: unknown): { file?: CoverageFile; errors: string[] } {
  validator ??= new Ajv2020({ allErrors: true, strict: false }).compile(coverageSchema)
  if (validator(data)) return { file: data as CoverageFile, errors: [] }
  const errors = (validator.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'is invalid'}${e.keyword === 'additionalProperties' ? ` (\`${String(e.params.additionalProperty)}\`)` : ''}`)
  return { errors }
}

/** Citations → the coverage file: deterministic (files and citations sorted). */
export function buildCoverageFile(
  citations: readonly Citation[],
  version: string,
  schema?: string,
  extras: { isTest?: (file: string) => boolean; hashes?: ReadonlyMap<string, string> } = {},
): CoverageFile {
  const files: Record<string, CoverageCitation[]> = {}
  const sorted = [...citations].sort((a, b) => cmp(a.file, b.file) || a.line - b.line || a.column - b.column)
  for (const c of sorted) {
    const entry: CoverageCitation = { id: c.id, line: c.line, column: c.column }
    if (c.number !== undefined) entry.number = c.number
    if (c.version !== undefined) entry.release = c.version
    ;(files[c.file] ??= []).push(entry)
  }
  const out: CoverageFile = { ...(schema ? { $schema: schema } : {}), format: COVERAGE_FORMAT, version, files }
  if (extras.isTest) out.tests = Object.keys(files).filter(extras.isTest)
  if (extras.hashes) {
    const cited = [...new Set(sorted.map((c) => c.id))].sort(cmp)
    out.hashes = Object.fromEntries(cited.flatMap((id) => (extras.hashes!.has(id) ? [[id, extras.hashes!.get(id)!]] : [])))
  }
  return out
}

/**
 * A citable rule is covered when it is cited, when a chapter-11 timing
 * element summarising it is cited, or when it has sub-rules and all of them
 * are covered (citing every sub-rule is more precise than citing the rule).
 */
export function computeCoverage(file: CoverageFile, rules: readonly CiteRule[]): CoverageReport {
  const byId = new Map(rules.map((r) => [r.id, r]))
  const perRule = new Map<string, { files: Set<string>; citations: number }>()
  const unknown = new Set<string>()
  for (const [path, list] of Object.entries(file.files)) {
    for (const c of list) {
      if (!byId.has(c.id)) {
        unknown.add(c.id)
        continue
      }
      let r = perRule.get(c.id)
      if (!r) perRule.set(c.id, (r = { files: new Set(), citations: 0 }))
      r.files.add(path)
      r.citations++
    }
  }

  const covered = coveredBy(perRule.keys(), rules, byId)
  const testFiles = new Set(file.tests ?? [])
  const idsOf = (test: boolean) => Object.entries(file.files).flatMap(([path, list]) => (testFiles.has(path) === test ? list.map((c) => c.id) : []))
  const tested = coveredBy(idsOf(true), rules, byId)
  const implemented = coveredBy(idsOf(false), rules, byId)

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
    if (!isCitable(r)) continue
    const chapter = chapterOf.get(r.chapter)
    total++
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
  for (const c of chapters) c.percent = percent(c.cited, c.total)

  const ruleData: Record<string, RuleCoverage> = {}
  // Document order, so the output reads like the rules.
  for (const r of rules) {
    const d = perRule.get(r.id)
    if (d) ruleData[r.id] = { files: [...d.files].sort(), citations: d.citations }
  }
  return {
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
}

/** Cited IDs → every citable rule they cover (timing summaries cover their prose rule; all sub-rules cover the rule). */
function coveredBy(ids: Iterable<string>, rules: readonly CiteRule[], byId: ReadonlyMap<string, CiteRule>): Set<string> {
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
