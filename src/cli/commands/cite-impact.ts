/**
 * `cr cite --impact RULE`: what changing a rule touches — the tests that cite
 * it or one of its sub-rules (with how they ended, when results were read),
 * and the implementation and documentation that cite them.
 */
import type { CoverageFile } from '../../core/coverage.ts'
import { normalizeNumber } from '../../core/ids.ts'
import type { CiteTable } from '../../core/cite/table.ts'
import type { CiteRule } from '../../core/cite/types.ts'

export function impactLines(query: string, table: CiteTable, rules: readonly CiteRule[], file: CoverageFile): string[] | string {
  const q = query.trim().replace(/^(?:CR|§)\s*/i, '')
  const rule = table.byId.get(q) ?? table.byNumber.get(normalizeNumber(q) ?? q) ?? (table.retired.get(q)?.target !== undefined ? table.byId.get(table.retired.get(q)!.target!) : undefined)
  if (!rule) {
    const near = table.ids.filter((id) => id.startsWith(q.slice(0, Math.max(4, q.length - 3)))).slice(0, 3)
    return `--impact ${query}: unknown rule, expected an ID or number${near.length > 0 ? `; did you mean ${near.map((n) => `\`${n}\``).join(', ')}?` : ''}`
  }
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
  const tests = new Map<string, string>()
  const impl: string[] = []
  const docs: string[] = []
  for (const [path, list] of Object.entries(file.files)) {
    for (const c of list) {
      if (!under.has(c.id)) continue
      const role = c.role ?? (testFiles.has(path) ? 'test' : docFiles.has(path) ? 'doc' : 'impl')
      const via = c.id === rule.id ? '' : ` (${byId.get(c.id)?.number ?? c.id})`
      if (role === 'test') {
        const t = c.test !== undefined ? file.testCases?.[c.test] : undefined
        const key = c.test ?? `${path}:${c.line}`
        const name = t ? `${[...(t.path ?? []), t.name].join(' > ')}${t.file ? ` — ${t.file}:${t.line ?? c.line}` : ''}` : `${path}:${c.line}`
        if (!tests.has(key)) tests.set(key, `  ${(t?.status ?? (file.results ? 'not-run' : 'cited')).padEnd(8)} ${name}${via}`)
      } else (role === 'impl' ? impl : docs).push(`  ${path}:${c.line}:${c.column}${via}`)
    }
  }
  const title = (rule as CiteRule).title ?? (rule as CiteRule).text ?? ''
  const out = [`${rule.number} ${rule.id}${title ? ` — ${title.replace(/\s+/g, ' ').slice(0, 80)}` : ''}${under.size > 1 ? ` (and ${under.size - 1} sub-rules and steps)` : ''}`]
  out.push(`tests: ${tests.size}`, ...[...tests.values()].sort())
  out.push(`implementation: ${impl.length}`, ...impl)
  if (docs.length > 0) out.push(`documentation: ${docs.length}`, ...docs)
  return out
}
