/**
 * Tokens → syntax tree, plus the unified parser plugin. Never throws: every
 * problem is returned as data and the source it concerns stays in the tree as
 * text, so rendering always works.
 */
import { distance } from 'fastest-levenshtein'
import { lowerFirst } from '../ids.ts'
import type { Plugin } from 'unified'
import type { Position } from '../types.ts'
import type { MarkupPhrasing, MarkupProblem, MarkupProblemCode, MarkupRoot, NewText, NewTextContent } from './nodes.ts'
import { findSymbol, SYMBOLS } from './symbols.ts'
import { tokenize, type SymbolToken, type TagToken, type Token } from './tokenize.ts'

/** Tags of the source format; `content` says whether `{name:…}` or `{name}` is written. */
const TAGS: Record<string, { content: boolean; what: string }> = {
  ref: { content: true, what: 'a rule ID' },
  'ref/through': { content: true, what: 'two rule IDs' },
  term: { content: true, what: 'a term' },
  subtype: { content: true, what: 'a subtype' },
  card: { content: true, what: 'a card name' },
  product: { content: true, what: 'a product name' },
  link: { content: true, what: 'a link text and URL' },
  img: { content: true, what: 'an image name' },
  curly: { content: true, what: 'text' },
  n: { content: false, what: '' },
  '/n': { content: false, what: '' },
  c: { content: false, what: '' },
}

const TAG_NAMES = Object.keys(TAGS)
const isTagName = (name: string) => Object.hasOwn(TAGS, name)

export interface ParseResult {
  tree: MarkupRoot
  problems: MarkupProblem[]
}

/** Parse one rule text. Total: any string gives a tree. */
export function parseMarkup(doc: string): ParseResult {
  return new TreeBuilder(String(doc)).build()
}

/**
 * unified parser plugin: `unified().use(markupParse).parse(text)`. Problems
 * become messages on the file (`ruleId` = problem code, `expected` =
 * suggestions).
 */
export const markupParse: Plugin<[], string, MarkupRoot> = function () {
  this.parser = (doc, file) => {
    const { tree, problems } = parseMarkup(doc)
    for (const problem of problems) {
      const message = file.message(problem.message, { place: problem.position, ruleId: problem.code, source: 'netrunner-cr' })
      if (problem.suggestions) message.expected = problem.suggestions
    }
    return tree
  }
}

class TreeBuilder {
  private readonly lineStarts: number[] = [0]
  private readonly problems: MarkupProblem[] = []
  private readonly root: MarkupRoot
  /** The open `{n}` and the token that opened it, if any. */
  private open: { node: NewText; token: TagToken } | undefined

  constructor(private readonly doc: string) {
    for (let i = 0; i < doc.length; i++) {
      const c = doc.charCodeAt(i)
      // Line endings as vfile-location counts them: \n, \r\n, \r.
      if (c === 10 || (c === 13 && doc.charCodeAt(i + 1) !== 10)) this.lineStarts.push(i + 1)
    }
    this.root = { type: 'root', children: [], position: this.span(0, doc.length) }
  }

  build(): ParseResult {
    const tokens = tokenize(this.doc, isTagName)
    for (const token of tokens) {
      if (token.kind === 'text') this.addText(token.start, token.end)
      else if (token.kind === 'symbol') this.addSymbol(token)
      else this.addTag(token)
    }
    this.checkStrayBraces(tokens)
    if (this.open) {
      this.report('markup-unclosed', this.open.token, 'Unexpected end of text in `{n}` markup, expected `{/n}`')
      this.closeNewText(this.doc.length)
    }
    return { tree: this.root, problems: this.problems }
  }

  private addSymbol(token: SymbolToken) {
    const symbol = findSymbol(token.name)
    if (symbol) {
      this.add({ type: 'symbol', name: symbol.name, written: this.doc.slice(token.start, token.end), position: this.span(token.start, token.end) })
      return
    }
    const expected = SYMBOLS.map((s) => `\`[${s.aliases[0]}]\``).join(', ')
    this.report('symbol-unknown', token, `Unknown symbol \`[${token.name}]\`, expected one of ${expected}`, suggestSymbols(token.name))
    this.addText(token.start, token.end)
  }

