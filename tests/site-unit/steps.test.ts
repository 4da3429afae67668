/**
 * A step restates a rule in a sequence: it yields to the next rule unless the
 * query asks about steps or their order (issue 20, site/scripts/query/steps.ts),
 * and the build says which rules are steps (search-vocab.json's `p`).
 */
import { describe, expect, test } from 'vitest'
import { buildSearchVocab } from '../../site/data/search-vocab.ts'
import { asksForSteps, stepsBelowRules } from '../../site/scripts/query/steps.ts'
import { words } from '../../site/scripts/query/fold.ts'
import { currentRelease } from './query-context.ts'

const steps = new Set(['step_runner_turn_allotted_clicks', 'sec_appendix_timing_structure_runners_turn_1_a'])
const order = (ids: string[], q: string) => stepsBelowRules(ids, (id) => id, steps, words(q))

describe('stepsBelowRules', () => {
  test('a step goes below the next rule that is not a step; steps in a row wait for the same rule', () => {
    expect(order(['step_runner_turn_allotted_clicks', 'rule_runner_allotted_clicks', 'rule_other'], 'how many clicks does the runner get')).toEqual(['rule_runner_allotted_clicks', 'step_runner_turn_allotted_clicks', 'rule_other'])
    expect(order(['step_runner_turn_allotted_clicks', 'sec_appendix_timing_structure_runners_turn_1_a', 'rule_a', 'rule_b'], 'runner clicks')).toEqual(['rule_a', 'step_runner_turn_allotted_clicks', 'sec_appendix_timing_structure_runners_turn_1_a', 'rule_b'])
  })

  test('a query asking for steps, an order or a sequence keeps them where they are', () => {
    const ids = ['step_runner_turn_allotted_clicks', 'rule_runner_allotted_clicks']
    for (const q of ['what are the steps of the runner turn', 'in what order does the runner turn go', 'runner turn timing structure']) expect(order(ids, q), q).toEqual(ids)
    expect(asksForSteps(words('how many clicks does the runner get'))).toBe(false)
  })

  test('nothing is lost or repeated; a list of steps alone stays as it was', () => {
    expect(order(['step_runner_turn_allotted_clicks'], 'clicks')).toEqual(['step_runner_turn_allotted_clicks'])
    const many = Array.from({ length: 20 }, (_, i) => `rule_${i}`)
    expect(order(['step_runner_turn_allotted_clicks', ...many], 'clicks').sort()).toEqual(['step_runner_turn_allotted_clicks', ...many].sort())
  })

  test('the build lists the steps of procedures and the timing structures’ elements, not the rules they restate', { timeout: 600_000 }, () => {
    const r = currentRelease()
    const ids = new Set(buildSearchVocab(r.search, r.lookup).p.map((i) => r.lookup.r[i]![0]))
    for (const id of ['step_runner_turn_allotted_clicks', 'step_corp_turn_mandatory_draw', 'sec_appendix_timing_structure_corps_turn_1_a']) expect(ids.has(id), id).toBe(true)
    for (const id of ['rule_runner_allotted_clicks', 'rule_mandatory_draw', 'subsec_corp_draw_phase', 'sec_appendix_timing_structure_corps_turn']) expect(ids.has(id), id).toBe(false)
  })
})
