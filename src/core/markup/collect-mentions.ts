import { eachNode, type MarkupRoot } from './nodes.ts'

export interface Mentions {
  /** Referenced IDs (lowercase-first); a range contributes its two ends. */
  refs: string[]
  terms: string[]
  subtypes: string[]
  cards: string[]
  products: string[]
}

/** What a text mentions, each list in order of first mention, without duplicates. */
export function collectMentions(tree: MarkupRoot): Mentions {
  const mentions: Mentions = { refs: [], terms: [], subtypes: [], cards: [], products: [] }
  const add = (list: string[], value: string) => {
    if (!list.includes(value)) list.push(value)
  }
  eachNode(tree, (node) => {
    switch (node.type) {
      case 'ruleReference':
        for (const id of node.ids) add(mentions.refs, id)
        break
      case 'ruleRange':
        add(mentions.refs, node.from)
        add(mentions.refs, node.to)
        break
      case 'termDefinition':
        add(mentions.terms, node.value)
        break
      case 'subtype':
        add(mentions.subtypes, node.value)
        break
      case 'cardMention':
        add(mentions.cards, node.name)
        break
      case 'productMention':
        add(mentions.products, node.name)
        break
    }
  })
  return mentions
}
