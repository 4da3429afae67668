import { describe, expect, it } from 'vitest'
import { diffReleases, groupByChapter, type DiffEntry } from '../../src/core/versions/diff.ts'
import { build, chapter, retired } from './build.ts'
import { release, retirements } from './load.ts'

const summary = (entries: DiffEntry[]) => entries.map((e) => [e.changes.join('+'), e.oldId ?? '', e.id, e.oldNumber ?? '', e.newNumber ?? ''])

const base: [string, [string, string][]][] = [
  [
    'sec_a',
    [
      ['rule_one', 'The first rule of the test chapter.'],
      ['rule_two', 'The second rule, which refers to rule one.'],
    ],
  ],
  ['sec_b', [['rule_three', 'A third rule that lives in the second section.']]],
]

describe('diffReleases', () => {
  it('finds nothing between equal documents', () => {
    const a = build('v01.01', chapter(base))
    const b = build('v02.01', chapter(base))
    const d = diffReleases(a, b)
    expect(d.entries).toEqual([])
    expect(d.from).toEqual({ version: 'v01.01', effective: '2001-01' })
  })

  it('reports an inserted rule as added and the rules after it as renumbered, not reworded', () => {
    const a = build('v01.01', chapter([['sec_a', [['rule_one', 'One.'], ['rule_two', 'Two, see {ref:rule_three}.'], ['rule_three', 'Three.']]]]))
    const b = build('v02.01', chapter([['sec_a', [['rule_one', 'One.'], ['rule_new', 'New.'], ['rule_two', 'Two, see {ref:rule_three}.'], ['rule_three', 'Three.']]]]))
    const d = diffReleases(a, b)
    // rule_two's text now prints "rule 1.1.4" instead of "rule 1.1.3": a renumbering, not a rewording.
    expect(summary(d.entries)).toEqual([
      ['added', '', 'rule_new', '', '1.1.2'],
      ['renumbered', '', 'rule_two', '1.1.2', '1.1.3'],
      ['renumbered', '', 'rule_three', '1.1.3', '1.1.4'],
    ])
    expect(d.entries[0]!.wordDiff).toEqual([{ value: 'New.', added: true }])
    expect(d.counts).toMatchObject({ added: 1, renumbered: 2, reworded: 0 })
  })

  it('gives reworded rules a word diff', () => {
    const a = build('v01.01', chapter([['sec_a', [['rule_one', 'The Runner is not moved.']]]]))
    const b = build('v02.01', chapter([['sec_a', [['rule_one', 'The Runner is not moved and the run does not change.']]]]))
    const [e] = diffReleases(a, b).entries
    expect(e).toMatchObject({ change: 'reworded', id: 'rule_one', oldNumber: '1.1.1', newNumber: '1.1.1' })
    expect(e!.wordDiff).toEqual([{ value: 'The Runner is not moved' }, { value: ' and the run does not change', added: true }, { value: '.' }])
  })

  it('keeps game symbols as symbols in word diffs: one word each, marked where they are, never read from the text', () => {
    const a = build('v01.01', chapter([['sec_a', [['rule_one', 'Gain 2[c] and spend [click].'], ['rule_gone', 'Lose [click][click].']]]]))
    const b = build('v02.01', chapter([['sec_a', [['rule_one', 'Gain 3[c] and spend [MU].'], ['rule_new', 'Pay 1[c].']]]]))
    const d = diffReleases(a, b, undefined, { inferRenames: false })
    const one = d.entries.find((e) => e.id === 'rule_one')!
    // Every symbol mark points at its token in the part's text.
    const marked = (parts: { value: string; symbols?: { at: number; name: string }[] }[]) =>
      parts.flatMap((p) => (p.symbols ?? []).map((s) => [p.value.slice(s.at, s.at + (s.name === 'credit' ? 8 : s.name === 'click' ? 7 : 4)), s.name]))
    expect(one.wordDiff!.map((p) => [p.value, p.added ? '+' : p.removed ? '-' : '='])).toEqual([
      ['Gain ', '='],
      ['2', '-'],
      ['3', '+'],
      ['[credit] and spend ', '='],
      ['[click]', '-'],
      ['[mu]', '+'],
      ['.', '='],
    ])
    expect(marked(one.wordDiff!)).toEqual([
      ['[credit]', 'credit'],
      ['[click]', 'click'],
      ['[mu]', 'mu'],
    ])
    // Whole added and removed rules carry their symbols too.
    expect(d.entries.find((e) => e.id === 'rule_new')!.wordDiff).toEqual([{ value: 'Pay 1[credit].', added: true, symbols: [{ at: 5, name: 'credit' }] }])
    expect(d.entries.find((e) => e.id === 'rule_gone')!.wordDiff).toEqual([
      { value: 'Lose [click][click].', removed: true, symbols: [{ at: 5, name: 'click' }, { at: 12, name: 'click' }] },
    ])
  })

  it('reports a rule that changed parent as moved', () => {
    const a = build('v01.01', chapter(base))
    const b = build('v02.01', chapter([['sec_a', [base[0]![1][0]!]], ['sec_b', [base[1]![1][0]!, base[0]![1][1]!]]]))
    const moved = diffReleases(a, b).entries.find((e) => e.id === 'rule_two')
    expect(moved).toMatchObject({ change: 'moved', oldParent: 'sec_a', parent: 'sec_b', oldNumber: '1.1.2', newNumber: '1.2.2' })
  })

  it('follows the retirement file: renamed, merged, split and removed', () => {
    const a = build(
      'v01.01',
      chapter([
        ['sec_a', [['rule_old', 'Old name.'], ['rule_m1', 'Merged one.'], ['rule_m2', 'Merged two.'], ['rule_whole', 'Half one. Half two.'], ['rule_gone', 'Gone.']]],
      ]),
    )
    const b = build('v02.01', chapter([['sec_a', [['rule_new', 'Old name.'], ['rule_m', 'Merged one and two.'], ['rule_half1', 'Half one.'], ['rule_half2', 'Half two.']]]]))
    const r = retired(`retired:
  - { id: rule_old, release: v01.01, renamed_to: rule_new }
  - { id: rule_m1, release: v01.01, merged_into: rule_m }
  - { id: rule_m2, release: v01.01, merged_into: rule_m }
  - { id: rule_whole, release: v01.01, split_into: [rule_half1, rule_half2] }
  - { id: rule_gone, release: v01.01, removed: No longer needed. }
`)
    const d = diffReleases(a, b, r)
    expect(summary(d.entries)).toEqual([
      ['renamed', 'rule_old', 'rule_new', '1.1.1', '1.1.1'],
      ['merged+reworded', 'rule_m1', 'rule_m', '1.1.2', '1.1.2'],
      ['merged+reworded', 'rule_m2', 'rule_m', '1.1.3', '1.1.2'],
      ['split+reworded', 'rule_whole', 'rule_half1', '1.1.4', '1.1.3'],
      ['split+reworded', 'rule_whole', 'rule_half2', '1.1.4', '1.1.4'],
      ['removed', '', 'rule_gone', '1.1.5', ''],
    ])
    expect(d.entries.at(-1)!.reason).toBe('No longer needed.')
    expect(d.entries.find((e) => e.id === 'rule_half2')!.targets).toEqual(['rule_half1', 'rule_half2'])
    expect(d.idMap).toEqual({ rule_old: 'rule_new', rule_m1: 'rule_m', rule_m2: 'rule_m', rule_whole: 'rule_half1' })
    expect(d.counts).toMatchObject({ added: 0, removed: 1, renamed: 1, merged: 2, split: 2 })
  })

  it('infers a rename from near-identical text when no retirement says so, and only then', () => {
    const text = 'Any counters in a discard pile are returned to the bank.'
    const a = build('v01.01', chapter([['sec_a', [['rule_checkpoint_counters', text], ['rule_unrelated', 'Something else entirely, said at some length.']]]]))
    const b = build('v02.01', chapter([['sec_a', [['step_checkpoint_counters', text], ['rule_other', 'A different rule with different words in it.']]]]))
    expect(summary(diffReleases(a, b).entries)).toEqual([
      ['renamed', 'rule_checkpoint_counters', 'step_checkpoint_counters', '1.1.1', '1.1.1'],
      ['removed', '', 'rule_unrelated', '1.1.2', ''],
      ['added', '', 'rule_other', '', '1.1.2'],
    ])
    expect(diffReleases(a, b).entries[0]!.inferred).toBe(true)
    expect(summary(diffReleases(a, b, undefined, { inferRenames: false }).entries).map((s) => s[0])).toEqual(['removed', 'removed', 'added', 'added'])
  })

  it('reports changed examples', () => {
    const yaml = (examples: string[]) =>
      `chapter: chpt_test\ntext: T\nsections:\n- section: sec_a\n  text: A\n  rules:\n  - rule: rule_one\n    text: One.\n    examples:\n${examples.map((t) => `    - text: ${t}\n`).join('')}`
    const a = build('v01.01', yaml(['The first example.']))
    const b = build('v02.01', yaml(['The first example, reworded.', 'A new example.']))
    const [e] = diffReleases(a, b).entries
    expect(e!.changes).toEqual(['examples'])
    expect(e!.examples!.map((x) => [x.change, x.index])).toEqual([
      ['reworded', 1],
      ['added', 2],
    ])
  })

  it('aligns timing elements by text: an inserted step is added, the ones after it renumbered', () => {
    const timing = (steps: string[]) =>
      `chapter: chpt_test\ntext: T\nsections:\n- section: sec_t\n  text: Timing\n  rules:\n  - timing_structure:\n    elements:\n${steps.map((t) => `    - text: ${t}\n`).join('')}`
    const a = build('v01.01', timing(['Draw.', 'Act.', 'Discard.']))
    const b = build('v02.01', timing(['Draw.', 'Paid ability window.', 'Act.', 'Discard now.']))
    expect(summary(diffReleases(a, b).entries)).toEqual([
      ['added', '', 'sec_t_2', '', '1.1.2'],
      ['renumbered', 'sec_t_2', 'sec_t_3', '1.1.2', '1.1.3'],
      ['reworded+renumbered', 'sec_t_3', 'sec_t_4', '1.1.3', '1.1.4'],
    ])
    // Swapped elements keep their text: both renumbered, nothing added or removed.
    const swapped = diffReleases(a, build('v02.01', timing(['Draw.', 'Discard.', 'Act.'])))
    expect(summary(swapped.entries).map((s) => s[0])).toEqual(['renumbered', 'renumbered'])
  })

  it('groups entries by chapter, removed ones where they used to be', () => {
    const a = build('v01.01', chapter(base))
    const b = build('v02.01', chapter([['sec_a', [base[0]![1][1]!]], base[1]!]))
    const groups = groupByChapter(diffReleases(a, b))
    expect(groups.map((g) => [g.chapter, g.entries.map((e) => e.id)])).toEqual([[{ id: 'chpt_test', number: '1', title: 'Test Chapter' }, ['rule_one', 'rule_two']]])
  })
})

