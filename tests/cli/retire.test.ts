/**
 * `cr retire ID [--reason TEXT | --into OTHER] [DIR]` on a copy of the real rules and releases,
 * checked from the outside as an editor would: `cr check` (with its ID guard against every
 * release) after it, the bytes of files it had no reason to touch, refusals that change nothing,
 * and a retirement cut short or begun by hand finished by the command.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCr, repoRoot } from './run-cr.ts'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cr-retire-'))
  cpSync(join(repoRoot, 'rules'), join(root, 'rules'), { recursive: true })
  cpSync(join(repoRoot, 'releases'), join(root, 'releases'), { recursive: true })
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const read = (name: string) => readFileSync(join(root, 'rules', name), 'utf8')
const write = (name: string, text: string) => writeFileSync(join(root, 'rules', name), text)
const snapshot = () => Object.fromEntries(readdirSync(join(root, 'rules')).map((n) => [n, read(n)]))
const cr = (...args: string[]) => runCr(args, root)

async function checkMessages() {
  const r = await cr('check', '--json', 'rules')
  return { code: r.code, messages: JSON.parse(r.stdout).messages as { code: string; message: string; file: string; line: number; column: number; subject?: string; suggestions?: string[]; related?: { file: string; line: number; column: number; message: string; repeat?: boolean }[] }[] }
}

async function checkIsClean() {
  const r = await checkMessages()
  expect(r.messages).toEqual([])
  expect(r.code).toBe(0)
}

/** The item `- rule: <id>` with its text, inserted before the line that defines `before`. */
function insertBefore(name: string, before: string, item: string) {
  const lines = read(name).split('\n')
  const at = lines.findIndex((l) => new RegExp(`^\\s*- (rule|subsection): ${before}$`).test(l))
  expect(at, before).toBeGreaterThan(-1)
  const indent = /^\s*/.exec(lines[at]!)![0]
  lines.splice(at, 0, ...item.split('\n').map((l) => indent + l))
  write(name, lines.join('\n'))
}

