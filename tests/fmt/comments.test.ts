/**
 * Every comment and blank line an editor writes survives every rewrite the tool does, where it was
 * written (the editor's report: `cr release --next-cycle` deleted a comment on its own line after a
 * `new:` flag, with the flag; `cr fmt` moved it onto the flag's line first; a blank line between two
 * subsections went with a flag too). The angle: generated comments in every position of a chapter
 * in the canonical layout, on a line of their own at any indentation or at the end of a line, and
 * blank lines anywhere; `cr fmt` must keep the sequence of lines (comments and blank lines among the
 * data, as written), and removing every `new:` flag (the edit `--next-cycle` makes) must remove
 * those lines and nothing else.
 */
import fc from 'fast-check'
import { isMap, isSeq, type Document } from 'yaml'
import { describe, expect, it } from 'vitest'
import { deleteKeepingComments, FORMAT_OPTIONS, formatYaml, parseForEdit } from '../../src/core/format.ts'
import { withRetirement } from '../../src/lsp/quick-fixes.ts'
import { retirementForRename } from '../../src/core/edit/retirement.ts'

/** A chapter in the canonical layout: flags on rules, subsections and examples, first, last and alone. */
const CHAPTER = `chapter: chpt_x
text: Intro
sections:
- section: sec_a
  text: A
  rules:
  - rule: rule_a1
    text: One
    new:
  - subsection: sub_a2
    text: Two
    new:
    rules:
    - rule: rule_a2a
      text: Deep
      new:
      examples:
      - text: Ex one
        new:
      - text: Ex two
  - rule: rule_a3
    text: Three
    new:
- section: sec_b
  text: B
  new:
`.trimEnd().split('\n')

const format = (text: string) => {
  const r = formatYaml(text)
  if (!r.ok) throw new Error(`${r.line}:${r.column}: ${r.message}`)
  return r.text
}

/** What a reader sees line by line: each line trimmed (indentation is the layout's), runs of blank lines as one, none at the end. */
const lines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => l.trim())
    .filter((l, i, all) => !(l === '' && all[i - 1] === ''))

/** Remove every `new:` flag as `cr release --next-cycle` does: through `parseForEdit` and `deleteKeepingComments`. */
function unflagAll(text: string): string {
  const doc = parseForEdit(text) as Document
  const flagged: (string | number)[][] = []
  const walk = (node: unknown, path: (string | number)[]) => {
    if (isMap(node)) {
      if (node.has('new')) flagged.push(path)
      for (const p of node.items) walk(p.value, [...path, String((p.key as { value: unknown }).value)])
    } else if (isSeq(node)) node.items.forEach((n, i) => walk(n, [...path, i]))
  }
  walk(doc.contents, [])
  for (const path of flagged) deleteKeepingComments(doc, path, 'new')
  return format(doc.toString(FORMAT_OPTIONS))
}

/** Per line of the chapter: a comment at its end, comment lines after it (indented anywhere), a blank line after it. */
const decoration = fc.record({
  inline: fc.boolean(),
  after: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 2 }),
  blank: fc.boolean(),
})

function decorate(plan: { inline: boolean; after: number[]; blank: boolean }[]): string {
  let n = 0
  const out: string[] = []
  CHAPTER.forEach((line, i) => {
    const p = plan[i]!
    out.push(p.inline && i > 0 ? `${line} # I${n++}` : line)
    for (const indent of p.after) out.push(`${' '.repeat(2 * indent)}# C${n++}`)
    if (p.blank) out.push('')
  })
  return `${out.join('\n')}\n`
}

describe('comments and blank lines survive every rewrite, where they were written', () => {
  it('property: cr fmt keeps each comment on its line or on a line of its own, in order, and each blank line; idempotent', () => {
    fc.assert(
      fc.property(fc.array(decoration, { minLength: CHAPTER.length, maxLength: CHAPTER.length }), (plan) => {
        const source = decorate(plan)
        const once = format(source)
        expect(lines(once)).toEqual(lines(source))
        expect(format(once)).toBe(once)
      }),
      { numRuns: 400 },
    )
  })

  it('property: removing the `new:` flags removes their lines and nothing else (a comment on a flag\'s line keeps a line of its own)', () => {
    fc.assert(
      fc.property(fc.array(decoration, { minLength: CHAPTER.length, maxLength: CHAPTER.length }), (plan) => {
        const source = decorate(plan)
        const expected = source
          .split('\n')
          .flatMap((l) => {
            const flag = /^(\s*)new:(?: # (I\d+))?$/.exec(l)
            if (!flag) return [l]
            return flag[2] ? [`# ${flag[2]}`] : []
          })
          .join('\n')
        const cleared = unflagAll(format(source))
        expect(lines(cleared)).toEqual(lines(expected))
        expect(format(cleared)).toBe(cleared)
      }),
      { numRuns: 400 },
    )
  })

  it('the editor\'s report: a comment on its own line after `new:` stays there through cr fmt', () => {
    const source = 'rules:\n- rule: rule_pass_after_breaking\n  text: Passing after breaking.\n  new:\n# NOTE(editor): end-the-run block reviewed by judges 2026-05\n- subsection: rule_end_the_run\n  text: To end the run.\n'
    const once = format(source)
    expect(once).toContain('  new:\n# NOTE(editor): end-the-run block reviewed by judges 2026-05\n- subsection: rule_end_the_run\n')
    expect(unflagAll(once)).toBe('rules:\n- rule: rule_pass_after_breaking\n  text: Passing after breaking.\n# NOTE(editor): end-the-run block reviewed by judges 2026-05\n- subsection: rule_end_the_run\n  text: To end the run.\n')
  })

  it('the language server\'s edits of retired.yaml keep the comments, where they were', () => {
    const retired = [
      '# yaml-language-server: $schema=../schema/retired.schema.json',
      'retired:',
      '- id: rule_a',
      '  release: v25.08',
      '  renamed_to: rule_b',
      '    # NOTE(editor): the judges asked for this one',
      '# --- dropped by v26.03 ---',
      '- id: rule_c',
      '  release: v25.08',
      '  removed: Dropped.',
      '',
    ].join('\n')
    const added = withRetirement(retired, { id: 'rule_d', release: 'v26.03', removed: 'Dropped too.' })
    expect(lines(added).slice(0, 10)).toEqual(lines(retired))
    const outcome = retirementForRename(retired, 'rule_e', 'rule_f', 'v26.03')
    if ('refused' in outcome) throw new Error(outcome.refused)
    const renamed = outcome
    expect(lines(renamed.text ?? '')).toEqual(expect.arrayContaining(['# NOTE(editor): the judges asked for this one', '# --- dropped by v26.03 ---']))
    // Between the same two lines (it used to end up on the line of `renamed_to: rule_b`).
    expect(renamed.text).toContain('  renamed_to: rule_b\n# NOTE(editor): the judges asked for this one\n# --- dropped by v26.03 ---\n')
  })

  it('a comment on the line of a key above a list stays on that line', () => {
    expect(format('rules: # the judges\' list\n- rule: rule_x\n  text: X\n')).toBe('rules: # the judges\' list\n- rule: rule_x\n  text: X\n')
  })
})
