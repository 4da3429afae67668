/** The page data: releases, permalinks, glossary, lookup and the coverage hook, without a browser. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { loadCards } from '../../src/cli/io.ts'
import { loadCoverage } from '../../site/data/coverage.ts'
import { chapterSlug, prepareRelease } from '../../site/data/prepare.ts'
import { listReleases } from '../../site/data/releases.ts'
import { checkLinks, type PageLinks } from './link-check.ts'
import { ROOT } from './helpers.ts'

const tmp = mkdtempSync(join(tmpdir(), 'cr-site-data-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('releases', () => {
  test('the current rules at the root, nothing else by default', () => {
    expect(listReleases({ root: ROOT }).map((r) => [r.base, r.current])).toEqual([['/', true]])
  })

  test('old releases under /<v>/, newest first', () => {
    const bases = listReleases({ root: ROOT, include: 'all' }).map((r) => r.base)
    expect(bases[0]).toBe('/')
    expect(bases).toContain('/v24.03/')
    expect(bases.slice(1)).toEqual([...bases.slice(1)].sort().reverse())
  })

  test('an unknown release is an error that lists the known ones', () => {
    expect(() => listReleases({ root: ROOT, include: 'v99.99' })).toThrowErrorMatchingInlineSnapshot(
      `[Error: Unknown release \`v99.99\` in CR_RELEASES, expected one of: v22.12, v23.08, v24.03, v25.04, v25.08, v26.03]`,
    )
  })
})

describe('the current release', () => {
  const release = prepareRelease({ dir: join(ROOT, 'rules'), base: '/', current: true }, { cards: loadCards(join(ROOT, 'data/cards.json')) })
  const link = (key: string) => release.permalinks.find((p) => p.key === key)

  test('permalinks by ID and by number land on the chapter page anchor', () => {
    expect(link('rule_end_the_run')?.url).toBe('/runs/#rule_end_the_run')
    expect(link('6.1.4')?.url).toBe('/runs/#rule_end_the_run')
    expect(link('6.1.4a')?.id).toBe('rule_end_run_access_or_breach_during_run')
    expect(link('6.9')?.id).toBe('sec_steps_of_a_run')
  })

  test('references link across chapter pages; /full/ links inside itself', () => {
    const runs = release.chapters.find((c) => c.slug === 'runs')!.tree
    expect(runs.children[0]!.children[0]!.html).toContain('href="/runs/#sec_run_initiation"')
    const full = release.full.find((c) => c.id === 'chpt_runs')!
    expect(full.children[0]!.children[0]!.html).toContain('href="#sec_run_initiation"')
  })

  test('the glossary links every defined term to its rule', () => {
    const jacking = release.glossary.find((g) => g.term === 'Jacking out')
    expect(jacking).toEqual({ term: 'Jacking out', id: 'rule_jacking_out', number: '6.1.5', url: '/runs/#rule_jacking_out' })
    expect(release.lookup.t['bad publicity']).toEqual(['rule_bad_publicity'])
  })

  test('the card index lists each mentioned card with its rules', () => {
    const card = release.cards.find((c) => c.title === 'Sneakdoor Beta')!
    expect(card.url).toMatch(/^https:\/\/netrunnerdb\.com\/en\/card\/\d+$/)
    expect(card.rules.map((r) => r.id)).toContain('rule_change_attacked_server_directly')
    expect(card.textHtml).toBeTruthy()
  })

  test('one search record per entry, linking to its anchor', () => {
    expect(release.search).toHaveLength(release.lookup.r.length)
    const rec = release.search.find((r) => r.id === 'rule_jacking_out')!
    expect(rec).toMatchObject({ url: '/runs/#rule_jacking_out', number: '6.1.5', chapter: '6. Runs', section: '6.1. General', terms: ['Jacking out'] })
  })

  test('chapter slugs', () => {
    expect(chapterSlug('chpt_appendix_timing_structures')).toBe('appendix-timing-structures')
  })
})

describe('coverage hook', () => {
  test('citation counts reach the rule nodes', () => {
    const file = join(tmp, 'coverage.json')
    writeFileSync(file, JSON.stringify({ counts: { rule_end_the_run: 7 } }))
    const coverage = loadCoverage(file)
    const release = prepareRelease({ dir: join(ROOT, 'rules'), base: '/', current: true }, { coverage })
    const runs = release.chapters.find((c) => c.slug === 'runs')!.tree
    const endTheRun = runs.children[0]!.children.find((r) => r.id === 'rule_end_the_run')!
    expect(endTheRun.citations).toBe(7)
    expect(loadCoverage(undefined)).toBeUndefined()
  })
})

describe('the link checker', () => {
  test('reports a missing page and a missing anchor', () => {
    const dist = join(tmp, 'dist')
    mkdirSync(join(dist, 'a'), { recursive: true })
    writeFileSync(join(dist, 'a/index.html'), '')
    const parsed = new Map<string, PageLinks>([
      ['/a/index.html', { ids: ['x'], links: [['#x', 'a[href]'], ['#y', 'a[href]'], ['/b/', 'a[href]'], ['https://netrunnerdb.com/', 'a[href]']] }],
    ])
    expect(checkLinks(dist, parsed).map((b) => `${b.link}: ${b.reason}`)).toEqual([
      '#y: no element with id="y" in /a/index.html',
      '/b/: no such file',
    ])
  })
})
