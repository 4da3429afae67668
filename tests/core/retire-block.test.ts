/**
 * Cutting one entry out of a chapter's text (`src/core/edit/retire.ts`), on layouts cr fmt would
 * not write but editors do: the ID key not first, comments inside and above, block scalars, blank
 * lines between items. Checked by what the text defines afterwards, and by the bytes kept.
 */
import { describe, expect, it } from 'vitest'
import { findEntryBlock, removeEntryBlock } from '../../src/core/edit/retire.ts'
import { releaseIdsFromFiles } from '../../src/core/versions/guard.ts'

const ids = (text: string) => [...releaseIdsFromFiles('x', [{ path: 'rules/01_x.yaml', content: text }]).ids]
const cut = (text: string, id: string) => removeEntryBlock(text, findEntryBlock(text, id)!)

const chapter = `chapter: chpt_x
text: X
sections:
- section: sec_a
  text: A
  rules:
  - rule: rule_one
    text: One.
  # about rule_two, kept: a comment above an item may be about what follows
  - text: |-
      Two, written with its text first.

      A second paragraph at the block's margin.
    rule: rule_two
    examples:
    # inside the item: goes with it
    - text: An example.

  - subsection: rule_three
    text: Three.
    rules:
    - rule: rule_three_a
      text: Three a.
- section: sec_b
  text: B
  rules:
  - rule: rule_four
    text: Four.
`

describe('cutting an entry out of a chapter', () => {
  it('an item whose ID key is not first goes whole (its block scalar, examples and inner comment), the comment above it and the rest stay byte for byte', () => {
    const after = cut(chapter, 'rule_two')
    expect(ids(after)).toEqual(ids(chapter).filter((x) => x !== 'rule_two'))
    expect(after).not.toMatch(/Two, written|second paragraph|An example|inside the item/)
    expect(after).toContain('  # about rule_two, kept')
    // Nothing else changed: the text is the original less one contiguous run of lines.
    const a = chapter.split('\n')
    const b = after.split('\n')
    let head = 0
    while (head < b.length && a[head] === b[head]) head++
    let tail = 0
    while (tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
    expect(head + tail).toBe(b.length)
  })

  it('the last sub-rule takes its `rules:` with it, and its subsection becomes a rule', () => {
    const after = cut(chapter, 'rule_three_a')
    expect(after).toContain('  - rule: rule_three\n    text: Three.\n- section: sec_b')
    expect(ids(after)).toEqual(ids(chapter).filter((x) => x !== 'rule_three_a'))
  })

  it('the last rule of a section takes the section\'s `rules:`, and nothing else', () => {
    const after = cut(chapter, 'rule_four')
    expect(after.endsWith('- section: sec_b\n  text: B\n')).toBe(true)
  })

  it('a section goes with its rules, and says which IDs are inside it', () => {
    const block = findEntryBlock(chapter, 'sec_a')!
    expect(block.inner).toEqual(['rule_one', 'rule_two', 'rule_three', 'rule_three_a'])
    expect(ids(removeEntryBlock(chapter, block))).toEqual(['chpt_x', 'sec_b', 'rule_four'])
  })

  it('finds no entry for an ID only referred to, or written in a comment', () => {
    expect(findEntryBlock(`${chapter}# - rule: rule_five\n`, 'rule_five')).toBeUndefined()
    expect(findEntryBlock(chapter.replace('One.', 'One, see {ref:rule_six}.'), 'rule_six')).toBeUndefined()
  })
})
