import { describe, expect, it } from 'vitest'
import { DEFAULT_CITE_CONFIG, readCiteConfig } from '../../src/core/cite/config.ts'

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

  it('rejects unknown keys, naming the expected ones, where they are', () => {
    expect(messages({ cite: { pattern: ['x'] }, citee: 1 })).toMatchInlineSnapshot(`
      [
        "2:1 config-invalid: Unexpected key \`citee\` in the top level, expected one of \`$schema\`, \`cite\`",
        "3:1 config-invalid: Unexpected key \`pattern\` in \`cite\`, expected one of \`patterns\`, \`exclude\`, \`ignoreIds\`, \`unknownIds\`, \`markers\`, \`bareNumbers\`, \`tests\`, \`overrides\`, \`docs\`, \`exceptions\`, \`minCoverage\`, \`severity\`",
      ]
    `)
  })

  it('reads markers, bare numbers, test globs and per-path overrides, with defaults', () => {
    expect(DEFAULT_CITE_CONFIG).toMatchObject({ markers: [], bareNumbers: 'off', overrides: [] })
    expect(DEFAULT_CITE_CONFIG.tests).toEqual(expect.arrayContaining(['tests/', 'spec/', '*_test.*', '*.test.*']))
    const { config, problems } = read({ cite: { markers: ['§'], bareNumbers: 'comments', tests: ['qa/'], overrides: [{ files: ['docs/'], markers: ['§'], ignore: ['unknown-rule'] }] } })
    expect(problems).toEqual([])
    expect(config).toMatchObject({ markers: ['§'], bareNumbers: 'comments', tests: ['qa/'], overrides: [{ files: ['docs/'], markers: ['§'], ignore: ['unknown-rule'] }] })
    expect(messages({ cite: { overrides: [{ markers: ['§'] }], bareNumbers: 'all' } })).toEqual([
      "3:1 config-invalid: Unexpected value for `cite.bareNumbers`, expected one of `off`, `comments`",
      '4:1 config-invalid: Unexpected value for `cite.overrides.0`: it must have required property \'files\'',
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