describe('a diff from a newer release to an older one is the forward diff inverted', () => {
  const MIRROR: Record<string, string> = { added: 'removed', removed: 'added', merged: 'split', split: 'merged' }
  /** An entry as the other direction must show it: sides swapped, each change kind mirrored. */
  const inverted = (e: DiffEntry) => {
    const id = e.change === 'added' || e.change === 'removed' ? e.id : (e.oldId ?? e.id)
    const oldId = e.oldId === undefined ? undefined : e.id
    return [e.changes.map((c) => MIRROR[c] ?? c).sort().join('+'), oldId ?? '', id, e.newNumber ?? '', e.oldNumber ?? ''].join(' ')
  }
  const key = (e: DiffEntry) => [e.changes.slice().sort().join('+'), e.oldId ?? '', e.id, e.oldNumber ?? '', e.newNumber ?? ''].join(' ')

  it.each([
    ['v24.03', 'v26.03'],
    ['v22.12', 'v25.08'],
    ['v25.08', 'v26.03'],
  ])('%s ↔ %s: every entry mirrored, counts swapped (added/removed, merged/split), word diffs reversed', (older, newer) => {
    const forward = diffReleases(release(older), release(newer), retirements())
    const backward = diffReleases(release(newer), release(older), retirements(), { backward: true })
    expect(backward.from.version).toBe(newer)
    expect(backward.counts).toEqual({ ...forward.counts, added: forward.counts.removed, removed: forward.counts.added, merged: forward.counts.split, split: forward.counts.merged })
    expect(backward.entries.map(key).sort()).toEqual(forward.entries.map(inverted).sort())
    // Word diffs go the other way: the text a backward entry starts from is the newer release's, the
    // one it ends at the older one's.
    const side = (e: DiffEntry, drop: 'added' | 'removed') => (e.wordDiff ?? []).filter((w) => !w[drop]).map((w) => w.value).join('')
    const forwardBy = new Map(forward.entries.filter((e) => e.wordDiff && e.change !== 'added' && e.change !== 'removed').map((e) => [`${e.oldId ?? e.id}>${e.id}`, e]))
    let checked = 0
    for (const e of backward.entries) {
      const f = forwardBy.get(`${e.id}>${e.oldId ?? e.id}`)
      if (!f || !e.wordDiff) continue
      expect(side(e, 'added'), e.id).toBe(side(f, 'removed'))
      expect(side(e, 'removed'), e.id).toBe(side(f, 'added'))
      checked++
    }
    expect(checked).toBeGreaterThan(10)
    // Nothing merged forward comes back as removed and added: it is split.
    for (const e of forward.entries.filter((x) => x.change === 'merged')) {
      expect(backward.entries.find((x) => x.id === e.oldId && x.oldId === e.id)?.changes, e.oldId).toContain('split')
    }
  }, 600_000)
})
