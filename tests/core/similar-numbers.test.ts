/**
 * The one did-you-mean for rule numbers (`similarNumbers` in src/core/ids.ts),
 * on the real rules: every kind of slip a person makes typing a number.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { similarNumbers } from '../../src/core/ids.ts'
import { compileDir } from '../../src/io/compile-dir.ts'

let numbers: string[]
beforeAll(() => {
  const { document } = compileDir('rules')
  numbers = document!.rules.map((r) => r.number)
}, 600_000)

describe('similarNumbers: the numbers a mistyped one may have meant', () => {
  it('a digit doubled, dropped, changed or swapped; a letter wrong or added', () => {
    expect(similarNumbers('6.1.44', numbers)).toEqual(['6.1.4', '6.1.4a', '6.1.4b']) // doubled
    expect(similarNumbers('6.1.41', numbers)[0]).toBe('6.1.4') // one too many
    expect(similarNumbers('9.6.21', numbers)).toEqual(['9.6.2', '9.6.12', '9.6.11']) // swapped, then changed
    expect(similarNumbers('6.1.7', numbers)).toEqual(['6.1.5', '6.1.4', '6.1.3']) // changed: the nearer first
    expect(similarNumbers('6.10.1', numbers)[0]).toBe('6.1.1') // a digit too many in the section
    expect(similarNumbers('61.4', numbers)[0]).toBe('6.1.4') // a dot dropped
    expect(similarNumbers('16.1.4', numbers)).toEqual(['10.1.4', '6.1.4'])
    expect(similarNumbers('6.2.7g', numbers)).toEqual(['6.2.7e', '6.2.7d', '6.2.7c']) // a letter past the last: the nearest letters
    expect(similarNumbers('6.9.22a', numbers)).toEqual(['6.9.2a'])
  })

  it('two slips when none is one slip away; the nearest ancestor when nothing is that close', () => {
    expect(similarNumbers('6.1.9z', numbers)).toEqual(['6.1.5b', '6.1.5a', '6.1.5'])
    expect(similarNumbers('6.1.999', numbers)).toEqual(['6.1'])
    expect(similarNumbers('99.1', numbers)).toEqual(['9.1', '9.9.1']) // doubled, or a dot dropped
    expect(similarNumbers('77.77.77', numbers)).toEqual([])
    expect(similarNumbers('42', numbers)).toEqual([]) // one part: a chapter is never guessed
    expect(similarNumbers('6.1.44', numbers, 1)).toEqual(['6.1.4'])
  })

  it('never suggests the number itself, and answers the same from its cache', () => {
    expect(similarNumbers('6.1.4', numbers)).not.toContain('6.1.4')
    expect(similarNumbers('6.1.44', numbers)).toEqual(similarNumbers('6.1.44', numbers))
  })
})
