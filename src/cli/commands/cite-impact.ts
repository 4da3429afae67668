/**
 * `cr cite --impact RULE`: what changing a rule touches — the tests that cite
 * it or one of its sub-rules (with how they ended, when results were read),
 * and the implementation and documentation that cite them.
 */
import { clipText } from '../../core/clip-text.ts'
import type { CoverageFile } from '../../core/coverage.ts'
import { lowerFirst } from '../../core/ids.ts'
import { buildLookup, findRule } from '../../core/lookup.ts'
import type { CiteTable } from '../../core/cite/table.ts'
import type { CiteRule } from '../../core/cite/types.ts'
import type { RuleEntry } from '../../core/types.ts'
import { didYouMean } from '../args.ts'
import { compactNumbers } from '../../core/versions/history.ts'

/**
 * The rule `--impact` asks about, found as `cr show` finds one (an ID, a
 * number, `CR 6.1.4`; a retired ID is followed to today's), or what is wrong,
 * with the same did-you-mean (`rule_end_teh_run` → `rule_end_the_run`).
 */
export function findImpactRule(query: string, table: CiteTable, rules: readonly RuleEntry[]): CiteRule | string {
  const found = findRule(buildLookup(rules as RuleEntry[]), query)
  if (found.entry) return table.byId.get(found.entry.id) ?? found.entry
  const retired = table.retired.get(lowerFirst(query.trim()))
  const today = retired?.target !== undefined ? table.byId.get(retired.target) : undefined
  if (today) return today
  return `--impact ${query}: unknown rule, expected a rule's ID or number${didYouMean(found.suggestions)}`
}

export function impactLines(rule: CiteRule, rules: readonly CiteRule[], file: CoverageFile): string[] {
  // The rule and everything under it.
  const byId = new Map(rules.map((r) => [r.id, r]))
  const under = new Set<string>()
  const walk = (id: string) => {
    if (under.has(id)) return
    under.add(id)
    for (const c of byId.get(id)?.children ?? []) walk(c)
  }
  walk(rule.id)
  const testFiles = new Set(file.tests ?? [])
  const docFiles = new Set(file.docs ?? [])
  // One line per test and per place: a range (`6.2.7a-c`) is one citation of several rules, said as it was written.
  const order = new Map(rules.map((r, k) => [r.id, k]))
  const lines = new Map<string, { role: string; head: string; ids: Set<string> }>()
  for (const [path, list] of Object.entries(file.files)) {
    for (const c of list) {
      if (!under.has(c.id)) continue
      const role = c.role ?? (testFiles.has(path) ? 'test' : docFiles.has(path) ? 'doc' : 'impl')
      let key: string
      let head: string
      if (role === 'test') {
        const t = c.test !== undefined ? file.testCases?.[c.test] : undefined
        key = `test ${c.test ?? `${path}:${c.line}`}`
        const name = t ? `${[...(t.path ?? []), t.name].join(' > ')}${t.file ? ` — ${t.file}:${t.line ?? c.line}` : ''}` : `${path}:${c.line}`
        head = `  ${(t?.status ?? (file.results ? 'not-run' : 'cited')).padEnd(8)} ${name}`
      } else {
        key = `${role} ${path}:${c.line}:${c.column}`
        head = `  ${path}:${c.line}:${c.column}`
      }
      const line = lines.get(key) ?? lines.set(key, { role, head, ids: new Set() }).get(key)!
      line.ids.add(c.id)
    }
  }
  const said = ({ head, ids }: { head: string; ids: Set<string> }) => {
    if (ids.has(rule.id)) return head
    const numbers = [...ids].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)).map((id) => byId.get(id)?.number ?? id)
    return `${head} (${spanOf(numbers)})`
  }
  const tests = [...lines.values()].filter((l) => l.role === 'test').map(said)
  const impl = [...lines.values()].filter((l) => l.role === 'impl').map(said)
  const docs = [...lines.values()].filter((l) => l.role === 'doc').map(said)
  const title = rule.title ?? rule.text ?? ''
  const out = [`${rule.number} ${rule.id}${title ? ` — ${clipText(title, 80)}` : ''}${under.size > 1 ? ` (and ${under.size - 1} sub-rules and steps)` : ''}`]
  out.push(`tests: ${tests.length}`, ...tests.sort())
  out.push(`implementation: ${impl.length}`, ...impl)
  if (docs.length > 0) out.push(`documentation: ${docs.length}`, ...docs)
  return out
}

/** `6.2.7a, 6.2.7b, 6.2.7c` → `6.2.7a–c`; `6.2.7a, 6.2.7c, 6.2.8` → `6.2.7a, 6.2.7c, 6.2.8`. */
function spanOf(numbers: readonly string[]): string {
  const out: string[] = []
  for (let i = 0; i < numbers.length; ) {
    const stem = /^(.*\d)[a-z]$/.exec(numbers[i]!)?.[1]
    let j = i + 1
    if (stem !== undefined) while (j < numbers.length && /^(.*\d)[a-z]$/.exec(numbers[j]!)?.[1] === stem) j++
    if (stem === undefined || j - i === 1) out.push(numbers[i]!)
    else out.push(...compactNumbers(numbers.slice(i, j), stem).split(', ').map((run) => stem + run))
    i = j
  }
  return out.join(', ')
}
