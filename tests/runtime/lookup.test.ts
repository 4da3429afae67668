/**
 * The package's lookups over today's rules and every held release, in-process
 * (`createRuntime` over the data the package build embeds): `rule()`,
 * `findRule()` and `lookupRule()` read a query the same way, every error
 * suggests rules in one shape, a retired ID says it was retired, and the
 * error classes answer `instanceof` for another copy of the module.
 * tests/package/package.test.ts checks the built module in plain Node.
 */
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildRuntimeData } from '../../src/core/package/runtime-data.ts'
import { buildTimingTrees } from '../../src/core/package/timing-tree.ts'
import { indexView } from '../../src/core/render/document.ts'
import { openCiteContext } from '../../src/io/cite-context.ts'
import { createRuntime, OldNumberError, UnknownRuleError, UnknownVersionError, type Runtime } from '../../src/runtime/create.ts'
import type { RuleInRelease } from '../../src/runtime/types.ts'
import { repoRoot } from '../cli/run-cr.ts'

let runtime: Runtime
let redirects: string[]
let removed: string[]

beforeAll(() => {
  const context = openCiteContext({ rules: join(repoRoot, 'rules') })
  const document = indexView(context.model!)
  const data = buildRuntimeData(document, { retired: context.table.retired, releases: context.releases() }, buildTimingTrees(document))
  redirects = Object.keys(data.redirects)
  removed = Object.keys(data.removed)
  runtime = createRuntime(data)
}, 300_000)

/** What `rule()` does with a query: the rule, or the error it throws. */
function outcome(query: unknown, options?: { version?: string }): { rule: unknown } | { error: unknown } {
  try {
    return { rule: runtime.rule(query, options) }
  } catch (error) {
    return { error }
  }
}

