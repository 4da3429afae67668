/**
 * A rename the rules made without its retirement, found by the rule's text
 * when it also moved (another number, another chapter), and said once: the
 * ID guard's message at the new definition, with the retirement to write and
 * every reference to the old ID folded in with its fix. The same from
 * `cr check` and from `FolderCheck` (the language server, the live preview).
 */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FolderCheck } from '../../src/core/folder-check.ts'
import { foldRenames, releaseIdsFromFiles } from '../../src/core/versions/guard.ts'
import type { Diagnostic, SourceFile } from '../../src/core/types.ts'
import { readRulesDir } from '../../src/io/read-sources.ts'
import { repoRoot, runCr } from '../cli/run-cr.ts'

const VERSIONS = ['v22.12', 'v23.08', 'v24.03', 'v25.04', 'v25.08', 'v26.03']
let ids: ReturnType<typeof releaseIdsFromFiles>[] | undefined
const releases = () => (ids ??= VERSIONS.map((v) => releaseIdsFromFiles(v, readRulesDir(join(repoRoot, 'releases', v), repoRoot))))
const rules = readRulesDir(join(repoRoot, 'rules'), repoRoot)
const textOf = (f: SourceFile) => (typeof f.content === 'string' ? f.content : new TextDecoder().decode(f.content))

/** The rules with `edit` applied to the chapter files named. */
function edited(edits: Record<string, (text: string) => string>): SourceFile[] {
  return rules.map((f) => {
    const name = f.path.split('/').pop()!
    return edits[name] ? { ...f, content: edits[name]!(textOf(f)) } : f
  })
}

const OLD = 'rule_destroy_position'
const NEW = 'rule_position_ceases_to_exist'
const definition = (text: string) => text.slice(text.indexOf(`  - rule: ${OLD}\n`), text.indexOf('  - subsection: rule_position_runner\n'))

/**
 * `rule_destroy_position` (6.2.4 in v26.03) cut from chapter 6, a typo fixed in its text, and pasted,
 * renamed, at the end of chapter 10's first section; a new rule takes 6.2.4. Chapter 10 refers to
 * the old ID once, and now chapter 7 does too.
 */
function renamedAndMoved(): SourceFile[] {
  const runs = textOf(rules.find((f) => f.path.endsWith('06_runs.yaml'))!)
  const moved = definition(runs).replace(`rule: ${OLD}`, `rule: ${NEW}`).replace('its former position', 'its former  position,')
  return edited({
    '06_runs.yaml': (t) => t.replace(definition(t), '  - rule: rule_inserted_here\n    text: A new rule, inserted where the old one was.\n'),
    '10_additional_rules.yaml': (t) => atEndOfFirstSection(t, moved),
    '07_access_breach.yaml': (t) => t.replace('{ref:rule_end_the_run}', `{ref:rule_end_the_run} (see {ref:${OLD}})`),
  })
}

/** `block` (rule lines) appended to the first section of a chapter. */
function atEndOfFirstSection(text: string, block: string): string {
  const at = text.indexOf('\n- section:', text.indexOf('\n- section:') + 1)
  return `${text.slice(0, at)}\n${block.trimEnd()}${text.slice(at)}`
}

const shown = (m: Diagnostic) => `${m.file}:${m.line} ${m.code}`

describe('a rename found by its text, wherever the rule moved', () => {
  it('FolderCheck: one message, at the new definition, naming the retirement and every reference to fix', () => {
    const check = new FolderCheck({ cards: undefined, releases })
    const { messages, document } = check.run(renamedAndMoved())
    const definedAt = document!.rules.find((r) => r.id === NEW)!
    expect(definedAt.number).toMatch(/^10\./)
    expect(messages.map(shown)).toEqual([`${definedAt.source.file}:${definedAt.source.line} id-missing`])
    const [m] = messages
    expect(m!.message).toContain(`\`${NEW}\`, which no release had, has its text, at ${definedAt.number}: if it is \`${OLD}\` renamed, retire \`${OLD}\` with \`renamed_to: ${NEW}\``)
    expect(m!.message).toMatch(new RegExp(`and write \`${NEW}\` in its 2 references to \`${OLD}\`$`))
    expect(m!.suggestions?.[0]).toBe(NEW)
    const notes = m!.related!.map((r) => `${r.file.split('/').pop()} ${r.message}`)
    expect(notes).toEqual([
      `06_runs.yaml \`${OLD}\` was 6.2.4 in v26.03, with that text`,
      expect.stringMatching(/^retired\.yaml retire it here with .*`renamed_to: rule_position_ceases_to_exist`$/),
      `07_access_breach.yaml \`${OLD}\` referred to here: write \`${NEW}\``,
      `10_additional_rules.yaml \`${OLD}\` referred to here: write \`${NEW}\``,
    ])
  })

  it('cr check says the same, in the same one message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-rename-text-'))
    cpSync(join(repoRoot, 'rules'), join(dir, 'rules'), { recursive: true })
    cpSync(join(repoRoot, 'releases'), join(dir, 'releases'), { recursive: true })
    for (const f of renamedAndMoved()) writeFileSync(join(dir, f.path), f.content)
    const r = await runCr(['check', '--json', 'rules'], dir)
    const messages = JSON.parse(r.stdout).messages as Diagnostic[]
    const { messages: live } = new FolderCheck({ cards: undefined, releases }).run(renamedAndMoved())
    expect(messages.map((m) => [shown(m), m.message])).toEqual(live.map((m) => [shown(m), m.message]))
  }, 600_000)

  it('the rule inserted at the old number is not taken for the renamed one', () => {
    const { messages } = new FolderCheck({ cards: undefined, releases }).run(renamedAndMoved())
    expect(messages.flatMap((m) => m.suggestions ?? [])).not.toContain('rule_inserted_here')
  })

  it('a text unlike every new rule is no rename: the retirement is left to the editor, the references stand', () => {
    const files = edited({
      '06_runs.yaml': (t) => t.replace(definition(t), `  - rule: ${NEW}\n    text: Something else entirely, about how servers are numbered.\n  - rule: rule_inserted_here\n    text: A new rule.\n`),
    })
    // `rule_position_ceases_to_exist` at 6.2.4 is still a rename in place by its number.
    const inPlace = new FolderCheck({ cards: undefined, releases }).run(files).messages
    expect(inPlace.map((m) => m.code)).toEqual(['id-missing'])
    // Gone from 6.2.4 (the next rule takes the number), and a new rule with another text elsewhere: no rename.
    const moved = edited({
      '06_runs.yaml': (t) => t.replace(definition(t), ''),
      '10_additional_rules.yaml': (t) => atEndOfFirstSection(t, `  - rule: ${NEW}\n    text: Something else entirely, about how servers are numbered.\n`),
    })
    const messages = new FolderCheck({ cards: undefined, releases }).run(moved).messages
    expect(messages.map((m) => m.code).sort()).toEqual(['id-missing', 'unknown-rule'])
    expect(messages.find((m) => m.code === 'id-missing')!.message).toMatch(/one of `renamed_to`, `merged_into`, `split_into` or `removed`|expected it in the rules or retired/)
  })

  it('folding is idempotent', () => {
    const { messages } = new FolderCheck({ cards: undefined, releases }).run(renamedAndMoved())
    expect(foldRenames(messages)).toEqual(messages)
  })
})
