/**
 * Rendering at the edge: compiling once with one-page links and relinking
 * gives exactly what rendering with the target's links gives.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compile } from '../../src/core/compile.ts'
import { parseMarkup, relinkDocument, relinkHtml, toHtml } from '../../src/core/markup/index.ts'
import { readRulesDir } from '../../src/io/read-sources.ts'
import { repoRoot } from '../cli/run-cr.ts'
import { testContext } from './context.ts'

describe('relinking', () => {
  it('is rendering with the other link target', () => {
    const source = 'See {ref:rule_if_able}, {ref:Rule_if_able,rule_if_able}, {ref/through:rule_if_able,rule_if_able} and {ref:rule_nope}; `"<&>"`.'
    const { tree } = parseMarkup(source)
    const hrefFor = (id: string) => `/chapter "${id}"/?a=1&b=2#${id}`
    expect(relinkHtml(toHtml(tree, testContext), hrefFor)).toBe(toHtml(tree, { ...testContext, hrefFor }))
  })

  it('gives every reference of the CR its page, and leaves the one-page document as it was', () => {
    const { document } = compile(readRulesDir('rules', repoRoot))
    const onePage = document!
    const chapterOf = new Map(onePage.rules.map((r) => [r.id, r.chapter]))
    const before = JSON.stringify(onePage)
    const paged = relinkDocument(onePage, (id) => `/${chapterOf.get(id)}/#${id}`)
    expect(JSON.stringify(onePage)).toBe(before)
    const html = paged.rules.flatMap((r) => [r.html, ...r.examples.map((e) => e.html), r.snippet?.html ?? ''])
    const links = html.join('').match(/<a class="cr-ref" href="[^"]*" data-ref="[^"]*">/g) ?? []
    expect(links.length).toBeGreaterThan(500)
    for (const link of links) {
      const [, href, id] = /href="([^"]*)" data-ref="([^"]*)"/.exec(link)!
      expect(href).toBe(`/${chapterOf.get(id!)}/#${id}`)
    }
  })
})
