import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FIGURE_DASH, normalizeText } from './normalize.ts'

describe('normalizeText: whitespace', () => {
  it('collapses runs of HTML whitespace and trims, as a browser shows the text', () => {
    expect(normalizeText('  protecting it  refers\n')).toBe('protecting it refers')
    expect(normalizeText('sensies.\nEach of the\tCorp\r\n')).toBe('sensies. Each of the Corp')
  })
  it('keeps a no-break space, which is visible spacing', () => {
    expect(normalizeText('10\u00a0cards')).toBe('10\u00a0cards')
  })
})

describe('normalizeText: symbols', () => {
  it.each([
    ['1[c]', '1[credit]'],
    ['2[MU]', '2[mu]'],
    ['[sub] End the run.', '[subroutine] End the run.'],
    ['[trashcost]', '[trash-cost]'],
    ['[Click], 1[c]: Advance', '[click], 1[credit]: Advance'],
    ['[CREDIT][Recurring][TRASH][Interrupt][Link]', '[credit][recurring][trash][interrupt][link]'],
  ])('maps the v24.03 page token in %j to the v26.03 token', (v24, v26) => {
    expect(normalizeText(v24)).toBe(v26)
    expect(normalizeText(v26)).toBe(v26)
  })
  it('prints [dash] as the figure dash v26.03 uses', () => {
    expect(normalizeText('have a dash ([dash]) in')).toBe(`have a dash (${FIGURE_DASH}) in`)
    expect(normalizeText(`have a dash (${FIGURE_DASH}) in`)).toBe(`have a dash (${FIGURE_DASH}) in`)
  })
  it('leaves template placeholders as written', () => {
    expect(normalizeText('Trace [N]: [player] pays [cost] to [instructions] a [type]')).toBe('Trace [N]: [player] pays [cost] to [instructions] a [type]')
  })
})

describe('normalizeText: what it does not touch', () => {
  it('keeps quotes, dashes and case: the published text prints them as the source has them', () => {
    const s = '“Limit 1 remote server” – "cannot" Miraju {c}'
    expect(normalizeText(s)).toBe(s)
  })
  it('is idempotent', () => {
    for (const s of [' a  [c] ', '[dash][Click]', 'x\n\ny']) expect(normalizeText(normalizeText(s))).toBe(normalizeText(s))
  })
})

describe('normalizeText on the two published documents', () => {
  // Rules unchanged from v24.03 to v26.03 differ only in how each page wrote symbols.
  const v26 = JSON.parse(readFileSync(new URL('../oracle/v26.03.json', import.meta.url), 'utf8')) as { rules: { number: string; text: string }[] }
  const v24 = JSON.parse(readFileSync(new URL('../oracle/v24.03.json', import.meta.url), 'utf8')) as { items: { number: string; text: string }[] }
  const text26 = (n: string) => v26.rules.find((r) => r.number === n)!.text
  const text24 = (n: string) => v24.items.find((r) => r.number === n)!.text
  it.each(['1.10.1', '2.7.2', '2.8.1', '3.10.4', '9.8.1', '10.5.4'])('makes rule %s of both releases equal', (n) => {
    expect(text24(n)).not.toBe(text26(n))
    expect(normalizeText(text24(n))).toBe(normalizeText(text26(n)))
  })
})
