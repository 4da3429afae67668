/**
 * Syntax tree → plain text, as the published document's plain text reads:
 * references as words ("section 6.2.8"), symbols as tokens (`[credit]`),
 * everything else as its text.
 */
import type { MarkupPhrasing, MarkupRoot } from './nodes.ts'
import { phraseReference } from './phrase-reference.ts'
import type { RenderContext } from './render-context.ts'
import { getSymbol } from './symbols.ts'

/** How a game symbol prints, given the text printed before it (a style may read a count there: "2 credits"). */
export type SymbolText = (name: string, before: string) => string

const asToken: SymbolText = (name) => getSymbol(name)?.token ?? `[${name}]`

/** Render a tree to plain text; `symbol` decides how game symbols print (their tokens by default). */
export function toText(tree: MarkupRoot, ctx: RenderContext, symbol: SymbolText = asToken): string {
  let out = ''
  for (const node of tree.children) out += nodeToText(node, ctx, symbol, out)
  return out
}

function nodeToText(node: MarkupPhrasing, ctx: RenderContext, symbol: SymbolText, before: string): string {
  switch (node.type) {
    case 'text':
    case 'termDefinition':
    case 'subtype':
      return node.value
    case 'ruleReference':
    case 'ruleRange':
      return phraseReference(node, ctx)
        .map((part) => part.value)
        .join('')
    case 'cardMention':
    case 'productMention':
    case 'image':
      return node.name
    case 'link':
      return node.children.map((child) => child.value).join('')
    case 'curly':
      return `{${node.value}}`
    case 'symbol':
      return symbol(node.name, before)
    case 'newText': {
      let out = ''
      for (const child of node.children) out += nodeToText(child, ctx, symbol, before + out)
      return out
    }
    default:
      return ''
  }
}
