/**
 * `cr cite` throughput: generate an engine-sized tree (10,000 files, 100 MB of
 * Rust, Clojure and TypeScript with a citation every few dozen lines), then
 * walk, read and scan it five times and report the median in MB/s.
 * Budget: >= 50 MB/s. Compiling the rules (and the releases, for citations
 * that name one: `CR v24.03 6.1.4`) happens once per run and is timed apart.
 *
 *   npx tsx scripts/bench/cite.ts [--files N] [--mb N] [--runs N] [--json]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { compileDir } from '../../src/io/compile-dir.ts'
import { PACKAGE_ROOT } from '../../src/io/read-sources.ts'
import { loadRetirements, releaseCitations } from '../../src/io/releases.ts'
import { readSourceText, walkSources } from '../../src/io/walk-sources.ts'
import { readCiteConfig } from '../../src/core/cite/config.ts'
import { createScanner } from '../../src/core/cite/scan.ts'
import { buildCiteTable, withReleases } from '../../src/core/cite/table.ts'

const BUDGET_MB_S = 50

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '10000' },
    mb: { type: 'string', default: '100' },
    runs: { type: 'string', default: '5' },
    json: { type: 'boolean', default: false },
  },
})
const fileCount = Number(values.files)
const totalBytes = Number(values.mb) * 1_000_000
const runs = Number(values.runs)

// Deterministic pseudo-random numbers, so every run scans the same tree.
let seed = 42
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff)
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!

const t0 = performance.now()
const compiled = compileDir(join(PACKAGE_ROOT, 'rules'))
if (!compiled.document) throw new Error('the rules do not compile')
const compileMs = performance.now() - t0
const rules = compiled.document.rules
const ids = rules.filter((r) => r.kind !== 'timing').map((r) => r.id)
const numbers = rules.filter((r) => r.kind !== 'timing' && r.number.includes('.')).map((r) => r.number)
const t1 = performance.now()
const releases = releaseCitations(join(PACKAGE_ROOT, 'releases'), compiled.document, loadRetirements(join(PACKAGE_ROOT, 'rules')).retirements)
const releasesMs = performance.now() - t1
const oldNumbers = (releases.get('v24.03') ?? []).filter((e) => e.number.includes('.')).map((e) => e.number)

const code: Record<string, string[]> = {
  rs: [
    'pub fn resolve_subroutine(state: &mut GameState, card: CardId) -> Result<(), EngineError> {',
    '    let step_count = state.run.as_ref().map(|r| r.position).unwrap_or_default();',
    '    if state.corp.credits < cost { return Err(EngineError::CannotPay { needed: cost, have: state.corp.credits }); }',
    '    for (i, ice) in server.ice.iter().enumerate().rev() { queue.push(Event::Approach { ice: *ice, position: i }); }',
    '    // The Runner encounters the ice; subroutines resolve in order unless broken.',
    '    let rule_set = RuleSet::default(); let sec_per_frame = 1.0 / 60.0;',
    '}',
  ],
  clj: [
    '(defn resolve-subroutine [state side card]',
    '  (let [step-count (get-in state [:run :position] 0)]',
    '    (if (< (get-in state [:corp :credit]) cost) (assoc state :error :cannot-pay) (update state :queue conj card))))',
    '  ;; The Runner encounters the ice; subroutines resolve in order unless broken.',
    '(defmethod handle-event :approach [state {:keys [ice position]}] (assoc-in state [:run :position] position))',
  ],
  ts: [
    'export function resolveSubroutine(state: GameState, card: CardId): Result<void, EngineError> {',
    '  const stepCount = state.run?.position ?? 0',
    '  if (state.corp.credits < cost) return err({ kind: "cannot-pay", needed: cost, have: state.corp.credits })',
    '  for (const [i, ice] of server.ice.entries()) queue.push({ type: "approach", ice, position: i })',
    '  // The Runner encounters the ice; subroutines resolve in order unless broken.',
    '}',
  ],
}
const citation: Record<string, () => string> = {
  rs: () => pick([`    cite!("${pick(ids)}");`, `    // CR ${pick(numbers)}`, `//@ rule: ${pick(ids)}`, `    // CR v24.03 ${pick(oldNumbers)}`]),
  clj: () => pick([`  ;; CR ${pick(numbers)}`, `  {:cr "${pick(numbers)}" :id "${pick(ids)}"}`, `  ;; CR 24.03 §${pick(oldNumbers)}`]),
  ts: () => pick([`  cite('${pick(ids)}')`, `  // rule ${pick(numbers)} (${pick(ids)})`]),
}

function generate(root: string): number {
  const perFile = Math.round(totalBytes / fileCount)
  let bytes = 0
  for (let i = 0; i < fileCount; i++) {
    const ext = pick(['rs', 'clj', 'ts'] as const)
    const dir = join(root, `pkg${i % 50}`, `mod${i % 7}`)
    mkdirSync(dir, { recursive: true })
    const lines: string[] = []
    let size = 0
    while (size < perFile) {
      const line = random() < 0.03 ? citation[ext]!() : pick(code[ext]!)
      lines.push(line)
      size += line.length + 1
    }
    const text = `${lines.join('\n')}\n`
    writeFileSync(join(dir, `file${i}.${ext}`), text)
    bytes += Buffer.byteLength(text)
  }
  writeFileSync(join(root, '.gitignore'), 'target/\n')
  return bytes
}

const root = mkdtempSync(join(tmpdir(), 'cr-cite-bench-'))
try {
  const bytes = generate(root)
  const { config } = readCiteConfig({ cite: { patterns: ['cite!\\("(?<ref>[^"]*)"\\)', '^//@ rule: (?<ref>.+)$'] } }, 'cr.config.json')
  const table = withReleases(buildCiteTable(rules), releases)
  const times: number[] = []
  let citations = 0
  let problems = 0
  for (let r = 0; r < runs; r++) {
    // A fresh scanner each run: nothing cached from the run before.
    const scanner = createScanner(table, config)
    const start = performance.now()
    citations = 0
    problems = 0
    for (const f of walkSources(['.'], { cwd: root })) {
      const text = readSourceText(f.abs)
      if (text === undefined) continue
      const result = scanner.scan(text, f.path)
      citations += result.citations.length
      problems += result.problems.length
    }
    times.push(performance.now() - start)
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!
  const mbPerS = bytes / 1e6 / (median / 1000)
  const result = {
    files: fileCount,
    mb: Math.round(bytes / 1e4) / 100,
    runs,
    medianMs: Math.round(median),
    mbPerS: Math.round(mbPerS * 10) / 10,
    budgetMbPerS: BUDGET_MB_S,
    citations,
    problems,
    compileRulesMs: Math.round(compileMs),
    compileReleasesMs: Math.round(releasesMs),
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`)
  } else {
    process.stdout.write(
      `cr cite: ${result.files} files, ${result.mb} MB, ${citations} citations, ${problems} problems\n` +
        `  median of ${runs}: ${result.medianMs} ms = ${result.mbPerS} MB/s (budget ${BUDGET_MB_S} MB/s) — runs: ${times.map((t) => Math.round(t)).join(', ')} ms\n` +
        `  compiling the rules (once per run of cr cite): ${result.compileRulesMs} ms; the releases (once, when a file cites one): ${result.compileReleasesMs} ms\n`,
    )
  }
  if (mbPerS < BUDGET_MB_S) process.exitCode = 1
} finally {
  rmSync(root, { recursive: true, force: true })
}
