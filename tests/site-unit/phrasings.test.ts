/** Players' words for the rules (data/phrasings/, site/data/phrasings.ts): read strictly, joined by ID, never shown as a rule's text (issue 20). */
import { beforeAll, describe, expect, test } from 'vitest'
import { join } from 'node:path'
import { formatPhrasingMessage, parsePhrasings, withPhrasings, MAX_PHRASING_CHARS } from '../../site/data/phrasings.ts'
import { prepareSite, readPhrasings } from '../../site/data/store.ts'
import { recordHtml, shownWords } from '../../site/integration/search-index.ts'
import { SHOWN_END } from '../../site/shared/top-text.ts'
import { shownExcerpt } from '../../site/scripts/search/excerpt.ts'
import { words } from '../../site/scripts/query/fold.ts'
import type { ReleaseData } from '../../site/data/types.ts'
import { currentRelease } from './query-context.ts'

const ROOT = join(import.meta.dirname, '../..')
const IDS = ['rule_end_the_run', 'rule_jacking_out', 'sec_run_general']
const ids = { exists: (id: string) => IDS.includes(id), all: IDS, successor: (id: string) => (id === 'rule_jack_out' ? 'rule_jacking_out' : undefined), retired: (id: string) => ['rule_jack_out', 'rule_old_breach'].includes(id) }
const file = (content: string, path = 'data/phrasings/06_runs.yaml') => ({ path, content })
const said = (content: string) => parsePhrasings([file(content)], ids).messages.map(formatPhrasingMessage)

describe('reading phrasings', () => {
  test('a map from IDs to lists of phrasings, in file order, a phrasing said twice kept once', () => {
    const { phrasings, messages } = parsePhrasings(
      [file('rule_end_the_run:\n- etr\n- does the run stop\n- etr\n'), file('rule_end_the_run:\n- stop the runner\nsec_run_general: [how does a run work]\n', 'data/phrasings/09_more.yaml')],
      ids,
    )
    expect(messages).toEqual([])
    expect(Object.fromEntries(phrasings)).toEqual({ rule_end_the_run: ['etr', 'does the run stop', 'stop the runner'], sec_run_general: ['how does a run work'] })
  })

  test('an ID the rules do not define is an error at its key, with the IDs it may be a typo of', () => {
    expect(said('rule_end_the_run:\n- etr\nrule_end_teh_run:\n- stop\n')).toEqual([
      'data/phrasings/06_runs.yaml:3:1: error[unknown-rule]: Unknown rule ID `rule_end_teh_run` in the phrasings, expected the ID of a chapter, section, rule or step (did you mean `rule_end_the_run`?)',
    ])
  })

  test('a retired ID with a successor is read as the successor, with a warning to rewrite it', () => {
    const { phrasings, messages } = parsePhrasings([file('rule_jack_out:\n- leave the run\n')], ids)
    expect(messages.map(formatPhrasingMessage)).toEqual(["data/phrasings/06_runs.yaml:1:1: warning[renamed-rule]: `rule_jack_out` was retired into `rule_jacking_out`: its phrasings are read as `rule_jacking_out`'s (did you mean `rule_jacking_out`?)"])
    expect(phrasings.get('rule_jacking_out')).toEqual(['leave the run'])
  })

  test('an ID retired without a successor is an error that says so, not an unknown ID', () => {
    expect(said('rule_end_the_run:\n- etr\nrule_old_breach:\n- see cards\n')).toEqual([
      'data/phrasings/06_runs.yaml:3:1: error[removed-rule]: `rule_old_breach` was retired from the rules without one successor (retired.yaml): its phrasings find nothing, expected them deleted or moved to the rules that say it now',
    ])
  })

  test('each malformed entry is one error at its place; the good ones are kept', () => {
    const long = 'x'.repeat(MAX_PHRASING_CHARS + 1)
    expect(said(`rule_end_the_run: etr\nrule_jacking_out:\n- ok\n- 42\n- "${long}"\nsec_run_general: []\n`)).toEqual([
      'data/phrasings/06_runs.yaml:1:19: error[schema-type]: Unexpected text for `rule_end_the_run`, expected a list of 1 to 8 phrasings',
      'data/phrasings/06_runs.yaml:4:3: error[schema-type]: Unexpected a number, expected a phrasing (text)',
      `data/phrasings/06_runs.yaml:5:3: error[schema-invalid]: Unexpected phrasing of ${long.length} characters, expected at most ${MAX_PHRASING_CHARS}: a phrasing is what someone types, not a paragraph`,
      'data/phrasings/06_runs.yaml:6:18: error[schema-type]: Unexpected 0 phrasings for `sec_run_general`, expected a list of 1 to 8 phrasings',
    ])
    expect(parsePhrasings([file('rule_jacking_out:\n- ok\n- 42\n')], ids).phrasings.get('rule_jacking_out')).toEqual(['ok'])
  })

  test('a file that is not a mapping, or not YAML, says so at its place', () => {
    expect(said('- etr\n')).toEqual(['data/phrasings/06_runs.yaml:1:1: error[schema-type]: Unexpected content, expected a mapping from rule IDs to lists of phrasings'])
    expect(said('rule_end_the_run:\n\t- etr\n')[0]).toMatch(/^data\/phrasings\/06_runs\.yaml:2:1: error\[yaml-syntax\]/)
  })

  test('joined to records by ID: a record without phrasings is the same object', () => {
    const a = { id: 'rule_end_the_run' }
    const b = { id: 'rule_other' }
    const [ja, jb] = withPhrasings([a, b], new Map([['rule_end_the_run', ['etr']]]))
    expect(ja).toEqual({ id: 'rule_end_the_run', phrasings: ['etr'] })
    expect(ja).not.toBe(a)
    expect(jb).toBe(b)
  })
})

