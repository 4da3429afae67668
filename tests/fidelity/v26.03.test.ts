/**
 * Proof that `rules/` compiles to exactly what was published as v26.03:
 * every ID with the same parent and order, every number, every word (after
 * the documented normalisation in normalize.ts). Differences must be listed
 * in allowlist.yaml with a reason.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { compileRelease, rate, repoRoot } from './compile-release.ts'
import { normalizeText } from './normalize.ts'

interface OracleRule {
  id: string
  number: string
  parent: string | null
  section: string
  heading: boolean
  text: string
  examples: string[]
}
interface Oracle {
  chapters: { id: string; number: string; title: string }[]
  sections: { id: string; number: string; chapter: string; title: string }[]
  rules: OracleRule[]
}

const oracle: Oracle = JSON.parse(readFileSync(join(repoRoot, 'tests/oracle/v26.03.json'), 'utf8'))
const allowlist: { id: string; field: string; reason: string }[] =
  parse(readFileSync(join(repoRoot, 'tests/fidelity/allowlist.yaml'), 'utf8'))['v26.03'] ?? []
const doc = compileRelease('rules')
const byId = new Map(doc.rules.map((r) => [r.id, r]))

/** Every difference as `id field`, so it can be compared with the allowlist. */
function differences() {
  const diffs: { id: string; field: string; published: unknown; ours: unknown }[] = []
  const note = (id: string, field: string, published: unknown, ours: unknown) => {
    if (JSON.stringify(published) !== JSON.stringify(ours)) diffs.push({ id, field, published, ours })
  }
  const counts = { ids: 0, numbers: 0, parents: 0, texts: 0, examples: 0, exampleTotal: 0, titles: 0 }
  // Chapters and sections: a number and a title each.
  for (const c of [...oracle.chapters, ...oracle.sections]) {
    const o = byId.get(c.id)
    note(c.id, 'exists', true, Boolean(o))
    if (!o) continue
    counts.ids++
    note(c.id, 'number', c.number, o.number)
    note(c.id, 'title', normalizeText(c.title), normalizeText(o.title ?? ''))
    if (c.number === o.number) counts.numbers++
    if (normalizeText(c.title) === normalizeText(o.title ?? '')) counts.titles++
  }
  const childrenOf = new Map<string, string[]>()
  for (const r of oracle.rules) {
    const parent = r.parent ?? r.section
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), r.id])
  }
  for (const r of oracle.rules) {
    const o = byId.get(r.id)
    note(r.id, 'exists', true, Boolean(o))
    if (!o) continue
    counts.ids++
    note(r.id, 'number', r.number, o.number)
    if (r.number === o.number) counts.numbers++
    note(r.id, 'parent', r.parent ?? r.section, o.parent)
    if ((r.parent ?? r.section) === o.parent) counts.parents++
    note(r.id, 'heading', r.heading, o.heading)
    note(r.id, 'children', childrenOf.get(r.id) ?? [], o.children)
    const same = normalizeText(r.text) === normalizeText(o.text)
    note(r.id, 'text', normalizeText(r.text), normalizeText(o.text))
    if (same) counts.texts++
    counts.exampleTotal += r.examples.length
    r.examples.forEach((text, i) => {
      const ours = o.examples[i]?.text ?? ''
      note(r.id, `example ${i + 1}`, normalizeText(text), normalizeText(ours))
      if (normalizeText(text) === normalizeText(ours)) counts.examples++
    })
    note(r.id, 'example count', r.examples.length, o.examples.length)
  }
  // Order: the published IDs appear in our document in the same order.
  const published = [...oracle.chapters, ...oracle.sections, ...oracle.rules].map((x) => x.id)
  const position = new Map(doc.rules.map((r, i) => [r.id, i]))
  const sorted = [...published].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0))
  const publishedOrder = doc.rules.map((r) => r.id).filter((id) => published.includes(id))
  return { diffs, counts, orderMatches: JSON.stringify(sorted) === JSON.stringify(publishedOrder) }
}

describe('fidelity to the published v26.03', () => {
  const { diffs, counts } = differences()
  const total = oracle.chapters.length + oracle.sections.length + oracle.rules.length
  console.log(
    [
      'v26.03 fidelity (rules/ vs the published document):',
      `  IDs      ${rate(counts.ids, total)}`,
      `  numbers  ${rate(counts.numbers, total)}`,
      `  titles   ${rate(counts.titles, oracle.chapters.length + oracle.sections.length)}`,
      `  parents  ${rate(counts.parents, oracle.rules.length)}`,
      `  texts    ${rate(counts.texts, oracle.rules.length)}`,
      `  examples ${rate(counts.examples, counts.exampleTotal)}`,
      `  allowlisted differences: ${allowlist.length}`,
    ].join('\n'),
  )

  it('has 11 chapters, every section and all 1,420 published rules and sub-rules', () => {
    expect(oracle.chapters).toHaveLength(11)
    expect(oracle.rules).toHaveLength(1420)
    expect(counts.ids).toBe(total)
  })

  it('computes every published number', () => {
    expect(diffs.filter((d) => d.field === 'number')).toEqual([])
    expect(counts.numbers).toBe(total)
  })

  it('differs from the published document only where the allowlist says why', () => {
    const unexplained = diffs.filter((d) => !allowlist.some((a) => a.id === d.id && a.field === d.field))
    expect(unexplained).toEqual([])
  })

  it('has no stale allowlist entries', () => {
    const stale = allowlist.filter((a) => !diffs.some((d) => d.id === a.id && d.field === a.field))
    expect(stale).toEqual([])
    for (const a of allowlist) expect(a.reason.length).toBeGreaterThan(20)
  })

  it('keeps the published order', () => {
    expect(differences().orderMatches).toBe(true)
  })
})
