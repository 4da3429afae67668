import { describe, expect, it } from 'vitest'
import { repoRoot, runCr } from '../cli/run-cr.ts'
import { chooseRules } from '../../src/io/shipped-rules.ts'
import { workingLabel } from '../../src/io/working-label.ts'

// The rules/ of this repository as the CLI names them: `v26.03+` while they differ from releases/v26.03.
const today = () => workingLabel(chooseRules(undefined, { cwd: repoRoot }), 'v26.03', { cwd: repoRoot })

describe('cr diff', () => {
  it('lists the changes between two releases as text', async () => {
    const r = (await runCr(['diff', 'v23.08', 'v24.03']))
    expect([r.code, r.stderr]).toEqual([0, ''])
    expect(r.stdout).toMatch(/^v23\.08 \(2023-08\) → v24\.03 \(2024-03-30\): 10 added, 11 renamed, 2 split/)
    expect(r.stdout).toContain('  renamed: 10.3.1a  rule_checkpoint_conditional_abilities → step_checkpoint_conditional_abilities\n')
    expect(r.stdout).toContain('{+Assassination, +}')
  })

  it('prints JSON with --json, one chapter with --chapter', async () => {
    const r = (await runCr(['diff', 'v25.08', 'v26.03', '--json', '--chapter', '6']))
    expect(r.code).toBe(0)
    const d = JSON.parse(r.stdout)
    expect(d.from.version).toBe('v25.08')
    // Every change in chapter 6, on either side: what is in it now, or was (a rule merged out of it into chapter 10).
    for (const e of d.entries as { chapter: string; oldNumber?: string; newNumber?: string }[]) expect(e.chapter === 'chpt_runs' || e.oldNumber?.startsWith('6.'), JSON.stringify(e)).toBe(true)
    expect(d.entries.filter((e: { chapter: string }) => e.chapter !== 'chpt_runs').length).toBeLessThan(5)
    expect(d.entries.find((e: { id: string }) => e.id === 'rule_pass_after_breaking')).toMatchObject({ change: 'added', newNumber: '6.1.3f' })
  })

  it('a reference whose word follows its target ("rule 6.1.4" printed "section 6.1.4" once 6.1.4 has sub-rules) is no rewording', async () => {
    const r = await runCr(['diff', 'v25.08', 'v26.03', '--json'])
    expect(r.code).toBe(0)
    const entries = JSON.parse(r.stdout).entries as { id: string; changes: string[] }[]
    const changes = (id: string) => entries.find((e) => e.id === id)?.changes ?? []
    // 6.1.3d and 6.1.5 cite 6.1.4 and are untouched in the YAML; 6.3.3 was rewritten.
    expect(changes('rule_move_new_run_phase')).not.toContain('reworded')
    expect(changes('rule_jacking_out')).not.toContain('reworded')
    expect(changes('rule_initiation_bad_publicity')).toContain('reworded')
    const baseline = await runCr(['show', '6.1.5', '--version', 'v25.08'])
    expect(baseline.stdout).toMatch(/text unchanged since v25\.08/)
  })

  it('compares with the rules directory as `current`', async () => {
    const r = (await runCr(['diff', 'v26.03', 'current', '--json']))
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).to.version).toBe('current')
  })

  it('from a newer release to an older one: the forward diff inverted (merges are splits, added is removed)', async () => {
    const forward = await runCr(['diff', 'v24.03', 'v26.03'])
    const backward = await runCr(['diff', 'v26.03', 'v24.03'])
    expect(backward.code).toBe(0)
    const counts = (out: string) => Object.fromEntries([...out.split('\n')[0]!.split(': ')[1]!.matchAll(/(\d+) ([a-z ]+?)(?:,|$)/g)].map((m) => [m[2], Number(m[1])]))
    const f = counts(forward.stdout)
    const b = counts(backward.stdout)
    expect(f).toMatchObject({ added: 79, removed: 11, merged: 11, split: 4 })
    expect(b).toEqual({ ...f, added: f.removed, removed: f.added, merged: f.split, split: f.merged })
    // v26.03's 6.2.6b was made of v24.03's 6.2.3b and 6.2.3c: going back, it is split into them, not removed.
    expect(backward.stdout).toMatch(/ {2}split, [^\n]*: 6\.2\.6b → 6\.2\.3b {2}rule_ice_change_inward → rule_ice_added_inward\n/)
    expect(backward.stdout).toMatch(/ {2}split, [^\n]*: 6\.2\.6b → 6\.2\.3c {2}rule_ice_change_inward → rule_ice_removed_inward\n/)
    expect(backward.stdout).not.toMatch(/ {2}(removed|added)[^\n]*(rule_ice_change_inward|rule_ice_added_inward|rule_ice_removed_inward)/)
  }, 600_000)

  it('--chapter takes a chapter or a section, by number or ID, in either release, with a did-you-mean', async () => {
    const json = async (...args: string[]) => {
      const r = await runCr(['diff', ...args, '--json'])
      expect(r.code, args.join(' ')).toBe(0)
      return JSON.parse(r.stdout) as { entries: { id: string; oldId?: string; change: string; section: string | null }[]; counts: Record<string, number> }
    }
    const byNumber = await json('v24.03', 'v26.03', '--chapter', '6.2')
    expect(await json('v24.03', 'v26.03', '--chapter', 'sec_position')).toEqual(byNumber)
    expect(await json('v24.03', 'v26.03', '--chapter', '§ 6.2')).toEqual(byNumber)
    // Everything in the section on either side, and nothing else: the merge into 6.2.6b and what went into it.
    expect(byNumber.entries.length).toBeGreaterThan(10)
    expect(byNumber.entries.every((e) => e.section === 'sec_position')).toBe(true)
    expect(byNumber.entries.filter((e) => e.id === 'rule_ice_change_inward').map((e) => e.oldId).sort()).toEqual(['rule_ice_added_inward', 'rule_ice_removed_inward'])
    // Backward, the same section mirrored.
    const back = await json('v26.03', 'v24.03', '--chapter', '6.2')
    expect(back.counts).toMatchObject({ added: byNumber.counts.removed, removed: byNumber.counts.added, merged: byNumber.counts.split, split: byNumber.counts.merged })
    const unknown = await runCr(['diff', 'v24.03', 'v26.03', '--chapter', 'sec_positon'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^cr diff: error: unknown chapter or section `sec_positon` in v24\.03 and v26\.03; did you mean `sec_position`/)
  }, 600_000)

  it('exits 2 on unknown releases and chapters', async () => {
    const r = (await runCr(['diff', 'v99.01', 'v24.03']))
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^cr diff: error: unknown release `v99\.01`, expected one of v22\.12, v23\.08, v24\.03, v25\.04, v25\.08, v26\.03, current\n/)
    expect((await runCr(['diff', 'v24.03'])).code).toBe(2)
    expect((await runCr(['diff', 'v24.03', 'v25.04', '--chapter', '12'])).code).toBe(2)
  })
})

