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
    // The edition named after the number (one grammar with the scanner's: src/core/edition-syntax.ts).
    ['9.1.8g (CR 1.8)', '1.8', '9.1.8g'],
    ['CR 6.1.4 (v1.5)', '1.5', '6.1.4'],
    ['rule 9.1.8g of CR 1.8', '1.8', '9.1.8g'],
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
    '6.1.4 (1.8)', // a section in parentheses: no v, no CR
    '6.1.4 (v24.03)', // a release of ours
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

describe('parseCitation reads the edition before or after the number alike', () => {
  it.each([
    ['CR 6.1.4 (v24.03)', 'CR v24.03 6.1.4'],
    ['6.1.4 [CR v24.03]', 'CR v24.03 6.1.4'],
    ['6.2.5@v24.03', 'v24.03 6.2.5'],
    ['rule 6.2.5 of CR 24.03', 'CR 24.03 §6.2.5'],
    ['6.2.5 in the 24.03 rules', 'CR 24.03 6.2.5'],
    ['rule_end_the_run (v25.08)', 'v25.08 rule_end_the_run'],
  ])('%s is %s', (after, before) => {
    const a = parseCitation(after)
    const b = parseCitation(before)
    expect(a.version).toBe(b.version)
    expect(a.query).toBe(b.query)
  })

  it.each(['6.1.4 (10.3)', '6.1.4 (v24.03 of the schema)', '6.1.4 6.1.5', 'CR 6.1.4'])('%s names no release', (text) => {
    expect(parseCitation(text).version).toBeUndefined()
  })
})
