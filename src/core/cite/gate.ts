/**
 * The CI gate: coverage under the minimum, overall or in a chapter, is an
 * error (`coverage-below`). With results, coverage means rules cited by tests
 * that ran and passed; without, rules cited at all. Pure.
 */
import type { CoverageReport } from '../coverage.ts'
import { NOWHERE } from '../diagnostics.ts'
import type { Place } from '../types.ts'
import type { CiteProblem } from './types.ts'

export interface MinCoverage {
  overall?: number
  /** Chapter number → percent. */
  chapters: Record<string, number>
  /** Where each minimum was set: its key in the config file. None: the command line's, about no file (`NOWHERE`). */
  at?: { overall?: Place; chapters?: Record<string, Place> }
}

/** Each minimum not met, an error at the place the minimum was set. */
export function checkMinCoverage(report: CoverageReport, min: MinCoverage): CiteProblem[] {
  const out: CiteProblem[] = []
  const executed = report.executed !== undefined
  const what = executed ? 'covered by tests that passed' : 'cited'
  const below = (where: Place | undefined, message: string) => out.push({ code: 'coverage-below', severity: 'error', ...(where ?? NOWHERE), message, text: '' })
  if (min.overall !== undefined) {
    const got = executed ? report.executed!.percent : report.percent
    const n = executed ? report.executed!.passing : report.cited
    if (got < min.overall) below(min.at?.overall, `Coverage ${got.toFixed(1)}% (${n}/${report.total} citable rules ${what}) is under the minimum ${min.overall}%`)
  }
  for (const [number, need] of Object.entries(min.chapters)) {
    const where = min.at?.chapters?.[number]
    const ch = report.chapters.find((c) => c.number === number)
    if (!ch) {
      below(where, `Unknown chapter \`${number}\` in the minimum coverage, expected one of ${report.chapters.map((c) => c.number).join(', ')}`)
      continue
    }
    const got = executed ? (ch.passingPercent ?? 0) : ch.percent
    const n = executed ? (ch.passing ?? 0) : ch.cited
    if (got < need) below(where, `Chapter ${ch.number} (${ch.title}): coverage ${got.toFixed(1)}% (${n}/${ch.total} ${what}) is under the minimum ${need}%`)
  }
  return out
}

/**
 * `--min-coverage 80`, `--min-coverage 6=90`: merged over the configuration's
 * (a minimum given here is the command line's, about no file); a string says
 * what is wrong with an argument.
 */
export function parseMinCoverage(args: readonly string[], base: MinCoverage | undefined): MinCoverage | string {
  const out: MinCoverage = { ...(base?.overall !== undefined ? { overall: base.overall } : {}), chapters: { ...(base?.chapters ?? {}) } }
  const at = { ...(base?.at?.overall ? { overall: base.at.overall } : {}), chapters: { ...(base?.at?.chapters ?? {}) } }
  for (const a of args) {
    const m = /^(?:([^=:]*?)\s*[=:]\s*)?(.*?)%?$/.exec(a.trim())!
    const [, chapter, value] = m
    if (chapter !== undefined && !/^\d{1,2}$/.test(chapter)) return `--min-coverage ${a}: \`${chapter}\` is not a chapter number, expected a chapter and a percent (\`6=90\`)`
    if (!/^\d+(?:\.\d+)?$/.test(value!)) return `--min-coverage ${a}: \`${value}\` is not a number, expected a percent (\`80\`) or a chapter and a percent (\`6=90\`)`
    if (Number(value) > 100) return `--min-coverage ${a}: ${value}% is over 100, expected a percent from 0 to 100`
    if (chapter !== undefined) {
      out.chapters[chapter] = Number(value)
      delete at.chapters[chapter]
    } else {
      out.overall = Number(value)
      delete at.overall
    }
  }
  return { ...out, at }
}
