/**
 * Test results `cr cite --results FILE…` reads: which tests ran, and how they
 * ended.
 *
 * - JUnit XML, as vitest (`--reporter=junit`), jest (`jest-junit`),
 *   cargo-nextest (`[profile.ci.junit]`), pytest (`--junitxml`), clojure.test
 *   reporters (kaocha-junit-xml, test2junit), `dotnet test` loggers and CI
 *   systems write it: `<testsuite>`s (nested or not) of `<testcase name
 *   classname [file] [line]>`, with `<failure>`/`<error>` or `<skipped>`.
 *   Parsed with saxes, a well-kept streaming XML parser that reports where
 *   a file is malformed (line and column), never builds a DOM, and expands no
 *   external entities.
 * - The run-time log the package's `cite()` writes when `CR_CITE_LOG` is set
 *   (JSON lines `{"ref", "id", "test", "file"}`): what each test cited while it
 *   ran, no parsing of sources needed.
 *
 * Pure: text in, results and problems out.
 */
import { SaxesParser } from 'saxes'
import type { CiteProblem } from './types.ts'

export type TestStatus = 'passed' | 'failed' | 'skipped'

export interface TestCaseResult {
  /** As the runner printed it: `ending the run > ends the breach`, `tests::end_the_run`, `test_x[param]`. */
  name: string
  classname?: string
  /** A `file` attribute (pytest, jest-junit with `addFileAttribute`, vitest's suite name). */
  file?: string
  suite?: string
  status: TestStatus
  /** A failure's or skip's message and body: searched for citations too. */
  message?: string
  /** The results file, and the line of the `<testcase>` in it. */
  source: string
  line: number
}

/** A citation `cite()` recorded at run time. */
export interface RuntimeCitation {
  ref: string
  id?: string
  test: string
  file?: string
  source: string
  line: number
}

export interface ReadResults {
  cases: TestCaseResult[]
  runtime: RuntimeCitation[]
  problems: CiteProblem[]
}

const problem = (file: string, line: number, column: number, message: string): CiteProblem => ({ code: 'results-invalid', severity: 'error', file, line, column, message, text: '' })

/** A results file by its content: JUnit XML, or the run-time log (JSON lines). */
export function readResults(text: string, file: string): ReadResults {
  const start = text.replace(/^\uFEFF/, '').trimStart()
  if (start.startsWith('{')) return { cases: [], ...readRuntimeLog(text, file) }
  if (start.startsWith('<')) return { runtime: [], ...readJunit(text, file) }
  return { cases: [], runtime: [], problems: [problem(file, 1, 1, 'Unexpected content, expected JUnit XML (`<testsuites>` or `<testsuite>`) or the run-time log `cite()` writes with CR_CITE_LOG (JSON lines)')] }
}

export function readJunit(xml: string, file: string): { cases: TestCaseResult[]; problems: CiteProblem[] } {
  const cases: TestCaseResult[] = []
  const parser = new SaxesParser({ xmlns: false, position: true })
  const suites: string[] = []
  let current: TestCaseResult | undefined
  /** The `<failure>`/`<error>`/`<skipped>` being read: its text is added to the message. */
  let inOutcome = false
  let sawRoot = false
  let failure: { line: number; column: number; message: string } | undefined
  parser.on('error', (e) => {
    if (failure) return
    // saxes' messages start with `line:column: `; keep the words, place them ourselves.
    failure = { line: parser.line, column: Math.max(1, parser.column), message: `Invalid XML: ${e.message.replace(/^\S*?:\d+:\d+: /, '')}` }
  })
  parser.on('opentag', (tag) => {
    const attr = (k: string) => {
      const v = tag.attributes[k]
      return typeof v === 'string' && v !== '' ? v : undefined
    }
    if (!sawRoot) {
      sawRoot = true
      if (tag.name !== 'testsuites' && tag.name !== 'testsuite' && tag.name !== 'testcase') {
        failure ??= { line: parser.line, column: 1, message: `Unexpected root element <${tag.name}>, expected JUnit XML (<testsuites> or <testsuite>)` }
      }
    }
    if (tag.name === 'testsuite') suites.push(attr('name') ?? '')
    else if (tag.name === 'testcase') {
      const name = attr('name')
      current = { name: name ?? '', status: 'passed', source: file, line: parser.line }
      const classname = attr('classname') ?? attr('class')
      if (classname !== undefined) current.classname = classname
      const f = attr('file') ?? attr('filepath')
      if (f !== undefined) current.file = f
      const suite = suites[suites.length - 1]
      if (suite) current.suite = suite
      if (name === undefined) failure ??= { line: parser.line, column: 1, message: '<testcase> without a `name` attribute' }
    } else if (current && (tag.name === 'failure' || tag.name === 'error' || tag.name === 'skipped')) {
      if (tag.name === 'skipped') {
        if (current.status !== 'failed') current.status = 'skipped'
      } else current.status = 'failed'
      const m = attr('message')
      if (m !== undefined) current.message = current.message ? `${current.message}\n${m}` : m
      inOutcome = !tag.isSelfClosing
    }
  })
  const addText = (t: string) => {
    if (current && inOutcome && t.trim() !== '') current.message = current.message ? `${current.message}\n${t}` : t
  }
  parser.on('text', addText)
  parser.on('cdata', addText)
  parser.on('closetag', (tag) => {
    if (tag.name === 'testsuite') suites.pop()
    else if (tag.name === 'testcase' && current) {
      cases.push(current)
      current = undefined
    } else if (tag.name === 'failure' || tag.name === 'error' || tag.name === 'skipped') inOutcome = false
  })
  try {
    parser.write(xml).close()
  } catch {
    // The error handler kept the first problem.
  }
  if (failure) return { cases: [], problems: [problem(file, failure.line, failure.column, failure.message)] }
  if (!sawRoot) return { cases: [], problems: [problem(file, 1, 1, 'No XML element, expected JUnit XML (<testsuites> or <testsuite>)')] }
  return { cases, problems: [] }
}

/** The run-time log: one JSON object per line, `{"ref": "6.1.4", "id": "rule_x", "test": "suite > name", "file": "…"}`. */
export function readRuntimeLog(text: string, file: string): { runtime: RuntimeCitation[]; problems: CiteProblem[] } {
  const runtime: RuntimeCitation[] = []
  const problems: CiteProblem[] = []
  const lines = text.split('\n')
  lines.forEach((raw, i) => {
    const line = raw.trim()
    if (line === '') return
    let data: unknown
    try {
      data = JSON.parse(line)
    } catch (error) {
      problems.push(problem(file, i + 1, 1, `Invalid JSON line: ${(error as Error).message}, expected {"ref", "test"} as \`cite()\` writes with CR_CITE_LOG`))
      return
    }
    const d = data as Record<string, unknown>
    if (typeof d !== 'object' || d === null || typeof d.ref !== 'string' || typeof d.test !== 'string') {
      problems.push(problem(file, i + 1, 1, 'Unexpected line, expected an object with the strings `ref` and `test`'))
      return
    }
    const r: RuntimeCitation = { ref: d.ref, test: d.test, source: file, line: i + 1 }
    if (typeof d.id === 'string') r.id = d.id
    if (typeof d.file === 'string') r.file = d.file
    runtime.push(r)
  })
  return { runtime, problems }
}