describe('cr retire', () => {
  it('an editor\'s cycle: insert a rule mid-section, rename a released rule, retire it, retire another into a third; check and fmt stay clean', async () => {
    // A new rule in the middle of section 6.1, where rule_end_the_run was 6.1.4: the rules after it renumber, their IDs do not change.
    insertBefore('06_runs.yaml', 'rule_end_the_run', '- rule: rule_run_declared_openly\n  text: A run is declared openly, see {ref:rule_jacking_out} and {ref:Rule_jack_out_before_approach}.\n  new:')
    const moved = await cr('show', '--json', 'rule_end_the_run', '--dir', 'rules')
    expect(JSON.parse(moved.stdout).number).toBe('6.1.5')
    await checkIsClean()

    // Renamed this cycle, then retired: the ID the release had is what retired.yaml keeps, now as removed.
    expect((await cr('rename', 'rule_jack_out_after_passing_ice', 'rule_jack_out_past_ice')).code).toBe(0)
    const retired = await cr('retire', 'rule_jack_out_past_ice', '--reason', 'Said by the run\'s timing structure.')
    expect(retired.code).toBe(0)
    expect(retired.stderr).toMatch(/`rule_jack_out_after_passing_ice` now removed/)
    expect(read('retired.yaml')).toMatch(/- id: rule_jack_out_after_passing_ice\n {2}release: v26\.03\n {2}removed: Said by the run's timing structure\.\n/)
    expect(read('retired.yaml')).not.toContain('rule_jack_out_past_ice')
    await checkIsClean()

    // Into another rule: the capitalised reference stays capitalised, and `{ref:a,b}` never names one rule twice.
    const runs = read('06_runs.yaml')
    write('06_runs.yaml', runs.replace('see {ref:rule_jacking_out} and', 'see {ref:rule_jacking_out, rule_jack_out_before_approach} and'))
    const into = await cr('retire', 'rule_jack_out_before_approach', '--into', 'rule_jacking_out')
    expect(into.code).toBe(0)
    expect(read('06_runs.yaml')).toContain('see {ref:rule_jacking_out} and {ref:Rule_jacking_out}.')
    expect(read('retired.yaml')).toMatch(/- id: rule_jack_out_before_approach\n {2}release: v26\.03\n {2}merged_into: rule_jacking_out\n/)
    // The subsection lost its last sub-rule: it is a rule now, and its `rules:` key is gone.
    expect(read('06_runs.yaml')).toMatch(/- rule: rule_jacking_out\n(?: {4}.*\n)+\n- section: sec_position/)
    await checkIsClean()
    const fmt = await cr('fmt', '--check', 'rules')
    expect(fmt.stdout + fmt.stderr).not.toMatch(/fmt-layout/)
    expect(fmt.code).toBe(0)
  })

  it('a rule no release had is deleted with no retired.yaml entry, and the rest of its chapter keeps every byte', async () => {
    const original = read('06_runs.yaml')
    insertBefore('06_runs.yaml', 'rule_jacking_out', '- rule: rule_draft_idea\n  text: A rule drafted and dropped in one cycle.\n  examples:\n  - text: Its example goes with it.')
    const retiredBefore = read('retired.yaml')
    // No reason is asked for: there is no release whose links need one.
    const r = await cr('retire', 'rule_draft_idea')
    expect(r.stderr).toMatch(/no release had it/)
    expect(r.code).toBe(0)
    expect(read('06_runs.yaml')).toBe(original)
    expect(read('retired.yaml')).toBe(retiredBefore)
  })

  it('leaves references it cannot rewrite, each listed at the ID, and cr check gives one message per retired ID in every format', async () => {
    const r = await cr('retire', '6.1.4', '--with-sub-rules', '--reason', 'The run ends by its own timing structure now.')
    expect(r.code).toBe(0)
    const listed = r.stdout.split('\n').filter((l) => / reference /.test(l))
    expect(listed.length).toBeGreaterThan(2)
    for (const l of listed) {
      const [, file, row, col, id] = /^(.+?):(\d+):(\d+): reference (\S+) left$/.exec(l)!
      expect(readFileSync(join(root, file!), 'utf8').split('\n')[Number(row) - 1]!.slice(Number(col) - 1)).toMatch(new RegExp(`^${id}\\b`))
    }
    // Four IDs gone (the rule and its three sub-rules), each with its entry.
    expect(read('retired.yaml').match(/removed: The run ends by its own timing structure now\./g)).toHaveLength(4)

    const refs = listed.filter((l) => / rule_end_the_run left$/.test(l)).length
    const { code, messages } = await checkMessages()
    expect(code).toBe(1)
    const about = messages.filter((m) => m.subject === 'rule_end_the_run')
    expect(about).toHaveLength(1)
    expect(about[0]!.message).toMatch(new RegExp(`^Retired rule ID \`rule_end_the_run\` in ${refs} references \\(removed after v26\\.03: The run ends`))
    // A removed rule has no successor to suggest.
    expect(about[0]!.suggestions).toBeUndefined()
    expect(about[0]!.related!.filter((x) => x.repeat)).toHaveLength(refs - 1)
    expect(about[0]!.related!.at(-1)).toMatchObject({ file: 'rules/retired.yaml', message: '`rule_end_the_run` retired here' })
    // One message per ID, not per reference: as many messages as retired IDs referred to.
    expect(messages.length).toBe(new Set(listed.map((l) => / reference (\S+) /.exec(l)![1])).size)

    const sarif = JSON.parse((await cr('check', '--format', 'sarif', 'rules')).stdout)
    const result = sarif.runs[0].results.find((x: { message: { text: string } }) => x.message.text.includes('`rule_end_the_run` in'))
    expect(result.relatedLocations).toHaveLength(refs)
    const text = await cr('check', 'rules')
    expect((text.stdout + text.stderr).match(/`rule_end_the_run` referred to here too/g)).toHaveLength(refs - 1)
  })

  it('a renamed ID\'s references say what to write, once, with the one suggestion', async () => {
    // v22.12's rule_swap_score_area was renamed rule_swap_score_areas: two stale references in two files.
    write('05_turns.yaml', read('05_turns.yaml').replace(/(text: [^\n]*?)\.\n/, '$1 (see {ref:rule_swap_score_area}).\n'))
    write('09_abilities.yaml', read('09_abilities.yaml').replace(/(text: [^\n]*?)\.\n/, '$1 (see {ref:Rule_swap_score_area}).\n'))
    const { messages } = await checkMessages()
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ code: 'unknown-rule', subject: 'rule_swap_score_area', suggestions: ['rule_swap_score_areas'], file: 'rules/05_turns.yaml' })
    expect(messages[0]!.message).toBe('Retired rule ID `rule_swap_score_area` in 2 references (renamed to `rule_swap_score_areas` after v22.12), expected `rule_swap_score_areas`')
  })

  it('refuses, exit 2 and nothing written: unknown, already retired, a frozen release, sub-rules, a released ID without a reason, a bad --into, a chapter', async () => {
    const before = snapshot()
    const refusals: [string[], RegExp][] = [
      [['retire', 'rule_end_teh_run', '--reason', 'x'], /no rule `rule_end_teh_run`.*did you mean `rule_end_the_run`/],
      [['retire', 'rule_swap_score_area', '--reason', 'x'], /already retired \(renamed to `rule_swap_score_areas` after v22\.12\)/],
      [['retire', 'rule_run', '--reason', 'x', 'releases/v26.03'], /frozen release v26\.03/],
      [['retire', 'rule_end_the_run', '--reason', 'x'], /has 3 sub-rules under it \(`rule_end_run_access_or_breach_during_run`.*--with-sub-rules/],
      [['retire', 'rule_jack_out_before_approach'], /was in v26\.03.*--reason TEXT.*--into ID/],
      [['retire', 'rule_jack_out_before_approach', '--into', 'rule_jacking_ot'], /no rule `rule_jacking_ot`.*did you mean `rule_jacking_out`/],
      [['retire', 'rule_end_the_run', '--with-sub-rules', '--into', 'rule_end_run_no_run_or_encounter'], /under `rule_end_the_run` and retired with it/],
      [['retire', 'rule_jack_out_before_approach', '--into', 'rule_swap_score_area'], /retired itself/],
      [['retire', 'rule_run', '--reason', ' '], /--reason is empty/],
      [['retire', 'chpt_runs', '--reason', 'x'], /a chapter, a file of its own/],
    ]
    for (const [args, expected] of refusals) {
      const r = await cr(...args)
      expect(r.stderr, args.join(' ')).toMatch(expected)
      expect(r.code, args.join(' ')).toBe(2)
    }
    expect(snapshot()).toEqual(before)
  })

  it('--dry-run writes nothing and names the cut, the references and the entry', async () => {
    const before = snapshot()
    const r = await cr('retire', '--dry-run', 'rule_jack_out_before_approach', '--reason', 'Gone.')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^rules\/06_runs\.yaml:\d+:\d+: cut `rule_jack_out_before_approach`$/m)
    expect(r.stdout).toMatch(/rules\/retired\.yaml: `rule_jack_out_before_approach` \(v26\.03\) removed/)
    expect(r.stderr).toMatch(/nothing written/)
    expect(snapshot()).toEqual(before)
  })

  it('a retirement cut short (the chapter left as it was) is finished by running it again, and a third run says it is done', async () => {
    const runs = read('06_runs.yaml')
    expect((await cr('retire', 'rule_jack_out_before_approach', '--reason', 'Gone.')).code).toBe(0)
    const done = snapshot()
    // As if the disk filled before the chapter, written last, was.
    write('06_runs.yaml', runs)
    expect((await checkMessages()).messages.map((m) => m.code)).toEqual(['retired-still-present'])
    const again = await cr('retire', 'rule_jack_out_before_approach', '--reason', 'Gone.')
    expect(again.code).toBe(0)
    expect(snapshot()).toEqual(done)
    const third = await cr('retire', 'rule_jack_out_before_approach', '--reason', 'Gone.')
    expect(third.stderr).toMatch(/already retired \(removed after v26\.03: Gone\.\)/)
    expect(third.code).toBe(2)
  })

  it('a rule deleted by hand is finished by the command cr check names', async () => {
    write('06_runs.yaml', read('06_runs.yaml').replace(/ {4}- rule: rule_jack_out_before_approach\n(?: {6}.*\n)+/, ''))
    const check = await cr('check', 'rules')
    expect(check.code).toBe(1)
    const named = /`(cr retire rule_jack_out_before_approach) --reason TEXT`/.exec(check.stdout + check.stderr)
    expect(named, check.stdout + check.stderr).not.toBeNull()
    const r = await cr(...named![1]!.split(' ').slice(1), '--reason', 'Removed by hand first.')
    expect(r.stderr).toMatch(/deleted from the rules already/)
    expect(r.code).toBe(0)
    await checkIsClean()
  })

  it('is listed by cr --help, with its own --help', async () => {
    expect((await cr('--help')).stdout).toMatch(/^ {2}retire +Remove a rule on purpose/m)
    const help = await cr('retire', '--help')
    expect(help.stdout).toMatch(/--with-sub-rules/)
    expect(help.stdout).toMatch(/--into OTHER_ID/)
  })
})

