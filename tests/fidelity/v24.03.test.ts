/**
 * The same proof for an older release: compile `releases/v24.03` and compare
 * with the published v24.03 page (scraped as text, seed 002). The scrape lost
 * 34 items and kept only printed numbers, so the oracle's hierarchy was
 * rebuilt from the numbers (scripts/build-oracles.ts); here every kept item
 * must match the entry with the same number: kind, parent, text, examples,
 * snippet; plus the timing lists and the summary of changes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import type { RuleEntry } from '../../src/core/types.ts'
import { compileRelease, rate, repoRoot } from './compile-release.ts'
import { normalizeText } from './normalize.ts'

interface Item {
  number: string
  kind: 'chapter' | 'section' | 'rule' | 'subrule'
  parent: string | null
  text: string
  examples?: string[]
  snippet?: string
}
interface Oracle {
  effective: string
  changes: { items: string[] }
  items: Item[]
  missing: string[]
  missingWithoutGap: string[]
  timing: { section: string; lines: string[] }[]
}

const oracle: Oracle = JSON.parse(readFileSync(join(repoRoot, 'tests/oracle/v24.03.json'), 'utf8'))
const allowlist: { number: string; field: string; reason: string }[] =
  parse(readFileSync(join(repoRoot, 'tests/fidelity/allowlist.yaml'), 'utf8'))['v24.03'] ?? []
const doc = compileRelease('releases/v24.03')
const byNumber = new Map(doc.rules.filter((r) => r.kind !== 'timing').map((r) => [r.number, r]))
const byId = new Map(doc.rules.map((r) => [r.id, r]))

const kindOf = (r: RuleEntry) => (r.kind === 'step' ? 'subrule' : r.kind)
const plain = (r: RuleEntry) => r.title ?? r.text

function compare() {
  const diffs: { number: string; field: string; published: string; ours: string }[] = []
  const counts = { found: 0, kinds: 0, parents: 0, texts: 0, examples: 0, exampleTotal: 0, snippets: 0, snippetTotal: 0 }
  const note = (number: string, field: string, published: string, ours: string) => {
    const same = normalizeText(published) === normalizeText(ours)
    if (!same) diffs.push({ number, field, published: normalizeText(published), ours: normalizeText(ours) })
    return same
  }
  for (const item of oracle.items) {
    const o = byNumber.get(item.number)
    if (!o) {
      diffs.push({ number: item.number, field: 'exists', published: 'yes', ours: 'no' })
      continue
    }
    counts.found++
    if (note(item.number, 'kind', item.kind, kindOf(o))) counts.kinds++
    const parent = o.parent ? byId.get(o.parent)?.number ?? '' : ''
    if (note(item.number, 'parent', item.parent ?? '', parent)) counts.parents++
    if (note(item.number, 'text', item.text, plain(o))) counts.texts++
    for (const [i, text] of (item.examples ?? []).entries()) {
      counts.exampleTotal++
      if (note(item.number, `example ${i + 1}`, text, o.examples[i]?.text ?? '')) counts.examples++
    }
    if (item.snippet !== undefined) {
      counts.snippetTotal++
      if (note(item.number, 'snippet', item.snippet, o.snippet?.text ?? o.text)) counts.snippets++
    }
  }
  // Timing lists lost their nesting in the scrape: compare in document order.
  let timingSame = 0
  let timingTotal = 0
  for (const t of oracle.timing) {
    const section = byNumber.get(t.section)
    const ours = doc.rules.filter((r) => r.kind === 'timing' && r.section === section?.id).map((r) => r.text)
    t.lines.forEach((line, i) => {
      timingTotal++
      if (note(`${t.section} line ${i + 1}`, 'timing', line, ours[i] ?? '')) timingSame++
    })
  }
  let changesSame = 0
  oracle.changes.items.forEach((text, i) => {
    if (note(`changelog ${i + 1}`, 'changelog', text, doc.changelog[i]?.text ?? '')) changesSame++
  })
  return { diffs, counts, timingSame, timingTotal, changesSame }
}

describe('fidelity to the published v24.03', () => {
  const { diffs, counts, timingSame, timingTotal, changesSame } = compare()
  const total = oracle.items.length
  console.log(
    [
      'v24.03 fidelity (releases/v24.03 vs the scraped published page):',
      `  items found by number ${rate(counts.found, total)} (the scrape lost ${oracle.missing.length + oracle.missingWithoutGap.length} more)`,
      `  kinds     ${rate(counts.kinds, total)}`,
      `  parents   ${rate(counts.parents, total)}`,
      `  texts     ${rate(counts.texts, total)}`,
      `  examples  ${rate(counts.examples, counts.exampleTotal)}`,
      `  snippets  ${rate(counts.snippets, counts.snippetTotal)}`,
      `  timing    ${rate(timingSame, timingTotal)}`,
      `  changelog ${rate(changesSame, oracle.changes.items.length)}`,
      `  allowlisted differences: ${allowlist.length}`,
    ].join('\n'),
  )

  it('finds every published item at its number', () => {
    expect(diffs.filter((d) => d.field === 'exists')).toEqual([])
  })

  it('has the numbers the scrape lost too', () => {
    for (const n of [...oracle.missing, ...oracle.missingWithoutGap]) expect(byNumber.has(n), n).toBe(true)
  })

  it('differs only where the allowlist says why', () => {
    const unexplained = diffs.filter((d) => !allowlist.some((a) => a.number === d.number && a.field === d.field))
    expect(unexplained).toEqual([])
    const stale = allowlist.filter((a) => !diffs.some((d) => d.number === a.number && d.field === a.field))
    expect(stale).toEqual([])
  })

  it('has the published effective date', () => {
    expect(doc.release.effective).toBe(oracle.effective)
  })
})
