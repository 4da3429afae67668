/**
 * A key indented deeper than the `text:` above it, written so that YAML
 * still parses (no `: ` after it), is read as more of that text: the key and
 * what it holds vanish. Every key of the chapter schema, at every depth
 * deeper than `text:`, gets one warning at its own line; what only looks
 * alike (a wrapped word, a block scalar, a key at its right place) none.
 * Written with its `: `, it is a syntax error, whose one message says the
 * same. The fixture (`tests/fixtures/diagnostics/schema-key-as-text/`) pins the wording.
 */
import { describe, expect, it } from 'vitest'
import chapterSchema from '../../schema/chapter.schema.json' with { type: 'json' }
import { compile } from '../../src/core/compile.ts'
import { schemaKeys } from '../../src/core/keys-in-text.ts'

const chapter = (rule: string) => `chapter: chpt_test
text: Test Chapter
sections:
- section: sec_test
  text: Test Section
  rules:
${rule}`

const messagesOf = (text: string) => compile([{ path: 'rules/01_test.yaml', content: text }, { path: 'rules/release.yaml', content: 'version: v99.01\neffective: "2099-01-01"\n' }]).messages

describe('a key read as text because of its indentation', () => {
  const keys = [...schemaKeys(chapterSchema)]

  it('reads the keys from the schema', () => {
    expect(keys).toEqual(expect.arrayContaining(['rules', 'steps', 'text', 'sections', 'examples', 'rule', 'subsection', 'toc_entry']))
  })

  for (const key of keys) {
    it(`\`${key}\` one to three spaces too deep, without its colon or without the space after it`, () => {
      for (const extra of [1, 2, 3]) {
        for (const written of [key, `${key}:x_y`]) {
          const line = `${' '.repeat(4 + extra)}${written}`
          const messages = messagesOf(chapter(`  - rule: rule_one\n    text: One rule\n${line}\n  - rule: rule_two\n    text: Two.\n`))
          const found = messages.filter((m) => m.code === 'schema-key-as-text')
          expect(found.map((m) => [m.line, m.column, m.severity]), line).toEqual([[9, 5 + extra, 'warning']])
          expect(found[0]!.message).toMatch(new RegExp(`^Unexpected \`${key}\` read as more of the text of \`text:\` on line 8: indented ${4 + extra} spaces, deeper than \`text:\` at 4`))
        }
      }
    })
  }

  for (const key of keys) {
    it(`\`${key}:\` with its colon, any depth too deep: the one syntax error says it is read as text, and where it goes`, () => {
      for (const extra of [1, 2, 3, 6]) {
        const line = `${' '.repeat(4 + extra)}${key}:`
        const messages = messagesOf(chapter(`  - subsection: sub_one\n    text: One heading\n${line}\n    - rule: rule_a\n      text: A.\n`))
        expect(messages.map((m) => [m.line, m.column, m.code]), line).toEqual([[9, 5 + extra, 'yaml-syntax']])
        expect(messages[0]!.message, line).toMatch(/YAML reads it as more of that text/)
        expect(messages[0]!.message, line).toMatch(/expected 4 spaces|expected `[a-z_]+:` at 4 spaces, beside `text:`$/)
      }
    })
  }

  it('names the fix: a key beside `text:`, an ID key as the next list item', () => {
    const [steps] = messagesOf(chapter('  - subsection: sub_one\n    text: Follow these\n       steps\n')).filter((m) => m.code === 'schema-key-as-text')
    expect(steps!.message).toMatch(/expected `steps:` at 4 spaces, beside `text:`$/)
    const [rule] = messagesOf(chapter('  - rule: rule_one\n    text: One.\n      rule:rule_two\n')).filter((m) => m.code === 'schema-key-as-text')
    expect(rule!.message).toMatch(/expected `- rule: rule_two` at 2 spaces, a new item of the list$/)
  })

  it('a snippet, a heading of the chapter, a toc entry: any plain value, not only a rule\'s text', () => {
    const text = `chapter: chpt_test
text: Test Chapter
 sections
`
    expect(messagesOf(text).filter((m) => m.code === 'schema-key-as-text').map((m) => m.line)).toEqual([3])
  })

  it('says nothing of what only looks alike', () => {
    const quiet = [
      // A wrapped word that is a key's name, with text after it.
      '  - rule: rule_one\n    text: Follow these\n      steps in order.\n',
      // A block scalar keeps its lines as written.
      '  - rule: rule_one\n    text: |-\n      One.\n      rules\n',
      // A quoted text goes on over lines too, by its own rules.
      '  - rule: rule_one\n    text: "One\n      rules"\n',
      // A key at its right place.
      '  - subsection: sub_one\n    text: One\n    rules:\n    - rule: rule_a\n      text: A.\n',
      // A comment ends the plain text.
      '  - rule: rule_one\n    text: One # a note\n',
    ]
    for (const rule of quiet) expect(messagesOf(chapter(rule)).filter((m) => m.code === 'schema-key-as-text'), rule).toEqual([])
  })
})
