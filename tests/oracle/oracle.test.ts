/** Sanity checks on the vendored oracles, so a rebuild that goes wrong is noticed. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { citationNumber, parseSeedV24, type SeedOracle } from '../../scripts/build-oracles.ts'

const read = <T>(name: string) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as T

interface V26 {
  version: string
  chapters: { id: string; number: string; title: string }[]
  sections: { id: string; number: string; chapter: string; title: string }[]
  rules: { id: string; number: string; parent: string | null; section: string; heading: boolean; text: string; examples: string[] }[]
}

describe('v26.03 oracle', () => {
  const o = read<V26>('./v26.03.json')
  it('has every chapter, section, rule and example', () => {
    expect(o.version).toBe('v26.03')
    expect(o.chapters.map((c) => c.number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'])
    expect(o.sections).toHaveLength(119)
    expect(o.rules).toHaveLength(1420)
    expect(o.rules.flatMap((r) => r.examples)).toHaveLength(243)
    expect(o.rules.filter((r) => r.heading)).toHaveLength(35)
  })
  it('numbers rules in citation form under their parents and sections', () => {
    const byId = new Map(o.rules.map((r) => [r.id, r]))
    const sections = new Map(o.sections.map((s) => [s.id, s]))
    for (const r of o.rules) {
      expect(r.number).toMatch(/^\d+\.\d+\.\d+[a-z]*$/)
      const section = sections.get(r.section)!
      expect(r.number.startsWith(`${section.number}.`)).toBe(true)
      if (r.parent) expect(r.number).toMatch(new RegExp(`^${byId.get(r.parent)!.number.replace(/\./g, '\\.')}[a-z]+$`))
      else expect(r.number).toMatch(/\d$/)
    }
    expect(new Set(o.rules.map((r) => r.number)).size).toBe(o.rules.length)
  })
  it('keeps example texts without their label', () => {
    for (const e of o.rules.flatMap((r) => r.examples)) expect(e).not.toMatch(/^Example/)
    expect(o.rules.find((r) => r.number === '1.4.5a')!.examples[0]).toMatch(/^Including a single copy of Diesel/)
  })
  it('has the timing structures and the glossary', () => {
    const timing = read<{ structures: { section: string; steps: unknown[] }[] }>('./v26.03-timing.json')
    expect(timing.structures.map((s) => s.section)).toEqual(['11.2', '11.3', '11.4', '11.5', '11.6'])
    const glossary = read<{ terms: { term: string; rules: string[] }[] }>('./v26.03-glossary.json')
    expect(glossary.terms).toHaveLength(220)
  })
})

describe('v24.03 oracle', () => {
  const o = read<SeedOracle>('./v24.03.json')
  it('has the front matter the release metadata needs', () => {
    expect(o.effective).toBe('2024-03-30')
    expect(o.title).toBe('Netrunner Comprehensive Rules')
    expect(o.changes.heading).toBe('Summary of Changes (v24.03)')
    expect(o.changes.items).toHaveLength(6)
    expect(o.acknowledgements.map((a) => a.text)).toEqual(['Netrunner Original Game Design: Richard Garfield', 'Android: Netrunner', 'Null Signal Games'])
    expect(o.notice).toMatch(/^Netrunner is a ™ of R\. Talsorian Games/)
  })
  it('has the items the scrape kept, and names the ones it lost', () => {
    expect(o.counts).toMatchObject({ chapter: 11, section: 115, rule: 583, subrule: 750, examples: 212 })
    expect(o.missing).toContain('1.3.6')
    expect(o.missing).toContain('2.9')
    expect(o.missing).toContain('10.7')
    const numbers = new Set(o.items.map((i) => i.number))
    expect(numbers.size).toBe(o.items.length)
    for (const i of o.items) if (i.parent) expect(numbers.has(i.parent) || o.missing.includes(i.parent)).toBe(true)
  })
  it('strips the permalink word and list markers from the text', () => {
    for (const i of o.items) {
      expect(i.text).not.toMatch(/^(\d+\. )?(\d+(\.\d+)*|[a-z]+)\.link/)
      expect(i.text).not.toMatch(/link$/)
    }
    expect(o.items.find((i) => i.number === '1.2.2a')!.text).toBe('If a "cannot" effect prohibits all of the effects of another ability, that ability cannot be triggered.')
  })
  it('attaches snippets to sections and heading rules', () => {
    expect(o.items.find((i) => i.number === '1.1')!.snippet).toMatch(/^These rules are compatible/)
    expect(o.items.find((i) => i.number === '4.2.7')).toMatchObject({ text: 'R&D', snippet: expect.stringMatching(/^R&D stands for/) })
    expect(o.orphans.map((x) => x.after)).toEqual(['10.6.3'])
  })
})

describe('citationNumber', () => {
  it.each([
    ['6.1.4.', '6.1.4'],
    ['6.1.4.a.', '6.1.4a'],
    ['1.10.5.', '1.10.5'],
  ])('%s → %s', (printed, cited) => expect(citationNumber(printed)).toBe(cited))
})

describe('parseSeedV24', () => {
  const seed = [
    '×',
    'Table of Contents',
    '',
    'Netrunner Comprehensive Rules',
    '',
    'Null Signal Games',
    '',
    'Reference material. This version is effective 2 March 2026.',
    '',
    'Summary of Changes (v26.03)',
    '  • Add rule 1.1.2.',
    'Acknowledgements',
    '  • Group',
    '    • Member',
    '',
    'Netrunner is a ™ of R. Talsorian Games, Inc.',
    '',
    '1. Game Conceptslink',
    '',
    '1.1. Generallink',
    '',
    'Flavour.',
    '',
    '  1. 1.1.1.linkFirst rule.',
    '    1. a.linkFirst sub-rule.',
    '      1. Example: An example.',
    '    2. c.linkThird sub-rule.',
    '  2. 1.1.3.linkThird rule.',
  ].join('\n')
  it('rebuilds the hierarchy from the numbers and reports the gaps', () => {
    const o = parseSeedV24(seed)
    expect(o.effective).toBe('2026-03-02')
    expect(o.acknowledgements).toEqual([{ text: 'Group', items: [{ text: 'Member' }] }])
    expect(o.items.map(({ number, kind, parent }) => [number, kind, parent])).toEqual([
      ['1', 'chapter', null],
      ['1.1', 'section', '1'],
      ['1.1.1', 'rule', '1.1'],
      ['1.1.1a', 'subrule', '1.1.1'],
      ['1.1.1c', 'subrule', '1.1.1'],
      ['1.1.3', 'rule', '1.1'],
    ])
    expect(o.items[1]!.snippet).toBe('Flavour.')
    expect(o.items[3]!.examples).toEqual(['An example.'])
    expect(o.missing).toEqual(['1.1.1b', '1.1.2'])
  })
  it('fails loudly on a page it does not recognise', () => {
    expect(() => parseSeedV24('Something else')).toThrow(/unexpected/)
  })
})
