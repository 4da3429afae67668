/**
 * Render at the edge: one resolved model, many outputs. The same trees give
 * one-page or per-chapter links without compiling again, and three plain-text
 * styles; the canonical style names what the authors wrote, so a renumbering
 * elsewhere never changes it.
 */
import { describe, expect, it } from 'vitest'
import { compile } from '../../src/core/compile.ts'
import { renderContextFor } from '../../src/core/render/context.ts'
import { renderDocument } from '../../src/core/render/document.ts'
import { renderText } from '../../src/core/render/text.ts'
import { readRulesDir } from '../../src/io/read-sources.ts'
import { SYMBOLS } from '../../src/core/markup/symbols.ts'
import { repoRoot } from '../cli/run-cr.ts'

const files = (rules: string) => [
  { path: 'r/01_test.yaml', content: `chapter: chpt_test\ntext: Test\nsections:\n- section: sec_test\n  text: Test\n  rules:\n${rules}` },
  { path: 'r/release.yaml', content: 'version: v26.09\neffective: "2026-09-01"\n' },
]
const modelOf = (rules: string) => {
  const r = compile(files(rules))
  expect(r.messages.filter((m) => m.severity === 'error')).toEqual([])
  return r.model!
}

describe('the resolved model', () => {
  const model = modelOf(['  - rule: rule_a', '    text: "See {ref:Rule_b,rule_c}, {term:credit}, 2{c} or [MU], {n}new{/n}."', '  - subsection: rule_b', '    text: B.', '    rules:', '    - rule: rule_c', '      text: C.'].join('\n'))

  it('keeps references as IDs, symbols with their spelling, new-marks as nodes, and no source positions', () => {
    const a = model.entries.find((e) => e.id === 'rule_a')!
    expect(JSON.stringify(a.text)).not.toContain('position')
    expect(a.text.children).toContainEqual({ type: 'ruleReference', ids: ['rule_b', 'rule_c'], capitalized: true })
    expect(a.text.children).toContainEqual({ type: 'symbol', name: 'mu', written: '[MU]' })
    expect(a.text.children.some((n) => n.type === 'newText')).toBe(true)
    expect(model.entries.find((e) => e.id === 'rule_b')!.word).toBe('section')
  })

  it('renders the three text styles from the same tree', () => {
    const ctx = renderContextFor(model)
    const a = model.entries.find((e) => e.id === 'rule_a')!.text
    expect(renderText(a, ctx, 'published')).toBe('See Section 1.1.2 and rule 1.1.2a, credit, 2[credit] or [mu], new.')
    expect(renderText(a, ctx, 'generator')).toBe('See Sections 1.1.2 and 1.1.2a, CREDIT, 2c or [MU], new.')
    expect(renderText(a, ctx, 'canonical')).toBe('See Section ⟦rule_b⟧ and rule ⟦rule_c⟧, credit, 2[credit] or [mu], new.')
  })

  it('is plain JSON: a cached copy renders exactly as the original', () => {
    const copy = JSON.parse(JSON.stringify(model)) as typeof model
    expect(renderDocument(copy)).toEqual(renderDocument(model))
  })
})

/** The CR's rules as the renderers are given them (no card data), compiled once for both groups below. */
const theRules = compile(readRulesDir('rules', repoRoot))

