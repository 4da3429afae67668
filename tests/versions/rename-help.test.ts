/**
 * An ID renamed in the rules without a retirement: the ID guard's message says where the entry goes
 * (the end of retired.yaml, not its modeline at 1:1) and what to write, and a reference to the old ID
 * is folded into it with the new one (it offered unrelated spellings: `rule_create_position`, …).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { referencesThrough } from '../../src/core/versions/diff.ts'
import type { Retirements } from '../../src/core/versions/retired.ts'
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
    // One message per rename: the reference to the old ID is folded into it, with its fix.
    expect(messages.map((m) => m.code)).toEqual(['id-missing'])
    const [missing] = messages
    expect(missing!.suggestions?.[0]).toBe('rule_position_ceases')
    expect(missing!.message).toMatch(/, and write `rule_position_ceases` in its 1 reference to `rule_destroy_position`$/)
    expect(missing!.related!.find((x) => x.file === 'rules/10_additional_rules.yaml')!.message).toBe('`rule_destroy_position` referred to here: write `rule_position_ceases`')
    const retire = missing!.related!.find((x) => x.file === 'rules/retired.yaml')!
    expect(retire.line).toBe(retiredLines)
    expect(retire.message).toBe('retire it here with `- id: rule_destroy_position`, `release: v26.03` and `renamed_to: rule_position_ceases`')
  }, 600_000)
})

describe('a rename recorded in retired.yaml is one change, not a rewording of every rule citing it', () => {
  it('cr diff: the rule citing the renamed (and renumbered) rule is not reworded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-rename-'))
    cpSync(join(repoRoot, 'rules'), join(dir, 'rules'), { recursive: true })
    cpSync(join(repoRoot, 'releases'), join(dir, 'releases'), { recursive: true })
    for (const f of ['06_runs.yaml', '10_additional_rules.yaml']) {
      const path = join(dir, 'rules', f)
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('rule_destroy_position', 'rule_position_ceases'))
    }
    // A rule inserted before it: its number moves too (6.2.4 → 6.2.5), as in the report.
    const runs = join(dir, 'rules/06_runs.yaml')
    writeFileSync(runs, readFileSync(runs, 'utf8').replace('  - rule: rule_position_ceases\n', '  - rule: rule_position_inserted\n    text: A rule inserted for the test.\n  - rule: rule_position_ceases\n'))
    const retired = join(dir, 'rules/retired.yaml')
    writeFileSync(retired, `${readFileSync(retired, 'utf8')}- id: rule_destroy_position\n  release: v26.03\n  renamed_to: rule_position_ceases\n`)
    expect((await runCr(['check', 'rules'], dir)).code).toBe(0)
    const r = await runCr(['diff', 'v26.03', 'current'], dir)
    expect(r.stdout).toMatch(/renamed, renumbered: 6\.2\.4 → 6\.2\.5 +rule_destroy_position → rule_position_ceases/)
    expect(r.stdout).not.toMatch(/reworded/)
  }, 600_000)

  it('referencesThrough: an ID retired into another compares as that ID; others are left as written', () => {
    const retired = { file: 'retired.yaml', entries: [], byId: new Map([['rule_old', { targets: ['rule_new'] }]]) } as unknown as Retirements
    const through = referencesThrough(retired, (id) => id === 'rule_new' || id === 'rule_kept')
    expect(through('See rule_old, rule_kept and rule_oldish.')).toBe('See rule_new, rule_kept and rule_oldish.')
  })
})
