/**
 * What each rule's search record carries (issue 20): the headings it sits under,
 * so a sub-rule is found by its topic, and its examples apart, weighted below
 * the rule's own words.
 */
import { h } from 'hastscript'
import { toHtml } from 'hast-util-to-html'
import { describe, expect, test } from 'vitest'
import { recordHtml } from '../../site/integration/search-index.ts'
import type { SearchRecord } from '../../site/data/types.ts'
import { currentRelease } from './query-context.ts'
import { clipText, SHOWN_END } from '../../site/shared/top-text.ts'

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

  test('the indexed page is byte for byte the page hast-util-to-html makes of the same tree, for every record of the current rules and for text that must be escaped', { timeout: 600_000 }, () => {
    const tricky: SearchRecord = {
      url: '/x/#r&<',
      id: 'rule_<a>&amp;',
      number: '1.2.3a',
      chapter: '1. "Game" & <Concepts>',
      chapterSlug: 'game-concepts',
      section: "1.2. It's > 'that' `one`",
      terms: ['a & b', '<c>'],
      title: 'T&amp;<',
      context: ['Ice & <Barriers>', ''],
      text: 'A <b>rule</b> &amp; & &#x26; \u00A0 café 🂡 \u0001 \uD800.',
      examples: ['Example: <one> & two.', ''],
      lead: 'A <lead> & more '.repeat(40),
      cards: [],
      phrasings: ['they & <we>'],
    }
    const { title: _title, phrasings: _phrasings, ...bare } = tricky
    const records = [tricky, { ...bare, terms: [], context: [], phrasings: [] }, { ...bare, context: [] }, ...currentRelease().search]
    const differing = records.filter((r) => recordHtml(r) !== toHtml(referenceTree(r)))
    expect(differing.map((r) => r.id)).toEqual([])
    expect(records.length).toBeGreaterThan(3 + 1500)
  })
})

/** The record as hastscript wrote it before recordHtml was a string (issue 22): the reference for its bytes. */
function referenceTree(r: SearchRecord) {
  const body = [
    r.terms.length > 0 ? h('h1', { dataPagefindWeight: '10' }, r.terms.join('. ')) : null,
    r.title ? h('h2', { dataPagefindWeight: '2' }, r.title) : null,
    h('p', r.text),
    ...r.examples.map((e) => h('p', { dataPagefindWeight: '0.4' }, e)),
    r.context.length > 0 || r.phrasings?.length ? h('p', SHOWN_END) : null,
    r.context.length > 0 ? h('p', { dataPagefindWeight: '0.5' }, r.context.join('. ')) : null,
    r.phrasings && r.phrasings.length > 0 ? h('p', { dataPagefindWeight: '0.7' }, r.phrasings.join('. ')) : null,
  ].filter((x) => x !== null)
  return h('html', { lang: 'en' }, [
    h('body', [
      h('main', { dataPagefindBody: '' }, body),
      h('p', { dataPagefindMeta: 'title' }, r.terms[0] ?? r.title ?? r.number),
      h('p', { dataPagefindMeta: 'number' }, r.number),
      h('p', { dataPagefindMeta: 'id' }, r.id),
      h('p', { dataPagefindMeta: 'chapter' }, r.chapter),
      h('p', { dataPagefindMeta: 'section' }, r.section),
      h('p', { dataPagefindMeta: 'text' }, clipText(r.lead)),
      h('p', { dataPagefindFilter: 'chapter' }, r.chapter),
    ]),
  ])
}
