/**
 * A small, fixed document for rendering tests: the numbers and words the
 * published v26.03 document gives these IDs.
 */
import type { RenderContext } from '../../src/core/markup/index.ts'

const ENTRIES: Record<string, { number: string; word: 'rule' | 'section' | 'step' }> = {
  rule_if_able: { number: '1.2.3', word: 'rule' },
  rule_do_as_much_as_you_can: { number: '1.2.4', word: 'rule' },
  rule_card_conversion: { number: '10.1.4', word: 'rule' },
  subsec_region: { number: '3.6.5', word: 'section' },
  subsec_console: { number: '3.8.5', word: 'section' },
  subsec_icebreaker: { number: '3.9.5', word: 'section' },
  subsec_forced_encounters: { number: '6.2.8', word: 'section' },
  sec_run_initiation: { number: '6.3', word: 'section' },
  sec_run_ends_phase: { number: '6.8', word: 'section' },
  sec_steps_of_a_run: { number: '6.9', word: 'section' },
  step_initiation_announce: { number: '6.9.1d', word: 'step' },
  step_encounter_paw: { number: '6.9.3b', word: 'step' },
  step_resolve_subroutine: { number: '6.9.3c', word: 'step' },
  chpt_appendix_timing_structures: { number: '11', word: 'section' },
}

const CARDS: Record<string, string> = {
  'Sure Gamble': '01050',
  'Gagarin Deep Space: Expanding the Horizon': '30062',
  'Tsakhia "Bankhar" Gantulga': '33006',
  'Mirāju': '03031',
  'Ganked!': '25097',
  Ashigaru: '08068',
}

export const testContext: RenderContext = {
  lookup: (id) => ENTRIES[id],
  hrefFor: (id) => `#${id}`,
  cardHref: (name) => (CARDS[name] ? `https://netrunnerdb.com/en/card/${CARDS[name]}` : undefined),
  imageSrc: (name) => (name.includes(':') ? name : `/images/${name}`),
}
