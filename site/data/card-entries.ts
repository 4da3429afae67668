/** The card index: every card the rules mention, its text and the rules that mention it. */
import type { CardIndex } from '../../src/core/cards.ts'
import type { RuleEntry } from '../../src/core/types.ts'
import { cardTextToHtml } from './card-text.ts'
import type { CardEntry } from './types.ts'

export function buildCardEntries(rules: RuleEntry[], urlOf: (id: string) => string, cards: CardIndex | undefined): CardEntry[] {
  const entries = new Map<string, CardEntry>()
  for (const r of rules) {
    for (const name of r.cards) {
      const card = cards?.resolveCard(name).card
      const title = card?.title ?? name
      let entry = entries.get(title)
      if (!entry) {
        entry = { title, names: [], rules: [] }
        if (card) {
          entry.code = card.code
          entry.url = card.url
          entry.image = card.imageUrl
          const kind = [card.type, card.subtypes.join(' - ')].filter(Boolean).join(': ')
          entry.typeLine = [card.side, kind].filter(Boolean).join(' · ')
          if (card.text) entry.textHtml = cardTextToHtml(card.text)
        }
        entries.set(title, entry)
      }
      if (name !== title && !entry.names.includes(name)) entry.names.push(name)
      if (!entry.rules.some((x) => x.id === r.id)) entry.rules.push({ id: r.id, number: r.number, url: urlOf(r.id) })
    }
  }
  return [...entries.values()].sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }))
}
