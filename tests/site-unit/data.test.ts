/** The page data: releases, permalinks, glossary, lookup, versions and coverage, without a browser. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadCards } from '../../src/io/read-sources.ts'
import { compile } from '../../src/core/compile.ts'
import { readRulesDir } from '../../src/io/read-sources.ts'
import { coverageView, loadCoverage } from '../../site/data/coverage.ts'
import { formatDate } from '../../site/data/links.ts'
import { chapterSlug, prepareRelease } from '../../site/data/prepare.ts'
import { listReleases } from '../../site/data/releases.ts'
import { prepareSite } from '../../site/data/store.ts'
import type { RuleNode, SiteData } from '../../site/data/types.ts'
import { cardAnchor } from '../../site/shared/routes.ts'
import { checkLinks, type PageLinks } from '../site/link-check.ts'

const ROOT = join(import.meta.dirname, '../..')
const flatten = (n: RuleNode): RuleNode[] => [n, ...n.children.flatMap(flatten)]

const tmp = mkdtempSync(join(tmpdir(), 'cr-site-data-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('releases', () => {
  test('the current rules at the root, every release under /<v>/ by default, newest first', () => {
    expect(listReleases({ root: ROOT }).map((r) => r.base)).toEqual(['/', '/v26.03/', '/v25.08/', '/v25.04/', '/v24.03/', '/v23.08/', '/v22.12/'])
    expect(listReleases({ root: ROOT, include: 'all' })).toEqual(listReleases({ root: ROOT }))
  })

  test('CR_RELEASES=none builds the current rules alone; a list builds those', () => {
    expect(listReleases({ root: ROOT, include: 'none' }).map((r) => [r.base, r.current])).toEqual([['/', true]])
    expect(listReleases({ root: ROOT, include: 'v24.03, v25.04' }).map((r) => r.base)).toEqual(['/', '/v25.04/', '/v24.03/'])
  })

  test('an unknown release is an error that lists the known ones', () => {
    expect(() => listReleases({ root: ROOT, include: 'v99.99' })).toThrowErrorMatchingInlineSnapshot(
      `[Error: Unknown release \`v99.99\` in CR_RELEASES, expected \`all\`, \`none\` or some of: v22.12, v23.08, v24.03, v25.04, v25.08, v26.03]`,
    )
  })

  test('dates read as people write them', () => {
    expect([formatDate('2024-03-30'), formatDate('2022-12'), formatDate('soon')]).toEqual(['30 March 2024', 'December 2022', 'soon'])
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
    expect(jacking).toMatchObject({ term: 'Jacking out', kind: 'defined', id: 'rule_jacking_out', number: '6.1.5', url: '/runs/#rule_jacking_out', anchor: 'term-jacking-out' })
    expect(release.lookup.t['bad publicity']).toEqual(['rule_bad_publicity'])
  })

  test('the card index lists each mentioned card with its rules', () => {
    const card = release.cards.find((c) => c.title === 'Sneakdoor Beta')!
    expect(card.url).toMatch(/^https:\/\/netrunnerdb\.com\/en\/card\/\d+$/)
    // A card name in a rule opens its entry here, on the chapter pages and /full/ alike, never the card database.
    const html = (n: RuleNode) => [n.html, ...n.examples.map((e) => e.html)].join('\n')
    const rule = release.chapters.flatMap((c) => flatten(c.tree)).find((n) => n.id === 'rule_change_attacked_server_directly')!
    expect(html(rule)).toContain('href="/cards/#card-sneakdoor-beta"')
    expect(html(rule)).not.toContain('netrunnerdb.com')
    const full = release.full.flatMap(flatten).find((n) => n.id === 'rule_change_attacked_server_directly')!
    expect(html(full)).toContain('href="/cards/#card-sneakdoor-beta"')
    // Every linked card of every chapter leads to an entry of the card index.
    const anchors = new Set(release.cards.map((c) => `/cards/#${cardAnchor(c.title)}`))
    const hrefs = release.chapters.flatMap((c) => flatten(c.tree)).flatMap((n) => [...html(n).matchAll(/class="cr-card" href="([^"]+)"/g)].map((m) => m[1]!))
    expect(hrefs.length).toBeGreaterThan(50)
    expect(hrefs.filter((h) => !anchors.has(h))).toEqual([])
    expect(card.rules.map((r) => r.id)).toContain('rule_change_attacked_server_directly')
    expect(card.textHtml).toBeTruthy()
  })

  test('every icon the site draws copies as the token search shows: chapters, /full/, previews, glossary, card text; the official JSON keeps its own', () => {
    const remove = (n: RuleNode) => n.id === 'runner_basic_action_remove_tag'
    const runner = release.chapters.flatMap((c) => flatten(c.tree)).find(remove)!
    // What a selection copies on screen: the text and each icon's token, not the SVG's own (print only).
    const screen = (html: string) => html.replace(/<text[^>]*>[^<]*<\/text>/g, '').replace(/<[^>]+>/g, '').replaceAll('&#x26;', '&')
    expect(screen(runner.html)).toBe('"[click], 2[credit]: Remove 1 tag." See section 10.5.')
    expect(screen(release.full.flatMap(flatten).find(remove)!.html)).toBe('"[click], 2[credit]: Remove 1 tag." See section 10.5.')
    const [, , body] = release.previews.turns!.runner_basic_action_remove_tag!
    expect(screen(body[0]![1])).toBe('"[click], 2[credit]: Remove 1 tag." See section 10.5.')
    const unused = release.glossary.find((g) => g.term === 'unused')!
    expect(screen(unused.html)).toMatch(/^The Runner's unused \[mu\] is their memory limit/)
    const card = release.cards.find((c) => c.title === 'Account Siphon')!
    expect(screen(card.textHtml!)).toContain('[credit]')
    // Every drawn icon carries its token; the official JSON prints the source's spellings, as the generator does.
    const html = release.chapters.flatMap((c) => flatten(c.tree)).map((n) => n.html).join('\n')
    expect(html.match(/<svg class="cr-sym /g)?.length).toBeGreaterThan(30)
    expect(html.match(/<svg class="cr-sym /g)?.length).toBe(html.match(/<span class="cr-sym-t" aria-hidden="true">\[[a-z-]+\]<\/span>/g)?.length)
    expect(release.officialJson['2026-04']).toContain('\\"[click], 2[c]: Remove 1 tag.\\"')
    expect(release.officialJson['2026-04']).not.toContain('cr-sym')
  })

  test("previews carry search's plain text, rendered at build time: symbols as the published tokens, references as words", () => {
    const all = Object.values(release.previews).flatMap((chapter) => Object.entries(chapter))
    expect(all.length).toBe(release.lookup.r.length)
    for (const [id, [, title, body, texts]] of all) {
      // One text per paragraph shown: the title (empty for a rule) and each body paragraph.
      expect(texts.length, id).toBe(body.length + 1 - (title ? 0 : 1))
      for (const text of texts) expect(text, id).not.toMatch(/<|&amp;|&lt;/)
    }
    const withMu = all.find(([, [, , body]]) => body.some(([, html]) => html.includes('cr-sym-mu')))
    expect(withMu, 'a rule drawing the memory unit icon').toBeDefined()
    expect(withMu![1][3].join(' ')).toContain('[mu]')
    expect(withMu![1][3].join(' ')).not.toContain('memory unit]')
    // A reference reads as the published document prints it.
    const [, [, , , endText]] = all.find(([id]) => id === 'rule_end_run_access_or_breach_during_run')!
    expect(endText[0]).toMatch(/^If a run is in progress/)
    const phase = all.find(([, [number]]) => number === '6.9.6')!
    expect(phase[1][3][0]).toContain('Run Ends Phase')
    expect(phase[1][3].slice(1).length).toBeGreaterThan(2)
  })

  test('in every release a card link leads to an entry of its card index, or to NetrunnerDB for a card only the summary of changes names', () => {
    const cards = loadCards(join(ROOT, 'data/cards.json'))
    for (const v of ['v25.04', 'v22.12']) {
      const r = prepareRelease({ dir: join(ROOT, 'releases', v), base: `/${v}/`, current: false }, { cards })
      const entries = new Set(r.cards.map((c) => `/${v}/cards/#${cardAnchor(c.title)}`))
      const htmls = [...r.chapters.flatMap((c) => flatten(c.tree)), ...r.full.flatMap(flatten)].flatMap((n) => [n.html, ...n.examples.map((e) => e.html)])
      const hrefs = [...htmls, ...r.changelog.map((c) => c.html), ...r.changelogFull.map((c) => c.html)].flatMap((h) => [...h.matchAll(/class="cr-card" href="([^"]+)"/g)].map((m) => m[1]!))
      expect(hrefs.length, v).toBeGreaterThan(20)
      expect(hrefs.filter((h) => !entries.has(h) && !/^https:\/\/netrunnerdb\.com\/en\/card\/\d+$/.test(h)), v).toEqual([])
      expect(hrefs.some((h) => entries.has(h)), v).toBe(true)
    }
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

describe('versions', () => {
  let site: SiteData
  const retiredPage = (id: string) => site.retired.find((r) => r.id === id)
  beforeAll(() => {
    site = prepareSite(ROOT, { CR_RELEASES: 'all' })
  }, 600_000)

  test('a changes page per release, newest first, with the unreleased changes on top', () => {
    expect(site.changes.map((c) => c.key)).toEqual(['current', 'v26.03', 'v25.08', 'v25.04', 'v24.03', 'v23.08'])
    const v2603 = site.changes.find((c) => c.key === 'v26.03')!
    expect(v2603.from.key).toBe('v25.08')
    expect(v2603.changelog.length).toBeGreaterThan(5)
    const entries = v2603.chapters.flatMap((c) => c.entries)
    expect(entries.find((e) => e.id === 'rule_pass_after_breaking')).toMatchObject({ changes: ['added'], number: '6.1.3f', url: '/v26.03/runs/#rule_pass_after_breaking' })
    const removed = entries.find((e) => e.id === 'rule_bad_publicity_in_credit_pool')!
    expect(removed).toMatchObject({ changes: ['removed'], oldNumber: '6.3.3b', oldUrl: '/v25.08/runs/#rule_bad_publicity_in_credit_pool' })
    expect(removed.number).toBeUndefined()
    const reworded = entries.find((e) => e.id === 'rule_initiation_bad_publicity')!
    expect(reworded.changes).toContain('reworded')
    expect(reworded.diff?.some((p) => p.added) && reworded.diff?.some((p) => p.removed)).toBe(true)
    // 6.1.5 is untouched: only the word of its reference to 6.1.4 changed ("rule" to "section", 6.1.4 having gained sub-rules).
    expect(entries.find((e) => e.id === 'rule_jacking_out')?.changes ?? []).not.toContain('reworded')
  })

  test('every current rule has a history; steps link to their changes page', () => {
    const runs = site.releases[0]!.chapters.find((c) => c.slug === 'runs')!.tree
    const rule = (id: string) => runs.children.flatMap((s) => s.children).find((r) => r.id === id)!
    const endTheRun = rule('rule_end_the_run').history!
    expect(endTheRun.summary.map((p) => p.text).join('')).toBe('6.1.4 since v22.12; sub-rules a–c added in v26.03')
    expect(endTheRun.steps).toEqual([
      { key: 'v26.03', label: 'v26.03', number: '6.1.4', what: [{ text: 'sub-rules a–c added' }], url: '/changes/v26.03/#rule_end_run_access_or_breach_during_run' },
    ])
    const badPublicity = rule('rule_initiation_bad_publicity').history!
    expect(badPublicity.steps.map((s) => [s.key, s.url, s.diff !== undefined])).toEqual([['v26.03', '/changes/v26.03/#rule_initiation_bad_publicity', true]])
    // Only rules that changed show it; 6.1.1 reads as in the oldest release, and 6.1.5, whose reference's word alone changed, too.
    expect([endTheRun.changed, badPublicity.changed]).toEqual([true, true])
    expect(rule('rule_jacking_out').history).toMatchObject({ changed: false, steps: [], since: 'v22.12' })
    expect(rule('rule_run').history).toMatchObject({ changed: false, steps: [], since: 'v22.12' })
    // The one-page rules and old releases carry no history.
    expect(JSON.stringify(site.releases[0]!.full)).not.toContain('"history"')
    expect(JSON.stringify(site.releases[1]!.chapters)).not.toContain('"history"')
  })

  test('an unreleased rule says so', () => {
    const concepts = site.releases[0]!.chapters.find((c) => c.slug === 'game-concepts')!.tree
    const find = (n: typeof concepts): typeof concepts | undefined => (n.id === 'rule_memory_unused_mu' ? n : n.children.map(find).find(Boolean))
    expect(find(concepts)?.history?.summary).toEqual([{ text: '1.20.2a: new in the current rules, not yet in a release' }])
    expect(find(concepts)?.history?.changed).toBe(true)
    // "Mark new" marks it (the release menu says each rule new since is): on the chapter page and /full/.
    expect(find(concepts)?.isNew).toBe(true)
    const full = site.releases[0]!.full.map((c) => find(c)).find(Boolean)
    expect(full?.isNew).toBe(true)
    // Only what the current rules changed since v26.03, beside v26.03's own marks; v26.03 itself keeps only its own.
    const newIds = (trees: RuleNode[]) => trees.flatMap(flatten).filter((n) => n.isNew).map((n) => n.id)
    const current = newIds(site.releases[0]!.chapters.map((c) => c.tree))
    const v2603 = newIds(site.releases.find((r) => !r.current && r.version === 'v26.03')!.chapters.map((c) => c.tree))
    expect(v2603).not.toContain('rule_memory_unused_mu')
    expect(current.filter((id) => !v2603.includes(id))).toEqual(['rule_memory_unused_mu'])
  })

  test('retired IDs redirect to the rule they became, or explain their removal', () => {
    expect(retiredPage('rule_checkpoint_uniqueness')).toMatchObject({
      status: 'renamed',
      to: { id: 'step_checkpoint_uniqueness', url: '/additional-rules/#step_checkpoint_uniqueness' },
    })
    expect(retiredPage('rule_bad_publicity_in_credit_pool')).toMatchObject({
      status: 'removed',
      last: { key: 'v25.08', number: '6.3.3b', url: '/v25.08/runs/#rule_bad_publicity_in_credit_pool' },
      removedIn: { key: 'v26.03', url: '/changes/v26.03/#rule_bad_publicity_in_credit_pool' },
    })
    // The reason names the rule that replaced it by its number, linked, as rule text does; never as markup or a bare ID.
    const reason = retiredPage('rule_bad_publicity_in_credit_pool')!.reason!
    expect(reason.map((p) => p.text).join('')).toMatch(/^Superseded in v26\.03: .*\(see 10\.6\.2\)\.$/)
    expect(reason.find((p) => p.url)).toEqual({ text: '10.6.2', url: '/additional-rules/#rule_bad_publicity_fund' })
    expect(JSON.stringify([site.retired, site.changes])).not.toContain('{ref:')
    // Every ID in retired.yaml that is not current has a page.
    const current = new Set(site.releases[0]!.lookup.r.map(([id]) => id))
    const yaml = readFileSync(join(ROOT, 'rules/retired.yaml'), 'utf8')
    const ids = [...yaml.matchAll(/^\s*- id: (\S+)$/gm)].map((m) => m[1]!).filter((id) => !current.has(id))
    expect(ids.length).toBeGreaterThan(30)
    expect(ids.filter((id) => !retiredPage(id))).toEqual([])
  })

  test('the version switcher maps only the rules whose place differs', () => {
    const toOld = site.switchMaps['current']!['v23.08']!
    expect(toOld['rule_end_the_run']).toBeUndefined()
    expect(toOld['step_checkpoint_uniqueness']).toEqual(['additional-rules', 'rule_checkpoint_uniqueness'])
    // No equivalent there (added since, or removed since between two held releases): the nearest ancestor
    // that exists, marked 0 so the page says the rule is absent instead of passing the section off as it.
    expect(toOld['rule_pass_after_breaking']).toEqual(['runs', 'rule_modify_run_steps', 0])
    expect(site.switchMaps['v24.03']!['v25.04']!['rule_ncigs']).toEqual(['game-concepts', 'sec_golden_rules', 0])
    expect(toOld['rule_end_the_run']).toBeUndefined()
    expect(site.switchMaps['v23.08']!['current']!['rule_checkpoint_uniqueness']).toEqual(['additional-rules', 'step_checkpoint_uniqueness'])
  })

  test('every release is printed, the current rules under a name that does not claim a release', () => {
    expect(site.releases.map((r) => r.pdf)).toEqual(['netrunner-cr-current.pdf', ...['v26.03', 'v25.08', 'v25.04', 'v24.03', 'v23.08', 'v22.12'].map((v) => `netrunner-cr-${v}.pdf`)])
  })
})

describe('coverage', () => {
  const rules = join(ROOT, 'rules')
  const write = (name: string, data: unknown) => {
    const file = join(tmp, name)
    writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data))
    return file
  }
  const file = {
    format: 1,
    version: 'v26.03',
    files: {
      'tests/run.rs': [
        { id: 'rule_end_the_run', line: 3, column: 5 },
        { id: 'rule_end_the_run', line: 9, column: 5 },
        { id: 'rule_jacking_out', line: 12, column: 1 },
      ],
      'tests/more.rs': [{ id: 'rule_end_the_run', line: 1, column: 1 }, { id: 'rule_nonexistent', line: 2, column: 1 }],
    },
  }

  test('each rule gets its citing files and lines; /coverage/ its chapters', () => {
    const coverage = loadCoverage(write('coverage.json', file))!
    const doc = compile(readRulesDir(rules)).document!
    const view = coverageView(coverage, doc, (id) => `/x/#${id}`)
    expect(view.rules.get('rule_end_the_run')).toEqual({
      citations: 3,
      files: [
        { path: 'tests/more.rs', lines: [1] },
        { path: 'tests/run.rs', lines: [3, 9] },
      ],
    })
    const runs = view.page.chapters.find((c) => c.id === 'chpt_runs')!
    expect(runs.cited).toBeGreaterThanOrEqual(2)
    expect(runs.uncited[0]).toMatchObject({ url: expect.stringMatching(/^\/x\/#/) })
    expect(view.page).toMatchObject({ files: 2, citations: 4, unknown: ['rule_nonexistent'] })
    expect(view.notes).toEqual(['The coverage file cites 1 IDs the current rules do not define: rule_nonexistent'])

    const release = prepareRelease({ dir: rules, base: '/', current: true }, { coverage: view.rules })
    const node = release.chapters.find((c) => c.slug === 'runs')!.tree.children[0]!.children.find((r) => r.id === 'rule_end_the_run')!
    expect(node.cites?.citations).toBe(3)
    expect(loadCoverage(undefined)).toBeUndefined()
  })

  test('with test results, each rule lists the tests citing it and how each ended; /coverage/ the passing share and the failing rules', () => {
    const withResults = {
      format: 2,
      version: 'v26.03',
      tests: ['tests/run.rs'],
      results: ['/ci/target/nextest/junit.xml'],
      files: {
        'src/run.rs': [{ id: 'rule_jacking_out', line: 4, column: 1, role: 'impl' }],
        'tests/run.rs': [
          { id: 'rule_end_the_run', line: 3, column: 5, role: 'test', test: 'tests/run.rs > runs > ends_run' },
          { id: 'rule_end_the_run', line: 9, column: 5, role: 'test', test: 'tests/run.rs > runs > jack_out' },
          { id: 'rule_jacking_out', line: 10, column: 5, role: 'test', test: 'tests/run.rs > runs > jack_out' },
          { id: 'rule_run', line: 20, column: 5, role: 'test', test: 'tests/run.rs > later' },
          { id: 'rule_attacked_server', line: 30, column: 5, role: 'test', test: 'tests/run.rs > renamed_since' },
        ],
      },
      testCases: {
        'tests/run.rs > runs > ends_run': { name: 'ends_run', path: ['runs'], file: 'tests/run.rs', line: 2, status: 'passed' },
        'tests/run.rs > runs > jack_out': { name: 'jack_out', path: ['runs'], file: 'tests/run.rs', line: 8, status: 'failed' },
        'tests/run.rs > later': { name: 'later', file: 'tests/run.rs', line: 19, status: 'skipped' },
        'tests/run.rs > renamed_since': { name: 'renamed_since', file: 'tests/run.rs', line: 29, status: 'not-run' },
      },
    }
    const doc = compile(readRulesDir(rules)).document!
    const view = coverageView(loadCoverage(write('results.json', withResults))!, doc, (id) => `/x/#${id}`)
    // Failing first; the implementation's citation is no test.
    expect(view.rules.get('rule_end_the_run')?.tests).toEqual([
      { name: 'runs > jack_out', outcome: 'failed', at: 'tests/run.rs:8' },
      { name: 'runs > ends_run', outcome: 'passed', at: 'tests/run.rs:2' },
    ])
    expect(view.rules.get('rule_jacking_out')?.tests).toEqual([{ name: 'runs > jack_out', outcome: 'failed', at: 'tests/run.rs:8' }])
    expect(view.rules.get('rule_attacked_server')?.tests).toEqual([{ name: 'renamed_since', outcome: 'not-run', at: 'tests/run.rs:29' }])
    const e = view.page.executed!
    expect([e.passing, e.tests, e.results]).toEqual([1, { passed: 1, failed: 1, skipped: 1, notRun: 1 }, ['junit.xml']])
    expect(e.failing.map((r) => r.id)).toEqual(['rule_end_the_run', 'rule_jacking_out'])
    expect(e.skipped).toMatchObject([{ id: 'rule_run', url: '/x/#rule_run', tests: [{ name: 'later', outcome: 'skipped' }] }])
    const runs = view.page.chapters.find((c) => c.id === 'chpt_runs')!
    expect([runs.passing, runs.cited >= 4]).toEqual([1, true])
    // Without results, nothing of the kind.
    const plain = coverageView(loadCoverage(write('plain.json', file))!, doc, (id) => `/x/#${id}`)
    expect([plain.page.executed, plain.rules.get('rule_end_the_run')?.tests, plain.page.chapters[0]!.passing]).toEqual([undefined, undefined, undefined])
  })

  test('a bad coverage file is an error that says what is wrong', () => {
    const path = write('bad.json', { counts: { rule_end_the_run: 7 } })
    expect(() => loadCoverage(path)).toThrowError(
      `Unexpected coverage file ${path} (CR_COVERAGE), expected the format of schema/coverage.schema.json (write one with \`npx cr cite DIR --write-coverage FILE\`):
  /: must have required property 'format'
  /: must have required property 'version'
  /: must have required property 'files'
  /: must NOT have additional properties (\`counts\`)`,
    )
    const notJson = write('not.json', '{ nope')
    expect(() => loadCoverage(notJson)).toThrowError(/^Unexpected content in the coverage file .*not\.json \(CR_COVERAGE\): .*, expected JSON as `cr cite --write-coverage` writes it$/)
    expect(() => loadCoverage(join(tmp, 'missing.json'))).toThrowError(/^Cannot read the coverage file/)
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
