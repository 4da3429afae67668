/**
 * Fuzz targets (issue 11): the compiler, the markup parser and the citation
 * scanner, each with an input generator and the properties every input must
 * keep. Shared by the short run in `npm test` (fuzz.test.ts) and the long,
 * bounded one in `npm run fuzz` (scripts/fuzz.ts, one worker per target).
 */
import fc from 'fast-check'
import { stringify } from 'yaml'
import { readCiteConfig } from '../../src/core/cite/config.ts'
import { createScanner } from '../../src/core/cite/scan.ts'
import { DIAGNOSTIC_CODES } from '../../src/core/codes.ts'
import { compile } from '../../src/core/compile.ts'
import { parseMarkup } from '../../src/core/markup/index.ts'
import type { SourceFile } from '../../src/core/types.ts'
import { TABLE } from '../cite/table-fixture.ts'

export interface FuzzTarget<T> {
  name: string
  input: fc.Arbitrary<T>
  /** Throws when a property does not hold. */
  check(input: T): void
}

function assert(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(message)
}

const hostile = ['\u0000', '\u001b[31m', '\u202e', '\r', '\r\n', '\n', '\t', '\ufeff', '\ud800', '😀', '"', "'", '\\', '&', '*', '%', '#', '---', '...', '- ', ': ', '? ', '!!binary ', '&a ', '*a ', '<<: ']
const markupFragments = ['{', '}', '[', ']', ':', ',', '|', '{ref:', '{ref/through:', '{term:', '{card:', '{link:', '{img:', '{n}', '{/n}', '{c}', '[click]', 'rule_a', 'javascript:', 'data:', 'https://x.org', '../', '{curly:']
const markupish = fc.array(fc.oneof(fc.constantFrom(...markupFragments, ...hostile), fc.string({ maxLength: 6 })), { maxLength: 60 }).map((p) => p.join(''))

export const markupTarget: FuzzTarget<string> = {
  name: 'markup',
  input: fc.oneof(markupish, fc.string({ unit: 'binary', maxLength: 200 })),
  check(doc) {
    const { tree, problems } = parseMarkup(doc)
    assert(tree.type === 'root', 'a root')
    for (const p of problems) {
      assert(p.code in DIAGNOSTIC_CODES, `unknown code ${p.code}`)
      const o = p.position?.start.offset ?? 0
      assert(o >= 0 && o <= doc.length, 'problem inside the text')
    }
  },
}

/** A valid chapter to mutate: most fuzzed files should get past YAML into the compiler proper. */
const TEMPLATE = `chapter: chpt_fuzz
text: Fuzz
sections:
- section: sec_fuzz
  text: Section {ref:rule_a}
  rules:
  - rule: rule_a
    text: A {ref:rule_b} and {card:Hedge Fund}.
    rules:
    - rule: rule_b
      text: B [click] {n}new{/n} {link:x|https://x.org}
`

const mutated = fc
  .array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.oneof(markupish, fc.constantFrom(...hostile))), { maxLength: 6 })
  .map((edits) => {
    let s = TEMPLATE
    for (const [at, del, insert] of edits) {
      const i = at % (s.length + 1)
      s = s.slice(0, i) + insert + s.slice(i + del)
    }
    return s
  })
const structured = fc.jsonValue({ maxDepth: 4 }).map((v) => stringify({ chapter: 'chpt_fuzz', text: 'Fuzz', sections: v }))
const fileContent = fc.oneof(mutated, structured, fc.uint8Array({ maxLength: 300 }), markupish)

export const compileTarget: FuzzTarget<SourceFile[]> = {
  name: 'compile',
  input: fc
    // Unique names: a folder cannot hold two files of one name.
    .uniqueArray(fc.tuple(fc.constantFrom('01_a.yaml', '02_b.yaml', 'release.yaml', 'changelog.yaml', 'runs.yaml', 'release.yml'), fileContent), { minLength: 1, maxLength: 4, selector: ([name]) => name })
    .map((files) => files.map(([name, content]) => ({ path: `rules/${name}`, content }))),
  check(files) {
    const a = compile(files)
    for (const m of a.messages) {
      assert(m.code in DIAGNOSTIC_CODES, `unknown code ${m.code}`)
      assert(m.line >= 1 && m.column >= 1, `bad place ${m.line}:${m.column}`)
    }
    // The same result whatever the order of the files.
    const b = compile([...files].reverse())
    assert(JSON.stringify(a) === JSON.stringify(b), 'depends on file order')
  },
}

