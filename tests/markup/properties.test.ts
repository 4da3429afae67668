/**
 * Properties: the parser and renderers are total, positions are sound, and
 * text without markup comes out unchanged.
 */
import fc from 'fast-check'
import { visit } from 'unist-util-visit'
import { describe, expect, it } from 'vitest'
import { isSafeUrl, parseMarkup, toHast, toHtml, toText, type MarkupRoot } from '../../src/core/markup/index.ts'
import { testContext } from './context.ts'

const fragments = [
  '{', '}', '[', ']', ':', ',', '|', '/', ' ', '\n', '\r\n', '\r',
  '{ref:', '{Ref:', '{ref/through:', '{term:', '{subtype:', '{card:', '{product:', '{link:', '{img:', '{curly:',
  '{n}', '{/n}', '{c}', '{trem:', '{n', '{card:{card:',
  '[c]', '[click]', '[Click]', '[MU]', '[sub]', '[dash]', '[you/they]', '[this card]', '[credits]', '[',
  'rule_if_able', 'Sec_steps_of_a_run', 'subsec_region, subsec_console', 'a,b', 'x|https://x.org', 'x|javascript:alert(1)',
  '<script>', '&', '"', 'é', '😀', '\u2028',
]
const markupish = fc.array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 4 })), { maxLength: 40 }).map((parts) => parts.join(''))
const anyString = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), markupish)

/** Every position is inside the text and its offset agrees with line/column. */
function checkPositions(doc: string, tree: MarkupRoot) {
  const lineStarts = [0]
  for (let i = 0; i < doc.length; i++) {
    if (doc[i] === '\n' || (doc[i] === '\r' && doc[i + 1] !== '\n')) lineStarts.push(i + 1)
  }
  visit(tree, (node) => {
    const p = node.position
    expect(p).toBeDefined()
    if (!p) return
    for (const point of [p.start, p.end]) {
      expect(point.offset).toBeGreaterThanOrEqual(0)
      expect(point.offset).toBeLessThanOrEqual(doc.length)
      expect(lineStarts[point.line - 1]! + point.column - 1).toBe(point.offset)
    }
    expect(p.start.offset).toBeLessThanOrEqual(p.end.offset)
  })
}

describe('properties', () => {
  it('parsing and rendering never throw; positions are sound', () => {
    fc.assert(
      fc.property(anyString, (doc) => {
        const { tree, problems } = parseMarkup(doc)
        checkPositions(doc, tree)
        for (const p of problems) {
          expect(p.position.start.offset).toBeLessThanOrEqual(p.position.end.offset)
          expect(p.position.end.offset).toBeLessThanOrEqual(doc.length)
        }
        expect(typeof toText(tree, testContext)).toBe('string')
        expect(typeof toHtml(tree, testContext)).toBe('string')
      }),
      { numRuns: 2000 },
    )
  })

  it('text without markup is its own plain text', () => {
    // Without `{`, `}` (a brace outside markup is `markup-stray-brace`) or `[`.
    const plain = fc.string().filter((s) => !s.includes('{') && !s.includes('}') && !s.includes('['))
    fc.assert(
      fc.property(plain, (doc) => {
        const { tree, problems } = parseMarkup(doc)
        expect(problems).toEqual([])
        expect(toText(tree, testContext)).toBe(doc)
      }),
    )
  })

  it('text nodes hold exactly their source span', () => {
    fc.assert(
      fc.property(markupish, (doc) => {
        visit(parseMarkup(doc).tree, 'text', (node) => {
          if (node.position) expect(doc.slice(node.position.start.offset, node.position.end.offset)).toBe(node.value)
        })
      }),
    )
  })

  it('source text only ever becomes text, attribute values or safe links', () => {
    const allowed = new Set(['a', 'span', 'dfn', 'cite', 'img', 'svg', 'path'])
    fc.assert(
      fc.property(markupish, (doc) => {
        const hast = toHast(parseMarkup(doc).tree, testContext)
        visit(hast, 'element', (el) => {
          expect(allowed).toContain(el.tagName)
          const href = el.properties.href
          if (typeof href === 'string' && !href.startsWith('#')) expect(isSafeUrl(href, false)).toBe(true)
          if (el.tagName === 'img') expect(isSafeUrl(String(el.properties.src), true)).toBe(true)
        })
        expect(toHtml(parseMarkup(doc).tree, testContext)).not.toMatch(/(href|src)="\s*javascript:/i)
      }),
    )
  })
})
