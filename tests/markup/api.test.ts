/**
 * The API around the fixtures: the unified plugin, type narrowing, the
 * symbol table, mentions, and the security of rendered links.
 */
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { VFile } from 'vfile'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  collectMentions,
  findSymbol,
  markupParse,
  parseMarkup,
  SYMBOLS,
  toHtml,
  toText,
  type MarkupRoot,
  type RenderContext,
} from '../../src/core/markup/index.ts'
import { testContext } from './context.ts'

describe('unified plugin', () => {
  it('parses, and reports problems as file messages', () => {
    const file = new VFile('A {trem:run}\n{card:Sure Gamble}')
    const tree = unified().use(markupParse).parse(file)
    expect(tree.children.map((n) => n.type)).toEqual(['text', 'cardMention'])
    expect(file.messages).toHaveLength(1)
    expect(file.messages[0]).toMatchObject({
      ruleId: 'markup-unknown-tag',
      source: 'netrunner-cr',
      line: 1,
      column: 3,
      expected: ['{term:run}', '{ref:run}'],
      fatal: false,
    })
  })

  it('gives the same tree as parseMarkup', () => {
    const text = '{n}Gain 1[c}{/n} per {ref:Rule_if_able}.'
    expect(unified().use(markupParse).parse(text)).toEqual(parseMarkup(text).tree)
  })
})

describe('types', () => {
  it('visit() narrows our node types', () => {
    const { tree } = parseMarkup('{ref:a,b} {card:X}')
    visit(tree, 'ruleReference', (node) => {
      expectTypeOf(node.ids).toEqualTypeOf<string[]>()
    })
    visit(tree, (node) => {
      if (node.type === 'cardMention') expectTypeOf(node.name).toEqualTypeOf<string>()
    })
    expectTypeOf(tree).toEqualTypeOf<MarkupRoot>()
  })
})

describe('references', () => {
  it('stores IDs lowercase-first and remembers the capital', () => {
    const { tree } = parseMarkup('{ref:Rule_add_card_to_score_area, rule_card_to_counter}')
    expect(tree.children[0]).toMatchObject({
      type: 'ruleReference',
      ids: ['rule_add_card_to_score_area', 'rule_card_to_counter'],
      capitalized: true,
    })
  })

  it('a range with an unknown end still reads, and links only what exists', () => {
    const { tree } = parseMarkup('{ref/through:Sec_run_initiation,sec_nope}')
    expect(toText(tree, testContext)).toBe('Sections 6.3 through sec_nope')
    const html = toHtml(tree, testContext)
    expect(html).toContain('<a class="cr-ref" href="#sec_run_initiation">6.3</a>')
    expect(html).toContain('<span class="cr-ref cr-ref-unknown" data-ref="sec_nope">sec_nope</span>')
  })

  it('asks hrefFor only for IDs that resolve', () => {
    const asked: string[] = []
    const ctx: RenderContext = { ...testContext, hrefFor: (id) => (asked.push(id), `/r/${id}`) }
    toHtml(parseMarkup('{ref:rule_if_able,rule_nope} {ref/through:nope_a,nope_b}').tree, ctx)
    expect(asked).toEqual(['rule_if_able'])
  })
})

describe('collectMentions', () => {
  it('lists each kind in order of first mention, once', () => {
    const { tree } = parseMarkup(
      '{term:run} {card:B} {ref:Rule_b,rule_a} {n}{card:A} {card:B} {subtype:icebreaker}{/n} {ref/through:sec_c,sec_d} {term:run} {product:P}',
    )
    expect(collectMentions(tree)).toEqual({
      refs: ['rule_b', 'rule_a', 'sec_c', 'sec_d'],
      terms: ['run'],
      subtypes: ['icebreaker'],
      cards: ['B', 'A'],
      products: ['P'],
    })
  })
})

describe('symbols', () => {
  it('has unique spellings and names', () => {
    const spellings = SYMBOLS.flatMap((s) => s.aliases)
    expect(new Set(spellings).size).toBe(spellings.length)
    expect(new Set(SYMBOLS.map((s) => s.name)).size).toBe(SYMBOLS.length)
  })

  it('prints the tokens of the published document', () => {
    const tokens = Object.fromEntries(SYMBOLS.map((s) => [s.name, s.token]))
    expect(tokens).toEqual({
      credit: '[credit]',
      click: '[click]',
      recurring: '[recurring]',
      mu: '[mu]',
      link: '[link]',
      subroutine: '[subroutine]',
      trash: '[trash]',
      'trash-cost': '[trash-cost]',
      interrupt: '[interrupt]',
      cost: '[cost]',
      instructions: '[instructions]',
      N: '[N]',
      player: '[player]',
      type: '[type]',
      'you/they': '[you/they]',
      'this card': '[this card]',
      dash: '‒',
    })
  })

  it('gives every icon a label and a short path', () => {
    for (const s of SYMBOLS.filter((x) => x.kind === 'icon')) {
      expect(s.label).not.toBe('')
      expect(s.path?.length).toBeLessThan(120)
      expect(s.path).toMatch(/^M[\d\s.,a-zA-Z-]+$/)
    }
  })

  it('matches spellings exactly', () => {
    expect(findSymbol('Click')?.name).toBe('click')
    expect(findSymbol('CLICK')).toBeUndefined()
    expect(findSymbol('credit')).toBeUndefined()
  })

  it('renders a symbol name it does not know as its text', () => {
    const tree: MarkupRoot = { type: 'root', children: [{ type: 'symbol', name: 'bogus' }] }
    expect(toText(tree, testContext)).toBe('[bogus]')
    expect(toHtml(tree, testContext)).toBe('[bogus]')
  })
})