describe("the repository's phrasings", () => {
  let release: ReleaseData
  beforeAll(() => {
    release = currentRelease()
  }, 600_000)

  test('every file reads clean against the current rules, and most rules have some', () => {
    const { phrasings, messages } = readPhrasings(ROOT, release)
    expect(messages.map(formatPhrasingMessage)).toEqual([])
    // Players look most rules up in their own words; an ID left without any is a choice (a pure cross-reference).
    expect(phrasings.size / release.lookup.r.length).toBeGreaterThan(0.9)
  })

  test("a phrasing is a reader's words, not the rule's sentence copied", () => {
    const text = new Map(release.search.map((r) => [r.id, words(r.lead).join(' ')]))
    const copied: string[] = []
    for (const r of release.search) {
      for (const p of r.phrasings ?? []) {
        const w = words(p).join(' ')
        if (w.split(' ').length >= 8 && text.get(r.id)!.includes(w)) copied.push(`${r.id}: ${p}`)
      }
    }
    expect(copied).toEqual([])
  })

  test('the search record indexes them after the end of what a result shows', () => {
    const r = release.search.find((x) => x.id === 'rule_jacking_out')!
    expect(r.phrasings?.length).toBeGreaterThan(0)
    const html = recordHtml(r)
    const end = html.indexOf(SHOWN_END)
    expect(end).toBeGreaterThan(html.indexOf(r.lead.slice(0, 20)))
    expect(html.indexOf(r.phrasings![0]!)).toBeGreaterThan(end)
  })
})

describe('phrasings with rules other than rules/ (CR_RULES_DIR)', () => {
  test('a fork or a fixture builds: the phrasings naming rules it lacks are left out, said in one note', () => {
    const site = prepareSite(ROOT, { CR_RULES_DIR: join(ROOT, 'tests/site/fixtures/script-rules'), CR_RELEASES: 'none', CR_SITE_CACHE: '0', CR_COVERAGE: '' })
    const notes = site.notes.filter((n) => n.includes('data/phrasings/'))
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatch(/^\d{3,} rules named in data\/phrasings\/ are not in the rules being built/)
    expect(site.releases[0]!.search.some((r) => r.phrasings)).toBe(false)
  })
})

describe("a result's excerpt is the rule's own text", () => {
  // Pagefind's result data for a record: its words, and where the query's words were found.
  const data = (raw: string, at: number[], excerpt = 'from pagefind') => ({ raw_content: raw, excerpt, weighted_locations: at.map((location) => ({ weight: 1, balanced_score: 1, location })) })
  const own = 'The Runner may jack out after passing a piece of ice .'
  const raw = `${own} ${SHOWN_END} General. leave the run early. stop running and go home`

  test('a match in the rule: marked, in a window of its words, never past the end of them', () => {
    expect(shownExcerpt(data(raw, [3, 4]), 24)).toBe('The Runner may <mark>jack</mark> <mark>out</mark> after passing a piece of ice .')
    expect(shownExcerpt(data(raw, [3]), 4)).toBe('Runner may <mark>jack</mark> out …')
  })

  test('matches only in the headings or players’ words: none (the row shows the start of the rule)', () => {
    expect(shownExcerpt(data(raw, [13, 14]))).toBeUndefined()
  })

  test('the densest window of the rule wins over a match in its players’ words', () => {
    const text = `a b c d e f g h jack i j k l m n o p ${SHOWN_END} jack out jack out`
    expect(shownExcerpt(data(text, [8, 18, 19, 20, 21]), 5)).toBe('f g h <mark>jack</mark> i …')
  })

  test('the words a quoted phrase must match within are counted as the excerpt counts them', () => {
    // search-ids.json's `shown`: position 13 (past the mark) is a match in the players' words only.
    expect(shownWords(raw)).toBe(12)
    expect(raw.split(/\s+/)[shownWords(raw)]).toBe(SHOWN_END)
    expect(shownWords('no mark\nhere')).toBe(3)
  })

  test('a record without the mark is Pagefind’s excerpt as it was; text is escaped', () => {
    expect(shownExcerpt(data('no mark here', [0], 'pagefind’s'))).toBe('pagefind’s')
    expect(shownExcerpt(data(`<b>x</b> R&D ${SHOWN_END} y`, [0]))).toBe('<mark>&lt;b&gt;x&lt;/b&gt;</mark> R&D')
  })
})

