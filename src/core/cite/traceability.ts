/**
 * Which test each citation belongs to, and how that test ended.
 *
 * A citation's role is decided by what its author wrote, in this order:
 *   1. a verb on its line: `impl`/`implements` → implementation,
 *      `verify`/`verifies` → verification (tracey's `[impl]`/`[verify]`);
 *   2. inside a test (`test-blocks.ts`), or in the comments and attributes
 *      just above one → verification, attributed to that test;
 *   3. the file: a test file (`cite.tests`) → verification, documentation
 *      (`cite.docs`) → documentation (never coverage), else implementation.
 *
 * Tests are matched to the results (`results.ts`) by the name the runner
 * printed (`test-names.ts`: `a > b > name`, `mod::name`, `name[param]`,
 * `Class.Name(args)`, jest's `describe name`, `ns/name`) — the closest
 * reading first — then by file and by the enclosing names, so two tests of
 * the same name in two files stay apart.
 * Pure.
 */
import type { TestBlock } from './test-blocks.ts'
import type { RuntimeCitation, TestCaseResult, TestStatus } from './results.ts'
import { leafOf, lookupKeys, nameMatch, type NamedTest } from './test-names.ts'

export type CitationRole = 'test' | 'impl' | 'doc'
export type FileKind = 'test' | 'impl' | 'doc'

/** A test, as the coverage file and the matrix list it. */
export interface TestRecord {
  name: string
  /** Enclosing names, outermost first. */
  path?: string[]
  /** The source file and line of the test, when found in a source. */
  file?: string
  line?: number
  /** How it ended; `not-run` when results were given and none matched it. Absent without results. */
  status?: TestStatus | 'not-run'
  /** The results file that says so, and the `<testcase>` line in it. */
  result?: { file: string; line: number }
}

const VERB = /(?<![A-Za-z])(impl|implements|implemented|implementation|verify|verifies|verified|verification)(?![A-Za-z])/g

/** `// impl CR 6.1.4`, `r[verify rule_x]`, `@verifies 6.1.4`: the role the line's last verb before `column` says, if any. */
export function roleFromVerb(lineText: string, column: number): 'test' | 'impl' | undefined {
  let role: 'test' | 'impl' | undefined
  let before = lineText.slice(0, column - 1)
  // In a comment, only the comment's words: `impl Runner { // CR 6.1.4` is Rust code before it.
  const comment = /\/\/|\/\*|(?:^|\s)(?:#|;+|--)(?=\s|$|\[)/.exec(before)
  const inCode = comment === null
  if (comment) before = before.slice(comment.index)
  VERB.lastIndex = 0
  for (let m = VERB.exec(before); m !== null; m = VERB.exec(before)) {
    // In code, `impl` is a keyword (Rust), not a verb.
    if (inCode && m[1] === 'impl') continue
    role = m[1]!.startsWith('impl') ? 'impl' : 'test'
  }
  return role
}

/** The key a test is known by in the coverage file: `file > path > name`. */
export function testKey(file: string, block: Pick<TestBlock, 'path' | 'name'>): string {
  return [file, ...block.path, block.name].join(' > ')
}

const stem = (file: string) => file.replace(/\.[^./]+$/, '')
const norm = (s: string) => s.replace(/\\/g, '/').replace(/^\.\//, '')

/** How strongly a result's file, class and suite point at the source file and enclosing names. */
function score(file: string, block: { path: readonly string[] }, c: TestCaseResult): number {
  let s = 0
  const f = norm(file)
  const where = [c.file, c.classname, c.suite].filter((x): x is string => x !== undefined).map(norm)
  if (where.some((w) => w === f || f.endsWith(`/${w}`) || w.endsWith(`/${f}`))) s += 8
  else {
    // Module paths: pytest `tests.test_run`, clojure `engine.abilities-test`, nextest `crate::runs`, vitest's path.
    const dotted = stem(f).replace(/\//g, '.').replace(/_/g, '-')
    const base = stem(f.slice(f.lastIndexOf('/') + 1))
    for (const w of where) {
      const ww = w.replace(/_/g, '-')
      if (ww === dotted || dotted.endsWith(`.${ww}`) || ww.endsWith(`.${dotted}`) || ww.startsWith(`${dotted}.`) || dotted.endsWith(`.${ww.split('.').slice(0, -1).join('.')}`)) {
        s += 6
        break
      }
      if (w.split(/::|\.|\//).includes(base)) {
        s += 3
        break
      }
    }
  }
  const full = `${c.classname ?? ''} ${c.suite ?? ''} ${c.name}`
  for (const p of block.path) if (full.includes(p)) s += 1
  return s
}

/** A test's status from the results that name it: any failure fails it; else any pass; else skipped. */
function combine(statuses: readonly TestStatus[]): TestStatus | 'not-run' {
  if (statuses.length === 0) return 'not-run'
  if (statuses.includes('failed')) return 'failed'
  if (statuses.includes('passed')) return 'passed'
  return 'skipped'
}

export interface ResultIndex {
  /** The results that best match a test of `file`, and the test's status. */
  match(file: string, block: NamedTest): { status: TestStatus | 'not-run'; cases: TestCaseResult[] }
  /** Results no source test matched (their names and messages are searched for citations). */
  unmatched(): TestCaseResult[]
  /** The result a run-time citation was recorded in. */
  forRuntime(r: RuntimeCitation): TestCaseResult[]
}

export function indexResults(cases: readonly TestCaseResult[]): ResultIndex {
  const byKey = new Map<string, TestCaseResult[]>()
  for (const c of cases) {
    for (const k of lookupKeys(c.name)) {
      const list = byKey.get(k)
      if (list) list.push(c)
      else byKey.set(k, [c])
    }
  }
  const used = new Set<TestCaseResult>()
  return {
    match(file, block) {
      const pool = block.pattern ? cases : (byKey.get(block.name) ?? [])
      // The closest reading of the names wins (`with (parens)` as printed over `with` plus parameters), then the file.
      let tier = 0
      let candidates: TestCaseResult[] = []
      for (const c of pool) {
        const t = nameMatch(c.name, block)
        if (t === 0 || t < tier) continue
        if (t > tier) {
          tier = t
          candidates = []
        }
        candidates.push(c)
      }
      if (candidates.length === 0) return { status: 'not-run', cases: [] }
      let best = -1
      let chosen: TestCaseResult[] = []
      for (const c of candidates) {
        const s = score(file, block, c)
        if (s > best) {
          best = s
          chosen = [c]
        } else if (s === best) chosen.push(c)
      }
      for (const c of chosen) used.add(c)
      return { status: combine(chosen.map((c) => c.status)), cases: chosen }
    },
    unmatched: () => cases.filter((c) => !used.has(c)),
    forRuntime(r) {
      const leaf = leafOf(r.test)
      const spaced = r.test.replace(/ > /g, ' ')
      const found = cases.filter((c) => c.name === r.test || c.name.replace(/ > /g, ' ') === spaced || (leafOf(c.name) === leaf && (r.file === undefined || score(r.file, { path: [] }, c) > 0)))
      for (const c of found) used.add(c)
      return found
    },
  }
}

export { combine as combineStatuses, leafOf }