describe('data/phrasings/ beside the rules: cr check says what the site build would fail on', () => {
  it('a phrasing left behind by cr retire is an error at its line, one by a rename a warning, an unknown key an error with did-you-mean', async () => {
    const phrasings = join(root, 'data', 'phrasings')
    mkdirSync(phrasings, { recursive: true })
    writeFileSync(
      join(phrasings, '06_runs.yaml'),
      ['rule_jacking_out:', '  - can i bail out of a run', 'rule_no_position_outside_run:', '  - where is the runner between runs', 'rule_checkpoint_uniqueness:', '  - two consoles', 'rule_jaking_out:', '  - leave the run'].join('\n') + '\n',
    )
    const before = await checkMessages()
    // Before the retirement: the renamed key (followed, a warning) and the misspelt one only.
    expect(before.messages.map((m) => `${m.file}:${m.line} ${m.code}`)).toEqual(['data/phrasings/06_runs.yaml:5 renamed-rule', 'data/phrasings/06_runs.yaml:7 unknown-rule'])
    expect(before.messages[1]!.suggestions).toContain('rule_jacking_out')
    expect((await cr('retire', 'rule_no_position_outside_run', '--reason', 'Folded into the run timing.')).code).toBe(0)
    const after = await checkMessages()
    expect(after.code).toBe(1)
    const removed = after.messages.find((m) => m.code === 'removed-rule')!
    expect(`${removed.file}:${removed.line}:${removed.column}`).toBe('data/phrasings/06_runs.yaml:3:1')
    expect(removed.message).toMatch(/`rule_no_position_outside_run` was retired .* its phrasings find nothing/)
    // A rules folder with no phrasings beside it has none to check.
    rmSync(join(root, 'data'), { recursive: true })
    expect((await checkMessages()).messages.map((m) => m.code)).toEqual([])
  }, 600_000)
})
