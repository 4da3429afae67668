import { describe, expect, it } from 'vitest'
import { firstInvalidUtf8, loadYaml, type LoadedYaml } from '../../src/core/load-yaml.ts'
import { validateChapterFile } from '../../src/core/validate.ts'

const encode = (s: string) => new TextEncoder().encode(s)

function load(text: string | Uint8Array): LoadedYaml {
  const { loaded, messages } = loadYaml({ path: 'test.yaml', content: text })
  expect(messages).toEqual([])
  if (!loaded) throw new Error('not loaded')
  return loaded
}

/** Line and column of the first `needle` inside the string at `path`. */
function where(loaded: LoadedYaml, path: (string | number)[], needle: string, nth = 0) {
  let value = loaded.data as unknown
  for (const s of path) value = (value as Record<string | number, unknown>)[s]
  let index = -1
  for (let k = 0; k <= nth; k++) index = (value as string).indexOf(needle, index + 1)
  expect(index).toBeGreaterThanOrEqual(0)
  const { line, column } = loaded.locateInString(path, index)
  return { line, column }
}

const chapter = `chapter: chpt_runs
text: Runs
sections:
- section: sec_run_general
  text: General
  rules:
  - rule: rule_run
    text: |-
      A {term:run} is a Runner's attack on a server.

      See {ref:Sec_steps_of_a_run}:
        - more indented {ref:rule_x}
    new:
    examples:
    - text: |
        Example with {card:Sure Gamble}.
        Second line {ref:rule_y}.
`

describe('loadYaml: decoding', () => {
  it('names the first byte that is not UTF-8, with its line and column', () => {
    const head = encode('chapter: chpt\ntext: caf')
    const bytes = new Uint8Array([...head, 0xe9, ...encode('\n')])
    const { loaded, messages } = loadYaml({ path: 'latin1.yaml', content: bytes })
    expect(loaded).toBeUndefined()
    expect(messages).toMatchInlineSnapshot(`
      [
        {
          "code": "file-encoding",
          "column": 10,
          "file": "latin1.yaml",
          "line": 2,
          "message": "Unexpected byte 0xE9 (byte 23), expected UTF-8 text: save the file as UTF-8",
          "severity": "error",
        },
      ]
    `)
  })

  it('finds overlong, surrogate and truncated sequences', () => {
    expect(firstInvalidUtf8(encode('ok — café 🂡'))).toBe(-1)
    expect(firstInvalidUtf8(new Uint8Array([0x41, 0xc0, 0x80]))).toBe(1) // overlong NUL
    expect(firstInvalidUtf8(new Uint8Array([0x41, 0x42, 0xed, 0xa0, 0x80]))).toBe(2) // surrogate
    expect(firstInvalidUtf8(new Uint8Array([0xe2, 0x80]))).toBe(0) // truncated
    expect(firstInvalidUtf8(new Uint8Array([0xf4, 0x90, 0x80, 0x80]))).toBe(0) // above U+10FFFF
  })

  it('strips a BOM without shifting columns', () => {
    const loaded = load(new Uint8Array([0xef, 0xbb, 0xbf, ...encode('chapter: chpt_runs\n')]))
    expect(loaded.data).toEqual({ chapter: 'chpt_runs' })
    expect(loaded.text.startsWith('chapter')).toBe(true)
    expect(loaded.locate(['chapter'])).toEqual({ line: 1, column: 10, offset: 9 })
  })

  it('accepts already-decoded text', () => {
    expect(load('text: é\n').data).toEqual({ text: 'é' })
  })
})

describe('loadYaml: empty files and YAML errors', () => {
  it.each([
    ['empty', ''],
    ['whitespace', '  \n\n\t\n'],
    ['comments only', '# yaml-language-server: $schema=../schema/chapter.schema.json\n# TODO\n'],
    ['an empty document', '---\n'],
  ])('reports %s as file-empty', (_, text) => {
    const { loaded, messages } = loadYaml({ path: 'x.yaml', content: text })
    expect(loaded).toBeUndefined()
    expect(messages.map((m) => [m.code, m.line, m.column])).toEqual([['file-empty', 1, 1]])
  })

  it('reports a duplicate key at the second key and still loads (the last one wins)', () => {
    const { loaded, messages } = loadYaml({ path: 'x.yaml', content: 'rule: a\ntext: one\ntext: two\n' })
    expect(messages.map((m) => [m.code, m.line, m.column, m.message])).toEqual([
      ['yaml-duplicate-key', 3, 1, 'Unexpected duplicate key `text`, expected each key once per map'],
    ])
    expect(loaded?.data).toEqual({ rule: 'a', text: 'two' })
  })

  it('reports syntax errors where they are and returns no data', () => {
    const { loaded, messages } = loadYaml({ path: 'x.yaml', content: 'rule: a\n\ttext: tabbed\n' })
    expect(loaded).toBeUndefined()
    expect(messages.map((m) => [m.code, m.severity, m.line, m.column])).toEqual([['yaml-syntax', 'error', 2, 1]])
    expect(messages[0]!.message).not.toMatch(/line \d+, column/)
  })

  it('rejects a second document', () => {
    const { messages } = loadYaml({ path: 'x.yaml', content: 'a: 1\n---\nb: 2\n' })
    expect(messages.map((m) => [m.code, m.line, m.message])).toEqual([
      ['yaml-syntax', 2, 'Unexpected second YAML document (`---`), expected one document per file'],
    ])
  })

  it('explains the usual cause of nested-mapping errors', () => {
    const { messages } = loadYaml({ path: 'x.yaml', content: 'rule: a\ntext: Note: this breaks.\n' })
    expect(messages.map((m) => [m.line, m.column, m.message])).toEqual([
      [2, 7, 'Invalid YAML: Nested mappings are not allowed in compact mappings; a value containing `: ` must be quoted or written as a block (`text: |-`)'],
    ])
  })
})

