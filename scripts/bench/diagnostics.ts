/**
 * Many diagnostics (issue 11): 20,000 rules that each reference an unknown
 * ID must be compiled and reported in seconds, not minutes (suggestions and
 * excerpts were quadratic: 103 s and 72 s). Measured against a baseline in
 * the same run: the same 20,000 rules with valid references.
 *
 *   Scenarios    same      every rule references one unknown ID (the case)
 *                distinct  every rule references its own unknown ID (no cache helps)
 *   Each: compile, the text report (`cr check`), the JSON (`cr check --json`).
 *   Budget, as ratios to the baseline compile measured in the same run (the
 *   machine's load cancels out): `same` ≤ 3×, `distinct` ≤ 5× in total
 *   (compile + text + JSON). Before the fix: `same` 103 s + 72 s at 20,000.
 *
 *   npx tsx scripts/bench/diagnostics.ts [--rules N] [--runs N] [--json]
 */
import { parseArgs } from 'node:util'
import { compile } from '../../src/core/compile.ts'
import { formatDiagnostic, summarize } from '../../src/core/diagnostics.ts'
import { textLookup } from '../../src/io/read-sources.ts'
import type { SourceFile } from '../../src/core/types.ts'

const BUDGET_SAME = 3
const BUDGET_DISTINCT = 5

const { values } = parseArgs({
  options: {
    rules: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
})
const n = Number(values.rules)
const runs = Number(values.runs)

/** One chapter of `n` rules in 100 sections; `ref(i)` is what rule i references. */
function chapter(ref: (i: number) => string): SourceFile[] {
  const lines = ['chapter: chpt_bench', 'text: Bench', 'sections:']
  for (let s = 0; s < 100; s++) {
    lines.push(`- section: sec_bench_${s}`, `  text: Section ${s}`, '  rules:')
    for (let i = s; i < n; i += 100) lines.push(`  - rule: rule_bench_number_${i}`, `    text: Rule ${i} points to {ref:${ref(i)}}.`)
  }
  return [
    { path: 'rules/01_bench.yaml', content: `${lines.join('\n')}\n` },
    { path: 'rules/release.yaml', content: 'version: v99.01\neffective: "2099-01-01"\n' },
  ]
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
}

function measure(files: SourceFile[]) {
  const compileMs: number[] = []
  const textMs: number[] = []
  const jsonMs: number[] = []
  let count = 0
  for (let r = 0; r < runs; r++) {
    let t = performance.now()
    const { messages } = compile(files)
    compileMs.push(performance.now() - t)
    count = messages.length
    t = performance.now()
    const sourceOf = textLookup(files)
    const report = `${messages.map((m) => formatDiagnostic(m, sourceOf)).join('\n\n')}\n\n${summarize(messages)}`
    textMs.push(performance.now() - t)
    t = performance.now()
    const json = JSON.stringify({ ok: false, messages }, null, 2)
    jsonMs.push(performance.now() - t)
    if (report.length === 0 || json.length === 0) throw new Error('empty report')
  }
  const c = median(compileMs)
  const x = median(textMs)
  const j = median(jsonMs)
  return { diagnostics: count, compileMs: Math.round(c), textMs: Math.round(x), jsonMs: Math.round(j), totalMs: Math.round(c + x + j) }
}

// Warm-up (JIT, caches), not counted: otherwise the first scenario pays for it.
compile(chapter((i) => `rule_bench_number_${(i + 1) % n}`))
const baseline = measure(chapter((i) => `rule_bench_number_${(i + 1) % n}`))
const same = measure(chapter(() => 'rule_bench_numbr_ghost'))
const distinct = measure(chapter((i) => `rule_bench_ghost_${i}`))
const ratio = (m: ReturnType<typeof measure>) => Math.round((m.totalMs / Math.max(1, baseline.compileMs)) * 100) / 100
const sameRatio = ratio(same)
const distinctRatio = ratio(distinct)
const ok = sameRatio <= BUDGET_SAME && distinctRatio <= BUDGET_DISTINCT
const result = { rules: n, runs, baseline, same, distinct, sameOverBaseline: sameRatio, distinctOverBaseline: distinctRatio, budgetSame: BUDGET_SAME, budgetDistinct: BUDGET_DISTINCT, ok }

// The other case, for information: `cr check --json` on one rule with 150,000 unknown keys (was 226 s, then a stack overflow).
const keyLines = ['chapter: chpt_k', 'text: K', 'sections:', '- section: sec_k', '  text: S', '  rules:', '  - rule: rule_k', '    text: T']
for (let i = 0; i < 150_000; i++) keyLines.push(`    key_${i}: x`)
const keysStart = performance.now()
const keys = compile([{ path: 'rules/01_k.yaml', content: `${keyLines.join('\n')}\n` }, { path: 'rules/release.yaml', content: 'version: v99.01\neffective: "2099-01-01"\n' }])
JSON.stringify({ ok: false, messages: keys.messages }, null, 2)
const keysMs = Math.round(performance.now() - keysStart)

if (values.json) {
  process.stdout.write(`${JSON.stringify({ ...result, unknownKeys150kMs: keysMs })}\n`)
} else {
  const row = (name: string, m: ReturnType<typeof measure>) =>
    `  ${name.padEnd(9)} ${String(m.diagnostics).padStart(6)} diagnostics: compile ${m.compileMs} ms, text report ${m.textMs} ms, JSON ${m.jsonMs} ms (total ${m.totalMs} ms)\n`
  process.stdout.write(
    `diagnostics: ${n} rules, medians of ${runs}\n` +
      row('baseline', baseline) +
      row('same', same) +
      row('distinct', distinct) +
      `  150,000 unknown keys in one rule, compile + JSON: ${keysMs} ms (${keys.messages.length} diagnostics; info)\n` +
      `  over the baseline compile: same ${sameRatio}× (budget ${BUDGET_SAME}×), distinct ${distinctRatio}× (budget ${BUDGET_DISTINCT}×) — ${ok ? 'ok' : 'OVER BUDGET'}\n`,
  )
}
if (!ok) process.exitCode = 1