describe('cr show --version', () => {
  it('shows the rule as that release numbered it, and where it is today', async () => {
    const r = (await runCr(['show', '10.3.1i', '--version', 'v24.03']))
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^10\.3\.1i {2}step_checkpoint_card_entering_root_during_breach .*\[v24\.03\]\n/)
    expect(r.stdout).toContain(`Today (${today()}): 10.3.1j \`step_checkpoint_card_entering_root_during_breach\` (was 10.3.1i), text unchanged since v24.03.`)
  })

  it('reads citations that name their release', async () => {
    const r = (await runCr(['show', 'CR 24.03 §4.3.9b']))
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`Today (${today()}): merged into 1.7.2b \`rule_flatline\` (was 4.3.9b), text changed since v24.03 (in v25.04).`)
  })

  it('says when a rule was removed, and why', async () => {
    const r = (await runCr(['show', '1.2.5', '--version', 'v24.03', '--json']))
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout)
    expect(out.entry.id).toBe('rule_ncigs')
    expect(out.today).toMatchObject({ status: 'removed', found: true })
  })

  it('says when a removed rule was last in the rules, whatever release was asked', async () => {
    // (Every removed rule from every release: tests/versions/history.test.ts.)
    for (const version of ['v22.12', 'v24.03']) {
      const r = await runCr(['show', '6.3.3b', '--version', version])
      expect(r.code, version).toBe(0)
      expect(r.stdout, version).toMatch(/^6\.3\.3b {2}rule_bad_publicity_in_credit_pool /)
      expect(r.stdout, version).toMatch(/\nToday: removed after v25\.08 — /)
    }
    expect(JSON.parse((await runCr(['show', '6.3.3b', '--version', 'v25.04', '--json'])).stdout).today.removedAfter).toBe('v25.08')
  }, 600_000)

  it('follows retired IDs without a version', async () => {
    const r = (await runCr(['show', 'rule_checkpoint_uniqueness']))
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('cr show: `rule_checkpoint_uniqueness` was renamed to `step_checkpoint_uniqueness` after v23.08\n')
    expect(r.stdout).toMatch(/^10\.3\.1d {2}step_checkpoint_uniqueness/)
  })

  it('exits 1 for a number the release did not have, 2 for an unknown release', async () => {
    expect((await runCr(['show', '6.1.99', '--version', 'v24.03'])).code).toBe(1)
    expect((await runCr(['show', '6.1.4', '--version', 'v99.01'])).code).toBe(2)
  })
})
