/**
 * The rule-text fingerprint (`hash` in rules.json, `cr cite --baseline`) is
 * FNV-1a 64 over UTF-8, as 16 hex digits; any language can compare it, so
 * it must never change. Checked against the published test vectors and a
 * plain BigInt reference on arbitrary text.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fnv1a64 } from '../../src/core/cite/rule-hash.ts'

function reference(text: string): string {
  let h = 0xcbf29ce484222325n
  for (const byte of new TextEncoder().encode(text)) h = BigInt.asUintN(64, (h ^ BigInt(byte)) * 0x100000001b3n)
  return h.toString(16).padStart(16, '0')
}

describe('fnv1a64', () => {
  it('gives the published FNV-1a 64 values', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325')
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c')
    expect(fnv1a64('foobar')).toBe('85944171f73967e8')
  })

  it('agrees with a BigInt reference on any text (UTF-8, astral characters, lone surrogates)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(fnv1a64(text)).toBe(reference(text))
      }),
      { numRuns: 500 },
    )
  })
})
