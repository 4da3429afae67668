import { describe, expect, it } from 'vitest'
import { resolveRelease } from '../../src/core/versions/release-citations.ts'
import { changedSince, idsInto, readChange } from '../../src/core/versions/release-map.ts'
import { retirements, versionIndex } from './load.ts'

describe('a frozen release beside the others', () => {
  it('finds its rules by the IDs other releases gave them, and nothing by IDs it has no equivalent of', () => {
    const into = idsInto(versionIndex(), 'v24.03', retirements().byId.keys())
    // Renamed in v25.04: today's ID lands on v24.03's rule.
    expect(into.get('rule_ice_change_during_movement')).toBe('rule_ice_change_after_pass')
    // New in v25.04: no equivalent (its parent does not count).
    expect(into.has('rule_position_runner')).toBe(false)
    // Only IDs it lacks, each naming one of its own rules.
    const own = new Set(versionIndex().document('v24.03')!.rules.map((r) => r.id))
    for (const [id, here] of into) {
      expect(own.has(id), id).toBe(false)
      expect(own.has(here), here).toBe(true)
    }
  })

  it('marks the rules that changed since, with their number today', () => {
    const marks = changedSince(resolveRelease(versionIndex(), 'v24.03'))
    expect(readChange(marks.get('rule_ice_change_after_pass')!).what).toEqual(expect.arrayContaining(['renamed', 'reworded']))
    expect(readChange(marks.get('rule_corp_can_pay_tag_costs')!)).toMatchObject({ what: expect.arrayContaining(['merged']), number: '1.14.3a' })
    expect(marks.get('rule_ncigs')).toBe('x')
    expect(marks.has('rule_run')).toBe(false)
  })

  it('reads a mark back into words', () => {
    expect(readChange('rw 6.2.7e')).toEqual({ what: ['renamed', 'reworded'], number: '6.2.7e' })
    expect(readChange('x')).toEqual({ what: ['removed'] })
  })
})
