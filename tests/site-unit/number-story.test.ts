/**
 * What a number says in a release, wherever the site resolves it (search's
 * Enter, `?r=`, `/r/`) and on the page it lands on: the same story, from
 * `numbers.json` and the releases' lookups, for the current rules and for a
 * held release read on its own pages.
 */
import { describe, expect, test } from 'vitest'
import { numberStory, type NumbersJson, type StoryRelease } from '../../site/shared/numbers.ts'
import { historyIn } from '../../site/scripts/number-history.ts'
import { createLookup, type LookupJson } from '../../site/scripts/lookup.ts'
import { phrasePlain } from '../../src/core/phrase.ts'

const VERSIONS = ['v22.12', 'v24.03', 'v25.08', 'v26.03', 'current']

/**
 * The shapes today's releases have, kept small: 6.2.5 named
 * rule_move_runner_to_position until v24.03 (6.2.8 now), 10.5.5 was merged
 * into 1.14.3a, rule_old_name (6.3.2 in v24.03) is rule_new_name (6.3.1) now.
 */
const json: NumbersJson = {
  v: VERSIONS,
  n: {
    '6.2.5': [['rule_move_runner_to_position', ['v22.12', 'v24.03'], 'rule_move_runner_to_position', '6.2.8', 'same']],
    '10.5.5': [['rule_tag_removal', ['v22.12', 'v24.03', 'v25.08'], 'rule_tags_basic', '1.14.3a', 'merged']],
    '6.3.2': [['rule_old_name', ['v22.12', 'v24.03'], 'rule_new_name', '6.3.1', 'renamed']],
    '6.3.1': [['rule_gone', ['v22.12', 'v24.03'], '', '', 'removed', 'no longer needed']],
  },
}

const lookupJson = (rules: [string, string][]): LookupJson => ({
  c: ['game-concepts', 'runs'],
  n: ['1. Game Concepts', '6. Runs'],
  r: rules.map(([id, number]) => [id, number, number.startsWith('6.') ? 1 : 0]),
  t: {},
})
const today = createLookup(
  lookupJson([
    ['rule_tags_basic', '1.14.3a'],
    ['rule_end_the_run', '6.1.4'],
    ['rule_position_runner', '6.2.5'],
    ['rule_move_runner_to_position', '6.2.8'],
    ['rule_new_name', '6.3.1'],
  ]),
  '/',
)
const v2403 = createLookup(
  lookupJson([
    ['rule_tags_basic', '1.14.3a'],
    ['rule_end_the_run', '6.1.4'],
    ['rule_move_runner_to_position', '6.2.5'],
    ['rule_gone', '6.3.1'],
    ['rule_old_name', '6.3.2'],
    ['rule_tag_removal', '10.5.5'],
  ]),
  '/v24.03/',
)
const v2603 = createLookup(
  lookupJson([
    ['rule_tags_basic', '1.14.3a'],
    ['rule_end_the_run', '6.1.4'],
    ['rule_position_runner', '6.2.5'],
    ['rule_move_runner_to_position', '6.2.8'],
    ['rule_new_name', '6.3.1'],
  ]),
  '/v26.03/',
)
const asRelease = (lookup: typeof today): StoryRelease => ({
  ...(lookup.routes.version ? { version: lookup.routes.version } : {}),
  idOf: (n) => lookup.byNumber.get(n)?.id,
  numberOf: (id) => lookup.byId.get(id)?.number,
})
const story = (number: string, lookup = today) => {
  const s = numberStory(json, number, asRelease(lookup), asRelease(today))
  return { ...s, said: s.items.map((i) => phrasePlain(i.sentence)) }
}

describe('the current rules', () => {
  test('a number that named another rule before: its rule today, and what it named', () => {
    const s = story('6.2.5')
    expect(s.here).toBe('rule_position_runner')
    expect(s.heading).toBe('6.2.5 is this rule today. It named another rule before:')
    expect(s.said).toEqual(['6.2.5 in v22.12–v24.03 (rule_move_runner_to_position) is 6.2.8 now'])
    expect(s.items[0]!.target).toEqual({ id: 'rule_move_runner_to_position', number: '6.2.8' })
  })

  test('a number no rule has today: what it named, and where that is now', () => {
    const s = story('10.5.5')
    expect(s.here).toBeUndefined()
    expect(s.heading).toBe('No rule is numbered 10.5.5 today.')
    expect(s.items.map((i) => i.target)).toEqual([{ id: 'rule_tags_basic', number: '1.14.3a' }])
  })

  test('a number that always named today’s rule has nothing to say', () => {
    expect(story('6.1.4').items).toEqual([])
    expect(story('6.1.4').here).toBe('rule_end_the_run')
  })
})

