import { describe, expect, it } from 'vitest'
import { childNumber, letterFor, romanFor, timingNumber } from '../../src/core/number.ts'
import { normalizeNumber } from '../../src/core/ids.ts'

describe('numbering', () => {
  it('letters sub-rules a…z, then aa', () => {
    expect([1, 2, 26, 27, 28, 52, 53].map(letterFor)).toEqual(['a', 'b', 'z', 'aa', 'ab', 'az', 'ba'])
  })
  it('writes roman numerals for third-level timing elements', () => {
    expect([1, 2, 3, 4, 9, 14, 40].map(romanFor)).toEqual(['i', 'ii', 'iii', 'iv', 'ix', 'xiv', 'xl'])
  })
  it('numbers sections and rules with dots, sub-rules with letters', () => {
    expect(childNumber('6', 1, 1)).toEqual({ number: '6.1', label: '6.1.' })
    expect(childNumber('6.1', 2, 4)).toEqual({ number: '6.1.4', label: '6.1.4.' })
    expect(childNumber('6.1.4', 3, 1)).toEqual({ number: '6.1.4a', label: 'a.' })
  })
  it('numbers timing elements by list position', () => {
    expect(timingNumber('11.2', 1, 2)).toEqual({ number: '11.2.2', label: '2.' })
    expect(timingNumber('11.2.2', 2, 2)).toEqual({ number: '11.2.2b', label: 'b.' })
    expect(timingNumber('11.2.2b', 3, 1)).toEqual({ number: '11.2.2b.i', label: 'i.' })
  })
})

describe('normalizeNumber', () => {
  it.each([
    ['6.1.4', '6.1.4'],
    ['6.1.4.', '6.1.4'],
    ['6.1.4.a.', '6.1.4a'],
    ['6.1.4a', '6.1.4a'],
    ['CR 6.1.4', '6.1.4'],
    ['§6.1.4', '6.1.4'],
    ['§ 6.1.4a', '6.1.4a'],
    ['rule 6.1.4a', '6.1.4a'],
    ['Step 6.9.2', '6.9.2'],
    ['6', '6'],
    ['11.2.2.b.i', '11.2.2b.i'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeNumber(input)).toBe(expected)
  })
  it('rejects what is not a number', () => {
    expect(normalizeNumber('rule_end_the_run')).toBeUndefined()
    expect(normalizeNumber('6..1')).toBeUndefined()
  })
})
