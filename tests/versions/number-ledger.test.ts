/**
 * Every number any release printed resolves, with its history (issue 19):
 * real numbers from the held releases, and a renumbering made here the way
 * an editor makes one (a rule inserted before 6.1.4).
 */
import { describe, expect, it } from 'vitest'
import { buildNumberLedger, describeMeaning, explainNumber, releaseSpan } from '../../src/core/versions/number-ledger.ts'
import { resolveRelease } from '../../src/core/versions/release-citations.ts'
import { createVersionIndex } from '../../src/core/versions/version-index.ts'
import { build, chapter } from './build.ts'
import { versionIndex } from './load.ts'

function ledgerOf(index: ReturnType<typeof versionIndex>) {
  return buildNumberLedger(index.versions.map((version) => ({ version, rules: resolveRelease(index, version) })))
}

describe('the number ledger over the held releases', () => {
  const index = versionIndex()
  const ledger = ledgerOf(index)
  const today = (n: string) => index.document('current')!.rules.find((r) => r.number === n)?.id

  it('explains a number retired by a merge: 10.5.5', () => {
    const { today: now, earlier } = explainNumber(ledger, '10.5.5', today)
    expect(now).toBeUndefined()
    expect(earlier.length).toBeGreaterThan(0)
    const m = earlier[0]!
    expect(m.versions.at(-1)).toBe('v25.08')
    expect(m.status).toBe('merged')
    expect(m.currentNumber).toBe('1.14.3a')
    expect(describeMeaning(m, ledger.versions)).toMatch(/^10\.5\.5 in v\d\d\.\d\d(–v25\.08)? \(`\w+`\) was merged into 1\.14\.3a/)
  })

  it('explains a number whose rule was removed: 1.2.5 was rule_ncigs until v24.03', () => {
    const { earlier } = explainNumber(ledger, '1.2.5', today)
    const ncigs = earlier.find((m) => m.id === 'rule_ncigs')
    expect(ncigs).toBeDefined()
    expect(ncigs!.versions.at(-1)).toBe('v24.03')
    expect(ncigs!.currentId).toBeUndefined()
    expect(describeMeaning(ncigs!, ledger.versions)).toMatch(/was removed: .*NCIGS/)
  })

  it('a number that always named today\'s rule has no earlier meaning', () => {
    const { today: now, earlier } = explainNumber(ledger, '6.1.4', today)
    expect(now).toEqual({ id: 'rule_end_the_run', number: '6.1.4' })
    expect(earlier).toEqual([])
  })

  it('every number of every release has a meaning in that release', () => {
    for (const version of index.versions) {
      for (const r of index.document(version)!.rules) expect(ledger.meaningIn(r.number, version)?.id, `${version} ${r.number}`).toBe(r.id)
    }
  })

  it('a number nobody printed has no meaning', () => {
    expect(explainNumber(ledger, '6.1.99', today)).toEqual({ number: '6.1.99', earlier: [] })
  })
})

describe('after an editor inserts a rule before 6.1.3', () => {
  const before = build('v26.03', chapter([['sec_a', [['rule_a', 'A.'], ['rule_b', 'B.'], ['rule_c', 'C.', [['rule_c_x', 'X.'], ['rule_c_y', 'Y.']]]]]]))
  const after = build('v26.09', chapter([['sec_a', [['rule_a', 'A.'], ['rule_new', 'New.'], ['rule_b', 'B.'], ['rule_c', 'C.', [['rule_c_x', 'X.'], ['rule_c_y', 'Y.']]]]]]))
  const index = createVersionIndex({ releases: [before], current: after })
  const ledger = ledgerOf(index)
  const today = (n: string) => after.rules.find((r) => r.number === n)?.id

  it('the old number of a moved rule says where it is now', () => {
    const { today: now, earlier } = explainNumber(ledger, '1.1.3a', today)
    expect(now).toBeUndefined()
    expect(earlier).toHaveLength(1)
    expect(describeMeaning(earlier[0]!, ledger.versions)).toBe('1.1.3a in v26.03 (`rule_c_x`) is 1.1.4a now')
  })

  it('a number that now names another rule says what it named before', () => {
    const { today: now, earlier } = explainNumber(ledger, '1.1.2', today)
    expect(now).toEqual({ id: 'rule_new', number: '1.1.2' })
    expect(earlier.map((m) => describeMeaning(m, ledger.versions))).toEqual(['1.1.2 in v26.03 (`rule_b`) is 1.1.3 now'])
  })

  it('spans name consecutive releases with a dash and gaps with commas', () => {
    const all = ['v1', 'v2', 'v3', 'v4']
    expect(releaseSpan(['v2'], all)).toBe('v2')
    expect(releaseSpan(['v1', 'v2', 'v3'], all)).toBe('v1–v3')
    expect(releaseSpan(['v1', 'v3'], all)).toBe('v1, v3')
  })
})
