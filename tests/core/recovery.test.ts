/**
 * Error recovery with one root cause first: one slip in one file is one
 * message, at the slip, in `cr check` (with its ID guard) as in the language
 * server and the live preview (`FolderCheck`, with each file's last good
 * parse). Nothing else turns red, no chapter is renumbered, and fixing the
 * file gives exactly what a fresh compile gives.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compile } from '../../src/core/compile.ts'
import { FolderCheck } from '../../src/core/folder-check.ts'
import { foldCascades } from '../../src/core/recovery/recover.ts'
import { releaseIdsFromFiles } from '../../src/core/versions/guard.ts'
import { loadCards, readRulesDir } from '../../src/io/read-sources.ts'
import { runCr, repoRoot } from '../cli/run-cr.ts'

const cards = loadCards()
const runs = readFileSync(join(repoRoot, 'rules/06_runs.yaml'), 'utf8')
const ETR = "    text: To {term:end the run} is to halt the Runner's progress toward the server."
const line = runs.split('\n').findIndex((l) => l.startsWith(ETR)) + 1

/** The slips of issue 21, each with where the one message must point and what it must say. */
const slips: { name: string; edit: (t: string) => string; at: [number, number]; says: RegExp }[] = [
  {
    name: 'an unquoted text starting with markup',
    edit: (t) => t.replace(ETR, ETR.replace('text: To {term:end the run}', 'text: {term:end the run}')),
    at: [line, 11],
    says: /^Unexpected `\{` at the start of an unquoted `text`: YAML reads `\{term:end the run\} is to halt.*` as a mapping, expected the text quoted/,
  },
  {
    name: 'a tab in the indentation',
    edit: (t) => t.replace(ETR, `\t${ETR.trimStart()}`),
    at: [line, 1],
    says: /^Unexpected tab in indentation, expected spaces/,
  },
  {
    name: '{term: x} inside wrapped text',
    edit: (t) => t.replace(ETR, "    text: To {term:end the run} is to halt the Runner's\n      progress {term: x} toward the server."),
    at: [line + 1, 21],
    says: /^Unexpected space after `\{term:`: in unquoted text YAML reads `: ` as a key, expected `\{term:x\}` \(no space\)/,
  },
  {
    name: 'a half-typed {ref: at the end of a line',
    edit: (t) => t.replace(ETR, `${ETR.slice(0, -1)} {ref:\n      When`),
    at: [line, ETR.length + 5],
    says: /^Unfinished `\{ref:` at the end of a line/,
  },
  // The same class from other angles: what else YAML reads in an unquoted text, a quote closed early,
  // and the definition line itself slipped.
  {
    name: 'an unquoted text starting with `*` (an alias to YAML)',
    edit: (t) => t.replace(ETR, ETR.replace('text: To', 'text: *Note:* to')),
    at: [line, 11],
    says: /^Unexpected `\*` at the start of an unquoted `text`: YAML reads it as an alias/,
  },
  {
    name: 'a block header with the text on its line',
    edit: (t) => t.replace(ETR, ETR.replace('text: To', 'text: |- To')),
    at: [line, 11],
    says: /^Unexpected `\|` at the start of an unquoted `text`: YAML reads it as a block header/,
  },
  {
    name: "a single-quoted text closed early by an apostrophe",
    edit: (t) => t.replace(ETR, ETR.replace('text: To', "text: 'To")),
    at: [line, ETR.indexOf("Runner's") + 'Runner'.length + 2],
    says: /^Unexpected text after the closing `'` of a quoted `text`: inside single quotes a `'` is written `''`/,
  },
  {
    name: 'a list item without a space after its dash',
    edit: (t) => t.replace('  - subsection: rule_end_the_run\n', '  -subsection: rule_end_the_run\n'),
    at: [line - 1, 3],
    says: /^Unexpected `-subsection`: a list item needs a space after its `-`/,
  },
  {
    name: 'an ID key without a space after its colon',
    edit: (t) => t.replace('  - subsection: rule_end_the_run\n', '  - subsection:rule_end_the_run\n'),
    at: [line - 1, 16],
    says: /^Unexpected `subsection:rule_end_the_run`: YAML reads a key only when its `:` is followed by a space/,
  },
]

function tree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cr-recovery-'))
  cpSync(join(repoRoot, 'rules'), join(dir, 'rules'), { recursive: true })
  mkdirSync(join(dir, 'releases'))
  cpSync(join(repoRoot, 'releases'), join(dir, 'releases'), { recursive: true })
  return dir
}