describe('symbols that copy as their text (copyableSymbols)', () => {
  const { tree } = parseMarkup('"[click], 2[c]: Remove 1 tag." Unused [MU].')
  const copyable: RenderContext = { ...testContext, copyableSymbols: true }

  it('is the icon alone by default: the HTML of rules.json and the package does not change', () => {
    const html = toHtml(tree, testContext)
    expect(html).not.toContain('cr-sym-t')
    expect(html).not.toContain('<text')
    expect(html.match(/<svg /g)).toHaveLength(3)
  })

  it('carries each icon\'s token twice, once in the SVG for print and once beside it for the screen', () => {
    expect(toHtml(parseMarkup('[click]').tree, copyable)).toMatchInlineSnapshot(
      `"<span class="cr-sym-c"><svg class="cr-sym cr-sym-click" role="img" aria-label="click" viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor"><path d="M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20zm0 3a7 7 0 1 1 0 14 7 7 0 1 1 0-14zm-1 2h2v6h-2z" fill-rule="evenodd"></path><text x="-2" y="21" font-size="18" textLength="28" lengthAdjust="spacingAndGlyphs" fill="transparent">[click]</text></svg><span class="cr-sym-t" aria-hidden="true">[click]</span></span>"`,
    )
  })

  it('reads, with its markup taken away, as the plain text reads: the tokens search shows', () => {
    const html = toHtml(tree, copyable)
    // What a selection copies on screen: the text, the span's token, not the SVG's (not displayed there).
    const screen = html.replace(/<text[^>]*>[^<]*<\/text>/g, '').replace(/<[^>]+>/g, '')
    expect(screen).toBe(toText(tree, testContext))
    expect(screen).toBe('"[click], 2[credit]: Remove 1 tag." Unused [mu].')
    // What the PDF's text layer holds: the SVG's token, not the span's (not printed).
    const print = html.replace(/<span class="cr-sym-t"[^>]*>[^<]*<\/span>/g, '').replace(/<[^>]+>/g, '')
    expect(print).toBe(screen)
  })

  it('gives every icon its published token, its label for screen readers, hidden once', () => {
    for (const s of SYMBOLS.filter((x) => x.kind === 'icon')) {
      const html = rendered(s)
      expect(html).toContain(`aria-label="${s.label}"`)
      expect(html).toContain(`>${s.token}</text>`)
      expect(html).toContain(`<span class="cr-sym-t" aria-hidden="true">${s.token}</span>`)
    }
    function rendered(s: (typeof SYMBOLS)[number]) {
      return toHtml({ type: 'root', children: [{ type: 'symbol', name: s.name }] }, copyable)
    }
  })

  it('leaves placeholders and the dash as they are', () => {
    const { tree: t } = parseMarkup('[N] [player] [dash]')
    expect(toHtml(t, copyable)).toBe(toHtml(t, testContext))
  })
})

describe('security', () => {
  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    '/relative/path',
    '#fragment',
  ])('does not link %j', (url) => {
    const html = toHtml(parseMarkup(`{link:click me|${url}}`).tree, testContext)
    expect(html).toBe('click me')
  })

  it.each(['https://x.org/a?b=1&c="2"', 'http://x.org', 'mailto:a@b.org'])('links %j', (url) => {
    expect(toHtml(parseMarkup(`{link:x|${url}}`).tree, testContext)).toMatch(/^<a href="[^"]+">x<\/a>$/)
  })

  it('escapes every bit of source text', () => {
    const html = toHtml(parseMarkup('<script>alert(1)</script> {card:"><script>x</script>}').tree, testContext)
    expect(html).toBe(
      '&#x3C;script>alert(1)&#x3C;/script> <span class="cr-card" data-card="&#x22;><script>x</script>">">&#x3C;script>x&#x3C;/script></span>',
    )
  })

  it('does not load images from other schemes', () => {
    const ctx: RenderContext = { ...testContext, imageSrc: (name) => name }
    expect(toHtml(parseMarkup('{img:data:image/svg+xml,<svg onload=alert(1)>}').tree, ctx)).toBe(
      'data:image/svg+xml,&#x3C;svg onload=alert(1)>',
    )
    expect(toHtml(parseMarkup('{img:icons/mu.svg}').tree, ctx)).toBe(
      '<img class="cr-img" src="icons/mu.svg" alt="icons/mu.svg" loading="lazy">',
    )
  })
})
