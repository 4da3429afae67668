/**
 * The traceability matrix as a pull-request comment (`cr cite --format
 * markdown`): the totals, chapters, the rules only failing or skipped tests
 * cover, the problems, the rest folded. A renderer like the Markdown export
 * (`src/core/render/markdown.ts`): an mdast tree serialised by
 * `mdast-util-to-markdown`, which escapes only what Markdown would read as
 * syntax. A message's code spans (`` `rule_ice_ordred` ``) stay code spans;
 * rule titles, test names and file names are text. The one table is GitHub's
 * (not in mdast without the GFM extension): its cells are escaped for it.
 * Loaded only for `--format markdown`. Pure.
 */
import type { List, ListItem, PhrasingContent, Root, RootContent } from 'mdast'
import { toMarkdown } from 'mdast-util-to-markdown'
import { isPlaced } from '../diagnostics.ts'
import type { Matrix, MatrixRule, MatrixStatus } from './matrix.ts'
import { messageOf } from './report.ts'
import type { CiteProblem } from './types.ts'

const text = (value: string): PhrasingContent => ({ type: 'text', value })
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value })

/**
 * A message as phrasing: its code spans (a run of backticks closed by a run
 * as long, as CommonMark reads them) as code, the rest as text. A backtick
 * that closes nothing is text.
 */
export function messagePhrasing(message: string): PhrasingContent[] {
  const out: PhrasingContent[] = []
  const flat = message.replace(/\s*\n\s*/g, ' ')
  let plain = ''
  let i = 0
  while (i < flat.length) {
    if (flat[i] !== '`') {
      plain += flat[i++]
      continue
    }
    let n = 0
    while (flat[i + n] === '`') n++
    const close = findRun(flat, i + n, n)
    if (close === -1) {
      plain += flat.slice(i, i + n)
      i += n
      continue
    }
    if (plain) out.push(text(plain))
    plain = ''
    let content = flat.slice(i + n, close)
    // CommonMark strips one space each side that a fence needed (`` `a` ``); the content is the rest.
    if (content.length > 2 && content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '') content = content.slice(1, -1)
    out.push(code(content))
    i = close + n
  }
  if (plain) out.push(text(plain))
  return out
}

/** Where a run of exactly `n` backticks starts at or after `from`, or -1. */
function findRun(s: string, from: number, n: number): number {
  for (let i = s.indexOf('`', from); i !== -1; i = s.indexOf('`', i)) {
    let m = 0
    while (s[i + m] === '`') m++
    if (m === n) return i
    i += m
  }
  return -1
}

const paragraph = (...children: PhrasingContent[]): RootContent => ({ type: 'paragraph', children })
const heading = (depth: 3 | 4, value: string): RootContent => ({ type: 'heading', depth, children: [text(value)] })
const list = (items: PhrasingContent[][]): List => ({ type: 'list', ordered: false, spread: false, children: items.map((children): ListItem => ({ type: 'listItem', spread: false, children: [{ type: 'paragraph', children }] })) })
const html = (value: string): RootContent => ({ type: 'html', value })

const serialize = (root: Root) => toMarkdown(root, { bullet: '-', emphasis: '_', strong: '*', listItemIndent: 'one', rule: '-' })

/** Phrasing as one line of Markdown, escaped where it would be syntax. */
const inline = (children: PhrasingContent[]) => serialize({ type: 'root', children: [paragraph(...children)] }).trimEnd()
/** A cell of GitHub's table: a `|` would end it. */
const cell = (children: PhrasingContent[]) => inline(children).replace(/\|/g, '\\|')