describe('one slip, one message', () => {
  it.each(slips)('cr check: $name is reported once, where it is, and nothing else is', async ({ edit, at, says }) => {
    const dir = tree()
    writeFileSync(join(dir, 'rules/06_runs.yaml'), edit(runs))
    const r = await runCr(['check', '--json', 'rules'], dir)
    const messages = JSON.parse(r.stdout).messages as { file: string; line: number; column: number; code: string; message: string }[]
    expect(r.code).toBe(1)
    expect(messages.map((m) => `${m.file}:${m.line}:${m.column} ${m.code}`)).toEqual([`rules/06_runs.yaml:${at[0]}:${at[1]} yaml-syntax`])
    expect(messages[0]!.message).toMatch(says)
    // cr fmt reads the file with the same reader and reports the same one message (issue: it printed
    // the parser's every later complaint, or its raw wording at another column), in every format.
    const one = `${messages[0]!.file}:${messages[0]!.line}:${messages[0]!.column}: error[${messages[0]!.code}]: ${messages[0]!.message}`
    for (const argv of [['fmt'], ['fmt', '--check'], ['fmt', 'rules/06_runs.yaml']]) {
      const fmt = await runCr(argv, dir)
      expect(fmt.code, argv.join(' ')).toBe(1)
      // --check reports (stdout); rewriting, stdout is the files written and the diagnostics are on stderr.
      const said = argv.includes('--check') ? fmt.stdout : fmt.stderr
      expect(said.split('\n').filter((l) => /: (error|warning)\[/.test(l)), argv.join(' ')).toEqual([one])
    }
    const json = await runCr(['fmt', '--check', '--format', 'json'], dir)
    const fmtMessages = JSON.parse(json.stdout).messages as typeof messages
    expect(fmtMessages.map((m) => ({ file: m.file, line: m.line, column: m.column, code: m.code, message: m.message }))).toEqual(
      messages.map((m) => ({ file: m.file, line: m.line, column: m.column, code: m.code, message: m.message })),
    )
  }, 600_000)

  it('a genuine mistake elsewhere is still reported beside a broken file, and references to the broken file are not', async () => {
    const dir = tree()
    writeFileSync(join(dir, 'rules/06_runs.yaml'), slips[1]!.edit(runs))
    const access = join(dir, 'rules/07_access_breach.yaml')
    writeFileSync(access, readFileSync(access, 'utf8').replace('{ref:rule_end_the_run}', '{ref:rule_end_the_run} {ref:rule_accesing}'))
    const messages = JSON.parse((await runCr(['check', '--json', 'rules'], dir)).stdout).messages as { file: string; code: string; message: string }[]
    expect(messages.map((m) => `${m.file} ${m.code}`)).toEqual(['rules/06_runs.yaml yaml-syntax', 'rules/07_access_breach.yaml unknown-rule'])
    expect(messages[1]!.message).toContain('rule_accesing')
  }, 600_000)

  it('a broken chapter keeps its place: the chapters after it keep their numbers', () => {
    const files = readRulesDir(join(repoRoot, 'rules'), repoRoot).map((f) => (f.path.endsWith('06_runs.yaml') ? { ...f, content: slips[0]!.edit(runs) } : f))
    const { document, recovery } = compile(files, { cards })
    expect(document!.rules.find((r) => r.id === 'chpt_access_breach')!.number).toBe('7')
    expect(document!.rules.find((r) => r.id === 'rule_end_the_run')).toBeUndefined()
    expect(recovery!.withheld).toContain('rule_end_the_run')
    expect(recovery!.broken.map((b) => [b.file, b.stale])).toEqual([['rules/06_runs.yaml', false]])
  })
})

describe('a definition with a mistake on its own line: one message, nothing waiting on it reported', () => {
  const cases: { name: string; edit: (t: string) => string; code: string; note: RegExp }[] = [
    {
      name: 'a misspelled ID key (its sub-rules go with it)',
      edit: (t) => t.replace('  - subsection: rule_end_the_run\n', '  - subsectoin: rule_end_the_run\n'),
      code: 'schema-unknown-key',
      note: /`rule_end_the_run` and the 3 IDs under it are not defined/,
    },
    {
      name: 'an ID outside the grammar (dashes)',
      edit: (t) => t.replace('  - subsection: rule_jacking_out\n', '  - subsection: rule-jacking-out\n'),
      code: 'schema-id-pattern',
      note: /`rule_jacking_out` is not defined/,
    },
  ]
  it.each(cases)('cr check: $name', async ({ edit, code, note }) => {
    const dir = tree()
    writeFileSync(join(dir, 'rules/06_runs.yaml'), edit(runs))
    const messages = JSON.parse((await runCr(['check', '--json', 'rules'], dir)).stdout).messages as { file: string; code: string; related?: { message: string }[] }[]
    // No unknown-rule for references to it elsewhere, no id-missing from the guard, no schema warning about its children.
    expect(messages.map((m) => `${m.file} ${m.code}`)).toEqual([`rules/06_runs.yaml ${code}`])
    expect(messages[0]!.related?.map((r) => r.message).join('\n')).toMatch(note)
  }, 600_000)

  it('a genuine unknown reference beside it is still reported', async () => {
    const dir = tree()
    writeFileSync(join(dir, 'rules/06_runs.yaml'), cases[1]!.edit(runs).replace('{ref:rule_end_the_run}', '{ref:rule_end_the_rn}'))
    const messages = JSON.parse((await runCr(['check', '--json', 'rules'], dir)).stdout).messages as { code: string; message: string }[]
    expect(messages.map((m) => m.code).sort()).toEqual(['schema-id-pattern', 'unknown-rule'])
    expect(messages.find((m) => m.code === 'unknown-rule')!.message).toContain('rule_end_the_rn')
  }, 600_000)
})

describe('FolderCheck (the language server and the live preview): the last good parse', () => {
  const releases = () => readRulesDirs()
  let ids: ReturnType<typeof releaseIdsFromFiles>[] | undefined
  function readRulesDirs() {
    ids ??= ['v22.12', 'v23.08', 'v24.03', 'v25.04', 'v25.08', 'v26.03'].map((v) => releaseIdsFromFiles(v, readRulesDir(join(repoRoot, 'releases', v), repoRoot)))
    return ids
  }
  const files = readRulesDir(join(repoRoot, 'rules'), repoRoot)
  const withRuns = (text: string) => files.map((f) => (f.path.endsWith('06_runs.yaml') ? { ...f, content: text } : f))

  it.each(slips)('$name: one message; the other files see chapter 6 as it last parsed; fixing it gives a fresh compile\'s result', ({ edit, at }) => {
    const check = new FolderCheck({ cards, releases })
    const clean = check.run(withRuns(runs))
    expect(clean.messages.filter((m) => m.severity === 'error')).toEqual([])
    const broken = check.run(withRuns(edit(runs)))
    expect(broken.messages.map((m) => `${m.file}:${m.line}:${m.column} ${m.code}`)).toEqual([`rules/06_runs.yaml:${at[0]}:${at[1]} yaml-syntax`])
    // Completion and hover keep every chapter, at its number.
    const numbers = new Map(broken.document!.rules.map((r) => [r.id, r.number]))
    expect(numbers.get('rule_end_the_run')).toBe('6.1.4')
    expect(numbers.get('chpt_access_breach')).toBe('7')
    expect(broken.document!.rules.length).toBe(clean.document!.rules.length)
    const fixed = check.run(withRuns(runs))
    expect(fixed).toEqual(clean)
  })

  it('a rule moved out of a broken file into another is no duplicate of its stale self', () => {
    const check = new FolderCheck({ cards, releases })
    check.run(withRuns(runs))
    const moved = 'rule_jack_out_before_approach'
    const cut = runs.split('\n').filter((l) => !l.includes(`- rule: ${moved}`)).join('\n')
    const access = files.find((f) => f.path.endsWith('07_access_breach.yaml'))!
    const accessText = (typeof access.content === 'string' ? access.content : new TextDecoder().decode(access.content)).replace('  rules:\n', `  rules:\n  - rule: ${moved}\n    text: Moved.\n`)
    const result = check.run(withRuns(slips[1]!.edit(cut)).map((f) => (f === access ? { ...f, content: accessText } : f)))
    expect(result.messages.map((m) => m.code)).toEqual(['yaml-syntax'])
  })

  it('folding is idempotent', () => {
    const result = compile(withRuns(slips[2]!.edit(runs)), { cards })
    expect(foldCascades(result.messages, result.recovery!)).toEqual(result.messages)
  })
})
