/**
 * An ID renamed in the rules without a retirement: the ID guard's message says where the entry goes
 * (the end of retired.yaml, not its modeline at 1:1) and what to write, and a reference to the old ID
 * offers the new one (it offered unrelated spellings: `rule_create_position`, …).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCr, repoRoot } from '../cli/run-cr.ts'

describe('a rename without its retirement', () => {
  it('says where to append the entry, and the reference to the old ID names the new one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-rename-'))
    cpSync(join(repoRoot, 'rules'), join(dir, 'rules'), { recursive: true })
    cpSync(join(repoRoot, 'releases'), join(dir, 'releases'), { recursive: true })
    const runs = join(dir, 'rules/06_runs.yaml')
    writeFileSync(runs, readFileSync(runs, 'utf8').replace('- rule: rule_destroy_position\n', '- rule: rule_position_ceases\n'))
    const retiredLines = readFileSync(join(dir, 'rules/retired.yaml'), 'utf8').split('\n').length
    const r = await runCr(['check', '--json', 'rules'], dir)
    const messages = JSON.parse(r.stdout).messages as { code: string; message: string; suggestions?: string[]; related?: { file: string; line: number; message: string }[] }[]
    expect(r.code).toBe(1)
    expect(messages.map((m) => m.code)).toEqual(['unknown-rule', 'id-missing'])
    const [ref, missing] = messages
    expect(ref!.suggestions?.[0]).toBe('rule_position_ceases')
    expect(ref!.message).toMatch(/`rule_destroy_position` is missing from the rules, and `rule_position_ceases`, at its number, looks like its new name$/)
    const retire = missing!.related!.find((x) => x.file === 'rules/retired.yaml')!
    expect(retire.line).toBe(retiredLines)
    expect(retire.message).toBe('retire it here with `- id: rule_destroy_position`, `release: v26.03` and `renamed_to: rule_position_ceases`')
  }, 600_000)
})
