/**
 * Inline markup of rule text: parse (`{ref:…}`, `{card:…}`, `[c]`, …) into a
 * unist tree, render it to HTML or plain text. See README.md.
 */
export { collectMentions, type Mentions } from './collect-mentions.ts'
export type {
  CardMention,
  Curly,
  MarkupContent,
  MarkupImage,
  MarkupLink,
  MarkupPhrasing,
  MarkupPhrasingMap,
  MarkupProblem,
  MarkupRoot,
  MarkupSymbol,
  MarkupText,
  NewText,
  NewTextContent,
  ProductMention,
  RuleRange,
  RuleReference,
  Subtype,
  TermDefinition,
} from './nodes.ts'
export { eachNode } from './nodes.ts'
export { markupParse, parseMarkup, type ParseResult } from './parse.ts'
export { phraseReference, type ReferencePart } from './phrase-reference.ts'
export type { RenderContext } from './render-context.ts'
export { symbolIcon, type SymbolIconOptions } from './symbol-icon.ts'
export { findSymbol, getSymbol, listSymbolSpellings, SYMBOLS, type SymbolInfo, type SymbolKind } from './symbols.ts'
export { isSafeUrl, toHast, toHtml } from './to-hast.ts'
export { toText } from './to-text.ts'
