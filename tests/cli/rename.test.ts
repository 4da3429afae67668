/**
 * `cr rename OLD NEW [DIR]` on a copy of the real rules and releases: what an editor without a
 * language server does instead. Checked from the outside: `cr check` (with its ID guard against
 * every release) is clean after it, the bytes of every file it did not mean to change are the same,
 * a refusal changes nothing, and a rename cut short is finished by running it again.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCr, repoRoot } from './run-cr.ts'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cr-rename-'))
  cpSync(join(repoRoot, 'rules'), join(root, 'rules'), { recursive: true })
  cpSync(join(repoRoot, 'releases'), join(root, 'releases'), { recursive: true })
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const read = (name: string) => readFileSync(join(root, 'rules', name), 'utf8')
const snapshot = () => Object.fromEntries(readdirSync(join(root, 'rules')).map((n) => [n, read(n)]))
const count = (needle: RegExp) => Object.values(snapshot()).reduce((n, text) => n + (text.match(needle)?.length ?? 0), 0)

async function checkIsClean() {
  const r = await runCr(['check', '--json', 'rules'], root)
  expect(JSON.parse(r.stdout).messages).toEqual([])
  expect(r.code).toBe(0)
}

describe('cr rename', () => {
  it('renames a rule given by its number: the definition, every reference (a capitalised one stays capitalised), and retires the old ID', async () => {
    const refsBefore = count(/\{ref(?:\/through)?:[^}]*\brule_end_the_run\b/g)
    expect(refsBefore).toBeGreaterThan(1)
    // A capitalised reference at the start of a sentence, as the sources write some.
    const runs = read('06_runs.yaml')
    writeFileSync(join(root, 'rules/06_runs.yaml'), runs.replace('{ref:rule_end_the_run}', '{ref:Rule_end_the_run}'))
    const r = await runCr(['rename', '6.1.4', 'rule_end_of_run'], root)
    expect(r.stderr).toMatch(/renamed `rule_end_the_run` \(6\.1\.4\) → `rule_end_of_run`/)
    expect(r.code).toBe(0)
    expect(count(/rule_end_the_run|Rule_end_the_run/g)).toBe(
      // What is left of the old ID is its retirement entry alone.
      1,
    )
    expect(read('retired.yaml')).toMatch(/- id: rule_end_the_run\n\s+release: v26\.03\n\s+renamed_to: rule_end_of_run/)
    expect(read('06_runs.yaml')).toContain('{ref:Rule_end_of_run}')
    expect(count(/\{ref(?:\/through)?:[^}]*\b[Rr]ule_end_of_run\b/g)).toBe(refsBefore)
    await checkIsClean()
    // The number an engine cites still names the rule; the old ID is followed.
    const show = await runCr(['show', '--json', 'rule_end_the_run', '--dir', 'rules'], root)
    expect(show.stdout + show.stderr).toMatch(/rule_end_of_run/)
  })

  it('a rename and its undoing leave every byte as it was', async () => {
    const before = snapshot()
    expect((await runCr(['rename', 'rule_jack_out_movement_phase', 'rule_jacking_out_movement'], root)).code).toBe(0)
    expect(snapshot()).not.toEqual(before)
    const back = await runCr(['rename', 'rule_jacking_out_movement', 'rule_jack_out_movement_phase'], root)
    expect(back.stderr).toMatch(/current again/)
    expect(snapshot()).toEqual(before)
  })

  it('--dry-run writes nothing and points at each place it would change', async () => {
    const before = snapshot()
    const r = await runCr(['rename', '--dry-run', 'rule_end_the_run', 'rule_x_end'], root)
    expect(r.code).toBe(0)
    expect(snapshot()).toEqual(before)
    const lines = r.stdout.trim().split('\n').filter((l) => /^rules\/\d/.test(l))
    expect(lines.length).toBeGreaterThan(2)
    for (const line of lines) {
      const [, file, row, col] = /^(rules\/[^:]+):(\d+):(\d+): (definition|reference) /.exec(line)!
      const text = readFileSync(join(root, file!), 'utf8').split('\n')[Number(row) - 1]!
      expect(text.slice(Number(col) - 1).toLowerCase().startsWith('rule_end_the_run')).toBe(true)
    }
    expect(lines.filter((l) => / definition /.test(l))).toHaveLength(1)
    expect(r.stdout).toMatch(/retired\.yaml: `rule_end_the_run` \(v26\.03\) renamed to `rule_x_end`/)
  })

  it('renames the references in retired.yaml notes too', async () => {
    // retired.yaml names rules in its notes ({ref:rule_flatline} …): they follow the rename.
    const note = /\{ref:rule_flatline\}/
    expect(read('retired.yaml')).toMatch(note)
    expect((await runCr(['rename', 'rule_flatline', 'rule_flatline_state'], root)).code).toBe(0)
    expect(read('retired.yaml')).not.toMatch(note)
    expect(read('retired.yaml')).toMatch(/\{ref:rule_flatline_state\}/)
    await checkIsClean()
  })

  it('refuses, changing nothing: an unknown ID (with what was meant), a taken ID, a retired ID, a bad ID, a frozen release, a chapter that does not parse', async () => {
    const before = snapshot()
    const unknown = await runCr(['rename', 'rule_end_teh_run', 'rule_y'], root)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/no rule `rule_end_teh_run`.*did you mean `rule_end_the_run`/)
    const taken = await runCr(['rename', 'rule_end_the_run', 'rule_jack_out_movement_phase'], root)
    expect(taken.stderr).toMatch(/`rule_jack_out_movement_phase` is already the ID of \d+\.\d+/)
    expect(taken.code).toBe(2)
    const retiredId = /- id: (\w+)/.exec(read('retired.yaml'))![1]!
    const retired = await runCr(['rename', 'rule_end_the_run', retiredId], root)
    expect(retired.stderr).toMatch(/is a retired ID/)
    expect(retired.code).toBe(2)
    const bad = await runCr(['rename', 'rule_end_the_run', 'End-The-Run'], root)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/is not an ID/)
    const frozen = await runCr(['rename', 'rule_end_the_run', 'rule_z', 'releases/v24.03'], root)
    expect(frozen.stderr).toMatch(/frozen release v24\.03/)
    expect(frozen.code).toBe(2)
    expect(snapshot()).toEqual(before)
    // A chapter that does not parse could hold references: no rename until it does.
    writeFileSync(join(root, 'rules/09_abilities.yaml'), `${read('09_abilities.yaml')}\n  - rule: [unclosed\n`)
    const after = snapshot()
    const broken = await runCr(['rename', 'rule_end_the_run', 'rule_z'], root)
    expect(broken.code).toBe(2)
    expect(broken.stderr).toMatch(/09_abilities\.yaml.*cr check/)
    expect(snapshot()).toEqual(after)
  })

  it('a rename cut short (one file left as it was) is finished by running it again', async () => {
    const access = read('07_access_breach.yaml')
    expect(access).toContain('{ref:rule_end_the_run}')
    expect((await runCr(['rename', 'rule_end_the_run', 'rule_ends_run'], root)).code).toBe(0)
    // As if the disk filled before this file was written.
    writeFileSync(join(root, 'rules/07_access_breach.yaml'), access)
    expect((await runCr(['check', 'rules'], root)).code).toBe(1)
    const again = await runCr(['rename', 'rule_end_the_run', 'rule_ends_run'], root)
    expect(again.stderr).toMatch(/finished renaming/)
    expect(again.code).toBe(0)
    await checkIsClean()
    const third = await runCr(['rename', 'rule_end_the_run', 'rule_ends_run'], root)
    expect(third.stderr).toMatch(/nothing left to rename/)
    expect(third.code).toBe(0)
  })

  it('a rename made by hand (the definition alone) is finished by the command cr check names', async () => {
    const runs = read('06_runs.yaml')
    writeFileSync(join(root, 'rules/06_runs.yaml'), runs.replace('- subsection: rule_end_the_run\n', '- subsection: rule_run_ends\n'))
    const check = await runCr(['check', 'rules'], root)
    expect(check.code).toBe(1)
    const named = /`(cr rename rule_end_the_run rule_run_ends)`/.exec(check.stdout + check.stderr)
    expect(named, check.stderr).not.toBeNull()
    const r = await runCr(named![1]!.split(' ').slice(1), root)
    expect(r.stderr).toMatch(/finished renaming/)
    expect(r.code).toBe(0)
    await checkIsClean()
  })
})

describe('the players\' phrasings beside the rules follow a rename', () => {
  it('renames the key in data/phrasings/, byte for byte elsewhere; a new ID with phrasings of its own keeps both and says so', async () => {
    const dir = join(root, 'data', 'phrasings')
    mkdirSync(dir, { recursive: true })
    const text = ['# players\' words', 'rule_jacking_out:', '  - bail out of the run', 'rule_run:', '  - go for a run', ''].join('\n')
    writeFileSync(join(dir, '06_runs.yaml'), text)
    const dry = await runCr(['rename', '--dry-run', 'rule_jacking_out', 'rule_jack_out'], root)
    expect(dry.stdout).toContain('data/phrasings/06_runs.yaml:2:1: phrasings rule_jacking_out → rule_jack_out')
    expect(readFileSync(join(dir, '06_runs.yaml'), 'utf8')).toBe(text)
    const r = await runCr(['rename', 'rule_jacking_out', 'rule_jack_out'], root)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toContain("its phrasings' key in data/phrasings/06_runs.yaml")
    expect(readFileSync(join(dir, '06_runs.yaml'), 'utf8')).toBe(text.replace('rule_jacking_out:', 'rule_jack_out:'))
    await checkIsClean()
    // Both IDs with phrasings: nothing merged behind the editor's back; cr check then warns the old key is read as the new one's.
    writeFileSync(join(dir, '06_runs.yaml'), `${text.replace('rule_jacking_out:', 'rule_jack_out:')}rule_end_of_run:\n  - stop the run\nrule_end_the_run:\n  - etr\n`)
    const both = await runCr(['rename', 'rule_end_the_run', 'rule_end_of_run'], root)
    expect(both.code, both.stderr).toBe(0)
    expect(both.stderr).toMatch(/`rule_end_of_run` has phrasings of its own, so `rule_end_the_run`'s are left under their key/)
    const check = await runCr(['check', '--json', 'rules'], root)
    expect((JSON.parse(check.stdout).messages as { code: string; line: number }[]).map((m) => `${m.code} ${m.line}`)).toEqual(['renamed-rule 8'])
  }, 600_000)
})
