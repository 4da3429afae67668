/**
 * Syntax tree → plain text, as the published document's plain text reads:
 * references as words ("section 6.2.8"), symbols as tokens (`[credit]`),
 * everything else as its text.
 */
import type { MarkupPhrasing, MarkupRoot } from './nodes.ts'
import { phraseReference } from './phrase-reference.ts'
import type { RenderContext } from './render-context.ts'
import { getSymbol } from './symbols.ts'

/** Render a tree to plain text. */
export function toText(tree: MarkupRoot, ctx: RenderContext): string {
  return tree.children.map((node) => nodeToText(node, ctx)).join('')
}

function nodeToText(node: MarkupPhrasing, ctx: RenderContext): string {
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
      return getSymbol(node.name)?.token ?? `[${node.name}]`
    case 'newText':
      return node.children.map((child) => nodeToText(child, ctx)).join('')
    default:
      return ''
  }
}
