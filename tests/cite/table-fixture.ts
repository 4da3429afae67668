/** A small hand-made rule table (numbers as in v26.03) for scanner unit tests. */
import { buildCiteTable, withReleases } from '../../src/core/cite/table.ts'
import type { CiteRule, ReleaseRule, Retirement } from '../../src/core/cite/types.ts'

const r = (id: string, number: string, kind: CiteRule['kind'], parent: string | null, children: string[] = [], extra: Partial<CiteRule> = {}): CiteRule => ({
  id,
  number,
  kind,
  parent,
  children,
  chapter: number.startsWith('11') ? 'chpt_appendix_timing_structures' : number.startsWith('1.') ? 'chpt_game_concepts' : 'chpt_runs',
  ...extra,
})

export const RULES: CiteRule[] = [
  r('chpt_game_concepts', '1', 'chapter', null, ['sec_golden_rules']),
  r('sec_golden_rules', '1.2', 'section', 'chpt_game_concepts', ['rule_54+']),
  r('rule_54+', '1.2.1', 'rule', 'sec_golden_rules'),
  r('chpt_runs', '6', 'chapter', null, ['sec_run_general', 'sec_steps_of_a_run']),
  r('sec_run_general', '6.1', 'section', 'chpt_runs', ['rule_run', 'rule_attacked_server', 'rule_end_the_run', 'rule_jacking_out']),
  r('rule_run', '6.1.1', 'rule', 'sec_run_general'),
  r('rule_attacked_server', '6.1.2', 'rule', 'sec_run_general', ['rule_announce_attacked_server', 'rule_change_attacked_server']),
  r('rule_announce_attacked_server', '6.1.2a', 'subrule', 'rule_attacked_server'),
  r('rule_change_attacked_server', '6.1.2b', 'subrule', 'rule_attacked_server'),
  r('rule_end_the_run', '6.1.3', 'rule', 'sec_run_general', ['rule_end_run_access_or_breach_during_run', 'rule_end_encounter_outside_run', 'rule_end_run_no_run_or_encounter']),
  r('rule_end_run_access_or_breach_during_run', '6.1.3a', 'subrule', 'rule_end_the_run'),
  r('rule_end_encounter_outside_run', '6.1.3b', 'subrule', 'rule_end_the_run'),
  r('rule_end_run_no_run_or_encounter', '6.1.3c', 'subrule', 'rule_end_the_run'),
  r('rule_jacking_out', '6.1.4', 'rule', 'sec_run_general'),
  r('sec_steps_of_a_run', '6.9', 'section', 'chpt_runs', ['rule_sec_run_initiation_phase']),
  r('rule_sec_run_initiation_phase', '6.9.1', 'rule', 'sec_steps_of_a_run', ['step_initiation_announce', 'step_initiation_begin']),
  r('step_initiation_announce', '6.9.1a', 'step', 'rule_sec_run_initiation_phase'),
  r('step_initiation_begin', '6.9.1b', 'step', 'rule_sec_run_initiation_phase'),
  r('corp_basic_action_advance', '6.9.2', 'rule', 'sec_steps_of_a_run'),
  r('chpt_appendix_timing_structures', '11', 'chapter', null, ['sec_appendix_timing_structure_of_a_run']),
  r('sec_appendix_timing_structure_of_a_run', '11.4', 'section', 'chpt_appendix_timing_structures', ['sec_appendix_timing_structure_of_a_run_1']),
  r('sec_appendix_timing_structure_of_a_run_1', '11.4.1', 'timing', 'sec_appendix_timing_structure_of_a_run', ['sec_appendix_timing_structure_of_a_run_1_a'], { prose: 'rule_sec_run_initiation_phase' }),
  r('sec_appendix_timing_structure_of_a_run_1_a', '11.4.1a', 'timing', 'sec_appendix_timing_structure_of_a_run_1', [], { prose: 'step_initiation_announce' }),
]

export const RETIRED = new Map<string, Retirement>([
  ['rule_jack_out', { status: 'renamed', target: 'rule_jacking_out' }],
  ['rule_old_run_end', { status: 'renamed', target: 'rule_jack_out' }],
  ['rule_sec_obsolete', { status: 'removed', reason: 'the step no longer exists' }],
])

export const TABLE = buildCiteTable(RULES, RETIRED)

/** An entry of an old release that is still today's rule, unchanged unless `extra` says otherwise. */
const old = (id: string, number: string, extra: Partial<ReleaseRule> = {}): ReleaseRule => {
  const e: ReleaseRule = { id, number, currentId: id, status: 'same', textChanged: false, changedIn: [], ...extra }
  const today = RULES.find((r) => r.id === e.currentId)
  return today ? { ...e, currentNumber: today.number } : e
}

/** Two old releases, numbered as they were (`rule_end_the_run` was 6.1.4 before a rule was removed). */
export const RELEASES = new Map<string, ReleaseRule[]>([
  [
    'v24.03',
    [
      old('chpt_runs', '6'),
      old('sec_run_general', '6.1'),
      old('rule_run', '6.1.1'),
      old('rule_ncigs', '6.1.2', { currentId: undefined, currentNumber: undefined, status: 'removed', textChanged: true, reason: 'the NCIGS rule was dropped' }),
      old('rule_attacked_server', '6.1.3'),
      old('rule_end_the_run', '6.1.4', { textChanged: true, changedIn: ['v25.04', 'current'] }),
      old('rule_jack_out', '6.1.5', { currentId: 'rule_jacking_out', status: 'renamed' }),
      old('rule_old_run_end', '6.1.6', { currentId: 'rule_end_the_run', status: 'merged', textChanged: true, changedIn: ['v25.04'] }),
      old('rule_sec_obsolete', '6.1.7', { currentId: undefined, currentNumber: undefined, status: 'removed', textChanged: true, reason: 'the step no longer exists' }),
    ],
  ],
  ['v25.04', [old('chpt_runs', '6'), old('sec_run_general', '6.1'), old('rule_run', '6.1.1'), old('rule_end_the_run', '6.1.3'), old('rule_jacking_out', '6.1.4')]],
])

export const TABLE_WITH_RELEASES = withReleases(TABLE, RELEASES)
