/**
 * A section's row yields to its own rules unless the query names the section
 * (issue 20, site/scripts/query/sections.ts).
 */
import { describe, expect, test } from 'vitest'
import { sectionsBelowTheirRules, type Placed } from '../../site/scripts/query/sections.ts'

const places: Record<string, Placed> = {
  sec_tags: { number: '10.5', title: 'Tags' },
  rule_tag: { number: '10.5.1' },
  rule_tagged_trash: { number: '10.5.3' },
  rule_tagged_trash_a: { number: '10.5.3a' },
  sec_trash_cost: { number: '2.6', title: 'Trash Cost' },
  rule_trash_cost_location: { number: '2.6.1' },
  sec_traces: { number: '10.8', title: 'Traces' },
  rule_other: { number: '1.2.3' },
  rule_105_elsewhere: { number: '10.51.1' },
}
const order = (ids: string[], query: string[], window?: number) => sectionsBelowTheirRules(ids, (id) => places[id], query, window)

describe('sectionsBelowTheirRules', () => {
  test('a question about a section’s topic: its first rule found answers, the section comes right after it', () => {
    expect(order(['sec_tags', 'rule_other', 'rule_tagged_trash', 'rule_tag'], ['corp', 'runner', 'tagged'])).toEqual(['rule_other', 'rule_tagged_trash', 'sec_tags', 'rule_tag'])
  })

  test('a query naming the section keeps it where it was, in the singular or the plural', () => {
    expect(order(['sec_trash_cost', 'rule_trash_cost_location'], ['trash', 'cost'])).toEqual(['sec_trash_cost', 'rule_trash_cost_location'])
    expect(order(['sec_tags', 'rule_tag'], ['tag'])).toEqual(['sec_tags', 'rule_tag'])
    expect(order(['sec_tags', 'rule_tag'], ['tags'])).toEqual(['sec_tags', 'rule_tag'])
  })

  test('a section none of whose rules were found stays; another section’s rules and look-alike numbers do not count', () => {
    expect(order(['sec_traces', 'rule_tag', 'rule_other'], ['trace', 'strength'])).toEqual(['sec_traces', 'rule_tag', 'rule_other'])
    expect(order(['sec_tags', 'rule_105_elsewhere'], ['corp', 'tagged'])).toEqual(['sec_tags', 'rule_105_elsewhere'])
  })

  test('only the first results are looked at, the rest keep their order, and nothing is lost or doubled', () => {
    const ids = ['sec_tags', 'rule_other', 'rule_tagged_trash', 'rule_tag', 'sec_trash_cost', 'rule_trash_cost_location']
    expect(order(ids, ['corp', 'tagged'], 2)).toEqual(ids)
    const all = order(ids, ['what', 'else'])
    expect([...all].sort()).toEqual([...ids].sort())
    expect(all).toEqual(['rule_other', 'rule_tagged_trash', 'sec_tags', 'rule_tag', 'rule_trash_cost_location', 'sec_trash_cost'])
  })
})
