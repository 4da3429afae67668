/**
 * Every problem code, with its exact place (line, column, offset relative to
 * the parsed string) and message. Problems never throw, and the source they
 * concern stays in the tree as text.
 */
import { describe, expect, it } from 'vitest'
import { parseMarkup, toText, type MarkupProblem } from '../../src/core/markup/index.ts'
import { testContext } from './context.ts'

const at = (line: number, column: number, offset: number) => ({ line, column, offset })
const problemsOf = (text: string): MarkupProblem[] => parseMarkup(text).problems

describe('markup-unclosed', () => {
  it('a tag cut off by the end of the text', () => {
    expect(problemsOf('Play {card:Sure Gamble')).toEqual([
      {
        code: 'markup-unclosed',
        message: 'Unexpected end of text in `{card:` markup, expected `}`',
        position: { start: at(1, 6, 5), end: at(1, 23, 22) },
      },
    ])
  })

  it('a tag cut off by the next tag, which still parses', () => {
    const { tree, problems } = parseMarkup('{term:run and\n{ref:rule_if_able}')
    expect(problems).toEqual([
      {
        code: 'markup-unclosed',
        message: 'Unexpected `{` in `{term:` markup, expected `}`',
        position: { start: at(1, 1, 0), end: at(2, 1, 14) },
      },
    ])
    expect(tree.children.map((n) => n.type)).toEqual(['text', 'ruleReference'])
    expect(toText(tree, testContext)).toBe('{term:run and\nrule 1.2.3')
  })

  it('a tag name cut off by the end of the text', () => {
    expect(problemsOf('new: {n')).toEqual([
      {
        code: 'markup-unclosed',
        message: 'Unexpected end of text in `{n` markup, expected `}`',
        position: { start: at(1, 6, 5), end: at(1, 8, 7) },
      },
    ])
  })

  it('`{n}` without `{/n}`', () => {
    const { tree, problems } = parseMarkup('Old.\r\nNew: {n}text')
    expect(problems).toEqual([
      {
        code: 'markup-unclosed',
        message: 'Unexpected end of text in `{n}` markup, expected `{/n}`',
        position: { start: at(2, 6, 11), end: at(2, 9, 14) },
      },
    ])
    // The new text still renders, up to the end.
    expect(tree.children.at(-1)?.type).toBe('newText')
  })

  it('a stray `{/n}`', () => {
    expect(problemsOf('a\nb {/n}')).toEqual([
      {
        code: 'markup-unclosed',
        message: 'Unexpected closing `{/n}`, expected an opening `{n}` before it',
        position: { start: at(2, 3, 4), end: at(2, 7, 8) },
      },
    ])
  })

  it('`{n}` inside `{n}`', () => {
    const { tree, problems } = parseMarkup('{n}a {n}b{/n}')
    expect(problems).toEqual([
      {
        code: 'markup-unclosed',
        message: 'Unexpected `{n}` inside `{n}` markup, expected `{/n}` first',
        position: { start: at(1, 6, 5), end: at(1, 9, 8) },
      },
    ])
    expect(tree.children.map((n) => n.type)).toEqual(['newText', 'newText'])
  })
})

describe('markup-unknown-tag', () => {
  it('a misspelt tag, with the closest tag suggested', () => {
    const { tree, problems } = parseMarkup('A {trem:run}.')
    expect(problems).toEqual([
      {
        code: 'markup-unknown-tag',
        message:
          'Unknown tag `trem` in `{trem:…}`, expected one of `ref`, `ref/through`, `term`, `subtype`, `card`, `product`, `link`, `img`, `curly`, `n`, `c`',
        position: { start: at(1, 3, 2), end: at(1, 13, 12) },
        suggestions: ['{term:run}', '{ref:run}'],
      },
    ])
    // The raw source stays, so rendering never fails.
    expect(toText(tree, testContext)).toBe('A {trem:run}.')
  })

  it('a symbol written in braces', () => {
    expect(problemsOf('Gain {click}')[0]).toMatchObject({
      code: 'markup-unknown-tag',
      position: { start: at(1, 6, 5), end: at(1, 13, 12) },
      suggestions: ['[click]', '{link:…}'],
    })
  })

  it('content on a tag that takes none', () => {
    expect(problemsOf('{n:new}')).toEqual([
      {
        code: 'markup-unknown-tag',
        message: 'Unexpected content in `{n:…}`, expected `{n}`',
        position: { start: at(1, 1, 0), end: at(1, 8, 7) },
        suggestions: ['{n}'],
      },
    ])
  })

  it('tag names are case-sensitive', () => {
    expect(problemsOf('{Card:Sure Gamble}')[0]?.suggestions).toEqual(['{card:Sure Gamble}'])
  })
})

describe('symbol-unknown', () => {
  it('suggests what to write', () => {
    const { tree, problems } = parseMarkup('Gain 2[credits].')
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({
      code: 'symbol-unknown',
      position: { start: at(1, 7, 6), end: at(1, 16, 15) },
      suggestions: ['[c]'],
    })
    expect(problems[0]?.message).toMatch(/^Unknown symbol `\[credits\]`, expected one of `\[c\]`, `\[click\]`, /)
    expect(toText(tree, testContext)).toBe('Gain 2[credits].')
  })

  it('is case-sensitive except for the listed `[Click]`', () => {
    expect(problemsOf('[Click]')).toEqual([])
    expect(problemsOf('[CLICK]')[0]?.suggestions).toEqual(['[click]'])
    expect(problemsOf('[mu]')[0]?.suggestions).toEqual(['[MU]'])
    expect(problemsOf('[trash cost]')[0]?.suggestions).toEqual(['[trashcost]'])
  })
})

