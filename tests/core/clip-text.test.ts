/** Prose shortened to fit a line (`clipText`): cut at a word, with an ellipsis. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clipText } from '../../src/core/clip-text.ts'

describe('clipText', () => {
  it('cuts at the last word boundary that fits, with an ellipsis (the report: "When an effec")', () => {
    const text = "To end the run is to halt the Runner's progress toward the server. When an effect ends the run, the current phase ends."
    expect(clipText(text, 80)).toBe("To end the run is to halt the Runner's progress toward the server. When an…")
    expect(clipText('A, b, c, d, e, f, g, h', 9)).toBe('A, b, c…')
    expect(clipText('short  text\n here', 80)).toBe('short text here')
    // One word longer than the line: cut where the line ends.
    expect(clipText('Supercalifragilisticexpialidocious', 10)).toBe('Supercali…')
  })

  it('never passes the line, keeps what it shows as written, and cuts mid-word only for a word over half the line', () => {
    const words = fc.array(fc.stringMatching(/^[A-Za-z.,']{1,12}$/), { minLength: 1, maxLength: 30 })
    fc.assert(
      fc.property(words, fc.integer({ min: 4, max: 120 }), (list, max) => {
        const text = list.join(' ')
        const clipped = clipText(text, max)
        expect(clipped.length).toBeLessThanOrEqual(max)
        if (text.length <= max) {
          expect(clipped).toBe(text)
          return
        }
        expect(clipped.endsWith('…')).toBe(true)
        const shown = clipped.slice(0, -1)
        expect(text.startsWith(shown)).toBe(true)
        // A cut inside a word happens only where no space falls in the second half of the line.
        const next = text[shown.length]
        if (next !== undefined && /[A-Za-z.']/.test(next) && /[A-Za-z.']$/.test(shown)) expect(text.slice(0, max).lastIndexOf(' ')).toBeLessThanOrEqual(max / 2)
      }),
    )
  })
})
