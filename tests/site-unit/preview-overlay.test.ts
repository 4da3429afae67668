/**
 * The live preview's overlay payload (site/integration/preview-overlay.ts):
 * the marked column of a long line is on screen, the numbers are the file's,
 * warnings show, nothing from a rule is HTML. The browser test
 * (tests/site/live-preview.test.ts) shows it in a page.
 */
import { describe, expect, it } from 'vitest'
import type { Diagnostic } from '../../src/core/types.ts'
import { codeFrame, FRAME_WIDTH, overlayPayload, retirementChanges } from '../../site/integration/preview-overlay.ts'

const long = `    text: ${'word '.repeat(80)}{ref:rule_end_teh_run} and <b>more</b> ${'tail '.repeat(40)}`
const source = ['chapter: chpt_runs', 'text: Runs', 'sections:', '- section: sec_x', '  rules:', '  - rule: rule_x', long, '  - rule: rule_y', '    text: Short.'].join('\n')
const column = long.indexOf('{ref:') + 1
const d = (severity: 'error' | 'warning', code: string, line: number, col: number, message: string): Diagnostic => ({ code, severity, file: 'rules/06_runs.yaml', line, column: col, message })

describe('the preview overlay', () => {
  it('scrolls a long line to its marked column and puts the caret under it', () => {
    const { html, caretColumn } = codeFrame(source, 7, column)
    const marked = /data-marked="true"[^>]*>([^<]*)</.exec(html)![1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')
    expect(marked.length).toBeLessThanOrEqual(FRAME_WIDTH + 2)
    expect(marked.startsWith('…')).toBe(true)
    // The caret's column in the shown text is the reference's.
    expect(marked.slice(caretColumn - 1)).toMatch(/^\{ref:rule_end_teh_run\}/)
    expect(html).toContain(`padding-left:${caretColumn - 1}ch`)
    // Lines keep the file's numbers: the excerpt starts at line 4.
    expect(html).toContain('counter-reset: step 3')
    expect(html).toContain('&lt;b&gt;more&lt;/b&gt;')
    expect(html).not.toContain('<b>')
  })

  it('lists errors first, then warnings; warnings alone show too; rule text stays text', () => {
    const both = overlayPayload([d('warning', 'card-spelling', 9, 11, 'Card `Miraju` is spelled `Mirāju` on the card'), d('error', 'unknown-rule', 7, column, 'Unknown rule ID `rule_end_teh_run` <i>x</i>')], () => source, '/repo', '/repo/rules')!
    expect(both.err.title).toBe('The rules do not compile: 1 error, 1 warning')
    const message = both.err.message as string
    expect(message.indexOf('error[unknown-rule]')).toBeLessThan(message.indexOf('warning[card-spelling]'))
    expect(message).toContain('<code>rule_end_teh_run</code> &lt;i&gt;x&lt;/i&gt;')
    expect(both.err.loc).toEqual({ file: '/repo/rules/06_runs.yaml', line: 7, column })
    expect(both.__isEnhancedAstroErrorPayload).toBe(true)
    const warnings = overlayPayload([d('warning', 'card-spelling', 9, 11, 'Card `Miraju` is spelled `Mirāju` on the card')], () => source, '/repo', '/repo/rules')!
    expect(warnings.err.title).toBe('The rules compile, with 1 warning')
    expect(overlayPayload([], () => source, '/repo', '/repo/rules')).toBeUndefined()
  })

  it('says what a save of retired.yaml changed (what a rename wrote), at each entry\'s line', () => {
    const before = 'retired:\n- id: rule_a\n  release: v26.03\n  renamed_to: rule_b\n'
    const after = 'retired:\n- id: rule_a\n  release: v26.03\n  renamed_to: rule_c\n- id: rule_d\n  release: v25.08\n  removed: Gone.\n'
    expect(retirementChanges(before, after)).toEqual([
      { text: '~ rule_a: renamed to rule_c (after v26.03) (was renamed to rule_b (after v26.03))', line: 2 },
      { text: '+ rule_d: removed after v25.08: Gone.', line: 5 },
    ])
    expect(retirementChanges(after, 'retired: []\n')).toEqual([
      { text: '- rule_a: no longer retired (was renamed to rule_c (after v26.03))' },
      { text: '- rule_d: no longer retired (was removed after v25.08: Gone.)' },
    ])
    // A file that does not load (mid-edit) says nothing about its entries: its error is a diagnostic.
    expect(retirementChanges(after, 'retired:\n- id: rule_a\n\trelease: v26.03\n')).toEqual([])
    expect(retirementChanges(after, after)).toEqual([])
  })

  it('shows what retired.yaml got, alone or after the messages, its frame at the entry', () => {
    const retired = 'retired:\n- id: rule_a\n  release: v26.03\n  renamed_to: rule_c\n'
    const notes = { file: 'rules/retired.yaml', changes: [{ text: '+ rule_a: renamed to rule_c (after v26.03)', line: 2 }] }
    const alone = overlayPayload([], () => retired, '/repo', '/repo/rules', notes)!
    expect(alone.err.title).toBe('The rules compile; rules/retired.yaml: 1 entry changed')
    expect(alone.err.name).toBe('RulesNotice')
    expect(alone.err.message).toContain('rules/retired.yaml:2: + rule_a: renamed to rule_c (after v26.03)')
    expect(alone.err.loc).toEqual({ file: '/repo/rules/retired.yaml', line: 2, column: 1 })
    expect(alone.err.highlightedCode).toContain('counter-reset: step 0')
    const withError = overlayPayload([d('error', 'unknown-rule', 7, column, 'Unknown rule ID `rule_end_teh_run`')], (f) => (f.endsWith('retired.yaml') ? retired : source), '/repo', '/repo/rules', notes)!
    const message = withError.err.message as string
    expect(withError.err.title).toBe('The rules do not compile: 1 error')
    expect(message.indexOf('error[unknown-rule]')).toBeLessThan(message.indexOf('+ rule_a'))
    expect(withError.err.loc).toMatchObject({ file: '/repo/rules/06_runs.yaml', line: 7 })
  })
})
