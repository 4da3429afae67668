/**
 * Scanning is linear in a line's length (issue 24, case 4): a minified
 * bundle with 200,000 citations on one line gives what the same text one per
 * line gives, every citation found and placed. Before, 60,000 citations on
 * one line took 15 s (each hit read back to its line's start, each call's
 * literals compared with every earlier one, each number with every ID on its
 * line): 200,000 would take minutes, far past this file's timeout. The cost
 * itself is a budget, measured by `npm run bench` (scripts/bench/cite.ts:
 * one line / one per line ≤ 2), never here.
 */
import { describe, expect, it } from 'vitest'
import { createScanner } from '../../src/core/cite/scan.ts'
import { createLineIndex } from '../../src/core/cite/lines.ts'
import { RULES, TABLE } from './table-fixture.ts'

const COUNT = 200_000
const cited = RULES.filter((r) => r.kind === 'rule' || r.kind === 'subrule' || r.kind === 'step')
const at = (i: number) => cited[i % cited.length]!

const FORMS: [string, string, (i: number) => string][] = [
  ['citation calls', 'bundle.js', (i) => `cite("${at(i).id}");`],
  ['CR numbers in comments', 'bundle.js', (i) => `/*CR ${at(i).number}*/`],
  ['number/ID pairs in data', 'rules.json', (i) => `"${at(i).number}","${at(i).id}",`],
  ['IDs in strings', 'bundle.js', (i) => `"${at(i).id}",`],
  ['Lisp calls', 'all.cljs', (i) => `(cite "${at(i).id}")`],
]

describe('a minified line with 200,000 citations', () => {
  it.each(FORMS)('%s: every citation, as one per line finds them', (_, file, make) => {
    const parts = Array.from({ length: COUNT }, (_, i) => make(i))
    const scanner = createScanner(TABLE)
    const one = scanner.scan(parts.join(' '), file)
    expect(one.citations).toHaveLength(COUNT)
    expect(one.citations.map((c) => c.id)).toEqual(parts.map((_, i) => at(i).id))
    const many = scanner.scan(parts.slice(0, 2000).join('\n'), file)
    expect(many.citations.map((c) => c.id)).toEqual(one.citations.slice(0, 2000).map((c) => c.id))
    // Columns on the one line are where each part starts.
    let column = 1
    const starts = parts.slice(0, 50).map((p) => {
      const c = column
      column += p.length + 1
      return c
    })
    expect(one.citations.slice(0, 50).every((c, i) => c.line === 1 && c.column >= starts[i]! && c.column < starts[i]! + parts[i]!.length)).toBe(true)
    expect(one.problems.filter((p) => p.severity !== 'hint')).toEqual([])
  }, 600_000)
})

describe('the line index', () => {
  it('gives the line and its start for any offset, as a plain count does', () => {
    const text = 'ab\n\ncd\nefg\n'
    const index = createLineIndex(text)
    for (let offset = 0; offset <= text.length; offset++) {
      const before = text.slice(0, offset)
      expect(index.lineOf(offset), `line of ${offset}`).toBe(before.split('\n').length)
      expect(index.startOf(offset), `start of ${offset}`).toBe(before.lastIndexOf('\n') + 1)
    }
  })
})
