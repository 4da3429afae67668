/**
 * The engine-style corpus (tests/fixtures/cite-corpus): each engine's errors
 * and warnings must be exactly its `expected.txt` — every planted problem
 * found (recall), nothing else reported (precision). Run in-process through
 * `main(argv, io)` against a prebuilt rules.json, so one compile serves all.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { main } from '../../src/cli/main.ts'
import { buildIndexFiles } from '../../src/core/index-json.ts'
import { compileDir } from '../../src/io/compile-dir.ts'

const corpus = join(import.meta.dirname, '../fixtures/cite-corpus')
export const ENGINES = ['rust', 'clojure', 'typescript', 'python', 'csharp', 'strangers', 'public', 'elixir', 'ruby']

let tmp: string
let index: string
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'cr-corpus-'))
  const { model } = compileDir(join(import.meta.dirname, '../../rules'))
  index = join(tmp, 'rules.json')
  writeFileSync(index, buildIndexFiles(model!)['rules.json']!)
}, 600_000)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

interface Out {
  problems: { file: string; line: number; column: number; severity: string; code: string }[]
  citations: { id: string; file: string; line: number }[]
}

async function findings(engine: string): Promise<{ found: string[]; out: Out }> {
  const io = memoryIo({ cwd: join(corpus, engine) })
  await main(['cite', '--format', 'json', '--index', index], io)
  const out = JSON.parse(io.out()) as Out
  const found = out.problems.filter((p) => p.severity !== 'hint').map((p) => `${p.file}:${p.line}:${p.column}: ${p.severity} [${p.code}]`)
  return { found: found.sort(), out }
}

const expected = (engine: string) =>
  readFileSync(join(corpus, engine, 'expected.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .sort()

describe('engine corpus: every planted problem, and nothing else', () => {
  it.each(ENGINES)('%s', async (engine) => {
    const { found } = await findings(engine)
    expect(found).toEqual(expected(engine))
  }, 600_000)

  it('reads the Clojure engine\'s `CR 1.8 9.1.8g` as an edition, never as section 1.8', async () => {
    const { out } = await findings('clojure')
    expect(out.citations.map((c) => c.id)).not.toContain('sec_cards')
  }, 600_000)
})

describe('strangers\' code (issue 23): what they meant, nothing they did not', () => {
  const ids = async (engine: string) => new Set((await findings(engine)).out.citations.map((c) => c.id))

  it('reads branches, letter lists, cross-parent ranges, step markers, split pairs and a marker ending its line', async () => {
    const cited = await ids('strangers')
    for (const id of [
      'step_resolve_subroutine', // CR 6.9.3c-i: step c, branch i
      'rule_ice_change_approach_uninstall_move', 'rule_ice_change_encounter_uninstall_derez', 'rule_ice_change_encounter_move_swap', // 6.2.7a/c/d
      'step_corp_turn_action_phase_end', 'subsec_corp_discard_phase', 'step_corp_turn_complete', // 5.6.2d–5.6.3e
      'step_initiation_announce', 'step_initiation_bad_publicity', // step 6.9.1a then step 6.9.1b
      'rule_end_the_run', // "see the CR" / " * 6.1.4" on the next line
      'rule_run_ends_close_paws', // number and ID split over two lines
      'step_checkpoint_uniqueness', // bareNumbers: 10.3.1d
    ]) expect(cited, id).toContain(id)
    expect(cited).not.toContain('rule_ice_change_approach_swap') // 6.2.7b was not cited
  }, 600_000)

  it.each(['strangers', 'public', 'elixir', 'ruby'])('%s: every reading a person would make, and no other', async (engine) => {
    const want = readFileSync(join(corpus, engine, 'expected-citations.txt'), 'utf8').split('\n').filter((l) => l.trim() !== '').sort()
    const { out } = await findings(engine)
    const got = [...new Set((out.citations as { file: string; line: number; id: string }[]).map((c) => `${c.file}:${c.line} ${c.id}`))].sort()
    expect(got).toEqual(want)
  }, 600_000)

  it('never reads an edition name as a section, nor versions as rules', async () => {
    const cited = await ids('strangers')
    // `;; CR 1.8` above quoted rules, `… of CR 1.8.`, `per nisei CR 1.4 errata`, `per Nisei CR 1.5`.
    for (const id of ['sec_cards', 'sec_deck_construction', 'sec_extra_cards', 'rule_add_card_to_score_area']) expect(cited, id).not.toContain(id)
    // `serde 1.0.197, tokio 1.36.0 and the 2.4.1 protocol`: a line of versions.
    expect(cited).not.toContain('rule_adv_requirement_location')
    expect((await ids('public')).has('sec_cards')).toBe(false)
  }, 600_000)
})

describe('every message reads as one sentence: no `..`, `.;` or `.:`', () => {
  // Reasons and notes from retired.yaml end with a period; a message that goes on after one must drop it (`joinClauses`).
  const probe = [
    '# CR 1.3.2', // a number two releases gave to rules removed since, each with its reason
    '# CR 1.2.5', // an old number of a removed rule
    '# CR 10.5.5', // an old number of a merged rule
    '# rule_plaintext_symbols', // a removed ID
    '# rule_plaintext_symbolds', // renamed, then removed
    '# rule_grip_damage', // merged, with a note that ends in a quotation
    '# CR v24.03 1.3.2', // a release's number of a removed rule
    '# CR 1.3.3 (rule_symbol_credits)', // a stale pair: the rule's own number then
    '# CR 6.2.4e rule_ice_change_during_movement', // a stale pair: another rule's number then, renamed since
    '# CR 6.2.5', // renumbered since v24.03
    '',
  ].join('\n')
  const messages = async (cwd: string, extra: string[]): Promise<string[]> => {
    const io = memoryIo({ cwd })
    await main(['cite', '--format', 'json', '--index', index, ...extra], io)
    return (JSON.parse(io.out()) as { problems: { message: string }[] }).problems.map((p) => p.message)
  }
  const doubled = (all: readonly string[]) => all.filter((m) => /\.\.|\.[;:](?!\d)/.test(m))

  it.each(ENGINES)('%s, with and without --baseline v24.03', async (engine) => {
    const cwd = join(corpus, engine)
    const all = [...(await messages(cwd, [])), ...(await messages(cwd, ['--baseline', 'v24.03']))]
    expect(all.length).toBeGreaterThan(0)
    expect(doubled(all)).toEqual([])
  }, 600_000)

  it('numbers and IDs whose history carries a reason, with and without --baseline v24.03', async () => {
    const dir = mkdtempSync(join(tmp, 'probe-'))
    writeFileSync(join(dir, 'probe.py'), probe)
    const all = [...(await messages(dir, ['probe.py'])), ...(await messages(dir, ['probe.py', '--baseline', 'v24.03']))]
    // The probe reaches the reasons: removed rules, merged ones, a release's number, stale pairs, a baseline.
    for (const code of ['was removed:', 'since removed from the rules:', 'was merged into', 'Stale rule number', 'meant `rule_move_runner_to_position` in v24.03']) expect(all.some((m) => m.includes(code)), code).toBe(true)
    expect(doubled(all)).toEqual([])
    // Under the baseline, a number whose rule was renamed after it and then removed names the rename (the retirements' chain).
    expect(all.some((m) => m.includes('`CR 1.3.2` meant `rule_plaintext_symbolds` in v24.03 (the baseline), renamed to `rule_plaintext_symbols` after v24.03, then removed from the rules after v25.04: '))).toBe(true)
    // A stale pair names what the rule it cites was renamed to.
    expect(all).toContain('Stale rule number `6.2.4e` beside `rule_ice_change_during_movement`, expected `6.2.7e`: 6.2.4e was `rule_ice_change_after_pass` in v22.12–v24.03, since renamed to `rule_ice_change_during_movement`')
  }, 600_000)
})
