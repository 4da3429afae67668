/**
 * Editions from before the releases kept here (`CR 1.8 9.1.8g`): recognised as such, so the search
 * box and `cr show` say so instead of reading the number as today's rule or the text as words, while
 * a held release's citation, a section and a bare number are left to `parseCitation` and the lookup.
 */
import { describe, expect, it } from 'vitest'
import { olderEdition, parseCitation } from '../../src/core/ids.ts'

describe('olderEdition', () => {
  it.each([
    ['CR 1.8 9.1.8g', '1.8', '9.1.8g'],
    ['cr v1.5 6.1.4', '1.5', '6.1.4'],
    ['  CR1.8 §9.1.8g ', '1.8', '9.1.8g'],
    ['v1.8, 6.9.2', '1.8', '6.9.2'],
    ['CR 1.4 rule_end_the_run', '1.4', 'rule_end_the_run'],
  ])('%s is edition %s, rule %s', (text, edition, query) => {
    expect(olderEdition(text)).toEqual({ edition, query })
  })

  it.each([
    'CR 24.03 6.2.5', // a release of ours: parseCitation's
    'CR v26.03 rule_end_the_run',
    'CR 10.10', // a section
    'CR 1.8', // an edition alone names no rule
    '1.8 9.1.8g', // no CR or v: two numbers
    '6.1.4 6.1.5',
    'CR 1.8 errata',
    'v1.8 what is a run',
  ])('%s is not', (text) => {
    expect(olderEdition(text)).toBeUndefined()
  })

  it('never overlaps a held release citation', () => {
    for (const text of ['CR 24.03 §6.1.4', 'v22.12 6.1.4', 'CR 25.08 rule_x_y']) {
      expect(parseCitation(text).version).toBeDefined()
      expect(olderEdition(text)).toBeUndefined()
    }
  })
})