const citeFragments = ['CR ', 'CR v24.03 ', 'cr', 'rule ', '§', '6.1.4', '6.1.4a', '6.1.4.a', '11.2.2b.i', '6.1', '"6.1"', 'rule_end_the_run', 'rule_end_teh_run', 'rule_54+', 'rule_', ', ', ' and ', 'v24.03', '24.03', '10.10', '/', '(', ')', '"', "'", '`', 'cite!("', '")', '//@ rule: ', 'x', '@v24.03', ' [CR v24.03]', ' (v24.03)', ' of CR 24.03', ' in the 24.03 rules', 'rules:\n  - ', '\n  - ', 'rule: "', 'mytool rule ', '%w[']
const citeText = fc.array(fc.oneof(fc.constantFrom(...citeFragments, '\n', '\r', '\r\n', ' ', '\u0000', '😀'), fc.string({ maxLength: 4 })), { maxLength: 80 }).map((p) => p.join(''))
/** Patterns users write, and ones that would hang a backtracking engine. */
const patterns = fc.subarray(['cite!\\("(?<ref>[^"]*)"\\)', '^//@ rule: (?<ref>.+)$', '(a+)+$', '(?<ref>(x|xx)+y)', '(?<ref>.*)*!', '\\b(rule_\\w+)\\b', 'x*'])

export const citeTarget: FuzzTarget<{ text: string; patterns: string[] }> = {
  name: 'cite',
  input: fc.record({ text: citeText, patterns }),
  check({ text, patterns }) {
    const { config, problems } = readCiteConfig({ cite: { patterns } }, 'cr.config.json')
    assert(problems.length === 0, `pattern refused: ${problems.map((p) => p.message).join('; ')}`)
    const scanner = createScanner(TABLE, config)
    const lines = text.split('\n')
    // As text, and as a CSV sheet (its rule column is a form of its own).
    for (const file of ['f.txt', 'f.csv']) {
      const result = scanner.scan(text, file)
      if (result.needsReleases) continue
      for (const c of result.citations) {
        const line = lines[c.line - 1]
        assert(line !== undefined, `line ${c.line} outside the text`)
        // Where a citation says it is, its text is.
        assert(line.slice(c.column - 1).startsWith(c.text), `citation \`${c.text}\` not at ${c.line}:${c.column}`)
      }
      for (const p of result.problems) assert(p.line >= 1 && p.column >= 1, 'problem placed')
    }
  },
}

export const TARGETS = { markup: markupTarget, compile: compileTarget, cite: citeTarget } as const
export type TargetName = keyof typeof TARGETS

/** Per case: generous on a loaded 2-core machine, hopeless for anything super-linear at these sizes. */
export const CASE_LIMIT = { ms: 2_000, heapMb: 128 }

/**
 * CPU time of this thread, in ms: what a case costs, whatever else the machine runs (wall time
 * on a shared 2-core machine at load 30 put a 100 ms case over the limit). Node 20 has no
 * per-thread clock: there, the process's.
 */
const cpuMs = () => {
  const usage = ((process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage ?? process.cpuUsage)()
  return (usage.user + usage.system) / 1000
}

/** Run one case and check it kept within the per-case time and memory limits, and emitted no process warning. */
export function boundedCheck<T>(target: FuzzTarget<T>, input: T): void {
  const heap = process.memoryUsage().heapUsed
  const start = cpuMs()
  // A library's process warning would reach the user's stderr raw (the `yaml` package's
  // "Keys with collection values will be stringified"): caught as it is emitted, so the case is known.
  const emitWarning = process.emitWarning
  const warnings: string[] = []
  process.emitWarning = ((warning: string | Error) => void warnings.push(typeof warning === 'string' ? warning : warning.message)) as typeof process.emitWarning
  try {
    target.check(input)
  } finally {
    process.emitWarning = emitWarning
  }
  assert(warnings.length === 0, `${target.name}: a Node process warning, expected a diagnostic: ${warnings[0]}`)
  const ms = cpuMs() - start
  const mb = (process.memoryUsage().heapUsed - heap) / 1024 / 1024
  assert(ms <= CASE_LIMIT.ms, `${target.name}: one case took ${Math.round(ms)} ms of CPU (limit ${CASE_LIMIT.ms} ms)`)
  assert(mb <= CASE_LIMIT.heapMb, `${target.name}: one case grew the heap by ${Math.round(mb)} MB (limit ${CASE_LIMIT.heapMb} MB)`)
}
