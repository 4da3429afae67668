/**
 * `--baseline RELEASE`: a number that meant a rule since removed says what became of that rule on the
 * way — renamed or merged into another ID first — when the retirements know it, and why it went.
 */
import { describe, expect, it } from 'vitest'
import { checkBaseline, describeRemoval, type BaselineHistory } from '../../src/core/cite/baseline.ts'
import type { Citation } from '../../src/core/cite/types.ts'

const citation: Citation = { id: 'rule_symbol_credits', file: 'a.py', line: 3, column: 5, text: 'CR 1.3.2', number: '1.3.2' } as Citation

const history = (removal: ReturnType<NonNullable<BaselineHistory['removalOf']>>): BaselineHistory => ({
  todayOf: () => undefined,
  meaningThen: (n) => (n === '1.3.2' ? { id: 'rule_plaintext_symbolds', today: null } : undefined),
  changedSince: () => undefined,
  numberOf: (id) => (id === 'rule_symbol_credits' ? '1.3.2' : undefined),
  hashes: new Map(),
  held: true,
  removalOf: (id) => (id === 'rule_plaintext_symbolds' ? removal : undefined),
})

describe('a removed rule under a baseline names what it became', () => {
  it('names the rename after the baseline, the release it went after, and the reason, as one sentence', () => {
    const removal = { via: [{ how: 'renamed' as const, id: 'rule_plaintext_symbols', after: 'v24.03' }], removedAfter: 'v25.04', reason: 'Each symbol says it now.' }
    const { problems } = checkBaseline([citation], { version: 'v24.03', kind: 'release' }, history(removal))
    const removed = problems.find((p) => p.code === 'removed-rule')!
    expect(removed.message).toContain('meant `rule_plaintext_symbolds` in v24.03 (the baseline), renamed to `rule_plaintext_symbols` after v24.03, then removed from the rules after v25.04: ')
    expect(removed.message).not.toMatch(/\.\.|\.[;:](?!\d)/)
    expect(removed.suggestions).toEqual(['rule_symbol_credits'])
  })

  it('says only that it was removed when the retirements know no more', () => {
    const { problems } = checkBaseline([citation], { version: 'v24.03', kind: 'release' }, { ...history(undefined), removalOf: () => undefined })
    expect(problems[0]!.message).toContain('(the baseline), since removed from the rules; 1.3.2 is `rule_symbol_credits` today')
  })

  it('tells a merge and several steps in order', () => {
    expect(describeRemoval({ via: [{ how: 'merged', id: 'rule_b', after: 'v23.08' }, { how: 'renamed', id: 'rule_c', after: 'v25.04' }], removedAfter: 'v25.08' })).toBe(
      'merged into `rule_b` after v23.08, renamed to `rule_c` after v25.04, then removed from the rules after v25.08',
    )
  })
})
