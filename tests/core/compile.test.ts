import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile } from '../../src/core/compile.ts'
import { buildLookup, findRule } from '../../src/core/lookup.ts'
import type { SourceFile } from '../../src/core/types.ts'
import { loadCards, readRulesDir } from '../../src/io/read-sources.ts'
import { listReleases } from '../../src/io/releases.ts'
import { compiledWithCards } from '../fidelity/compile-release.ts'

const root = join(import.meta.dirname, '../..')
const files = readRulesDir('rules', root)
const cards = loadCards()
const result = compiledWithCards('rules')
const doc = result.document!
const byId = new Map(doc.rules.map((r) => [r.id, r]))

const chapter = (body: string): SourceFile => ({
  path: 'rules/01_test.yaml',
  content: `chapter: chpt_test\ntext: Test\nsections:\n- section: sec_test\n  text: Test Section\n  rules:\n${body}`,
})
const release: SourceFile = { path: 'rules/release.yaml', content: 'version: v99.01\neffective: "2099-01-01"\n' }
const textOf = (body: string, id: string) => {
  const r = compile([chapter(body), release])
  return { entry: r.document?.rules.find((e) => e.id === id), messages: r.messages }
}

describe('compiling rules/', () => {
  it('is clean', () => {
    expect(result.messages).toEqual([])
  })

  it('numbers chapters, sections, rules, sub-rules, steps and timing elements', () => {
    const n = (id: string) => byId.get(id)?.number
    expect(n('chpt_runs')).toBe('6')
    expect(n('sec_run_general')).toBe('6.1')
    expect(n('rule_end_the_run')).toBe('6.1.4')
    expect(n('rule_end_run_access_or_breach_during_run')).toBe('6.1.4a')
    expect(n('rule_sec_run_initiation_phase')).toBe('6.9.1')
    expect(n('step_runner_position')).toBe('6.9.1d')
    expect(n('sec_appendix_timing_structure_corps_turn_2_b_i')).toBe('11.2.2b.i')
    expect(byId.get('step_runner_position')?.kind).toBe('step')
    expect(byId.get('step_runner_position')?.label).toBe('d.')
  })

  it('marks heading rules (toc:) with a title', () => {
    const r = byId.get('rule_sec_recurring')!
    expect(r.heading).toBe(true)
    expect(r.title).toBe('Recurring Credits')
  })

  it('renders references with the published word, capitalised and listed', () => {
    expect(byId.get('rule_end_the_run')?.text).toContain('step 6.9.6, the Run Ends Phase')
    expect(byId.get('rule_run')?.text).toContain('Section 6.9 contains the full set')
    expect(byId.get('rule_run')?.text).toContain('sections 6.3 through 6.8')
    expect(byId.get('rule_breaching_timing_structure')?.text).toBe('Breaching a server is a timing structure. See sections 7.3 and 7.5.')
    expect(byId.get('rule_min_deck_size_citation')?.text).toMatch(/^Section 1\.4 details/)
  })

  it('links timing structures to the prose steps they summarise', () => {
    expect(byId.get('sec_appendix_timing_structure_corps_turn_1_a')?.prose).toBe('step_corp_turn_allotted_clicks')
    expect(byId.get('sec_appendix_timing_structure_corps_turn_1')?.prose).toBe('subsec_corp_draw_phase')
  })

  it('gives examples stable IDs', () => {
    expect(byId.get('rule_influence_by_copy')?.examples[0]?.id).toBe('example_rule_influence_by_copy_1')
  })

  it('emits only links whose targets exist', () => {
    for (const r of doc.rules) {
      for (const html of [r.html, ...r.examples.map((e) => e.html)]) {
        for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) expect(byId.has(target!), `${r.id} → ${target}`).toBe(true)
      }
    }
  })

  it('finds rules by ID, number and citation', () => {
    const table = buildLookup(doc.rules)
    for (const q of ['6.1.4', 'rule_end_the_run', 'CR 6.1.4', '§6.1.4', '6.1.4.', 'Rule_end_the_run']) {
      expect(findRule(table, q).entry?.id).toBe('rule_end_the_run')
    }
    expect(findRule(table, '6.1.4.a.').entry?.id).toBe('rule_end_run_access_or_breach_during_run')
    expect(findRule(table, 'rule_end_teh_run').suggestions).toContain('rule_end_the_run')
  })
})

describe('compile, as a function', () => {
  it('does not depend on the order of its input files', () => {
    const sample = files.slice(0, 6)
    // The files in their order, compiled once (compile is pure; it was compiled again for every order).
    const inOrder = compile(sample, { cards })
    fc.assert(
      fc.property(fc.shuffledSubarray(sample, { minLength: sample.length, maxLength: sample.length }), (shuffled) => {
        expect(compile(shuffled, { cards })).toEqual(inOrder)
      }),
      { numRuns: 5 },
    )
  })

  it('never throws, whatever the text of a rule', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const r = compile([chapter(`  - rule: rule_one\n    text: ${JSON.stringify(text)}\n`), release])
        expect(Array.isArray(r.messages)).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  it('resolves forward references and mixed lists', () => {
    const { entry, messages } = textOf(
      `  - rule: rule_one\n    text: See {ref:rule_two,sub_three}.\n  - rule: rule_two\n    text: Two.\n  - subsection: sub_three\n    text: Three.\n    rules:\n    - rule: rule_three_a\n      text: A.\n`,
      'rule_one',
    )
    expect(messages).toEqual([])
    expect(entry?.text).toBe('See rule 1.1.2 and section 1.1.3.')
  })

  it('reports a duplicate ID at both places', () => {
    const { messages } = textOf(`  - rule: rule_one\n    text: One.\n  - rule: rule_one\n    text: Again.\n`, 'rule_one')
    const d = messages.find((m) => m.code === 'id-duplicate')!
    expect([d.line, d.related?.[0]?.line]).toEqual([9, 7])
  })

  it('places a dangling reference at its line and column', () => {
    const { messages } = textOf(`  - rule: rule_one\n    text: |-\n      One, and\n      then {ref:rule_twoo}.\n  - rule: rule_two\n    text: Two.\n`, 'rule_one')
    expect(messages.map((m) => [m.code, m.line, m.column, m.suggestions])).toEqual([['unknown-rule', 10, 12, ['rule_two']]])
  })

  it('rejects non-UTF-8 input without throwing', () => {
    const bytes = new Uint8Array([...Buffer.from('chapter: chpt_x\ntext: Caf'), 0xe9, 0x0a])
    const r = compile([{ path: 'rules/01_x.yaml', content: bytes }, release])
    expect(r.messages.map((m) => m.code)).toContain('file-encoding')
  })
})

describe('every release', () => {
  const releases = listReleases('releases', root).map((r) => r.version)
  it('are all six', () => expect(releases).toEqual(['v22.12', 'v23.08', 'v24.03', 'v25.04', 'v25.08', 'v26.03']))
  it.each(releases)('%s compiles without errors', (v) => {
    const r = compile(readRulesDir(`releases/${v}`, root), { cards })
    expect(r.messages.filter((m) => m.severity === 'error')).toEqual([])
    expect(r.document?.rules.filter((e) => e.kind === 'chapter')).toHaveLength(11)
  })
})
