/** The PDF's soft hyphens (pdf-hyphenate.ts): words only, never addresses, and no break TeX would not make. */
import { describe, expect, test } from 'vitest'
import { hyphenateText, SOFT_HYPHEN } from '../../site/integration/pdf-hyphenate.ts'

const shown = (s: string) => s.replaceAll(SOFT_HYPHEN, '-')

describe('hyphenateText', () => {
  test('hyphenates long words', () => {
    expect(shown(hyphenateText('The Corporation installs a subroutine'))).toBe('The Cor-po-ra-tion in-stalls a sub-rou-tine')
  })

  test('leaves email addresses, URLs and domain names whole', () => {
    for (const t of ['rules@nullsignal.games', 'https://netrunnerdb.com/en/card/01001', 'nullsignal.games', 'www.nullsignal.games']) {
      expect(hyphenateText(`write to ${t} today`)).toBe(`write to ${t} today`)
    }
  })

  test('no one-letter syllable, at least 2 letters before a break and 3 after', () => {
    // hyphen's patterns alone give "ma-te-r-i-al".
    expect(shown(hyphenateText('material'))).toBe('ma-te-rial')
    for (const word of ['material', 'information', 'encounters', 'additional', 'accessible', 'identity', 'agendas', 'abilities', 'Corporation']) {
      const parts = hyphenateText(word).split(SOFT_HYPHEN)
      expect(parts.every((p) => p.length >= 2), shown(hyphenateText(word))).toBe(true)
      expect(parts[parts.length - 1]!.length, word).toBeGreaterThanOrEqual(3)
    }
  })

  test('short words are left alone', () => {
    expect(hyphenateText('agenda ice run')).toBe('agenda ice run')
  })
})