  private addTag(token: TagToken) {
    const { name, content } = token
    const raw = () => this.addText(token.start, token.end)

    if (!token.closed) {
      const at = token.end < this.doc.length ? '`{`' : 'end of text'
      const opening = content ? `{${name}:` : `{${name}`
      this.report('markup-unclosed', token, `Unexpected ${at} in \`${opening}\` markup, expected \`}\``)
    }
    const spec = TAGS[name]
    if (!isTagName(name) || !spec) {
      const written = content ? `{${name}:…}` : `{${name}}`
      const expected = TAG_NAMES.filter((t) => t !== '/n').map((t) => `\`${t}\``).join(', ')
      this.report('markup-unknown-tag', token, `Unknown tag \`${name}\` in \`${written}\`, expected one of ${expected}`, this.suggestTags(token))
      return raw()
    }
    if (!token.closed) return raw()

    if (!spec.content && content) {
      this.report('markup-unknown-tag', token, `Unexpected content in \`{${name}:…}\`, expected \`{${name}}\``, [`{${name}}`])
      return raw()
    }
    if (spec.content && !content) {
      this.report('markup-empty', token, `Unexpected \`{${name}}\` without content, expected \`{${name}:…}\` with ${spec.what}`)
      return raw()
    }

    const value = content ? this.doc.slice(content.start, content.end) : ''
    if (spec.content && value.trim() === '') {
      this.report('markup-empty', token, `Unexpected empty \`{${name}:}\` markup, expected ${spec.what}`)
      return raw()
    }

    const position = this.span(token.start, token.end)
    switch (name) {
      case 'n':
        return this.openNewText(token)
      case '/n':
        return this.closeNewTextAt(token)
      case 'c':
        return this.add({ type: 'symbol', name: 'credit', written: '{c}', position })
      case 'term':
        return this.add({ type: 'termDefinition', value, position })
      case 'subtype':
        return this.add({ type: 'subtype', value, position })
      case 'card':
        return this.add({ type: 'cardMention', name: value, position })
      case 'product':
        return this.add({ type: 'productMention', name: value, position })
      case 'img':
        return this.add({ type: 'image', name: value, position })
      case 'curly':
        return this.add({ type: 'curly', value, position })
      case 'link':
        return this.addLink(token, value)
      case 'ref':
      case 'ref/through':
        return this.addReference(token, value)
    }
  }

  private addReference(token: TagToken, value: string) {
    const items = value.split(',').map((item) => item.trim())
    if (items.some((item) => item === '')) {
      this.report('markup-empty', token, `Unexpected empty ID in \`{${token.name}:${value}}\`, expected IDs separated by commas`)
      return this.addText(token.start, token.end)
    }
    const first = items[0] ?? ''
    const capitalized = first.charAt(0) !== first.charAt(0).toLowerCase()
    const ids = items.map(lowerFirst)
    const position = this.span(token.start, token.end)

    if (token.name === 'ref') return this.add({ type: 'ruleReference', ids, capitalized, position })

    const from = ids[0]
    const to = ids[ids.length - 1]
    if (from === undefined || to === undefined || ids.length < 2) {
      this.report('markup-empty', token, `Unexpected one ID in \`{ref/through:${value}}\`, expected two: \`{ref/through:from,to}\``)
      return this.addText(token.start, token.end)
    }
    if (ids.length > 2) {
      this.report('ref-range-invalid', token, `Unexpected ${ids.length} IDs in \`{ref/through:…}\`, expected two: \`{ref/through:from,to}\``, [
        `{ref/through:${items[0]},${items[items.length - 1]}}`,
      ])
    }
    this.add({ type: 'ruleRange', from, to, capitalized, position })
  }

  private addLink(token: TagToken, value: string) {
    const content = token.content ?? { start: token.start, end: token.start }
    // The last `|` splits: a URL should not contain a raw `|`, a text might.
    const bar = value.lastIndexOf('|')
    const text = bar < 0 ? value : value.slice(0, bar)
    const url = (bar < 0 ? value : value.slice(bar + 1)).trim()
    if (text.trim() === '' || url === '') {
      this.report('markup-empty', token, `Unexpected empty ${url === '' ? 'URL' : 'text'} in \`{link:${value}}\`, expected \`{link:text|url}\``)
      return this.addText(token.start, token.end)
    }
    const textEnd = content.start + text.length
    this.add({
      type: 'link',
      url,
      children: [{ type: 'text', value: text, position: this.span(content.start, textEnd) }],
      position: this.span(token.start, token.end),
    })
  }

