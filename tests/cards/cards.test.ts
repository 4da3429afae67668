import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { RELEASE_NAME } from '../../src/core/ids.ts'
import { cardImageUrl, cardUrl, createCardIndex, foldCardName, type CardData } from '../../src/core/cards.ts'

const data = JSON.parse(readFileSync(new URL('../../data/cards.json', import.meta.url), 'utf8')) as CardData
const index = createCardIndex(data)

describe('card data', () => {
  it('holds every card once, sorted by code', () => {
    const codes = data.cards.map((c) => c.code)
    expect(codes.length).toBeGreaterThan(2000)
    expect(new Set(codes).size).toBe(codes.length)
    expect([...codes].sort()).toEqual(codes)
    expect(new Set(data.cards.map((c) => c.title)).size).toBe(codes.length)
  })
  it('maps every alias to a real title', () => {
    const titles = new Set(data.cards.map((c) => c.title))
    for (const title of [...Object.values(data.aliases), ...Object.values(data.legacyAliases ?? {})]) expect(titles).toContain(title)
  })
})

describe('resolveCard', () => {
  it('finds an exact title', () => {
    const r = index.resolveCard('Hedge Fund')
    expect(r.match).toBe('exact')
    expect(r.card?.code).toBe('30075')
    expect(r.card?.url).toBe('https://netrunnerdb.com/en/card/30075')
    expect(r.card?.imageUrl).toBe('https://card-images.netrunnerdb.com/v2/large/30075.jpg')
  })
  it('finds a short identity name through an alias', () => {
    const r = index.resolveCard('Alice Merchant')
    expect(r).toMatchObject({ match: 'alias', card: { title: 'Alice Merchant: Clan Agitator', code: '12061' } })
    expect(r.legacy).toBeUndefined()
    expect(index.resolveCard('419').card?.title).toBe('419: Amoral Scammer')
  })
  it('marks the names only older releases used as legacy aliases', () => {
    expect(index.resolveCard('Geist')).toMatchObject({ match: 'alias', legacy: true, card: { title: 'Armand "Geist" Walker: Tech Lord' } })
    expect(index.resolveCard('Earth Station: Ascending to Orbit').card?.title).toBe('Earth Station: SEA Headquarters')
  })
  it.each([
    ['Miraju', 'Mirāju'],
    ['Mirajú', 'Mirāju'],
    ['Nisei Mk II', 'Nisei MK II'],
    ['Self-Modifying Code', 'Self-modifying Code'],
    ['Mushin-no-Shin', 'Mushin No Shin'],
    ['Chronos Protocol: Selective Mind Mapping', 'Chronos Protocol: Selective Mind-mapping'],
    ['Joshua B', 'Joshua B.'],
    [' Hedge Fund', 'Hedge Fund'],
    ['{card:Ashigaru}', 'Ashigaru'],
    ['Pauleʼs Café', "Paule's Café"],
    ['poetri luxury brands', 'Poétrï Luxury Brands: All the Rage'],
  ])('resolves the variant spelling %j as %j, flagged as a spelling difference', (name, title) => {
    const r = index.resolveCard(name)
    expect(r.card?.title).toBe(title)
    // The code list spells Paule's Café with a modifier apostrophe: an alias, not a misspelling.
    expect(r.match).toBe(name === 'Pauleʼs Café' ? 'alias' : 'diacritics')
  })
  it('suggests the closest names for an unknown card', () => {
    expect(index.resolveCard('Hedge Fnd')).toEqual({ match: 'none', suggestions: ['Hedge Fund'] })
    expect(index.resolveCard('Alice').suggestions[0]).toBe('Alice Merchant')
    const r = index.resolveCard('Sure Gambel')
    expect(r.match).toBe('none')
    expect(r.card).toBeUndefined()
    expect(r.suggestions[0]).toBe('Sure Gamble')
    expect(r.suggestions.length).toBeLessThanOrEqual(3)
  })
  it('suggests nothing when nothing is close', () => {
    expect(index.resolveCard('Xyzzy Quux Frobnicator')).toEqual({ match: 'none', suggestions: [] })
    expect(index.resolveCard('')).toEqual({ match: 'none', suggestions: [] })
  })
  it('does not treat an ambiguous short name as an alias', () => {
    // "Haas-Bioroid" names four identities in NetrunnerDB's code list.
    const r = index.resolveCard('Haas-Bioroid')
    expect(r.match).toBe('none')
    expect(r.suggestions.length).toBeGreaterThan(0)
  })
})

describe('cardByCode and URLs', () => {
  it('finds a card by its current or an earlier code', () => {
    expect(index.cardByCode('30075')?.title).toBe('Hedge Fund')
    expect(index.cardByCode('01110')?.title).toBe('Hedge Fund')
    expect(index.cardByCode('nope')).toBeUndefined()
  })
  it('builds NetrunnerDB links', () => {
    expect(cardUrl('01050')).toBe('https://netrunnerdb.com/en/card/01050')
    expect(cardImageUrl('01050')).toBe('https://card-images.netrunnerdb.com/v2/large/01050.jpg')
  })
})

describe('foldCardName', () => {
  it('folds diacritics, case, hyphens, apostrophes, spaces and a final full stop', () => {
    expect(foldCardName('  Mirāju ')).toBe('miraju')
    expect(foldCardName('Mushin-no-Shin')).toBe(foldCardName('Mushin No Shin'))
    expect(foldCardName('Pauleʼs Café')).toBe("paule's cafe")
    expect(foldCardName('Joshua B.')).toBe('joshua b')
  })
  it('keeps every title apart', () => {
    const keys = new Set(data.cards.map((c) => foldCardName(c.title)))
    expect(keys.size).toBe(data.cards.length)
  })
})

describe('the rules sources', () => {
  // Every `{card:…}` of every vendored release must name a card (the innermost
  // name of `{card:{card:Ashigaru}}` is what the regex sees).
  const root = new URL('../../releases/', import.meta.url)
  const releases = readdirSync(root).filter((d) => RELEASE_NAME.test(d)).sort()
  it.each(releases)('%s names only known cards', (release) => {
    const dir = new URL(`${release}/`, root)
    const unknown: string[] = []
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
      const text = readFileSync(new URL(file, dir), 'utf8')
      for (const m of text.matchAll(/\{card:([^{}]*)\}/g)) if (index.resolveCard(m[1]!).match === 'none') unknown.push(`${file}: ${m[1]}`)
    }
    expect(unknown).toEqual([])
  })
})
