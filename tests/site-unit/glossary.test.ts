/** The glossary defines (issue 20): every term with its definition, the card parts players look up, their own words. */
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadCards } from '../../src/io/read-sources.ts'
import { headingTerms, PLAYERS_WORDS } from '../../site/data/glossary.ts'
import { prepareRelease } from '../../site/data/prepare.ts'
import { filterEntry, matchEntry } from '../../site/scripts/glossary-filter.ts'
import { JARGON } from '../../site/scripts/query/jargon.ts'
import { SYNONYMS } from '../../site/scripts/query/synonyms.ts'

const ROOT = join(import.meta.dirname, '../..')
const cards = loadCards(join(ROOT, 'data/cards.json'))
const current = prepareRelease({ dir: join(ROOT, 'rules'), base: '/', current: true }, { cards })
const find = (term: string) => current.glossary.filter((g) => g.term.toLowerCase() === term)
const plain = (html: string) => html.replace(/<[^>]+>/g, '')

describe('the glossary', () => {
  test('the terms players look up are there, each with the text that defines it', () => {
    for (const [term, says] of [
      ['trash cost', /trash cost/i],
      ['ice', /\bice\b/i],
      ['strength', /strength/i],
      ['influence cost', /influence/i],
      ['jacking out', /jack/i],
    ] as const) {
      const [entry] = find(term)
      expect(entry, term).toBeDefined()
      expect(plain(entry!.html), term).toMatch(says)
      expect(entry!.url, term).toMatch(/^\/[a-z-]+\/#/)
    }
    // "influence" is a player's word for the influence cost, and says so.
    expect(find('influence')).toEqual([expect.objectContaining({ kind: 'see', see: 'Influence cost', seeAnchor: 'term-influence-cost' })])
  })

  test('every term but a "see" has a definition; every entry its own anchor', () => {
    for (const g of current.glossary) {
      if (g.kind === 'see') expect(g.seeAnchor, g.term).toBeTruthy()
      else expect(plain(g.html).trim().length, g.term).toBeGreaterThan(10)
    }
    const anchors = current.glossary.map((g) => g.anchor)
    expect(new Set(anchors).size).toBe(anchors.length)
    expect(anchors.every((a) => /^term-[a-z0-9-]+$/.test(a))).toBe(true)
    // More than the {term:} markup alone gave (220 terms before).
    expect(current.glossary.filter((g) => g.kind === 'defined').length).toBeGreaterThan(200)
    expect(current.glossary.filter((g) => g.kind === 'card part').length).toBeGreaterThan(15)
  })

  test.each(PLAYERS_WORDS.map((w) => [w.says, w.see]))('a player’s “%s” points at the term “%s”', (says, see) => {
    const entry = find(says.toLowerCase())
    expect(entry).toHaveLength(1)
    expect(entry[0]!.kind).toBe('see')
    const target = current.glossary.find((g) => g.anchor === entry[0]!.seeAnchor)
    expect(target?.term.toLowerCase()).toBe(see.toLowerCase())
    expect(target?.kind).not.toBe('see')
  })

  test('a heading naming several terms gives each, card types in the singular', () => {
    expect(headingTerms('Play Cost, Install Cost, or Rez Cost', false)).toEqual(['Play cost', 'Install cost', 'Rez cost'])
    expect(headingTerms('Identities', true)).toEqual(['Identity'])
    expect(headingTerms('Ice', true)).toEqual(['Ice'])
    expect(headingTerms('Hardware', true)).toEqual(['Hardware'])
    expect(headingTerms('Subtypes', false)).toEqual(['Subtypes'])
  })

  test('a term the rules define is not shadowed by a heading of the same name', () => {
    for (const g of current.glossary.filter((x) => x.kind === 'card part')) {
      expect(current.glossary.filter((x) => x.term.toLowerCase() === g.term.toLowerCase() && x.kind === 'defined'), g.term).toEqual([])
    }
  })

  test('an old release gets its own glossary, its anchors unique too', () => {
    const old = prepareRelease({ dir: join(ROOT, 'releases/v22.12'), base: '/v22.12/', current: false }, { cards })
    expect(old.glossary.length).toBeGreaterThan(150)
    expect(new Set(old.glossary.map((g) => g.anchor)).size).toBe(old.glossary.length)
    expect(old.glossary.every((g) => g.url.startsWith('/v22.12/'))).toBe(true)
  })

  describe("the filter knows players' words, from search's vocabulary", () => {
    /** What the filter shows for a query, as the page gives it each entry (`data-term`, `data-says`). */
    const filter = (q: string) =>
      current.glossary.flatMap((g) => {
        const m = matchEntry(q, filterEntry(g.see ? `${g.term} ${g.see}` : g.term, (g.says ?? []).join('|')))
        return m ? [{ term: g.term, by: m.by }] : []
      })

    test.each([
      ['brain damage', 'core damage'],
      ['Face-check', 'encounter ice phase'],
      ['face check', 'encounter ice phase'],
      ['bail out', 'Jacking out'],
      ['tutor', 'search'],
      ['unrez', 'derez'],
      ['graveyard', 'discard pile'],
    ])('“%s” finds the CR’s “%s”, saying by which word', (q, term) => {
      expect(filter(q)).toContainEqual({ term, by: expect.any(String) })
    })

    test('every word search rewrites into a glossary term finds that term in the filter', () => {
      const termOf = new Map(current.glossary.filter((g) => g.kind !== 'see').map((g) => [g.term.toLowerCase(), g.term]))
      let checked = 0
      for (const e of [...JARGON, ...SYNONYMS]) {
        const term = termOf.get(e.means.toLowerCase())
        if (!term) continue
        for (const says of e.says) {
          checked++
          expect(filter(says).map((x) => x.term), `${says} → ${e.means}`).toContain(term)
        }
      }
      expect(checked).toBeGreaterThan(40)
    })

    test('a term found by its own words is not said to be a player’s word, and two letters are no player’s word', () => {
      expect(filter('core damage')).toContainEqual({ term: 'core damage', by: undefined })
      expect(filter('pu').every((x) => x.by === undefined)).toBe(true)
    })
  })
})