describe('a held release, read on its own pages', () => {
  test('a number it lacks that names a rule today: where today’s rule is in it (6.2.8 → v24.03’s 6.2.5)', () => {
    const s = story('6.2.8', v2403)
    expect(s.here).toBeUndefined()
    expect(s.heading).toBe('No rule is numbered 6.2.8 in v24.03.')
    expect(s.said).toEqual(['6.2.8 today (rule_move_runner_to_position) is 6.2.5 in v24.03'])
    expect(s.items[0]!.target).toEqual({ id: 'rule_move_runner_to_position', number: '6.2.5' })
  })

  test('a number it has that names another rule today says so; a rule new since is not in it', () => {
    const s = story('6.2.5', v2403)
    expect(s.here).toBe('rule_move_runner_to_position')
    // Where the rule read is today: a judge citing v24.03's 6.2.5 needs today's number.
    expect(s.heading).toBe('6.2.5 is this rule in v24.03 (6.2.8 today). It is another rule in other releases:')
    // "6.2.8 today" is a link on the page: the number it names.
    expect(s.now).toBe('6.2.8')
    // Its own meaning (v22.12–v24.03) is not told back to it.
    expect(s.said).toEqual(['6.2.5 today (rule_position_runner) is not in v24.03'])
    expect(s.items[0]!.target).toBeUndefined()
  })

  test('a rule renamed since is found under the ID the release had', () => {
    const s = story('6.3.1', v2403)
    expect(s.here).toBe('rule_gone')
    expect(s.said).toEqual(['6.3.1 today (rule_new_name) is 6.3.2 in v24.03'])
    expect(s.items[0]!.target).toEqual({ id: 'rule_old_name', number: '6.3.2' })
  })

  test('an older number another release printed: what it was, and where that rule is in the release read', () => {
    const s = story('10.5.5', v2603)
    expect(s.heading).toBe('No rule is numbered 10.5.5 in v26.03.')
    expect(s.said).toEqual(['10.5.5 in v22.12–v25.08 (rule_tag_removal) was merged into 1.14.3a (rule_tags_basic)'])
    expect(s.items[0]!.target).toEqual({ id: 'rule_tags_basic', number: '1.14.3a' })
  })

  test('the same number for the same rule everywhere says nothing', () => {
    expect(story('6.1.4', v2403).items).toEqual([])
    expect(story('6.1.4', v2603).items).toEqual([])
  })
})

describe('where resolving a number lands', () => {
  test('its rule, told on landing (?from=) when the number has a story there; plain when not', () => {
    expect(historyIn(json, '6.2.5', today).landing).toBe('/runs/?from=6.2.5#rule_position_runner')
    expect(historyIn(json, '6.1.4', today).landing).toBe('/runs/#rule_end_the_run')
    expect(historyIn(json, '6.2.5', v2403, today).landing).toBe('/v24.03/runs/?from=6.2.5#rule_move_runner_to_position')
  })

  test('a number the release lacks lands on the one rule it named elsewhere, told why', () => {
    expect(historyIn(json, '10.5.5', today).landing).toBe('/game-concepts/?from=10.5.5#rule_tags_basic')
    expect(historyIn(json, '6.2.8', v2403, today).landing).toBe('/v24.03/runs/?from=6.2.8#rule_move_runner_to_position')
    // Links in the note go into the release read.
    expect(historyIn(json, '6.2.8', v2403, today).items[0]!.now?.url).toBe('/v24.03/runs/#rule_move_runner_to_position')
  })

  test('nothing to land on: a number nobody printed, or numbers.json not loaded', () => {
    const none = historyIn(json, '6.1.99', today)
    expect([none.items, none.landing]).toEqual([[], undefined])
    expect(historyIn(undefined, '6.2.5', today).landing).toBe('/runs/#rule_position_runner')
    expect(historyIn(undefined, '10.5.5', today).landing).toBeUndefined()
  })
})
