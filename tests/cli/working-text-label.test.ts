/**
 * The working text (`rules/`) is never called by a published release's name:
 * while it differs from the last release in `releases/`, every command names
 * it as the site does (`v01.01+`); once it reads as that release again, by
 * the release's own name.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chapter, type RuleSpec } from '../versions/build.ts'
import { runCr } from './run-cr.ts'

const release = 'version: v01.01\neffective: "2001-01-01"\n'
const released: [string, RuleSpec[]][] = [['sec_a', [['rule_one', 'Draw 1 card.'], ['rule_two', 'Gain 1 credit.'], ['rule_three', 'Lose 1 credit.']]]]

function project(working: [string, RuleSpec[]][]): string {
  const root = mkdtempSync(join(tmpdir(), 'cr-working-'))
  mkdirSync(join(root, 'releases/v01.01'), { recursive: true })
  writeFileSync(join(root, 'releases/v01.01/01_test.yaml'), chapter(released))
  writeFileSync(join(root, 'releases/v01.01/release.yaml'), release)
  mkdirSync(join(root, 'rules'))
  writeFileSync(join(root, 'rules/01_test.yaml'), `# edited since\n${chapter(working)}`)
  writeFileSync(join(root, 'rules/release.yaml'), release)
  return root
}

describe('what the CLI calls the working text', () => {
  it('after an editor inserts a rule: v01.01+ in the number note, the old release\'s "today" and the diff header', async () => {
    const root = project([['sec_a', [['rule_one', 'Draw 1 card.'], ['rule_inserted', 'Gain 2 credits.'], ['rule_two', 'Gain 1 credit.'], ['rule_three', 'Lose 1 credit.']]]])
    const note = await runCr(['show', '1.1.2'], root)
    expect(note.stdout).toMatch(/^1\.1\.2 {2}rule_inserted/)
    expect(note.stderr).toBe('cr show: note[number-changed-meaning]: 1.1.2 is `rule_inserted` in v01.01+; but 1.1.2 in v01.01 (`rule_two`) is 1.1.3 now\n')
    const then = await runCr(['show', '1.1.2', '--version', 'v01.01'], root)
    expect(then.stdout).toContain('Today (v01.01+): 1.1.3 `rule_two` (was 1.1.2), text unchanged since v01.01.')
    const diff = await runCr(['diff', 'v01.01', 'current'], root)
    expect(diff.stdout.split('\n')[0]).toBe('v01.01 (2001-01-01) → v01.01+ (current rules): 1 added, 2 renumbered')
  }, 120_000)

  it('a working text reformatted but reading as the release keeps the release\'s name', async () => {
    const root = project(released)
    const diff = await runCr(['diff', 'current', 'v01.01'], root)
    expect(diff.stdout.split('\n')[0]).toBe('v01.01 (current rules) → v01.01 (2001-01-01): no changes')
  }, 120_000)

  it("names a removed rule's reason references by number in cr diff and cr show --version", async () => {
    const root = project([['sec_a', [['rule_one', 'Draw 1 card.'], ['rule_three', 'Lose 1 credit.']]]])
    writeFileSync(join(root, 'rules/retired.yaml'), 'retired:\n- id: rule_two\n  release: v01.01\n  removed: Covered by {ref:rule_three} now.\n')
    const diff = await runCr(['diff', 'v01.01', 'current'], root)
    expect(diff.stdout).toContain('    Why: Covered by 1.1.2 now.')
    const then = await runCr(['show', '1.1.2', '--version', 'v01.01'], root)
    expect(then.stdout).toContain('Covered by 1.1.2 now.')
    expect(`${diff.stdout}${then.stdout}`).not.toContain('rule_three`')
  }, 120_000)
})
