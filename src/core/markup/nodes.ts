/**
 * The syntax tree of one rule text (mdast-like, unist). Positions are relative
 * to the string that was parsed: `line`/`column` 1-based (columns in UTF-16
 * code units), `offset` 0-based.
 */
import type { Literal, Node, Parent } from 'unist'

/** A span of text inside one rule's markup, with its place in the file. */
export interface Position {
  start: { line: number; column: number; offset: number }
  end: { line: number; column: number; offset: number }
}

/** Every node of ours carries a full position (with `offset`) when parsed. */
interface MarkupNode extends Node {
  position?: Position
}

interface MarkupLiteral extends Literal {
  position?: Position
  value: string
}

/** Plain text, verbatim (markup that failed to parse stays here as its source). */
export interface MarkupText extends MarkupLiteral {
  type: 'text'
}

/** `{ref:id}`, `{ref:Id}`, `{ref:a,b,c}`. IDs are stored lowercase-first. */
export interface RuleReference extends MarkupNode {
  type: 'ruleReference'
  ids: string[]
  /** The first ID was written with a capital: the word is capitalised ("Section 6.9"). */
  capitalized: boolean
}

/** `{ref/through:a,b}`. */
export interface RuleRange extends MarkupNode {
  type: 'ruleRange'
  from: string
  to: string
  capitalized: boolean
}

/** `{term:…}`: the place where a term is defined. */
export interface TermDefinition extends MarkupLiteral {
  type: 'termDefinition'
}

/** `{subtype:…}`. */
export interface Subtype extends MarkupLiteral {
  type: 'subtype'
}

/** `{card:…}`, the card title as written. */
export interface CardMention extends MarkupNode {
  type: 'cardMention'
  name: string
  /** The card's NetrunnerDB code, set when the compiler resolved the name against the card data. */
  code?: string
}

/** `{product:…}`. */
export interface ProductMention extends MarkupNode {
  type: 'productMention'
  name: string
}

/** `{link:text|url}`; the URL is not checked here (renderers do that). */
export interface MarkupLink extends Parent {
  type: 'link'
  position?: Position
  url: string
  children: MarkupText[]
}

/** `{img:name}`. */
export interface MarkupImage extends MarkupNode {
  type: 'image'
  name: string
}

/** `{curly:x}`, rendered literally as `{x}`. */
export interface Curly extends MarkupLiteral {
  type: 'curly'
}

/** `[c]`, `{c}`, `[click]`, … and template placeholders (`[player]`); `name` is the canonical name from `symbols.ts`. */
export interface MarkupSymbol extends MarkupNode {
  type: 'symbol'
  name: string
  /** The spelling in the source (`[c]`, `[MU]`, `{c}`): the official generator prints it as written. */
  written?: string
}

/** `{n}…{/n}`: text new in this release. Not nestable. */
export interface NewText extends Parent {
  type: 'newText'
  position?: Position
  children: NewTextContent[]
}

/**
 * Phrasing content by type, as mdast does it: a plugin adding a node type
 * registers it here (declaration merging), and `visit()` narrows on `type`.
 */
export interface MarkupPhrasingMap {
  text: MarkupText
  ruleReference: RuleReference
  ruleRange: RuleRange
  termDefinition: TermDefinition
  subtype: Subtype
  cardMention: CardMention
  productMention: ProductMention
  link: MarkupLink
  image: MarkupImage
  curly: Curly
  symbol: MarkupSymbol
  newText: NewText
}

export type MarkupPhrasing = MarkupPhrasingMap[keyof MarkupPhrasingMap]

/** What `{n}…{/n}` may hold: anything but another `{n}`. */
export type NewTextContent = Exclude<MarkupPhrasing, NewText>

export interface MarkupRoot extends Parent {
  type: 'root'
  position?: Position
  children: MarkupPhrasing[]
}

export type MarkupContent = MarkupRoot | MarkupPhrasing

/** The registry's codes (src/core/codes.ts) the markup parser reports. */
export type MarkupProblemCode = 'markup-unclosed' | 'markup-unknown-tag' | 'markup-empty' | 'markup-stray-brace' | 'symbol-unknown' | 'ref-range-invalid'

/** A problem found while parsing; data, never an exception. */
export interface MarkupProblem {
  code: MarkupProblemCode
  message: string
  /** Relative to the parsed string. */
  position: Position
  /** Replacement source text, best first (`{term:x}` for `{trem:x}`). */
  suggestions?: string[]
}

/**
 * Call `fn` on every node of a markup tree, the root first, parents before
 * their children, in document order: `unist-util-visit`'s walk without its
 * per-node bookkeeping (ancestor lists, tests, return codes), which cost more
 * than the checks themselves when run on every text of a compile.
 */
export function eachNode(tree: MarkupRoot, fn: (node: MarkupContent) => void): void {
  const walk = (node: MarkupContent) => {
    fn(node)
    if ('children' in node) for (const child of node.children) walk(child)
  }
  walk(tree)
}