/** Markdown for a pull-request comment: the totals, chapters, failing and skipped rules, problems; the rest folded. */
export function formatMarkdown(m: Matrix, problems: readonly CiteProblem[]): string {
  const blocks: RootContent[] = []
  const s = m.summary
  const errors = problems.filter((p) => p.severity === 'error').length
  const warnings = problems.filter((p) => p.severity === 'warning').length
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  blocks.push(heading(3, `CR coverage (${m.version})`))
  if (s.passing !== undefined) {
    blocks.push(paragraph({ type: 'strong', children: [text(`${s.passingPercent!.toFixed(1)}%`)] }, text(` of ${s.total} citable rules covered by tests that passed (${s.passing}); ${s.percent.toFixed(1)}% cited at all (tests ${s.tested}, implementation ${s.implemented}).`)))
  } else {
    blocks.push(paragraph({ type: 'strong', children: [text(`${s.percent.toFixed(1)}%`)] }, text(` of ${s.total} citable rules cited (${s.cited}): tests ${s.tested}, implementation ${s.implemented}. No test results were read.`)))
  }
  blocks.push(paragraph(text(`${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`)))

  const passingCol = s.passing !== undefined
  const rows = [`| chapter | cited |${passingCol ? ' passing |' : ''}`, `| --- | --- |${passingCol ? ' --- |' : ''}`]
  for (const c of m.chapters) {
    const passing = passingCol ? ` ${c.passing ?? 0}/${c.total} (${(c.passingPercent ?? 0).toFixed(1)}%) |` : ''
    rows.push(`| ${cell([text(`${c.number} ${c.title}`)])} | ${c.cited}/${c.total} (${c.percent.toFixed(1)}%) |${passing}`)
  }
  blocks.push(html(rows.join('\n')))

  const byStatus = (status: MatrixStatus, heading4: string, outcome: 'failed' | 'skipped') => {
    const rules = m.rules.filter((r) => r.status === status)
    if (rules.length === 0) return
    blocks.push(heading(4, `${heading4} (${rules.length})`))
    blocks.push(
      list([
        ...rules.slice(0, 50).map((r) => {
          const tests = r.tests.filter((t) => t.status === outcome)
          const line = ruleHead(r)
          // A rule covered through its sub-rules (or a timing element) has no test of its own that says so.
          if (tests.length === 0) line.push(text(' (through its sub-rules or timing element)'))
          tests.forEach((t, k) => {
            line.push(text(k === 0 ? ': ' : ', '), code(t.name))
            if (t.file) line.push(text(` (${t.file}${t.line ? `:${t.line}` : ''})`))
          })
          return line
        }),
        ...(rules.length > 50 ? [[text(`… and ${rules.length - 50} more`)]] : []),
      ]),
    )
  }
  byStatus('failing', 'Rules only failing tests cite', 'failed')
  byStatus('skipped', 'Rules only skipped tests cite', 'skipped')

  const shown = problems.filter((p) => p.severity !== 'hint').slice(0, 30)
  if (shown.length > 0) {
    blocks.push(heading(4, 'Problems'))
    // About no file (a minimum on the command line): no place to name.
    blocks.push(list(shown.map((p) => [...(isPlaced(p) ? [code(`${p.file}:${p.line}:${p.column}`), text(' ')] : []), text(`${p.severity} `), code(p.code), text(': '), ...messagePhrasing(messageOf(p))])))
  }

  const uncovered = m.rules.filter((r) => r.status === 'uncited' || r.status === 'untested')
  if (uncovered.length > 0) {
    blocks.push(html(`<details><summary>Not covered by a test (${uncovered.length})</summary>`))
    const why = (r: MatrixRule) => (r.status === 'uncited' ? '' : r.tests.length > 0 ? ' (tests that did not run)' : r.implementation.length > 0 ? ' (implementation only)' : ' (through its sub-rules)')
    blocks.push(list([...uncovered.slice(0, 500).map((r) => [text(`${r.number} `), code(r.id), ...(why(r) ? [text(why(r))] : [])]), ...(uncovered.length > 500 ? [[text(`… and ${uncovered.length - 500} more`)]] : [])]))
    blocks.push(html('</details>'))
  }
  return serialize({ type: 'root', children: blocks })
}

/** `6.1.5a `rule_jack_out…` — The Runner has the opportunity…` */
function ruleHead(r: MatrixRule): PhrasingContent[] {
  return [text(`${r.number} `), code(r.id), text(` — ${r.title}`)]
}
