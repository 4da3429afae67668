/**
 * The traceability matrix against its own schema (`schema/matrix.schema.json`):
 * every status as the schema defines it, checked by an oracle written from
 * the definitions, and the summary agreeing with the statuses, over generated
 * coverage files (the hand-made table of tests/cite/table-fixture.ts: rules
 * with sub-rules and steps, timing elements summarising prose rules).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildMatrix, type MatrixStatus } from '../../src/core/cite/matrix.ts'
import { formatMarkdown, messagePhrasing } from '../../src/core/cite/matrix-markdown.ts'
import type { CiteProblem } from '../../src/core/cite/types.ts'
import { NOWHERE } from '../../src/core/diagnostics.ts'
import { isCitable } from '../../src/core/cite/table.ts'
import type { CoverageCitation, CoverageFile } from '../../src/core/coverage.ts'
import { RULES } from './table-fixture.ts'

const byId = new Map(RULES.map((r) => [r.id, r]))
const CITABLE = RULES.filter(isCitable)
const subRulesOf = (id: string) => byId.get(id)!.children.filter((c) => isCitable(byId.get(c)!))
const summariesOf = (id: string) => RULES.filter((r) => r.prose === id).map((r) => r.id)

type Outcome = 'passed' | 'failed' | 'skipped' | 'not-run'
/** Where a citation is: in a test (by name), elsewhere in a test file, in the implementation, in documentation. */
type Site = { test: string } | 'test-file' | 'impl' | 'doc'
const TESTS: Record<string, Outcome> = { a: 'passed', b: 'passed', c: 'failed', d: 'skipped', e: 'not-run' }

function coverageFile(cited: readonly { id: string; site: Site }[], results: boolean): CoverageFile {
  const files: Record<string, CoverageCitation[]> = {}
  cited.forEach(({ id, site }, i) => {
    const path = site === 'impl' ? 'src/engine.rs' : site === 'doc' ? 'docs/notes.md' : 'tests/runs.rs'
    ;(files[path] ??= []).push({ id, line: i + 1, column: 1, ...(typeof site === 'object' ? { test: site.test } : {}) })
  })
  const testCases = Object.fromEntries(Object.entries(TESTS).map(([name, status]) => [name, { name, file: 'tests/runs.rs', ...(results ? { status } : {}) }]))
  return { format: 2, version: 'v26.03', files, tests: files['tests/runs.rs'] ? ['tests/runs.rs'] : [], docs: files['docs/notes.md'] ? ['docs/notes.md'] : [], testCases, ...(results ? { results: ['junit.xml'] } : {}) }
}

/** The schema's definitions, written out: what each rule's status must be. */
function expectedStatuses(cited: readonly { id: string; site: Site }[], results: boolean, excepted: ReadonlySet<string>): Map<string, MatrixStatus> {
  const outcomes = (id: string) => cited.filter((c) => c.id === id && typeof c.site === 'object').map((c) => TESTS[(c.site as { test: string }).test]!)
  const citedBy = (id: string, ok: (site: Site) => boolean) => cited.some((c) => c.id === id && ok(c.site))
  const direct = (id: string, ok: (site: Site) => boolean) => citedBy(id, ok) || summariesOf(id).some((t) => citedBy(t, ok))
  // Covered: cited (or a timing element summarising it is), or all of its sub-rules are covered.
  const covered = (id: string, ok: (site: Site) => boolean): boolean => direct(id, ok) || (subRulesOf(id).length > 0 && subRulesOf(id).every((c) => covered(c, ok)))
  const any = (site: Site) => site !== 'doc'
  const test = (site: Site) => site !== 'doc' && site !== 'impl'
  const passed = (site: Site) => typeof site === 'object' && TESTS[site.test] === 'passed'
  const status = (id: string): MatrixStatus => {
    if (excepted.has(id)) return 'excepted'
    if (!covered(id, any)) return 'uncited'
    if (!results) return covered(id, test) ? 'tested' : 'untested'
    if (covered(id, passed)) return 'passing'
    const seen = [id, ...summariesOf(id)].flatMap(outcomes)
    const through = subRulesOf(id).length > 0 && subRulesOf(id).every((c) => covered(c, any)) ? subRulesOf(id).map(status) : []
    if (seen.includes('failed') || through.includes('failing')) return 'failing'
    if (seen.includes('skipped') || through.includes('skipped')) return 'skipped'
    return 'untested'
  }
  return new Map(CITABLE.map((r) => [r.id, status(r.id)]))
}

