/**
 * The CI gate: coverage under the minimum, overall or in a chapter, is an
 * error (`coverage-below`). With results, coverage means rules cited by tests
 * that ran and passed; without, rules cited at all. Pure.
 */
import type { CoverageReport } from '../coverage.ts'
import type { CiteProblem } from './types.ts'

export interface MinCoverage {
  overall?: number
  /** Chapter number → percent. */
  chapters: Record<string, number>
}

export function checkMinCoverage(report: CoverageReport, min: MinCoverage, where: { file: string; line: number; column: number }): CiteProblem[] {
  const out: CiteProblem[] = []
  const executed = report.executed !== undefined
  const what = executed ? 'covered by tests that passed' : 'cited'
  const below = (message: string) => out.push({ code: 'coverage-below', severity: 'error', ...where, message, text: '' })
  if (min.overall !== undefined) {
    const got = executed ? report.executed!.percent : report.percent
    const n = executed ? report.executed!.passing : report.cited
    if (got < min.overall) below(`Coverage ${got.toFixed(1)}% (${n}/${report.total} citable rules ${what}) is under the minimum ${min.overall}%`)
  }
  for (const [number, need] of Object.entries(min.chapters)) {
    const ch = report.chapters.find((c) => c.number === number)
    if (!ch) {
      below(`Unknown chapter \`${number}\` in the minimum coverage, expected one of ${report.chapters.map((c) => c.number).join(', ')}`)
      continue
    }
    const got = executed ? (ch.passingPercent ?? 0) : ch.percent
    const n = executed ? (ch.passing ?? 0) : ch.cited
    if (got < need) below(`Chapter ${ch.number} (${ch.title}): coverage ${got.toFixed(1)}% (${n}/${ch.total} ${what}) is under the minimum ${need}%`)
  }
  return out
}

/** `--min-coverage 80`, `--min-coverage 6=90`: merged over the configuration's. */
export function parseMinCoverage(args: readonly string[], base: MinCoverage | undefined): MinCoverage | string {
  const out: MinCoverage = { ...(base?.overall !== undefined ? { overall: base.overall } : {}), chapters: { ...(base?.chapters ?? {}) } }
  for (const a of args) {
    const m = /^(?:(\d{1,2})\s*[=:]\s*)?(\d+(?:\.\d+)?)%?$/.exec(a.trim())
    if (!m || Number(m[2]) > 100) return `--min-coverage ${a}: expected a percent (\`80\`) or a chapter and a percent (\`6=90\`)`
    if (m[1] !== undefined) out.chapters[m[1]] = Number(m[2])
    else out.overall = Number(m[2])
  }
  return out
}
