import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import coverageSchema from '../../schema/coverage.schema.json' with { type: 'json' }
import type { Citation } from '../../src/core/cite/types.ts'
import { buildCoverageFile, checkCoverageFile, citationCounts, computeCoverage } from '../../src/core/coverage.ts'
import { RULES } from './table-fixture.ts'

const c = (file: string, line: number, id: string): Citation => ({ file, line, column: 1, id, text: id, via: 'id' })

const ajv = new Ajv2020({ allErrors: true })
const validateFile = ajv.compile(coverageSchema)
const validateReport = ajv.compile({ $ref: `${coverageSchema.$id}#/$defs/report` })

describe('coverage file', () => {
  it('groups citations by file, sorted, and validates against its schema', () => {
    const file = buildCoverageFile([c('b.rs', 2, 'rule_run'), c('a.rs', 9, 'rule_run'), c('a.rs', 1, 'rule_jacking_out')], 'v26.03')
    expect(file).toEqual({
      format: 2,
      version: 'v26.03',
      files: {
        'a.rs': [
          { id: 'rule_jacking_out', line: 1, column: 1 },
          { id: 'rule_run', line: 9, column: 1 },
        ],
        'b.rs': [{ id: 'rule_run', line: 2, column: 1 }],
      },
    })
    expect(Object.keys(file.files)).toEqual(['a.rs', 'b.rs'])
    expect(validateFile(file), JSON.stringify(validateFile.errors)).toBe(true)
    expect(checkCoverageFile(file)).toEqual({ file, errors: [] })
  })

  it('says what is wrong with a coverage file that is not one', () => {
    expect(checkCoverageFile({ format: 3, version: 'v26.03', files: { 'a.rs': [{ id: 'rule_run', line: 0, column: 1, x: 1 }] } }).errors).toEqual([
      '/format: must be equal to one of the allowed values',
      '/files/a.rs/0: must NOT have additional properties (`x`)',
      '/files/a.rs/0/line: must be >= 1',
    ])
  })
})

describe('computeCoverage', () => {
  const citations = [
    c('a.rs', 1, 'rule_run'),
    c('b.rs', 1, 'rule_run'),
    c('b.rs', 2, 'rule_run'),
    // Both sub-rules of 6.1.2: the rule counts as covered.
    c('a.rs', 2, 'rule_announce_attacked_server'),
    c('a.rs', 3, 'rule_change_attacked_server'),
    // A timing element covers the prose step it summarises.
    c('t.ts', 1, 'sec_appendix_timing_structure_of_a_run_1_a'),
    // Sections are cited but are not citable rules.
    c('a.rs', 4, 'sec_run_general'),
  ]
  const report = computeCoverage(buildCoverageFile(citations, 'v26.03'), RULES)

  it('lists the files citing each rule, in document order', () => {
    expect(report.rules).toEqual({
      sec_run_general: { files: ['a.rs'], citations: 1 },
      rule_run: { files: ['a.rs', 'b.rs'], citations: 3 },
      rule_announce_attacked_server: { files: ['a.rs'], citations: 1 },
      rule_change_attacked_server: { files: ['a.rs'], citations: 1 },
      sec_appendix_timing_structure_of_a_run_1_a: { files: ['t.ts'], citations: 1 },
    })
    expect(citationCounts(report).get('rule_run')).toBe(3)
  })

  it('counts citable rules per chapter, with the uncited ones', () => {
    expect(report.chapters.map((ch) => [ch.number, ch.cited, ch.total, ch.percent, ch.uncited])).toEqual([
      ['1', 0, 1, 0, ['rule_54+']],
      ['6', 5, 13, 38.5, [
        'rule_end_the_run',
        'rule_end_run_access_or_breach_during_run',
        'rule_end_encounter_outside_run',
        'rule_end_run_no_run_or_encounter',
        'rule_jacking_out',
        'rule_sec_run_initiation_phase',
        'step_initiation_begin',
        'corp_basic_action_advance',
      ]],
      ['11', 0, 0, 100, []],
    ])
    expect([report.cited, report.total, report.percent]).toEqual([5, 14, 35.7])
    expect(report.uncited[0]).toBe('rule_54+')
  })

  it('lists IDs it does not know (a coverage file of another release)', () => {
    const other = computeCoverage({ format: 1, version: 'v25.08', files: { 'x.rs': [{ id: 'rule_gone', line: 1, column: 1 }] } }, RULES)
    expect([other.version, other.unknown, other.cited]).toEqual(['v25.08', ['rule_gone'], 0])
  })

  it('matches the report schema', () => {
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true)
  })
})
