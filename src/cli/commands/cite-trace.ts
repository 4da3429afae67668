/**
 * `cr cite --results FILE…`: reads the test results, finds the tests in the
 * scanned sources, and gives each citation its role and test
 * (`src/core/cite/traceability.ts`). Citations in a result's name or failure
 * message, and those `cite()` recorded at run time (`CR_CITE_LOG`), are added
 * as citations of the results file.
 */
import { readResults, type RuntimeCitation, type TestCaseResult } from '../../core/cite/results.ts'
import type { CiteTable } from '../../core/cite/table.ts'
import { createLineIndex } from '../../core/cite/lines.ts'
import { findTestBlocks, testAt, type TestBlock } from '../../core/cite/test-blocks.ts'
import { indexResults, roleFromVerb, testKey, type CitationRole, type FileKind, type ResultIndex, type TestRecord } from '../../core/cite/traceability.ts'
import type { Citation, CiteProblem, ScanResult } from '../../core/cite/types.ts'
import { readCiteFile } from '../../io/cite-files.ts'
import { InputError } from '../../io/read-input.ts'

export interface Trace {
  role: CitationRole
  test?: string
}

export interface Tracer {
  /** Give one file's citations their role and test; `text` is the file's. */
  file(path: string, text: string, kind: FileKind, citations: readonly Citation[]): void
  /** Citations found in the results (names, failure messages, run-time logs). */
  finish(scan: (text: string, file: string) => ScanResult, table: () => CiteTable): { citations: Citation[]; problems: CiteProblem[] }
  /**
   * Citations rewritten after the scan (`--baseline` counts a renumbered one
   * for the rule it meant): each keeps the role and test of the one it
   * replaces, at the same place. `before` and `after` are parallel.
   */
  carry(before: readonly Citation[], after: readonly Citation[]): void
  trace: Map<Citation, Trace>
  testCases: Record<string, TestRecord>
  /** The results files read; undefined without `--results`. */
  results: string[] | undefined
  problems: CiteProblem[]
}

export function createTracer(resultFiles: readonly string[], cwd: string): Tracer {
  const problems: CiteProblem[] = []
  const cases: TestCaseResult[] = []
  const runtime: RuntimeCitation[] = []
  for (const f of resultFiles) {
    let text: string
    try {
      text = readCiteFile(f, cwd)
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      problems.push({ code: 'results-invalid', severity: 'error', file: f, line: 1, column: 1, message: `Cannot read the test results: ${error.reason}`, text: '' })
      continue
    }
    const read = readResults(text, f)
    for (const c of read.cases) cases.push(c)
    for (const r of read.runtime) runtime.push(r)
    for (const p of read.problems) problems.push(p)
  }
  const withResults = resultFiles.length > 0
  const index: ResultIndex = indexResults(cases)
  const trace = new Map<Citation, Trace>()
  const testCases: Record<string, TestRecord> = {}

  const record = (path: string, b: TestBlock): string => {
    const key = testKey(path, b)
    if (testCases[key]) return key
    const t: TestRecord = { name: b.name, ...(b.path.length > 0 ? { path: b.path } : {}), file: path, line: b.line }
    if (withResults) {
      const m = index.match(path, b)
      t.status = m.status
      if (m.cases[0]) t.result = { file: m.cases[0].source, line: m.cases[0].line }
    }
    testCases[key] = t
    return key
  }

  return {
    trace,
    testCases,
    results: withResults ? [...resultFiles] : undefined,
    problems,
    carry(before, after) {
      if (before.length !== after.length) throw new Error(`carry: ${before.length} citations before, ${after.length} after`)
      for (let i = 0; i < before.length; i++) {
        const t = before[i] !== after[i] ? trace.get(before[i]!) : undefined
        if (t) trace.set(after[i]!, t)
      }
    },
    file(path, text, kind, citations) {
      if (citations.length === 0) return
      let blocks: TestBlock[] | undefined
      const lines = createLineIndex(text)
      for (const c of citations) {
        const from = lines.startOfLine(c.line) ?? 0
        const to = lines.startOfLine(c.line + 1) ?? text.length
        const verb = roleFromVerb(text.slice(from, to), c.column)
        blocks ??= findTestBlocks(text, path, lines)
        const block = testAt(blocks, c.line)
        // Documentation never counts, whatever verb it uses ("the engine implements CR 6.1.1").
        if (kind === 'doc') trace.set(c, { role: 'doc' })
        else if (verb === 'impl') trace.set(c, { role: 'impl' })
        else if (block) trace.set(c, { role: 'test', test: record(path, block) })
        else if (verb === 'test') trace.set(c, { role: 'test' })
        else trace.set(c, { role: kind })
      }
    },
    finish(scan, tableOf) {
      const citations: Citation[] = []
      if (!withResults) return { citations, problems: [] }
      const extra: CiteProblem[] = []
      // A result no source test matched: its name and message may cite (`test "CR 6.1.4a: …"`).
      for (const c of index.unmatched()) {
        const text = [c.classname, c.name, c.message].filter(Boolean).join('\n')
        const found = scan(text, `${c.source}.txt`)
        if (found.citations.length === 0) continue
        const key = `${c.source} > ${c.classname ? `${c.classname} > ` : ''}${c.name}`
        testCases[key] ??= { name: c.name, ...(c.file ? { file: c.file } : {}), status: c.status, result: { file: c.source, line: c.line } }
        for (const found1 of found.citations) {
          const cit: Citation = { ...found1, file: c.source, line: c.line, column: 1 }
          citations.push(cit)
          trace.set(cit, { role: 'test', test: key })
        }
      }
      // What `cite()` recorded while the tests ran.
      const table = tableOf()
      for (const r of runtime) {
        const rule = table.byId.get(r.id ?? r.ref) ?? table.byNumber.get(r.ref) ?? (table.retired.get(r.id ?? r.ref)?.target !== undefined ? table.byId.get(table.retired.get(r.id ?? r.ref)!.target!) : undefined)
        if (!rule) {
          extra.push({ code: 'unknown-rule', severity: 'error', file: r.source, line: r.line, column: 1, message: `Unknown rule \`${r.ref}\` recorded by cite() in \`${r.test}\``, text: r.ref })
          continue
        }
        const matched = index.forRuntime(r)
        const status = matched.length === 0 ? 'not-run' : matched.some((m) => m.status === 'failed') ? 'failed' : matched.some((m) => m.status === 'passed') ? 'passed' : 'skipped'
        const key = `${r.file ?? r.source} > ${r.test}`
        testCases[key] ??= { name: r.test, ...(r.file ? { file: r.file } : {}), status, ...(matched[0] ? { result: { file: matched[0].source, line: matched[0].line } } : {}) }
        const cit: Citation = { file: r.source, line: r.line, column: 1, id: rule.id, text: r.ref, via: 'call' }
        citations.push(cit)
        trace.set(cit, { role: 'test', test: key })
      }
      return { citations, problems: extra }
    },
  }
}
