/**
 * Still linear: compile N copies of the CR as one rule set and check its
 * retirements, against N times one copy. Part of scripts/bench/library.ts;
 * alone: `npx tsx scripts/bench/linear.ts [N]`.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { compile } from '../../src/core/compile.ts'
import { lowerFirst } from '../../src/core/ids.ts'
import type { SourceFile } from '../../src/core/types.ts'
import { checkRetirements } from '../../src/core/versions/guard.ts'
import { parseRetirements } from '../../src/core/versions/retired.ts'
import { PACKAGE_ROOT, readRulesDir } from '../../src/io/read-sources.ts'

export /**
 * Compile N copies of the CR as one rule set (every ID and retired ID given
 * a per-copy suffix) and check its retirements; compare with N times one copy.
 */
function measureLinear(n: number): { oneMs: number; manyMs: number; ratio: number } {
  const files = readRulesDir(join(PACKAGE_ROOT, 'rules'), PACKAGE_ROOT)
  const text = (f: SourceFile) => (typeof f.content === 'string' ? f.content : Buffer.from(f.content).toString('utf8'))
  const one = compile(files)
  const retiredFile = files.find((f) => f.path.endsWith('retired.yaml'))
  const retiredText = retiredFile ? text(retiredFile) : 'retired: []\n'
  const words = new Set([...one.document!.rules.map((r) => r.id), ...parseRetirements({ path: 'retired.yaml', content: retiredText }).retirements.entries.map((e) => e.id)])
  // `rule_54+` becomes `rule_54_x3+` (the grammar allows `+` and `.` only at the end); `…run.` ends a sentence.
  const rename = (w: string, k: number) => {
    const last = w.slice(-1)
    if (words.has(lowerFirst(w))) return /[+.]/.test(last) ? `${w.slice(0, -1)}_x${k}${last}` : `${w}_x${k}`
    if (/[+.]/.test(last) && words.has(lowerFirst(w.slice(0, -1)))) return `${w.slice(0, -1)}_x${k}${last}`
    return w
  }
  const copy = (s: string, k: number) => s.replace(/[A-Za-z]\w*[+.]?/g, (w) => rename(w, k))
  const chapters = files.filter((f) => /^\d+_/.test(f.path.split('/').pop()!))
  // The release file; not the changelog, whose references name one copy's IDs.
  const others = files.filter((f) => f.path.endsWith('release.yaml'))
  const setOf = (k: number): { files: SourceFile[]; retired: string } => ({
    files: [
      ...others,
      ...Array.from({ length: k }, (_, c) => chapters.map((f, i) => ({ path: `${String(c * chapters.length + i + 1).padStart(5, '0')}_${f.path.split('/').pop()!.replace(/^\d+_/, '')}`, content: copy(text(f), c) }))).flat(),
    ],
    retired: `retired:\n${Array.from({ length: k }, (_, c) => copy(retiredText.replace(/^retired:\s*\n/m, ''), c)).join('')}`,
  })
  const run = (k: number) => {
    const set = setOf(k)
    const t = performance.now()
    const r = compile(set.files)
    const retired = parseRetirements({ path: 'retired.yaml', content: set.retired })
    const guard = checkRetirements(r.document!, [], retired.retirements)
    const ms = performance.now() - t
    // A copy that does not compile cleanly measures error reporting, not the compiler.
    const problems = [...r.messages, ...retired.messages, ...guard].filter((m) => m.severity === 'error')
    if (problems.length > 0) throw new Error(`${k}× the CR does not compile cleanly: ${problems.slice(0, 3).map((m) => `${m.code} ${m.message}`).join('; ')}`)
    if (r.document!.rules.length !== one.document!.rules.length * k) throw new Error(`expected ${one.document!.rules.length * k} entries, got ${r.document!.rules.length}`)
    return ms
  }
  run(1) // warm the JIT
  const oneMs = Math.min(run(1), run(1), run(1))
  const manyMs = run(n)
  return { oneMs, manyMs, ratio: manyMs / (n * oneMs) }
}


if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const n = Number(process.argv[2] ?? 100)
  const r = measureLinear(n)
  console.log(`1× ${r.oneMs.toFixed(0)} ms, ${n}× ${r.manyMs.toFixed(0)} ms: ${r.ratio.toFixed(2)} of linear (budget 1)`)
}