  private openNewText(token: TagToken) {
    if (this.open) {
      this.report('markup-unclosed', token, 'Unexpected `{n}` inside `{n}` markup, expected `{/n}` first')
      this.closeNewText(token.start)
    }
    const node: NewText = { type: 'newText', children: [], position: this.span(token.start, token.end) }
    this.root.children.push(node)
    this.open = { node, token }
  }

  private closeNewTextAt(token: TagToken) {
    if (!this.open) {
      this.report('markup-unclosed', token, 'Unexpected closing `{/n}`, expected an opening `{n}` before it')
      return this.addText(token.start, token.end)
    }
    if (this.open.node.children.length === 0) {
      this.report('markup-empty', this.open.token, 'Unexpected empty `{n}{/n}`, expected new text between them')
    }
    this.closeNewText(token.end)
  }

  private closeNewText(end: number) {
    if (!this.open) return
    const start = this.open.node.position?.start.offset ?? end
    this.open.node.position = this.span(start, end)
    this.open = undefined
  }

  private add(node: NewTextContent) {
    const parent: { children: MarkupPhrasing[] } = this.open ? this.open.node : this.root
    parent.children.push(node)
  }

  /** Append source text, merging with a text node that ends right here. */
  private addText(start: number, end: number) {
    if (end <= start) return
    const parent: { children: MarkupPhrasing[] } = this.open ? this.open.node : this.root
    const last = parent.children[parent.children.length - 1]
    if (last?.type === 'text' && last.position?.end.offset === start) {
      last.value += this.doc.slice(start, end)
      last.position = this.span(last.position.start.offset, end)
      return
    }
    parent.children.push({ type: 'text', value: this.doc.slice(start, end), position: this.span(start, end) })
  }

  private suggestTags(token: TagToken): string[] | undefined {
    const content = token.content ? this.doc.slice(token.content.start, token.content.end) : undefined
    const out: string[] = []
    // `{click}` is most likely the symbol `[click]`.
    const symbol = content === undefined ? findSymbol(token.name) : undefined
    if (symbol) out.push(`[${token.name}]`)
    for (const tag of closest(token.name, TAG_NAMES.filter((t) => t !== '/n'))) {
      const needsContent = TAGS[tag]?.content ?? false
      if (needsContent && content !== undefined) out.push(`{${tag}:${content}}`)
      else if (!needsContent && content === undefined) out.push(`{${tag}}`)
      else out.push(needsContent ? `{${tag}:…}` : `{${tag}}`)
    }
    return out.length > 0 ? out : undefined
  }

  /**
   * A `{` or `}` in text is the debris of a slip (`{{ref:x}}`, `{ref:x}}`, `{ref :x}`), which would be
   * published as is: each slip is one problem (a doubled tag's two braces are one), with what to write
   * instead; after a few in one text the rest are counted, so a hostile text cannot flood the report.
   * Literal braces are written `{curly:x}`.
   */
  private checkStrayBraces(tokens: readonly Token[]) {
    const strays: number[] = []
    for (const t of tokens) {
      if (t.kind !== 'text') continue
      for (let i = t.start; i < t.end; i++) if (this.doc[i] === '{' || this.doc[i] === '}') strays.push(i)
    }
    const MAX = 5
    let reported = 0
    for (let k = 0; k < strays.length; k++) {
      if (reported === MAX) {
        const last = this.problems[this.problems.length - 1]!
        last.message += ` (and ${strays.length - k} more \`{\` or \`}\` in this text)`
        return
      }
      reported++
      const consumed = this.reportStrayBrace(strays[k]!, tokens)
      // The slip's other brace (`{{ref:x}}`'s last, `{ref :x}`'s closing one) is not another slip.
      while (strays[k + 1] !== undefined && strays[k + 1]! < consumed) k++
    }
  }

