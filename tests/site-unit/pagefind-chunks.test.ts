/**
 * Which of Pagefind's index chunks a search reads, known before Pagefind has
 * started (site/shared/pagefind-chunks.ts): the choice Pagefind's own
 * `request_indexes` makes, on chunk ranges shaped like the ones it writes
 * (ends cut to a prefix: `["actu", "as", …]`). The browser test in
 * tests/site/search.test.ts checks the same choice against Pagefind itself.
 */
import { describe, expect, test } from 'vitest'
import { chunksFor, pagefindTerms } from '../../site/shared/pagefind-chunks.ts'

// As Pagefind 1.5 writes them for the CR: contiguous, sorted, ends cut short.
const chunks: [string, string, string][] = [
  ['0', '8', 'c0'],
  ['81', 'acti', 'c1'],
  ['actu', 'as', 'c2'],
  ['ash', 'chan', 'c3'],
  ['char', 'du', 'c4'],
  ['previ', 'run', 'c9'],
  ['runn', 'subr', 'c10'],
  ['subs', 'thei', 'c11'],
]
const info = { chunks, stems: {} as Record<string, string> }

describe('chunksFor: the chunks Pagefind reads for a query', () => {
  test('a word inside a range needs that chunk', () => {
    expect(chunksFor(['access'], info)).toEqual(['c1'])
    expect(chunksFor(['ash'], info)).toEqual(['c3'])
    expect(chunksFor(['credit'], info)).toEqual(['c4'])
    expect(chunksFor(['run'], info)).toEqual(['c9'])
  })

  test('a range end is inclusive, as a string: "acti" holds "acti" but not "action"', () => {
    expect(chunksFor(['acti'], info)).toEqual(['c1'])
    expect(chunksFor(['as'], info)).toEqual(['c2'])
  })

  test('a word no range holds ("action" past "acti", before "actu") takes the chunks that hold it cut to the length of their ends', () => {
    // ["81", "acti"]: "ac" ≥ "81" and "acti" ≤ "acti"; ["actu", "as"]: "acti" < "actu".
    expect(chunksFor(['action'], info)).toEqual(['c1'])
    // Between "run" and "runn": "run" ≤ "run" holds it in ["previ", "run"]; "runa" < "runn" keeps it out of the next.
    expect(chunksFor(['runa'], info)).toEqual(['c9'])
    // Past every range: none.
    expect(chunksFor(['zebra'], info)).toEqual([])
  })

  test('several words: their chunks, once each, sorted by name', () => {
    expect(chunksFor(['credit', 'access', 'credits', 'run'], info)).toEqual(['c1', 'c4', 'c9'])
  })

  test('a word whose stem lies in another chunk needs both (Pagefind looks both up)', () => {
    expect(chunksFor(['running'], info)).toEqual(['c10'])
    expect(chunksFor(['running'], { chunks, stems: { running: 'run' } })).toEqual(['c10', 'c9'])
  })

  test('a stem map entry that is the word itself, or a word not in the map, adds nothing; a key of Object.prototype is not a stem', () => {
    expect(chunksFor(['run'], { chunks, stems: { run: 'run' } })).toEqual(['c9'])
    expect(chunksFor(['constructor'], info)).toEqual(['c4'])
  })

  test('no words, no chunks', () => {
    expect(chunksFor([], info)).toEqual([])
  })
})

describe('pagefindTerms: a query split as Pagefind splits it before choosing chunks', () => {
  test('lower case, punctuation and quotes dropped (R&D is rd to Pagefind), diacritics removed, underscores kept', () => {
    expect(pagefindTerms('"Fully Broken"')).toEqual(['fully', 'broken'])
    expect(pagefindTerms('Runner’s  R&D, café!')).toEqual(['runners', 'rd', 'cafe'])
    expect(pagefindTerms('rule_end_the_run')).toEqual(['rule_end_the_run'])
    expect(pagefindTerms('  ')).toEqual([])
  })
})