const site: fc.Arbitrary<Site> = fc.oneof(fc.constantFrom(...Object.keys(TESTS)).map((test) => ({ test })), fc.constantFrom<Site>('test-file', 'impl', 'doc'))
const citations = fc.array(fc.record({ id: fc.constantFrom(...RULES.map((r) => r.id)), site }), { maxLength: 30 })
const exceptions = fc.subarray(CITABLE.map((r) => r.id), { maxLength: 4 })

describe('the traceability matrix', () => {
  it('gives every rule the status the schema defines, with and without results', () => {
    fc.assert(
      fc.property(citations, fc.boolean(), exceptions, (cited, results, except) => {
        const excepted = new Map(except.map((id) => [id, 'a reason']))
        const m = buildMatrix(coverageFile(cited, results), RULES, excepted)
        expect(new Map(m.rules.map((r) => [r.id, r.status]))).toEqual(expectedStatuses(cited, results, new Set(except)))
      }),
    )
  })

  it('has a summary that agrees with itself and with the statuses', () => {
    fc.assert(
      fc.property(citations, fc.boolean(), exceptions, (cited, results, except) => {
        const m = buildMatrix(coverageFile(cited, results), RULES, new Map(except.map((id) => [id, 'a reason'])))
        const s = m.summary
        const n = s.byStatus
        const count = (status: MatrixStatus) => m.rules.filter((r) => r.status === status).length
        for (const status of Object.keys(n) as MatrixStatus[]) expect(n[status]).toBe(count(status))
        expect(m.rules.length).toBe(CITABLE.length)
        expect(n.excepted).toBe(except.length)
        expect(s.total).toBe(m.rules.length - n.excepted)
        expect(n.uncited).toBe(s.total - s.cited)
        expect(m.chapters.reduce((t, c) => t + c.total, 0)).toBe(s.total)
        if (results) {
          expect(n.passing).toBe(s.passing)
          expect(n.passing + n.failing + n.skipped + n.untested).toBe(s.cited)
          expect(n.tested).toBe(0)
          expect(m.chapters.reduce((t, c) => t + (c.passing ?? 0), 0)).toBe(s.passing)
        } else {
          expect(s.passing).toBeUndefined()
          expect([n.passing, n.failing, n.skipped]).toEqual([0, 0, 0])
          expect(n.tested).toBe(s.tested)
          expect(n.untested).toBe(s.cited - s.tested)
        }
      }),
    )
  })

  it('a rule whose one sub-rule a passing test cites is passing, and counted so (the report: 1.14.3 and 1.14.3a)', () => {
    // 6.1.2 has two sub-rules: both passing, then the rule is too, with no test of its own.
    const cited = [
      { id: 'rule_announce_attacked_server', site: { test: 'a' } },
      { id: 'rule_change_attacked_server', site: { test: 'b' } },
      { id: 'rule_attacked_server', site: 'impl' as const },
      // One failing sub-rule of 6.1.3, the others implemented: the rule is failing through it.
      { id: 'rule_end_run_access_or_breach_during_run', site: { test: 'c' } },
      { id: 'rule_end_encounter_outside_run', site: 'impl' as const },
      { id: 'rule_end_run_no_run_or_encounter', site: 'impl' as const },
    ]
    const m = buildMatrix(coverageFile(cited, true), RULES)
    const status = new Map(m.rules.map((r) => [r.id, r.status]))
    expect(status.get('rule_attacked_server')).toBe('passing')
    expect(m.rules.find((r) => r.id === 'rule_attacked_server')!.tests).toEqual([])
    expect(status.get('rule_end_the_run')).toBe('failing')
    expect([m.summary.passing, m.summary.byStatus.passing, m.summary.byStatus.failing]).toEqual([3, 3, 2])
  })
})