  /** Reports the slip at the stray brace at `at`; returns where the slip ends. */
  private reportStrayBrace(first: number, tokens: readonly Token[]): number {
    const index = tokens.findIndex((t) => t.start <= first && first < t.end)
    const next = tokens[index + 1]
    const prev = tokens[index - 1]
    const written = (t: Token) => this.doc.slice(t.start, t.end)
    const brace = this.doc[first]!
    const literal = 'or `{curly:x}` to print a literal `{x}`'
    // `{ref :x}`, `{ ref: x }`, `{card Foo}`: a tag with a space where the tokenizer wants none.
    const spacedAt = brace === '{' ? /^\{[ \t]*(\/?[A-Za-z][\w/-]*)([ \t]*:[ \t]*|[ \t]+)([^{}]*?)[ \t]*\}/.exec(this.doc.slice(first)) : null
    const spaced = spacedAt && isTagName(spacedAt[1]!) ? spacedAt : null
    if (spaced) {
      const fixed = `{${spaced[1]}:${spaced[3]}}`
      const what = spaced[2]!.includes(':') ? 'markup is written without spaces around its name and colon' : `\`${spaced[1]}\` takes a \`:\` before what it names`
      this.report('markup-stray-brace', { start: first, end: first + spaced[0].length }, `Unexpected \`${spaced[0]}\`: ${what}, expected \`${fixed}\``, [fixed])
      return first + spaced[0].length
    }
    if (brace === '{' && next?.kind === 'tag' && next.start === first + 1 && this.doc[next.end] === '}') {
      this.report('markup-stray-brace', { start: first, end: next.end + 1 }, `Unexpected \`{\` and \`}\` around \`${written(next)}\`: markup takes one pair of braces, expected \`${written(next)}\``, [written(next)])
      return next.end + 1
    }
    if (brace === '}' && prev?.kind === 'tag' && prev.end === first) {
      this.report('markup-stray-brace', { start: first, end: first + 1 }, `Unexpected \`}\` after \`${written(prev)}\`, expected \`${written(prev)}\` alone, ${literal}`, [written(prev)])
    } else if (brace === '{' && next?.kind === 'tag' && next.start === first + 1) {
      this.report('markup-stray-brace', { start: first, end: first + 1 }, `Unexpected \`{\` before \`${written(next)}\`, expected \`${written(next)}\` alone, ${literal}`, [written(next)])
    } else {
      this.report('markup-stray-brace', { start: first, end: first + 1 }, `Unexpected \`${brace}\` in text, expected markup (\`{ref:…}\`, \`{term:…}\`…), ${literal}`)
    }
    return first + 1
  }

  private report(code: MarkupProblemCode, at: { start: number; end: number }, message: string, suggestions?: string[]) {
    const problem: MarkupProblem = { code, message, position: this.span(at.start, at.end) }
    if (suggestions && suggestions.length > 0) problem.suggestions = suggestions
    this.problems.push(problem)
  }

  private span(start: number, end: number): Position {
    return { start: this.point(start), end: this.point(end) }
  }

  private point(offset: number): Position['start'] {
    // Binary search for the last line starting at or before `offset`.
    let low = 0
    let high = this.lineStarts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if ((this.lineStarts[mid] ?? 0) <= offset) low = mid
      else high = mid - 1
    }
    return { line: low + 1, column: offset - (this.lineStarts[low] ?? 0) + 1, offset }
  }
}

/**
 * Edit distance, case-insensitive, where swapped letters count less than
 * other edits (`trem` is closer to `term` than to `ref`).
 */
function editDistance(a: string, b: string): number {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  const d = distance(x, y)
  const sorted = (s: string) => [...s].sort().join('')
  return d > 0 && sorted(x) === sorted(y) ? d - 0.5 : d
}

/** Closest candidates, best first. */
function closest(wanted: string, candidates: string[], limit = 3): string[] {
  const w = wanted.toLowerCase()
  const max = Math.max(2, Math.floor(w.length * 0.4))
  return candidates
    .map((c, order) => ({ c, order, d: editDistance(w, c) }))
    .filter((x, _, all) => x.d <= max && (x.d === 0 || !all.some((y) => y.d === 0)))
    .sort((a, b) => a.d - b.d || a.order - b.order)
    .slice(0, limit)
    .map((x) => x.c)
}

/** For `[credits]`: match canonical names and spellings, suggest what to write (`[c]`). */
function suggestSymbols(written: string): string[] | undefined {
  const w = written.toLowerCase()
  const max = Math.max(2, Math.floor(w.length * 0.4))
  const scored = SYMBOLS.map((s, order) => ({
    s,
    order,
    d: Math.min(...[s.name, ...s.aliases].map((n) => editDistance(w, n))),
  }))
    // Only a difference of case: that is the one.
    .filter((x, _, all) => x.d <= max && (x.d === 0 || !all.some((y) => y.d === 0)))
    .sort((a, b) => a.d - b.d || a.order - b.order)
    .slice(0, 3)
  return scored.length > 0 ? scored.map((x) => `[${x.s.aliases[0]}]`) : undefined
}