describe('renderers over the CR', () => {
  const { model, document } = theRules

  it('give every reference its chapter page without compiling again, and leave the model as it was', () => {
    const chapterOf = new Map(model!.entries.map((r) => [r.id, r.chapter]))
    const before = JSON.stringify(model)
    const paged = renderDocument(model!, { hrefFor: (id) => `/${chapterOf.get(id)}/#${id}` })
    expect(JSON.stringify(model)).toBe(before)
    const html = paged.rules.flatMap((r) => [r.html, ...r.examples.map((e) => e.html), r.snippet?.html ?? ''])
    // A link names its rule by its href alone (no data-ref): the fragment is the ID, the path its chapter.
    const links = html.join('').match(/<a class="cr-ref" href="[^"]*">/g) ?? []
    expect(links.length).toBeGreaterThan(500)
    for (const link of links) {
      const href = /href="([^"]*)"/.exec(link)![1]!
      const id = href.slice(href.indexOf('#') + 1)
      expect(chapterOf.has(id), href).toBe(true)
      expect(href).toBe(`/${chapterOf.get(id)}/#${id}`)
    }
    // Only the links differ from the one-page rendering.
    expect(paged.rules.map((r) => r.text)).toEqual(document!.rules.map((r) => r.text))
  })

  it('canonical texts do not change when a rule is inserted before the rules they cite', () => {
    const files = readRulesDir('rules', repoRoot)
    const runs = files.find((f) => f.path.endsWith('06_runs.yaml'))!
    const text = new TextDecoder().decode(runs.content as Uint8Array)
    const inserted = text.replace('  - subsection: rule_end_the_run\n', '  - rule: rule_inserted_for_test\n    text: A new rule.\n  - subsection: rule_end_the_run\n')
    expect(inserted).not.toBe(text)
    const after = compile(files.map((f) => (f === runs ? { ...f, content: inserted } : f))).model!
    const canon = (m: typeof model) => {
      const ctx = renderContextFor(m!)
      return new Map(m!.entries.map((e) => [e.id, renderText(e.text, ctx, 'canonical')]))
    }
    const a = canon(model)
    const b = canon(after)
    const published = (m: typeof model) => {
      const ctx = renderContextFor(m!)
      return new Map(m!.entries.map((e) => [e.id, renderText(e.text, ctx)]))
    }
    // Each model's published texts rendered once (they were rendered again for every rule: two whole CRs per rule).
    const [publishedBefore, publishedAfter] = [published(model), published(after)]
    let renumberedCitations = 0
    for (const [id, t] of a) {
      expect(b.get(id), id).toBe(t)
      if (publishedBefore.get(id) !== publishedAfter.get(id)) renumberedCitations++
    }
    // The published text of every rule citing 6.1.4 onwards did change: the canonical one is what stays.
    expect(renumberedCitations).toBeGreaterThan(5)
  })
})

describe('the words style (symbols as words, where no icon can be drawn)', () => {
  it('counts a symbol by the number before it and spaces icons in a row', () => {
    const m = modelOf(['  - rule: rule_a', '    text: "Gain 2[c] and 1[c]. [click][click]: Draw 1 card. [click]: gain 1[c]."'].join('\n'))
    const a = m.entries.find((e) => e.id === 'rule_a')!
    expect(renderText(a.text, renderContextFor(m), 'words')).toBe('Gain 2 credits and 1 credit. click click: Draw 1 card. click: gain 1 credit.')
    expect(renderText(a.text, renderContextFor(m))).toBe('Gain 2[credit] and 1[credit]. [click][click]: Draw 1 card. [click]: gain 1[credit].')
  })

  it('reads every entry of the CR as the site once did by rewriting tokens in printed text (the oracle: that rewrite)', () => {
    // The rewrite the site used to apply to printed text; the style must say the same from the tree.
    const icons = SYMBOLS.filter((s) => s.kind === 'icon' && s.path)
    const byToken = new Map(icons.map((s) => [s.token, s]))
    const tokens = new RegExp(`(\\d*)(${icons.map((s) => s.token.replace(/[[\]]/g, '\\$&')).join('|')})`, 'g')
    const oracle = (text: string) =>
      text.replace(tokens, (_, count: string, token: string, at: number) => {
        const label = byToken.get(token)!.label
        const words = count ? `${count} ${label}${count === '1' ? '' : 's'}` : label
        return /[\w\]]/.test(text[at - 1] ?? '') && !count ? ` ${words}` : words
      })
    const current = theRules.model!
    const ctx = renderContextFor(current)
    let withSymbols = 0
    for (const e of current.entries) {
      const printed = renderText(e.text, ctx)
      if (printed !== oracle(printed)) withSymbols++
      expect(renderText(e.text, ctx, 'words'), e.id).toBe(oracle(printed))
    }
    expect(withSymbols).toBeGreaterThan(50)
  })
})
