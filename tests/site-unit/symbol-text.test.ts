/** Word diffs' icons come from the symbols the model marked, never from tokens found in the text. */
import { describe, expect, it } from 'vitest'
import { symbolPieces } from '../../site/data/symbol-text.ts'

const names = (pieces: ReturnType<typeof symbolPieces>) => pieces.map((p) => (typeof p === 'string' ? p : `<${p.name}>`))

describe('symbolPieces', () => {
  it('draws each marked symbol where the model says it is', () => {
    expect(names(symbolPieces('Gain 2[credit] and [click].', [{ at: 6, name: 'credit' }, { at: 19, name: 'click' }]))).toEqual(['Gain 2', '<credit>', ' and ', '<click>', '.'])
  })

  it('leaves a token the model did not mark as text (a quoted token, a card name in brackets)', () => {
    expect(names(symbolPieces('The text "[credit]" is printed.'))).toEqual(['The text "[credit]" is printed.'])
    expect(names(symbolPieces('[credit][credit]', [{ at: 8, name: 'credit' }]))).toEqual(['[credit]', '<credit>'])
  })

  it('ignores a mark that does not sit on its token (stale or foreign data) instead of cutting a word', () => {
    expect(names(symbolPieces('Gain 2[credit].', [{ at: 3, name: 'credit' }]))).toEqual(['Gain 2[credit].'])
    expect(names(symbolPieces('Gain 2.', [{ at: 40, name: 'credit' }]))).toEqual(['Gain 2.'])
  })
})