describe('loadYaml: data', () => {
  it('loads flags with an empty value as null', () => {
    const loaded = load(chapter)
    const rule = (loaded.data as { sections: { rules: Record<string, unknown>[] }[] }).sections[0]!.rules[0]!
    expect(rule.new).toBeNull()
    expect('new' in rule).toBe(true)
  })

  it('is not affected by the yaml-language-server modeline', () => {
    const modeline = '# yaml-language-server: $schema=../schema/chapter.schema.json\n'
    const plain = load(chapter)
    const withModeline = load(modeline + chapter)
    expect(withModeline.data).toEqual(plain.data)
    expect(validateChapterFile(withModeline, 'x.yaml')).toEqual([])
    // Positions move down one line, and nothing else.
    const path = ['sections', 0, 'rules', 0, 'text']
    expect(where(withModeline, path, '{ref')).toEqual({ ...where(plain, path, '{ref'), line: where(plain, path, '{ref').line + 1 })
  })
})

describe('LoadedYaml.locate', () => {
  const loaded = load(chapter)
  it('finds values and keys', () => {
    expect(loaded.locate(['sections', 0, 'rules', 0, 'rule'])).toMatchObject({ line: 7, column: 11 })
    expect(loaded.locate(['sections', 0, 'rules', 0, 'rule'], 'key')).toMatchObject({ line: 7, column: 5 })
    expect(loaded.locate(['sections', 0, 'rules', 0])).toMatchObject({ line: 7, column: 5 })
    expect(loaded.locate(['sections', 0, 'text'])).toMatchObject({ line: 5, column: 9 })
    expect(loaded.locate([])).toMatchObject({ line: 1, column: 1, offset: 0 })
  })
  it('points at the header of a block scalar', () => {
    expect(loaded.locate(['sections', 0, 'rules', 0, 'text'])).toMatchObject({ line: 8, column: 11 })
  })
  it('points an empty value at its key', () => {
    expect(loaded.locate(['sections', 0, 'rules', 0, 'new'])).toMatchObject({ line: 13, column: 5 })
  })
  it('falls back to the nearest existing ancestor', () => {
    expect(loaded.locate(['sections', 0, 'rules', 0, 'nope'])).toMatchObject({ line: 7, column: 5 })
    expect(loaded.locate(['sections', 0, 'rules', 9, 'text'])).toMatchObject({ line: 7, column: 3 })
    expect(loaded.locate(['sections', 'x'])).toMatchObject({ line: 4, column: 1 })
    expect(loaded.locate(['sections', 0, 'text', 'deeper'])).toMatchObject({ line: 5, column: 9 })
  })
})

