import { describe, expect, it } from 'vitest'
import { DEFAULT_CITE_CONFIG, readCiteConfig } from '../../src/core/cite/config.ts'
import { formatProblemLine } from '../../src/core/cite/report.ts'

const read = (data: unknown) => readCiteConfig(data, 'cr.config.json', (path) => ({ line: path.length + 1, column: 1 }))
const messages = (data: unknown) => read(data).problems.map((p) => `${p.line}:${p.column} ${p.code}: ${p.message}`)

describe('cr.config.json', () => {
  it('defaults everything', () => {
    expect(read({})).toEqual({ config: DEFAULT_CITE_CONFIG, problems: [] })
    expect(read({ $schema: './x.json', cite: {} }).config).toEqual(DEFAULT_CITE_CONFIG)
  })

  it('compiles patterns with the flags g, m and d', () => {
    const { config } = read({ cite: { patterns: ['^//@ rule: (?<ref>.+)$'] } })
    expect(config.patterns[0]!.flags).toBe('dgm')
  })

  it('combines ignoreIds into one expression with * wildcards', () => {
    const re = read({ cite: { ignoreIds: ['rule_engine', 'step_*_ms'] } }).config.ignoreIds!
    expect(['rule_engine', 'step_frame_ms', 'step__ms'].map((w) => re.test(w))).toEqual([true, true, true])
    expect(['rule_engines', 'xstep_a_ms', 'step_a.b_ms'].map((w) => re.test(w))).toEqual([false, false, false])
  })

  it('rejects unknown keys where they are: the key meant when one is close, else every key expected', () => {
    const problems = read({ cite: { patern: ['x'], excldue: [], minCoverag: 5, 'ignore-ids': [], zzz: 1 }, citee: 1 }).problems
    expect(problems.map((p) => [p.message, p.suggestions])).toEqual([
      ['Unexpected key `citee` in the top level', ['cite']],
      ['Unexpected key `patern` in `cite`', ['patterns']],
      ['Unexpected key `excldue` in `cite`', ['exclude']],
      ['Unexpected key `minCoverag` in `cite`', ['minCoverage']],
      ['Unexpected key `ignore-ids` in `cite`', ['ignoreIds']],
      ['Unexpected key `zzz` in `cite`, expected one of `patterns`, `exclude`, `ignoreIds`, `unknownIds`, `markers`, `bareNumbers`, `tests`, `overrides`, `docs`, `exceptions`, `minCoverage`, `severity`', undefined],
    ])
    // As printed: the suggestion after the message, at the key.
    expect(formatProblemLine(problems[1]!)).toBe('cr.config.json:3:1: error: Unexpected key `patern` in `cite`; did you mean `patterns`? [config-invalid]')
  })

  it('says one thing per mistake in a value with alternatives: a percentage is 0–100', () => {
    // `minCoverage` is a number or an object: each wrong value is said once, in the terms of its own shape.
    expect(messages({ cite: { minCoverage: { chapters: { 6: 200 } } } })).toEqual(['5:1 config-invalid: Unexpected value `200` for `cite.minCoverage.chapters.6`, expected a percentage from 0 to 100'])
    expect(messages({ cite: { minCoverage: 101 } })).toEqual(['3:1 config-invalid: Unexpected value `101` for `cite.minCoverage`, expected a percentage from 0 to 100'])
    expect(messages({ cite: { minCoverage: { overall: -1 } } })).toEqual(['4:1 config-invalid: Unexpected value `-1` for `cite.minCoverage.overall`, expected a percentage from 0 to 100'])
    expect(messages({ cite: { minCoverage: '80' } })).toEqual(['3:1 config-invalid: Unexpected value for `cite.minCoverage`, expected a number or an object'])
    expect(messages({ cite: { minCoverage: { chapters: { six: 90 }, overal: 5 } } })).toEqual([
      '4:1 config-invalid: Unexpected key `overal` in `cite.minCoverage`',
      '5:1 config-invalid: Unexpected key `six` in `cite.minCoverage.chapters`, expected a chapter number (`6`)',
    ])
    // A code's name and an enumerated value: the one meant.
    expect(read({ cite: { severity: { 'imprecise-citaton': 'off' }, bareNumbers: 'comment' } }).problems.map((p) => p.suggestions)).toEqual([['comments'], ['imprecise-citation']])
  })

  it('reads markers, bare numbers, test globs and per-path overrides, with defaults', () => {
    expect(DEFAULT_CITE_CONFIG).toMatchObject({ markers: [], bareNumbers: 'off', overrides: [] })
    expect(DEFAULT_CITE_CONFIG.tests).toEqual(expect.arrayContaining(['tests/', 'spec/', '*_test.*', '*.test.*']))
    const { config, problems } = read({ cite: { markers: ['§'], bareNumbers: 'comments', tests: ['qa/'], overrides: [{ files: ['docs/'], markers: ['§'], ignore: ['unknown-rule'] }] } })
    expect(problems).toEqual([])
    expect(config).toMatchObject({ markers: ['§'], bareNumbers: 'comments', tests: ['qa/'], overrides: [{ files: ['docs/'], markers: ['§'], ignore: ['unknown-rule'] }] })
    expect(messages({ cite: { overrides: [{ markers: ['§'] }], bareNumbers: 'all' } })).toEqual([
      "3:1 config-invalid: Unexpected value for `cite.bareNumbers`, expected one of `off`, `comments`",
      '4:1 config-invalid: Missing key `files` in `cite.overrides.0`',
    ])
  })

  it('rejects wrong types and values', () => {
    expect(messages({ cite: { patterns: 'x', unknownIds: 'some' } })).toMatchInlineSnapshot(`
      [
        "3:1 config-invalid: Unexpected value for \`cite.patterns\`, expected a list",
        "3:1 config-invalid: Unexpected value for \`cite.unknownIds\`, expected one of \`likely\`, \`all\`",
      ]
    `)
    expect(messages([])).toMatchInlineSnapshot(`
      [
        "1:1 config-invalid: Unexpected value for the top level, expected an object",
      ]
    `)
  })

  it('reports a pattern that is not a regular expression, at the pattern', () => {
    expect(messages({ cite: { patterns: ['ok', 'cite!\\((?<ref>'] } })).toMatchInlineSnapshot(`
      [
        "4:1 config-invalid: Invalid pattern: /cite!\\((?<ref>/dgm: Unterminated group",
      ]
    `)
  })
})