describe('one reading of a query (findRule, lookupRule and rule agree)', () => {
  const queries = () => {
    const ids = runtime.rules.map((r) => r.id)
    const numbers = runtime.rules.map((r) => r.number)
    const word = fc.oneof(fc.constantFrom(...ids, ...numbers, ...redirects, ...removed, '10.5.5', '1.2.5', '6.2.5', 'CR 6.1.4', '§6.1.4a', 'CR v24.03 6.2.5', 'CR 10.10'), fc.string({ maxLength: 12 }))
    // Typos: a character dropped, doubled or changed.
    const typo = fc.tuple(word, fc.nat(), fc.constantFrom('drop', 'double', 'x')).map(([w, i, how]) => {
      const at = w.length === 0 ? 0 : i % w.length
      return how === 'drop' ? w.slice(0, at) + w.slice(at + 1) : how === 'double' ? w.slice(0, at + 1) + w.slice(at) : `${w.slice(0, at)}x${w.slice(at + 1)}`
    })
    const version = fc.option(fc.constantFrom(...runtime.releaseVersions, '24.03', 'v99.01'), { nil: undefined })
    return fc.tuple(fc.oneof(word, typo, fc.integer()), version)
  }

  it('findRule returns what rule() returns, undefined exactly where it throws; lookupRule gives either, the error unthrown', () => {
    fc.assert(
      fc.property(queries(), ([query, version]) => {
        const options = version === undefined ? undefined : { version }
        const expected = outcome(query, options)
        const found = runtime.findRule(query, options)
        const looked = runtime.lookupRule(query, options)
        if ('rule' in expected) {
          expect(found).toBe(expected.rule)
          expect(looked).toEqual({ rule: expected.rule })
        } else {
          expect(found).toBeUndefined()
          expect(looked.rule).toBeUndefined()
          const [e, got] = [expected.error as UnknownRuleError, looked.error as UnknownRuleError]
          expect([got.constructor, got.name, got.code, got.message, got.suggestions]).toEqual([e.constructor, e.name, e.code, e.message, e.suggestions])
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('a number only an older release printed: rule() throws OldNumberError, findRule is undefined, lookupRule says why and what to cite', () => {
    expect(() => runtime.rule('10.5.5')).toThrow(OldNumberError)
    expect(runtime.findRule('10.5.5')).toBeUndefined()
    const { error } = runtime.lookupRule('10.5.5')
    expect(error).toBeInstanceOf(OldNumberError)
    expect(error).toMatchObject({ code: 'old-number', query: '10.5.5', suggestions: [{ id: 'rule_remove_tags_or_bad_publicity_as_cost', number: '1.14.3a' }] })
    expect((error as OldNumberError).history.map((m) => [m.id, m.status])).toEqual([['rule_corp_can_pay_tag_costs', 'merged']])
    // Through the release it names, it is a rule.
    expect(runtime.findRule('10.5.5', { version: 'v25.08' })?.id).toBe('rule_remove_tags_or_bad_publicity_as_cost')
  })

  it('every way of naming no rule has its code', () => {
    const code = (query: unknown, version?: string) => runtime.lookupRule(query, version === undefined ? undefined : { version }).error?.code
    expect([code('rule_end_teh_run'), code(42), code('rule_ncigs'), code('1.2.5'), code('10.5.5'), code('6.1.4', 'v99.01'), code('6.1.99', 'v24.03'), code('1.2.5', 'v24.03')]).toEqual([
      'unknown-rule',
      'unknown-rule',
      'removed-rule',
      'old-number',
      'old-number',
      'unknown-release',
      'unknown-rule',
      'removed-rule',
    ])
  })
})

describe('suggestions: one shape for every error', () => {
  const errorsOf = (queries: [string, string?][]) => queries.map(([q, version]) => runtime.lookupRule(q, version === undefined ? undefined : { version }).error as UnknownRuleError)

  it('an ID, a number, an old number: today\'s rules as { id, number }', () => {
    const [id, number, old] = errorsOf([['rule_end_teh_run'], ['6.1.44'], ['10.5.5']])
    expect(id!.suggestions).toEqual([{ id: 'rule_end_the_run', number: '6.1.4' }])
    expect(number!.suggestions).toEqual([
      { id: 'rule_end_the_run', number: '6.1.4' },
      { id: 'rule_end_run_access_or_breach_during_run', number: '6.1.4a' },
      { id: 'rule_end_encounter_outside_run', number: '6.1.4b' },
    ])
    expect(old!.suggestions).toEqual([{ id: 'rule_remove_tags_or_bad_publicity_as_cost', number: '1.14.3a' }])
    // The message still prints them as people read them.
    expect(number!.message).toContain('did you mean "6.1.4 (rule_end_the_run)"')
  })

  it('a query read in an older release: that release\'s rules, naming it; an ID it did not have yet: today\'s rule', () => {
    const [number, later] = errorsOf([['6.1.99', 'v24.03'], ['rule_pass_after_breaking', 'v24.03']])
    expect(number!.suggestions[0]).toEqual({ id: 'rule_jacking_out', number: '6.1.5', version: 'v24.03' })
    expect(later!.suggestions).toEqual([{ id: 'rule_pass_after_breaking', number: '6.1.3f' }])
  })

  it('every suggestion reads back as the rule it names', () => {
    const queries: [string, string?][] = [['rule_end_teh_run'], ['6.1.44'], ['9.6.21'], ['rule_jackin_out'], ['10.5.5'], ['6.1.99', 'v24.03'], ['rule_jakc_out', 'v24.03'], ['rule_pass_after_breaking', 'v22.12']]
    const suggestions = errorsOf(queries).flatMap((e) => e.suggestions)
    expect(suggestions.length).toBeGreaterThan(10)
    for (const s of suggestions) {
      expect(Object.keys(s).sort()).toEqual(s.version === undefined ? ['id', 'number'] : ['id', 'number', 'version'])
      if (s.version === undefined) expect(runtime.rule(s.id)).toBe(runtime.rule(s.number))
      else expect((runtime.rule(s.number, { version: s.version }) as RuleInRelease).via.id).toBe(s.id)
    }
  })

  it('a removed rule suggests nothing', () => {
    expect(errorsOf([['rule_ncigs'], ['1.2.5', 'v24.03']]).map((e) => e.suggestions)).toEqual([[], []])
  })
})

describe('a retired ID says so (via)', () => {
  it('read through the newest release that printed it: the number it had there, renamed', () => {
    const r = runtime.rule('rule_ice_change_after_pass') as RuleInRelease
    expect([r.id, r.via, r.textChanged, r.changedIn]).toEqual([
      'rule_ice_change_during_movement',
      { version: 'v24.03', number: '6.2.4e', id: 'rule_ice_change_after_pass', status: 'renamed' },
      true,
      ['v25.04'],
    ])
    // As the release it was last printed in reads it.
    expect(runtime.rule(r.via.number, { version: r.via.version })).toEqual(r)
  })

  it('an ID no release printed (ours for chapter 11 until v26.03): through the newest release that had the rule it became', () => {
    const r = runtime.rule('sec_appendix_timing_structure_of_a_run__6_a') as RuleInRelease
    expect([r.id, r.via]).toEqual(['sec_appendix_timing_structure_of_a_run_6_a', { version: 'v26.03', number: '11.4.6a', id: 'sec_appendix_timing_structure_of_a_run__6_a', status: 'renamed' }])
  })

  it('every retired ID: today\'s rule, via naming the ID, a held release and how it was retired', () => {
    expect(redirects.length).toBeGreaterThan(100)
    for (const id of redirects) {
      const r = runtime.rule(id) as RuleInRelease
      expect(r.via?.id, id).toBe(id)
      expect(runtime.releaseVersions, id).toContain(r.via.version)
      expect(['renamed', 'merged', 'split'], id).toContain(r.via.status)
      expect(runtime.isRuleId(r.id), id).toBe(true)
      expect(runtime.findRule(id)).toBe(r)
    }
  })

  it('a current ID, and a number, have no via', () => {
    expect('via' in runtime.rule('rule_end_the_run')).toBe(false)
    expect('via' in runtime.rule('6.1.4')).toBe(false)
  })
})

describe('instanceof across copies of the module (the ESM and CommonJS builds)', () => {
  it('an error from another copy is an instance of this copy\'s classes, and of no other', async () => {
    // A second instance of the module, as the other build would be (a query makes it another module to vite).
    const copy: string = '../../src/runtime/create.ts?another-copy'
    const other = (await import(/* @vite-ignore */ copy)) as typeof import('../../src/runtime/create.ts')
    expect(other.UnknownRuleError).not.toBe(UnknownRuleError)
    const theirs = { unknown: new other.UnknownRuleError('m', 'q', []), old: new other.OldNumberError('m', 'q', [], []), version: new other.UnknownVersionError('v99.01', []) }
    const ours = { unknown: new UnknownRuleError('m', 'q', []), old: new OldNumberError('m', 'q', [], []), version: new UnknownVersionError('v99.01', []) }
    for (const [classes, errors] of [
      [{ UnknownRuleError, OldNumberError, UnknownVersionError }, theirs],
      [{ UnknownRuleError: other.UnknownRuleError, OldNumberError: other.OldNumberError, UnknownVersionError: other.UnknownVersionError }, ours],
    ] as const) {
      expect(Object.values(errors).map((e) => [e instanceof classes.UnknownRuleError, e instanceof classes.OldNumberError, e instanceof classes.UnknownVersionError, e instanceof Error])).toEqual([
        [true, false, false, true],
        [true, true, false, true],
        [false, false, true, true],
      ])
    }
  })

  it('a subclass an engine writes answers as JavaScript does; values that are not errors are not instances', () => {
    class EngineError extends UnknownRuleError {}
    const mine = new EngineError('m', 'q', [])
    expect([mine instanceof EngineError, mine instanceof UnknownRuleError, new UnknownRuleError('m', 'q', []) instanceof EngineError]).toEqual([true, true, false])
    expect([null, undefined, 42, 'UnknownRuleError', {}, { name: 'UnknownRuleError' }, new Error('x')].some((v) => v instanceof UnknownRuleError)).toBe(false)
  })
})