describe('LoadedYaml.locateInString', () => {
  const text = ['sections', 0, 'rules', 0, 'text']
  const example = ['sections', 0, 'rules', 0, 'examples', 0, 'text']

  it('is exact in a `|-` block scalar, across paragraphs and more-indented lines', () => {
    const loaded = load(chapter)
    expect(where(loaded, text, 'A {term')).toEqual({ line: 9, column: 7 })
    expect(where(loaded, text, '{term:run}')).toEqual({ line: 9, column: 9 })
    expect(where(loaded, text, 'server.')).toEqual({ line: 9, column: 46 })
    expect(where(loaded, text, '{ref:Sec_steps_of_a_run}')).toEqual({ line: 11, column: 11 })
    expect(where(loaded, text, '- more')).toEqual({ line: 12, column: 9 })
    expect(where(loaded, text, '{ref:rule_x}')).toEqual({ line: 12, column: 25 })
  })

  it('is exact in a `|` block scalar indented deeper', () => {
    const loaded = load(chapter)
    expect(where(loaded, example, '{card:Sure Gamble}')).toEqual({ line: 16, column: 22 })
    expect(where(loaded, example, '{ref:rule_y}')).toEqual({ line: 17, column: 21 })
    // One past the end: after the kept final newline.
    const value = (loaded.data as any).sections[0].rules[0].examples[0].text as string
    expect(loaded.locateInString(example, value.length)).toMatchObject({ line: 18, column: 1 })
  })

  it('is the same with CRLF line endings', () => {
    const loaded = load(chapter.replace(/\n/g, '\r\n'))
    expect(where(loaded, text, '{ref:Sec_steps_of_a_run}')).toEqual({ line: 11, column: 11 })
    expect(where(loaded, text, '{ref:rule_x}')).toEqual({ line: 12, column: 25 })
    expect(where(loaded, example, '{ref:rule_y}')).toEqual({ line: 17, column: 21 })
  })

  it('handles an explicit indentation indicator', () => {
    const loaded = load('text: |2-\n     starts indented {ref:a}\n   next {ref:b}\n')
    expect(loaded.data).toEqual({ text: '   starts indented {ref:a}\n next {ref:b}' })
    expect(where(loaded, ['text'], ' starts')).toEqual({ line: 2, column: 5 })
    expect(where(loaded, ['text'], '{ref:a}')).toEqual({ line: 2, column: 22 })
    expect(where(loaded, ['text'], '{ref:b}')).toEqual({ line: 3, column: 9 })
  })

  it('is exact in plain and quoted one-line scalars', () => {
    const loaded = load(
      [
        'plain: See {ref:rule_a} now.',
        'double: "Say \\"hi\\" to {ref:rule_b} \\u00e9 {card:X}"',
        "single: 'It''s {ref:rule_c}'",
      ].join('\n'),
    )
    expect(where(loaded, ['plain'], '{ref')).toEqual({ line: 1, column: 12 })
    expect(where(loaded, ['double'], '"hi')).toEqual({ line: 2, column: 14 })
    expect(where(loaded, ['double'], '{ref')).toEqual({ line: 2, column: 24 })
    // An escape maps to its backslash.
    expect(where(loaded, ['double'], 'é')).toEqual({ line: 2, column: 37 })
    expect(where(loaded, ['double'], '{card')).toEqual({ line: 2, column: 44 })
    expect(where(loaded, ['single'], "'s")).toEqual({ line: 3, column: 12 })
    expect(where(loaded, ['single'], '{ref')).toEqual({ line: 3, column: 16 })
  })

  it('follows folded and multi-line plain scalars', () => {
    const loaded = load(
      [
        'plain: A long plain',
        '  text continues {ref:rule_a}',
        '',
        '  after a blank line {ref:rule_b}',
        'folded: >-',
        '  Folded text',
        '  goes on {ref:rule_c}',
        'double: "Broken \\',
        '  across {ref:rule_d}',
        '  lines"',
      ].join('\n'),
    )
    expect(loaded.data).toMatchObject({
      plain: 'A long plain text continues {ref:rule_a}\nafter a blank line {ref:rule_b}',
      folded: 'Folded text goes on {ref:rule_c}',
      double: 'Broken across {ref:rule_d} lines',
    })
    expect(where(loaded, ['plain'], '{ref:rule_a}')).toEqual({ line: 2, column: 18 })
    expect(where(loaded, ['plain'], '{ref:rule_b}')).toEqual({ line: 4, column: 22 })
    expect(where(loaded, ['folded'], '{ref:rule_c}')).toEqual({ line: 7, column: 11 })
    expect(where(loaded, ['double'], 'across')).toEqual({ line: 9, column: 3 })
    expect(where(loaded, ['double'], '{ref:rule_d}')).toEqual({ line: 9, column: 10 })
    expect(where(loaded, ['double'], 'lines')).toEqual({ line: 10, column: 3 })
  })

  it('never throws: bad paths fall back to locate, offsets are clamped', () => {
    const loaded = load(chapter)
    expect(loaded.locateInString(['sections', 0, 'rules', 0, 'nope'], 3)).toEqual(loaded.locate(['sections', 0, 'rules', 0]))
    expect(loaded.locateInString(['sections', 0, 'rules'], 3)).toEqual(loaded.locate(['sections', 0, 'rules']))
    expect(loaded.locateInString(text, -5)).toEqual(loaded.locateInString(text, 0))
    expect(loaded.locateInString(text, 1e9)).toMatchObject({ line: 12, column: 37 })
    expect(loaded.locateInString(text, Number.NaN)).toEqual(loaded.locateInString(text, 0))
  })
})
