/**
 * What each rule's search record carries (issue 20): the headings it sits under,
 * so a sub-rule is found by its topic, and its examples apart, weighted below
 * the rule's own words.
 */
import { describe, expect, test } from 'vitest'
import { recordHtml } from '../../site/integration/search-index.ts'
import type { SearchRecord } from '../../site/data/types.ts'
import { currentRelease } from './query-context.ts'

describe('search records', () => {
  const record = (id: string): SearchRecord => currentRelease().search.find((r) => r.id === id)!

  test('a rule carries the titles of its section and headings, nearest first, never its chapter’s', { timeout: 600_000 }, () => {
    // 1.6.4 "Each player takes five credits…" is about the start of the game only through its section.
    expect(record('rule_start_credits').context).toEqual(['Starting the Game'])
    // 3.8.5a: under the heading "Consoles", in the section "Hardware" (chapter "Card Types" left out).
    expect(record('rule_hardware_console').context).toEqual(['Consoles', 'Hardware'])
    expect(record('sec_hardware').context).toEqual([])
  })

  test('examples are kept apart from the rule’s own text', { timeout: 600_000 }, () => {
    const withExample = currentRelease().search.find((r) => r.examples.length > 0)!
    expect(withExample.examples[0]).toMatch(/^Example: /)
    expect(withExample.text).not.toContain('Example: ')
  })

  test('the indexed page: own text at full weight, headings and examples below it', () => {
    const html = recordHtml({
      url: '/x/#r',
      id: 'r',
      number: '1.2.3a',
      chapter: '1. Game Concepts',
      chapterSlug: 'game-concepts',
      section: '1.2. Things',
      terms: [],
      context: ['Consoles', 'Hardware'],
      text: 'A <b>rule</b>.',
      examples: ['Example: one.'],
      lead: 'A rule.',
      cards: [],
    })
    expect(html).toContain('<p>A &#x3C;b>rule&#x3C;/b>.</p>')
    expect(html).toMatch(/<p data-pagefind-weight="0\.5">Consoles\. Hardware<\/p>/)
    expect(html).toMatch(/<p data-pagefind-weight="0\.4">Example: one\.<\/p>/)
  })
})
