/**
 * How test runners print a test's name in JUnit XML, and whether a printed
 * name names a test found in a source (`test-blocks.ts`). A table of
 * conventions, one row per runner family:
 *
 * | runner | printed `name` | the test in the source |
 * | --- | --- | --- |
 * | vitest, bun | `outer > inner > with (parens)` | `it('with (parens)')` in `describe('outer')`… |
 * | jest-junit, mocha | `outer inner with (parens)` | the same, titles joined by spaces |
 * | `.each` / `.for` | `adds 1 and 2` | `it.each(…)('adds %s and %d')`: the title as a pattern |
 * | cargo-nextest, cargo2junit | `tests::end_the_run`, `tests::sum::case_1` (rstest, test_case) | `fn end_the_run`, `fn sum` |
 * | pytest | `test_x[param-1]` (classname `tests.test_run.TestRun`) | `def test_x` |
 * | JUnit 4/5, Surefire, Gradle | `add(int, int)[1]`, `add()` | `void add(…)` |
 * | dotnet loggers | `Ns.Class.Method(x: 1)` | `void Method(…)` |
 * | go-junit-report, gotestsum | `TestX/sub_case` | `func TestX` |
 * | kaocha-junit-xml, test2junit | `engine.runs-test/end-the-run?` | `(deftest end-the-run? …)` |
 *
 * A name is compared as characters, never as an expression: brackets,
 * parentheses, `*`, `$`, `?` and the rest are only themselves. Only a
 * runner's own additions are taken off (the parameters it prints after the
 * name of one test function), and only for the languages whose runners add
 * them: a JS title `with (parens)` is never the test `with`.
 * Pure.
 */

export type TestLanguage = 'js' | 'rust' | 'python' | 'clojure' | 'dotnet' | 'jvm' | 'go'

/** Enough of a source test to compare names: its own name, enclosing names, an `.each` title's pattern, its language. */
export interface NamedTest {
  name: string
  path: readonly string[]
  pattern?: RegExp
  lang?: TestLanguage
}

/** Where each language's runners put the parameters of one test function: the printed name without them. */
const WITHOUT_PARAMETERS: Record<TestLanguage, ((printed: string) => string | undefined) | undefined> = {
  // vitest and jest print `.each` titles filled in: matched by the title's pattern, never by taking text off.
  js: undefined,
  // rstest `sum::case_1`, test_case `add::_1_2_expects_3`: a module named for the function.
  rust: (p) => {
    const i = p.lastIndexOf('::')
    return i > 0 ? p.slice(0, i) : undefined
  },
  // pytest `test_x[a-(b)]`: from the first `[` (a function's name has none).
  python: (p) => bracketed(p, '['),
  // JUnit `add(int, int)[1]`, `add()`, `[1]` after a method name.
  jvm: (p) => bracketed(p, '(['),
  dotnet: (p) => bracketed(p, '('),
  // Subtests: `TestX/sub/case`.
  go: (p) => {
    const i = p.indexOf('/')
    return i > 0 ? p.slice(0, i) : undefined
  },
  clojure: undefined,
}

/** `name(args)` or `name[params]`: the part before the first of `openers`, when the text ends with a closer. */
function bracketed(printed: string, openers: string): string | undefined {
  if (!printed.endsWith(')') && !printed.endsWith(']')) return undefined
  let i = -1
  for (let k = 0; k < printed.length; k++) {
    if (openers.includes(printed[k]!)) {
      i = k
      break
    }
  }
  return i > 0 ? printed.slice(0, i).trimEnd() : undefined
}

/** The printed name without the parameters the test's language's runners add (every language's when it is not known). */
export function withoutParameters(printed: string, lang: TestLanguage | undefined): string[] {
  const heads = new Set<string>()
  const langs = lang === undefined ? (Object.keys(WITHOUT_PARAMETERS) as TestLanguage[]) : [lang]
  for (const l of langs) {
    const head = WITHOUT_PARAMETERS[l]?.(printed)
    if (head !== undefined && head !== '' && head !== printed) heads.add(head)
  }
  return [...heads]
}

const hasSpace = (s: string) => /\s/.test(s)

/** `form` ends with the test's name after a separator that runners print (vitest's ` > `, Rust's `::`, `.`/`/`/`#` in full names without spaces). */
function endsWithName(form: string, name: string): boolean {
  if (form === name) return true
  if (!form.endsWith(name)) return false
  const before = form.slice(0, form.length - name.length)
  if (before.endsWith(' > ') || before.endsWith('::')) return true
  // `Engine.Tests.AccessTests.RevealsCard`, `engine.runs-test/end-the-run`, `RunTest#endsRun`.
  return (before.endsWith('.') || before.endsWith('/') || before.endsWith('#')) && !hasSpace(before)
}

/**
 * How closely a printed name names the test: 3 as printed (its name after a
 * runner's separator, its enclosing names joined as jest joins them, or an
 * `.each` title's pattern), 2 once the runner's parameters are taken off,
 * 1 loosely (the name at the end of jest-style space-joined titles,
 * parameters taken off in any language's way), 0 not at all.
 */
export function nameMatch(printed: string, test: NamedTest): 0 | 1 | 2 | 3 {
  const p = printed.trim()
  const name = test.name
  if (endsWithName(p, name) || p === [...test.path, name].join(' ')) return 3
  if (test.pattern && leaves(p).some((l) => test.pattern!.test(l))) return 3
  if (withoutParameters(p, test.lang).some((h) => endsWithName(h, name))) return 2
  if (p.endsWith(` ${name}`)) return 1
  if (test.pattern && spacedSuffixes(p).some((l) => test.pattern!.test(l))) return 1
  if (test.lang !== undefined && withoutParameters(p, undefined).some((h) => endsWithName(h, name) || h.endsWith(` ${name}`))) return 1
  return 0
}

/** The printed name and what follows each ` > ` or `::` in it: where a test's own title may start. */
function leaves(p: string): string[] {
  const out = [p]
  for (const sep of [' > ', '::']) for (let i = p.indexOf(sep); i !== -1; i = p.indexOf(sep, i + 1)) out.push(p.slice(i + sep.length))
  return out
}

function spacedSuffixes(p: string): string[] {
  const out: string[] = []
  for (let i = p.indexOf(' '); i !== -1; i = p.indexOf(' ', i + 1)) out.push(p.slice(i + 1))
  return out
}

/**
 * The keys a printed name is filed under, so that a test is looked up by its
 * own name: the name, the name without any runner's parameters, and every
 * tail of them after a separator character (` `, `.`, `:`, `/`, `#`, `>`).
 */
export function lookupKeys(printed: string): string[] {
  const keys = new Set<string>()
  const p = printed.trim()
  for (const form of [p, ...withoutParameters(p, undefined)]) {
    keys.add(form)
    for (let i = 0; i < form.length; i++) {
      const ch = form[i]!
      if (ch === ' ' || ch === '.' || ch === ':' || ch === '/' || ch === '#' || ch === '>') keys.add(form.slice(i + 1))
    }
  }
  return [...keys]
}

/** The last name of a runner's printed name, as printed: after the last ` > ` or `::`. */
export function leafOf(name: string): string {
  let n = name.trim()
  const gt = n.lastIndexOf(' > ')
  if (gt !== -1) n = n.slice(gt + 3)
  const sep = n.lastIndexOf('::')
  if (sep !== -1) n = n.slice(sep + 2)
  return n.trim()
}