describe('the matrix as a pull-request comment (--format markdown)', () => {
  const problem = (message: string, extra: Partial<CiteProblem> = {}): CiteProblem => ({ code: 'unknown-rule', severity: 'error', file: 'src/ice_rules.py', line: 3, column: 5, message, text: '', ...extra })

  it('renders a message\'s code spans as code, and escapes only what Markdown would read as syntax', () => {
    const m = buildMatrix(coverageFile([{ id: 'rule_run', site: { test: 'c' } }], true), RULES)
    const md = formatMarkdown(m, [
      problem('Unknown rule ID `rule_ice_ordred`, expected the ID of a chapter, section, rule or step', { suggestions: ['rule_ice_ordered'] }),
      problem('Unknown rule ID ``a`b``, in *emphasis* or [a link](x) or <b>', { line: 4 }),
      problem('A lone ` backtick', { line: 5 }),
      { ...problem('Coverage 2.3% is under the minimum 5%', { code: 'coverage-below' }), ...NOWHERE },
    ])
    const problems = md.slice(md.indexOf('#### Problems'), md.indexOf('<details>')).split('\n').filter((l) => l.startsWith('- '))
    expect(problems).toEqual([
      '- `src/ice_rules.py:3:5` error `unknown-rule`: Unknown rule ID `rule_ice_ordred`, expected the ID of a chapter, section, rule or step; did you mean `rule_ice_ordered`?',
      '- `src/ice_rules.py:4:5` error `unknown-rule`: Unknown rule ID ``a`b``, in \\*emphasis\\* or \\[a link]\\(x) or \\<b>',
      '- `src/ice_rules.py:5:5` error `unknown-rule`: A lone \\` backtick',
      '- error `coverage-below`: Coverage 2.3% is under the minimum 5%',
    ])
    // Underscores inside words are text as they are: `ice_rules.py`, not `ice\_rules.py`.
    expect(md).not.toContain('\\_')
  })

  it('reads code spans as CommonMark does: a run of backticks closed by a run as long', () => {
    expect(messagePhrasing('a `b` c ``d`e`` ` f')).toEqual([
      { type: 'text', value: 'a ' },
      { type: 'inlineCode', value: 'b' },
      { type: 'text', value: ' c ' },
      { type: 'inlineCode', value: 'd`e' },
      { type: 'text', value: ' ` f' },
    ])
  })

  it('lists a rule failing through its sub-rules, and says why each uncovered rule is', () => {
    const cited = [
      { id: 'rule_announce_attacked_server', site: { test: 'c' } },
      { id: 'rule_change_attacked_server', site: 'impl' as const },
      { id: 'rule_run', site: { test: 'e' } },
      { id: 'rule_jacking_out', site: 'impl' as const },
    ]
    const md = formatMarkdown(buildMatrix(coverageFile(cited, true), RULES), [])
    expect(md).toContain('#### Rules only failing tests cite (2)')
    expect(md).toMatch(/^- 6\.1\.2 `rule_attacked_server` — .* \(through its sub-rules or timing element\)$/m)
    expect(md).toMatch(/^- 6\.1\.2a `rule_announce_attacked_server` — .*: `c` \(tests\/runs\.rs\)$/m)
    expect(md).toContain('- 6.1.1 `rule_run` (tests that did not run)')
    expect(md).toContain('- 6.1.4 `rule_jacking_out` (implementation only)')
    expect(md).toContain('- 6.1.3 `rule_end_the_run`\n')
  })
})
