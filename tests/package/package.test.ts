import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import examplesSchema from '../../schema/examples.schema.json' with { type: 'json' }
import indexSchema from '../../schema/index.schema.json' with { type: 'json' }
import timingSchema from '../../schema/timing.schema.json' with { type: 'json' }
import { buildPackageFiles } from '../../scripts/build-package.ts'
import { compactReleases } from '../../src/core/package/runtime-data.ts'
import { buildTimingTrees, type TimingNode } from '../../src/core/package/timing-tree.ts'
import { compileDir } from '../../src/io/compile-dir.ts'
import { loadRetirements, releaseCitations } from '../../src/io/releases.ts'
import type { ReleaseRule } from '../../src/core/cite/types.ts'
import type { CompiledDocument } from '../../src/core/types.ts'
import { repoRoot } from '../cli/run-cr.ts'

let document: CompiledDocument
let releases: Map<string, ReleaseRule[]>
let files: Record<string, string>
let project: string
let pkg: string

beforeAll(async () => {
  const compiled = compileDir(join(repoRoot, 'rules'))
  document = compiled.document!
  releases = releaseCitations(join(repoRoot, 'releases'), compiled.model!, loadRetirements(join(repoRoot, 'rules')).retirements)
  files = await buildPackageFiles(compiled.model!, {
    retired: new Map([
      ['rule_jack_out', { status: 'renamed', target: 'rule_jacking_out' }],
      ['rule_ncigs', { status: 'removed', reason: 'the NCIGS Golden Rule was dropped' }],
    ]),
    releases,
  })
  // A scratch engine project that depends on the built package.
  project = mkdtempSync(join(tmpdir(), 'cr-package-'))
  pkg = join(project, 'node_modules/netrunner-cr')
  mkdirSync(pkg, { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(pkg, name), text)
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: 'netrunner-cr',
      type: 'module',
      exports: {
        '.': { import: { types: './index.d.ts', default: './index.js' }, require: { types: './index.d.cts', default: './index.cjs' } },
        './rules.json': './rules.json',
      },
    }),
  )
  symlinkSync(join(repoRoot, 'node_modules/vitest'), join(project, 'node_modules/vitest'), 'dir')
}, 300_000)
afterAll(() => rmSync(project, { recursive: true, force: true }))

/** Run an ES module in the scratch project with a plain Node (no TypeScript, no loaders). */
function runModule(source: string, env: Record<string, string> = {}): unknown {
  writeFileSync(join(project, 'probe.mjs'), source)
  // The system Node (>= 18) when there is one: the module must not need Node 22.
  const node = ['/usr/bin/node', '/usr/local/bin/node'].find(existsSync) ?? process.execPath
  const r = spawnSync(node, ['probe.mjs'], { cwd: project, encoding: 'utf8', env: { PATH: process.env.PATH, ...env } })
  expect(r.stderr).toBe('')
  return JSON.parse(r.stdout)
}

function tsc(filesToCheck: string[]): { code: number; out: string } {
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: [] }, files: filesToCheck }),
  )
  const r = spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project, encoding: 'utf8' })
  return { code: r.status ?? -1, out: r.stdout + r.stderr }
}

