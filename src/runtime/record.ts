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
 * `file` is the test's file as the runner reports it; with no runner that
 * does (`CR_CITE_TEST` in a plain script, `node --test`), the file of the
 * code that called `cite()`: the first stack frame outside the package. It is
 * absent when that code is in no file (`node -e`, the REPL, `eval`).
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
  let found: { name: string; file?: string } | undefined
  const task = g.__vitest_worker__?.current
  if (task && task.type === 'test' && task.name) {
    const names: string[] = []
    for (let t: TaskLike | undefined = task; t && t.type !== 'file' && t.name; t = t.suite) names.unshift(t.name)
    found = { name: names.join(' > '), ...(task.file?.filepath ? { file: task.file.filepath } : {}) }
  } else {
    const state = g.expect?.getState?.()
    if (state?.currentTestName) found = { name: state.currentTestName, ...(state.testPath ? { file: state.testPath } : {}) }
  }
  // The caller's name wins; the runner still knows the file.
  if (explicit) return found?.file ? { name: explicit, file: found.file } : { name: explicit }
  return found
}

/** A stack frame's place, `(/a/b.js:3:7)` or `file:///a/b.mjs:3:7`, as a path; undefined for `node:`, `[eval]`, `<anonymous>`, native frames. */
function framePath(line: string, toPath: (url: string) => string): string | undefined {
  let at = line.trim().replace(/^at\s+/, '')
  // `fn (place)`: the place is in the first parenthesis (an `eval at …` place then names no file).
  const paren = at.indexOf('(')
  if (at.endsWith(')') && paren !== -1) at = at.slice(paren + 1, -1)
  else at = at.replace(/^async\s+/, '')
  const place = /^(.*?):\d+:\d+$/.exec(at)?.[1]
  if (place === undefined) return undefined
  if (place.startsWith('file://')) return toPath(place)
  return place.startsWith('/') || /^[A-Za-z]:[\\/]/.test(place) ? place : undefined
}

/** The file of the code that called `cite()`: the first frame of the stack outside this module's folder. */
export function callerFile(): string | undefined {
  const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  const url = p?.getBuiltinModule?.('url') as { fileURLToPath(u: string): string } | undefined
  const toPath = (u: string) => (url ? url.fileURLToPath(u) : decodeURIComponent(u.replace(/^file:\/\//, '')))
  const E = Error as { stackTraceLimit?: number }
  const limit = E.stackTraceLimit
  let stack: string | undefined
  try {
    // Enough frames to get past the package's own, whatever the engine set.
    if (typeof limit === 'number' && limit < 20) E.stackTraceLimit = 20
    stack = new Error().stack
  } finally {
    if (typeof limit === 'number') E.stackTraceLimit = limit
  }
  if (!stack) return undefined
  const files = stack.split('\n').slice(1).map((line) => framePath(line, toPath))
  const own = files.find((f) => f !== undefined)
  if (own === undefined) return undefined
  const folder = own.slice(0, Math.max(own.lastIndexOf('/'), own.lastIndexOf('\\')) + 1)
  return files.find((f) => f !== undefined && !f.startsWith(folder))
}

/** Called by `cite()`: one line in the log, when one is asked for and a test is running. */
export function recordCitation(ref: string, id: string): void {
  if (target === undefined) target = open()
  if (target === null) return
  const test = currentTest()
  if (!test) return
  const file = test.file ?? callerFile()
  target.fs.appendFileSync(target.file, `${JSON.stringify({ ref, id, test: test.name, ...(file !== undefined ? { file } : {}) })}\n`)
}
