/**
 * Resolved hits → a file's citations and problems: the `imprecise-citation`
 * hint (a rule with sub-rules cited without one of them on the line), then
 * what `cr-ignore` comments and per-path `ignore` codes silence.
 */
import type { ScannerSetup } from './context.ts'
import type { Hit } from './hit.ts'
import { suppressedLines } from './suppress.ts'
import type { Citation, CiteProblem, ScanResult } from './types.ts'

export function collect(setup: ScannerSetup, hits: Hit[], file: string): ScanResult {
  hits.sort((a, b) => a.offset - b.offset)
  const citations: Citation[] = []
  const problems: CiteProblem[] = []
  for (const h of hits) {
    if (h.problem) problems.push(h.problem)
    if (h.dropped || !h.rule || h.bare) continue
    const c: Citation = { file, line: h.line, column: h.column, id: h.rule.id, text: h.text, via: h.via }
    if (h.version !== undefined) c.version = h.version
    citations.push(c)
  }
  for (const p of impreciseHints(setup, citations, file)) problems.push(p)
  problems.sort((a, b) => a.line - b.line || a.column - b.column)
  return { citations, problems }
}

/** A rule with sub-rules, cited without any of them on the same line: one hint per rule per file (old citations have their own hint). */
function impreciseHints(setup: ScannerSetup, citations: readonly Citation[], file: string): CiteProblem[] {
  const { byId } = setup.table
  const out: CiteProblem[] = []
  const hinted = new Set<string>()
  let onLine: Map<number, Set<string>> | undefined
  for (const c of citations) {
    if (c.version !== undefined) continue
    const r = byId.get(c.id)
    if (!r || r.kind !== 'rule' || r.children.length === 0 || hinted.has(r.id)) continue
    if (!onLine) {
      onLine = new Map()
      for (const o of citations) {
        let ids = onLine.get(o.line)
        if (!ids) onLine.set(o.line, (ids = new Set()))
        ids.add(o.id)
      }
    }
    const same = onLine.get(c.line)!
    if (r.children.some((child) => same.has(child))) continue
    hinted.add(r.id)
    const firstChild = byId.get(r.children[0]!)
    const lastChild = byId.get(r.children[r.children.length - 1]!)
    const range = firstChild && lastChild ? ` (${firstChild.number}–${lastChild.number})` : ''
    const kind = firstChild?.kind === 'step' ? 'steps' : 'sub-rules'
    out.push({
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
  return out
}

/** Drop what `cr-ignore` comments and per-path `ignore` codes silence; citations stay. */
export function silence(text: string, result: ScanResult, codes: ReadonlySet<string> | undefined): ScanResult {
  if (result.problems.length === 0) return result
  const lines = suppressedLines(text)
  if (lines.size === 0 && !codes) return result
  const problems = result.problems.filter((p) => !lines.has(p.line) && !codes?.has(p.code))
  return problems.length === result.problems.length ? result : { ...result, problems }
}