describe('the package files', () => {
  it('has rules.json with its schema, examples, timing, the module and its types', () => {
    const declarations = ['create', 'data', 'index', 'release-types', 'types'].flatMap((m) => [`${m}.d.cts`, `${m}.d.ts`])
    expect(Object.keys(files).sort()).toEqual(
      [...declarations, 'examples.json', 'examples.schema.json', 'index.cjs', 'index.js', 'index.schema.json', 'release-data.cjs', 'rules.json', 'timing.json', 'timing.schema.json'].sort(),
    )
  })

  it('rules.json is the resolved document and valid against its schema', () => {
    const data = JSON.parse(files['rules.json']!)
    const validate = new Ajv2020({ allErrors: true }).compile(indexSchema)
    expect(validate(data), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
    expect(data.rules).toHaveLength(document.rules.length)
  })

  it('examples.json has every worked example once, by stable ID', () => {
    const { examples } = JSON.parse(files['examples.json']!)
    const expected = document.rules.flatMap((r) => r.examples.map((ex) => ex.id))
    expect(examples.map((e: { id: string }) => e.id)).toEqual(expected)
    expect(new Set(expected).size).toBe(expected.length)
    expect(examples[0]).toEqual(expect.objectContaining({ id: expect.stringMatching(/^example_/), rule: expect.any(String), number: expect.any(String), text: expect.any(String) }))
  })
})

describe('every JSON file is valid against the schema it names', () => {
  it.each([
    ['examples.json', examplesSchema],
    ['timing.json', timingSchema],
  ])('%s', (name, schema) => {
    const data = JSON.parse(files[name]!)
    expect(data.$schema).toBe(`./${name.replace('.json', '.schema.json')}`)
    expect(JSON.parse(files[name.replace('.json', '.schema.json')]!)).toEqual(schema)
    const validate = new Ajv2020({ allErrors: true }).compile(schema)
    expect(validate(data), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
  })

  it('the timing schema rejects what an engine could not follow', () => {
    const validate = new Ajv2020({ allErrors: true }).compile(timingSchema)
    const timing = JSON.parse(files['timing.json']!)
    timing.structures.run.elements[0].kind = 'stage'
    delete timing.structures.access
    expect(validate(timing)).toBe(false)
    expect(validate.errors!.map((e) => e.message)).toEqual(expect.arrayContaining(["must have required property 'access'", 'must be equal to one of the allowed values']))
  })
})

describe('old releases in the module', () => {
  it('embeds only what differs from today: under 100 KB for six releases', () => {
    const compact = compactReleases(document, releases)
    expect(Object.keys(compact)).toEqual(['v22.12', 'v23.08', 'v24.03', 'v25.04', 'v25.08', 'v26.03'])
    expect(JSON.stringify(compact).length).toBeLessThan(100_000)
    expect(compact['v24.03']!.numbers['6.2.5']).toBe('rule_move_runner_to_position')
    expect(compact['v24.03']!.fates.rule_ice_change_after_pass).toEqual(['rule_ice_change_during_movement', 1, ['v25.04'], 'renamed'])
  })

  it('expands back to every number and ID of every release', () => {
    const out = runModule(`
      import { findRule, releaseVersions } from 'netrunner-cr'
      const wrong = []
      for (const [version, entries] of ${JSON.stringify([...releases].map(([v, es]) => [v, es.map((e) => [e.number, e.id, e.currentId ?? null, e.textChanged])]))}) {
        for (const [number, id, currentId, textChanged] of entries) {
          const r = findRule(number, { version })
          const got = r ? [r.via.number, r.via.id, r.id, r.textChanged] : [number, id, null, textChanged]
          if (JSON.stringify(got) !== JSON.stringify([number, id, currentId, textChanged])) wrong.push([version, number, got])
        }
      }
      console.log(JSON.stringify({ versions: releaseVersions, wrong: wrong.slice(0, 5) }))
    `)
    expect(out).toEqual({ versions: ['v22.12', 'v23.08', 'v24.03', 'v25.04', 'v25.08', 'v26.03'], wrong: [] })
  })
})

describe('timing structures', () => {
  const all = (nodes: readonly TimingNode[]): TimingNode[] => nodes.flatMap((n) => [n, ...all(n.children)])

  it('has the Corp turn, the Runner turn, a run, a breach and an access', () => {
    const { structures } = buildTimingTrees(document)
    expect(Object.keys(structures)).toEqual(['corpTurn', 'runnerTurn', 'run', 'breach', 'access'])
    expect(Object.values(structures).map((s) => s.prose)).toEqual([
      'sec_steps_corp_turn',
      'sec_steps_runner_turn',
      'sec_steps_of_a_run',
      'sec_breaching_steps',
      'sec_steps_accessing_card',
    ])
  })

  it('points phases and steps at the prose they summarise', () => {
    const { run, breach } = buildTimingTrees(document).structures
    expect(run!.elements.map((p) => [p.kind, p.text, p.prose])).toEqual([
      ['phase', 'Initiation Phase', 'rule_sec_run_initiation_phase'],
      ['phase', 'Approach Ice Phase', 'rule_sec_run_approach_ice_phase'],
      ['phase', 'Encounter Ice Phase', 'rule_sec_run_encounter_ice_phase'],
      ['phase', 'Movement Phase', 'rule_sec_run_movement_phase'],
      ['phase', 'Success Phase', 'rule_sec_run_success_phase'],
      ['phase', 'Run Ends Phase', 'rule_sec_run_run_ends_phase'],
    ])
    expect(run!.elements[0]!.children[0]).toMatchObject({ kind: 'step', number: '11.4.1a', prose: 'step_initiation_announce' })
    expect(breach!.elements.map((s) => s.kind)).toEqual(Array(7).fill('step'))
  })

  it('resolves the printed jumps: (c) in the phase, (4) at the top level', () => {
    const { run, breach } = buildTimingTrees(document).structures
    const encounter = run!.elements[2]!
    const [, , question, loop, leave] = encounter.children
    expect(question!.children.map((b) => [b.kind, b.answer, b.goto ?? null])).toEqual([
      ['branch', 'yes', null],
      ['branch', 'no', encounter.children[4]!.id],
    ])
    expect(loop!.goto).toBe(question!.id)
    expect(leave!.goto).toBe(run!.elements[3]!.id)
    expect(breach!.elements[5]!.goto).toBe(breach!.elements[3]!.id)
  })

  it('covers every timing element once, and every ID it names exists', () => {
    const { structures } = buildTimingTrees(document)
    const byId = new Map(document.rules.map((r) => [r.id, r]))
    const nodes = Object.values(structures).flatMap((s) => all(s.elements))
    expect(nodes.map((n) => n.id).sort()).toEqual(document.rules.filter((r) => r.kind === 'timing').map((r) => r.id).sort())
    for (const n of nodes) {
      for (const id of [n.prose, n.goto]) if (id) expect(byId.has(id), id).toBe(true)
    }
    const jumps = nodes.filter((n) => /go to|return to/i.test(n.text))
    expect(jumps.every((n) => n.goto !== undefined)).toBe(true)
  })
})

describe('index.js in plain Node', () => {
  it('finds the same rule by number and by ID, with text, URL, parent and children', () => {
    const out = runModule(`
      import { rule, rules, isRuleId, cite, findRule, version, examples, timing } from 'netrunner-cr'
      const a = rule('6.1.4'), b = rule('rule_end_the_run')
      console.log(JSON.stringify({
        same: a === b, cited: cite('CR 6.1.4') === a, version, count: rules.length,
        rule: { id: a.id, number: a.number, url: a.url, parent: a.parent, children: a.children, text: a.text.slice(0, 20) },
        printed: findRule('§ 6.1.4.a.')?.id, redirected: [rule('rule_jack_out').id, rule('rule_jack_out').via], missing: findRule('nope') ?? null,
        isId: [isRuleId('rule_end_the_run'), isRuleId('6.1.4'), isRuleId(42)],
        frozen: Object.isFrozen(a) && Object.isFrozen(a.children),
        examples: examples.length > 100, phases: timing.run.elements.length,
      }))
    `)
    expect(out).toEqual({
      same: true,
      cited: true,
      version: 'v26.03',
      count: document.rules.length,
      rule: {
        id: 'rule_end_the_run',
        number: '6.1.4',
        url: 'https://netrunner-cr.github.io/r/rule_end_the_run/',
        parent: 'sec_run_general',
        children: ['rule_end_run_access_or_breach_during_run', 'rule_end_encounter_outside_run', 'rule_end_run_no_run_or_encounter'],
        text: 'To end the run is to',
      },
      printed: 'rule_end_run_access_or_breach_during_run',
      // A retired ID says so: no release printed rule_jack_out (retired here for the test), so it is read in the newest.
      redirected: ['rule_jacking_out', { version: 'v26.03', number: '6.1.5', id: 'rule_jack_out', status: 'renamed' }],
      missing: null,
      isId: [true, false, false],
      frozen: true,
      examples: true,
      phases: 6,
    })
  })

  it('reads a number or ID through an older release: today\'s rule, how it was cited, whether its text changed', () => {
    const out = runModule(`
      import { rule, cite, findRule } from 'netrunner-cr'
      const pick = (r) => r && { id: r.id, number: r.number, via: r.via, textChanged: r.textChanged, changedIn: r.changedIn }
      console.log(JSON.stringify({
        moved: pick(rule('6.2.5', { version: 'v24.03' })),
        renamed: pick(cite('rule_ice_change_after_pass', { version: '24.03' })),
        merged: pick(rule('4.3.9b', { version: 'v24.03' })),
        written: [findRule('CR 24.03 §10.3.1i')?.number, findRule('CR v24.03 6.2.5')?.via.number, findRule('CR 10.10')?.id],
        unknownRelease: findRule('6.1.4', { version: 'v99.01' }) ?? null,
        frozen: Object.isFrozen(rule('6.1.4', { version: 'v24.03' })),
        today: rule('6.1.4', { version: 'v24.03' }).url,
      }))
    `)
    expect(out).toEqual({
      moved: {
        id: 'rule_move_runner_to_position',
        number: '6.2.8',
        via: { version: 'v24.03', number: '6.2.5', id: 'rule_move_runner_to_position', status: 'same' },
        textChanged: false,
        changedIn: [],
      },
      renamed: {
        id: 'rule_ice_change_during_movement',
        number: '6.2.7e',
        via: { version: 'v24.03', number: '6.2.4e', id: 'rule_ice_change_after_pass', status: 'renamed' },
        textChanged: true,
        changedIn: ['v25.04'],
      },
      merged: {
        id: 'rule_flatline',
        number: '1.7.2b',
        via: { version: 'v24.03', number: '4.3.9b', id: 'rule_grip_damage', status: 'merged' },
        textChanged: true,
        changedIn: ['v25.04'],
      },
      written: ['10.3.1j', '6.2.5', 'sec_charge'],
      unknownRelease: null,
      frozen: true,
      today: 'https://netrunner-cr.github.io/r/rule_end_the_run/',
    })
  })

  it('throws for a release it does not know, a rule the release did not have, and a rule removed since', () => {
    const out = runModule(`
      import { rule, UnknownRuleError, UnknownVersionError } from 'netrunner-cr'
      const attempt = (ref, version) => { try { rule(ref, { version }) } catch (e) { return [e.name, e instanceof UnknownRuleError || e instanceof UnknownVersionError, e.message] } }
      console.log(JSON.stringify([attempt('6.1.4', 'v99.01'), attempt('6.1.99', 'v24.03'), attempt('rule_pass_after_breaking', 'v24.03'), attempt('1.2.5', 'v24.03')]))
    `)
    expect(out).toEqual([
      ['UnknownVersionError', true, 'Unknown release "v99.01" of the Netrunner CR, expected one of v22.12, v23.08, v24.03, v25.04, v25.08, v26.03'],
      ['UnknownRuleError', true, 'Unknown rule "6.1.99" in the Netrunner CR v24.03; did you mean "6.1.5 (rule_jacking_out)", "6.1.5a (rule_jack_out_after_passing_ice)", "6.1.5b (rule_jack_out_before_approach)"?'],
      ['UnknownRuleError', true, 'Unknown rule "rule_pass_after_breaking" in the Netrunner CR v24.03 (it is 6.1.3f in v26.03)'],
      ['UnknownRuleError', true, 'Rule "1.2.5" of v24.03 (rule_ncigs) was removed from the Netrunner CR before v26.03: the NCIGS Golden Rule was dropped'],
    ])
  })

  it('throws a clear error with suggestions for unknown input', () => {
    const out = runModule(`
      import { rule, UnknownRuleError } from 'netrunner-cr'
      const errors = ['rule_end_teh_run', '6.1.44', 42, 'rule_ncigs', 'CR 9.6.21'].map((q) => { try { rule(q) } catch (e) { return [e instanceof UnknownRuleError, e.message, e.suggestions] } })
      console.log(JSON.stringify(errors))
    `)
    expect(out).toEqual([
      [true, 'Unknown rule "rule_end_teh_run" in the Netrunner CR v26.03; did you mean "rule_end_the_run"?', [{ id: 'rule_end_the_run', number: '6.1.4' }]],
      // A number's slip (doubled, swapped): the numbers it may be a typo of, each with its ID.
      [
        true,
        'Unknown rule "6.1.44" in the Netrunner CR v26.03; did you mean "6.1.4 (rule_end_the_run)", "6.1.4a (rule_end_run_access_or_breach_during_run)", "6.1.4b (rule_end_encounter_outside_run)"?',
        [
          { id: 'rule_end_the_run', number: '6.1.4' },
          { id: 'rule_end_run_access_or_breach_during_run', number: '6.1.4a' },
          { id: 'rule_end_encounter_outside_run', number: '6.1.4b' },
        ],
      ],
      [true, 'Unknown rule 42 in the Netrunner CR v26.03', []],
      [true, 'Rule "rule_ncigs" was removed from the Netrunner CR before v26.03: the NCIGS Golden Rule was dropped', []],
      [
        true,
        'Unknown rule "CR 9.6.21" in the Netrunner CR v26.03; did you mean "9.6.2 (rule_pending_instances)", "9.6.12 (rule_conditional_ability_independent)", "9.6.11 (rule_conditional_ability_lose_pending_when_priority_window_closes)"?',
        [
          { id: 'rule_pending_instances', number: '9.6.2' },
          { id: 'rule_conditional_ability_independent', number: '9.6.12' },
          { id: 'rule_conditional_ability_lose_pending_when_priority_window_closes', number: '9.6.11' },
        ],
      ],
    ])
  })
})

describe('cite() at run time (issue 23)', () => {
  it('appends the running test to CR_CITE_LOG for each cite(), and nothing without it', () => {
    const log = join(project, 'cite-log.jsonl')
    const source = `
      import { readFileSync, existsSync } from 'node:fs'
      import { cite, rule } from 'netrunner-cr'
      cite('6.1.4'); cite('rule_jacking_out'); rule('6.1.1')
      const log = ${JSON.stringify(log)}
      console.log(JSON.stringify(existsSync(log) ? readFileSync(log, 'utf8').trim().split('\\n').map((l) => JSON.parse(l)) : null))
    `
    expect(runModule(source)).toBeNull()
    // No runner here: CR_CITE_TEST names the test (vitest and jest are asked directly), and the
    // file is the one whose code called cite(), from the stack.
    const file = realpathSync(join(project, 'probe.mjs'))
    expect(runModule(source, { CR_CITE_LOG: log, CR_CITE_TEST: 'runs > ends the run' })).toEqual([
      { ref: '6.1.4', id: 'rule_end_the_run', test: 'runs > ends the run', file },
      { ref: 'rule_jacking_out', id: 'rule_jacking_out', test: 'runs > ends the run', file },
    ])
    rmSync(log)
    // Outside a test, nothing is recorded.
    expect(runModule(source, { CR_CITE_LOG: log })).toBeNull()
  })

  it('records the calling file from either build, through the engine\'s own modules; none for code in no file (node -e)', () => {
    const log = join(project, 'cite-log-2.jsonl')
    writeFileSync(join(project, 'engine.cjs'), `const { cite } = require('netrunner-cr')\nexports.endRun = () => cite('rule_end_the_run')\n`)
    const env = { PATH: process.env.PATH!, CR_CITE_LOG: log, CR_CITE_TEST: 'engine > smoke' }
    const node = ['/usr/bin/node', '/usr/local/bin/node'].find(existsSync) ?? process.execPath
    const run = (args: string[]) => expect(spawnSync(node, args, { cwd: project, encoding: 'utf8', env }).stderr).toBe('')
    run(['-e', "require('./engine.cjs').endRun(); require('netrunner-cr').cite('6.1.4')"])
    const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    rmSync(log)
    expect(lines).toEqual([
      { ref: 'rule_end_the_run', id: 'rule_end_the_run', test: 'engine > smoke', file: realpathSync(join(project, 'engine.cjs')) },
      { ref: '6.1.4', id: 'rule_end_the_run', test: 'engine > smoke' },
    ])
  })
})

describe('findRule, lookupRule and rule() read a query alike (plain Node)', () => {
  it('findRule is undefined exactly where rule() throws; lookupRule says why, with the error rule() throws', () => {
    const out = runModule(`
      import { rule, findRule, lookupRule, OldNumberError } from 'netrunner-cr'
      const thrown = (q, o) => { try { rule(q, o) } catch (e) { return e } }
      // [findRule, lookupRule's rule, its error's code, whether that error is the one rule() throws]
      const row = (q, o) => { const l = lookupRule(q, o), e = thrown(q, o); return [findRule(q, o)?.id ?? null, l.rule?.id ?? null, l.error?.code ?? null, l.error ? l.error.message === e.message && l.error.constructor === e.constructor : null] }
      console.log(JSON.stringify({
        rows: [row('6.1.4'), row('10.5.5'), row('rule_ncigs'), row('rule_end_teh_run'), row('6.1.4', { version: 'v99.01' }), row('6.2.5', { version: 'v24.03' })],
        old: (({ error }) => [error instanceof OldNumberError, error.suggestions, error.history[0].id])(lookupRule('10.5.5')),
        frozen: Object.isFrozen(lookupRule('6.1.4')),
      }))
    `)
    expect(out).toEqual({
      rows: [
        ['rule_end_the_run', 'rule_end_the_run', null, null],
        [null, null, 'old-number', true],
        [null, null, 'removed-rule', true],
        [null, null, 'unknown-rule', true],
        [null, null, 'unknown-release', true],
        ['rule_move_runner_to_position', 'rule_move_runner_to_position', null, null],
      ],
      old: [true, [{ id: 'rule_remove_tags_or_bad_publicity_as_cost', number: '1.14.3a' }], 'rule_corp_can_pay_tag_costs'],
      frozen: true,
    })
  })
})

describe('the ESM and CommonJS builds in one process (the dual-package hazard)', () => {
  it('an error thrown by either is an instance of the other\'s classes, and a rule is one object', () => {
    const out = runModule(`
      import * as esm from 'netrunner-cr'
      import { createRequire } from 'node:module'
      const cjs = createRequire(import.meta.url)('netrunner-cr')
      const thrown = (m, q, o) => { try { m.rule(q, o) } catch (e) { return e } }
      const classes = (m, e) => [e instanceof m.UnknownRuleError, e instanceof m.OldNumberError, e instanceof m.UnknownVersionError]
      const errors = (m) => [thrown(m, 'rule_end_teh_run'), thrown(m, '10.5.5'), thrown(m, '6.1.4', { version: 'v99.01' })]
      console.log(JSON.stringify({
        distinct: esm.UnknownRuleError !== cjs.UnknownRuleError,
        esmByCjs: errors(esm).map((e) => classes(cjs, e)),
        cjsByEsm: errors(cjs).map((e) => classes(esm, e)),
        looked: classes(cjs, esm.lookupRule('10.5.5').error),
        same: [esm.rule('6.1.4') === cjs.rule('6.1.4'), esm.rules === cjs.rules, esm.rule('6.2.5', { version: 'v24.03' }) === cjs.findRule('CR v24.03 6.2.5')],
      }))
    `)
    const expected = [
      [true, false, false],
      [true, true, false],
      [false, false, true],
    ]
    expect(out).toEqual({ distinct: true, esmByCjs: expected, cjsByEsm: expected, looked: [true, true, false], same: [true, true, true] })
  })
})

describe('numbers with their history (issue 19)', () => {
  it('a number an older release printed is explained, never "unknown": merged, removed; a number that now names another rule says so', () => {
    const out = runModule(`
      import { rule, cite, numberHistory, OldNumberError, UnknownRuleError } from 'netrunner-cr'
      const attempt = (f, ref) => { try { f(ref) } catch (e) { return [e.name, e instanceof OldNumberError && e instanceof UnknownRuleError, e.message, e.suggestions, e.history.map((m) => m.id)] } }
      const reused = numberHistory('6.2.5')
      console.log(JSON.stringify([attempt(rule, '10.5.5'), attempt(cite, 'CR 1.2.5'), reused.today.id, reused.earlier, numberHistory('6.1.4').earlier, numberHistory('6.1.99')]))
    `) as unknown[]
    expect(out[0]).toEqual([
      'OldNumberError',
      true,
      'Rule "10.5.5" is not in the Netrunner CR v26.03: 10.5.5 in v22.12–v25.08 (rule_corp_can_pay_tag_costs) was merged into 1.14.3a (rule_remove_tags_or_bad_publicity_as_cost); cite "rule_remove_tags_or_bad_publicity_as_cost" (1.14.3a), or rule("10.5.5", { version: "v25.08" })',
      [{ id: 'rule_remove_tags_or_bad_publicity_as_cost', number: '1.14.3a' }],
      ['rule_corp_can_pay_tag_costs'],
    ])
    expect(out[1]).toEqual(['OldNumberError', true, 'Rule "CR 1.2.5" is not in the Netrunner CR v26.03: 1.2.5 in v22.12–v24.03 (rule_ncigs) was removed: the NCIGS Golden Rule was dropped', [], ['rule_ncigs']])
    expect(out[2]).toBe('rule_position_runner')
    expect(out[3]).toEqual([
      { number: '6.2.5', id: 'rule_move_runner_to_position', versions: ['v22.12', 'v23.08', 'v24.03'], status: 'same', currentId: 'rule_move_runner_to_position', currentNumber: '6.2.8', description: '6.2.5 in v22.12–v24.03 (rule_move_runner_to_position) is 6.2.8 now' },
    ])
    expect(out[4]).toEqual([])
    expect(out[5]).toEqual({ number: '6.1.99', earlier: [] })
  })
})

describe('index.d.ts with tsc', () => {
  // One tsc program over the three files: the declarations and lib files are loaded and checked
  // once, not once per file (each run took 5-8 s of CPU). Every file is a module, so none sees
  // another's declarations; a diagnostic names its file, and the whole report is checked below.
  const FILES = ['test/valid.spec.ts', 'test/runs.spec.ts', 'types.test-d.ts']
  let report: { code: number; lines: string[] }
  const linesOf = (file: string) => report.lines.filter((l) => l.startsWith(`${file}(`))

  beforeAll(() => {
    cpSync(join(repoRoot, 'tests/fixtures/engines/typescript/test'), join(project, 'test'), { recursive: true })
    cpSync(join(repoRoot, 'tests/fixtures/package-types/index.test-d.ts'), join(project, 'types.test-d.ts'))
    const { code, out } = tsc(FILES)
    report = { code, lines: out.trim() === '' ? [] : out.trim().split('\n') }
  }, 300_000)

  it('reports nothing but diagnostics of the files it was given', () => {
    expect(report.lines.filter((l) => !FILES.some((f) => l.startsWith(`${f}(`)))).toEqual([])
  })

  it('accepts a suite that cites only real IDs', () => {
    expect(linesOf('test/valid.spec.ts')).toEqual([])
  })

  it('rejects exactly the citations of IDs that do not exist', () => {
    expect(report.code).not.toBe(0)
    expect(linesOf('test/runs.spec.ts')).toEqual([
      `test/runs.spec.ts(12,10): error TS2345: Argument of type '"rule_jack_out_afer_passing_ice"' is not assignable to parameter of type 'RuleRef'.`,
      `test/runs.spec.ts(17,10): error TS2345: Argument of type '"initiation_begin"' is not assignable to parameter of type 'RuleRef'.`,
    ])
  })

  it('passes the type-level tests (expectTypeOf)', () => {
    expect(linesOf('types.test-d.ts')).toEqual([])
  })
})