describe('markup-empty', () => {
  it.each([
    ['{ref:}', 'Unexpected empty `{ref:}` markup, expected a rule ID'],
    ['{card:}', 'Unexpected empty `{card:}` markup, expected a card name'],
    ['{term: }', 'Unexpected empty `{term:}` markup, expected a term'],
    ['{card}', 'Unexpected `{card}` without content, expected `{card:…}` with a card name'],
    ['{ref:a,,b}', 'Unexpected empty ID in `{ref:a,,b}`, expected IDs separated by commas'],
    ['{ref/through:a}', 'Unexpected one ID in `{ref/through:a}`, expected two: `{ref/through:from,to}`'],
    ['{link:|https://x.org}', 'Unexpected empty text in `{link:|https://x.org}`, expected `{link:text|url}`'],
    ['{link:text|}', 'Unexpected empty URL in `{link:text|}`, expected `{link:text|url}`'],
    ['{n}{/n}', 'Unexpected empty `{n}{/n}`, expected new text between them'],
  ])('%s', (input, message) => {
    const problems = problemsOf(`x\n  ${input}`)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ code: 'markup-empty', message, position: { start: at(2, 3, 4) } })
  })
})

describe('ref-range-invalid', () => {
  it('a range with more than two IDs keeps the ends', () => {
    const { tree, problems } = parseMarkup('{ref/through:a,b,c}')
    expect(problems).toEqual([
      {
        code: 'ref-range-invalid',
        message: 'Unexpected 3 IDs in `{ref/through:…}`, expected two: `{ref/through:from,to}`',
        position: { start: at(1, 1, 0), end: at(1, 20, 19) },
        suggestions: ['{ref/through:a,c}'],
      },
    ])
    expect(tree.children[0]).toMatchObject({ type: 'ruleRange', from: 'a', to: 'c' })
  })
})

describe('markup-stray-brace: a brace outside markup is a slip, said once with its fix', () => {
  // Before, each was published as is: `{{ref:rule_run}}` → "{rule 6.1.1}", `{ref:rule_run}}` → "rule 6.1.1}".
  it.each([
    ['a doubled tag', 'See {{ref:rule_run}}.', 5, /^Unexpected `\{` and `\}` around `\{ref:rule_run\}`: markup takes one pair of braces/, '{ref:rule_run}'],
    ['a closing brace too many', 'See {ref:rule_run}}.', 19, /^Unexpected `\}` after `\{ref:rule_run\}`, expected `\{ref:rule_run\}` alone, or `\{curly:x\}`/, '{ref:rule_run}'],
    ['an opening brace too many', 'See {{ref:rule_run}.', 5, /^Unexpected `\{` before `\{ref:rule_run\}`/, '{ref:rule_run}'],
    ['a space before the colon', 'See {ref :rule_count_positions}.', 5, /^Unexpected `\{ref :rule_count_positions\}`: markup is written without spaces/, '{ref:rule_count_positions}'],
    ['spaces inside the braces', 'See { term: run }.', 5, /without spaces around its name and colon, expected `\{term:run\}`$/, '{term:run}'],
    ['no colon', 'A {card Sneakdoor Beta} run.', 3, /^Unexpected `\{card Sneakdoor Beta\}`: `card` takes a `:` before what it names/, '{card:Sneakdoor Beta}'],
    ['a lone brace', 'Pay 1 } credit.', 7, /^Unexpected `\}` in text, expected markup .*, or `\{curly:x\}` to print a literal `\{x\}`$/, undefined],
  ])('%s', (_, input, column, message, fix) => {
    const problems = problemsOf(input)
    expect(problems.map((p) => [p.code, p.position.start.column])).toEqual([['markup-stray-brace', column]])
    expect(problems[0]!.message).toMatch(message)
    expect(problems[0]!.suggestions?.[0]).toBe(fix)
  })

  it('each slip in a text once; a flood is counted after five', () => {
    expect(problemsOf('{{ref:a}} and {ref :b} and {ref:c}}').map((p) => p.position.start.column)).toEqual([1, 15, 35])
    const flood = problemsOf('x }}}}}}}}}}')
    expect(flood).toHaveLength(5)
    expect(flood[4]!.message).toMatch(/\(and 5 more `\{` or `\}` in this text\)$/)
  })

  it('literal braces through `{curly:…}`, and the doubled tag of the v22.12–v25.04 sources, are fine', () => {
    expect(problemsOf('{curly:x} {card:{card:Ashigaru}}')).toEqual([])
  })
})

describe('no problem', () => {
  it.each([
    ['literal brackets', '[1], [ x ], [], ] 1. * _'],
    ['a doubled tag', '{card:{card:Ashigaru}}'],
    ['colons in content', '{card:Weyland Consortium: Built to Last} {term:android: netrunner}'],
    ['spaces after commas', '{ref:a, b,  c}'],
  ])('%s', (_, input) => {
    expect(problemsOf(input)).toEqual([])
  })
})
