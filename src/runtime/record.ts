/**
 * Run-time traceability: when the `CR_CITE_LOG` environment variable names a
 * file, every `cite()` made while a test runs appends one JSON line to it —
 * `{"ref":"6.1.4","id":"rule_end_the_run","test":"runs > ends the run","file":"/…/runs.test.ts"}` —
 * and `cr cite --results junit.xml --results that-file` attributes the
 * citation to that test and its outcome, with no parsing of the sources.
 *
 * The current test comes from the runner: vitest (its worker state), jest
 * and anything else exposing `expect.getState().currentTestName`, or
 * `CR_CITE_TEST` set by the caller. Outside a test nothing is written.
 *
 * The module stays dependency-free and loads in browsers: the file system is
 * reached through `process.getBuiltinModule` (Node ≥ 20.16) only when the
 * variable is set, so nothing imports `node:fs`. The log is the engine's test
 * output, appended line by line, never a file of the user's rewritten.
 */

interface Fs {
  appendFileSync(path: string, data: string): void
}

type Target = { file: string; fs: Fs } | null
let target: Target | undefined

function open(): Target {
  const p = (globalThis as { process?: { env?: Record<string, string | undefined>; getBuiltinModule?: (id: string) => unknown } }).process
  const file = p?.env?.CR_CITE_LOG
  if (!file) return null
  const fs = p?.getBuiltinModule?.('fs') as Fs | undefined
  return fs ? { file, fs } : null
}

interface TaskLike {
  name?: string
  suite?: TaskLike
  file?: { filepath?: string }
  type?: string
}

/** The running test's full name (`describe > it`) and file, as the runner knows them. */
export function currentTest(): { name: string; file?: string } | undefined {
  const g = globalThis as {
    process?: { env?: Record<string, string | undefined> }
    __vitest_worker__?: { current?: TaskLike }
    expect?: { getState?: () => { currentTestName?: string; testPath?: string } }
  }
  const explicit = g.process?.env?.CR_CITE_TEST
  if (explicit) return { name: explicit }
  const task = g.__vitest_worker__?.current
  if (task && task.type === 'test' && task.name) {
    const names: string[] = []
    for (let t: TaskLike | undefined = task; t && t.type !== 'file' && t.name; t = t.suite) names.unshift(t.name)
    const file = task.file?.filepath
    return file ? { name: names.join(' > '), file } : { name: names.join(' > ') }
  }
  const state = g.expect?.getState?.()
  if (state?.currentTestName) return state.testPath ? { name: state.currentTestName, file: state.testPath } : { name: state.currentTestName }
  return undefined
}

/** Called by `cite()`: one line in the log, when one is asked for and a test is running. */
export function recordCitation(ref: string, id: string): void {
  if (target === undefined) target = open()
  if (target === null) return
  const test = currentTest()
  if (!test) return
  target.fs.appendFileSync(target.file, `${JSON.stringify({ ref, id, test: test.name, ...(test.file ? { file: test.file } : {}) })}\n`)
}
