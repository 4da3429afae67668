/**
 * Cards the rules never name, in the rules' words (`card-terms.json`, issue 20).
 * A judge asks about the card on the table ("does Hippo fire if I bypass
 * it"); the CR names a few hundred cards, NetrunnerDB knows two thousand. For
 * every other card this table gives what the rules do speak of: its type
 * ("ice"), its subtypes the rules have rules for (`SUBTYPES`:
 * "icebreaker", "console", "region"), and up to `MAX_KEYWORDS` of the CR's
 * terms its text uses ("trace", "host", "bad publicity"), the rarest among
 * cards first. The search box fetches it only when a query has a word the
 * rules do not know, and searches a card's terms in place of its name.
 *
 *   t  the terms, each once (indices below point here)
 *   c  [card title, [term indices, type first]], by title
 *
 * Pure: `data/cards.json`'s records and the release's search records in.
 */
import type { CardRecord } from '../../src/core/cards.ts'
import { words } from '../scripts/query/fold.ts'
import type { SearchRecord } from './types.ts'

export interface CardTermsJson {
  t: string[]
  c: [string, number[]][]
}

/** A card type → the CR's word for it. */
const TYPE_WORD: Record<string, string> = {
  Agenda: 'agenda',
  Asset: 'asset',
  ICE: 'ice',
  Identity: 'identity',
  Operation: 'operation',
  Upgrade: 'upgrade',
  Event: 'event',
  Hardware: 'hardware',
  Program: 'program',
  Resource: 'resource',
}

/**
 * What card text does that the rules have rules for, in the CR's words; a
 * card's text `says` one of them (folded words, in order), the table gives
 * `term`. Data: each term is checked to be the CR's words by
 * `tests/site-unit/card-terms.test.ts`.
 */
export const KEYWORDS: readonly { says: string[]; term: string }[] = [
  { says: ['end the run'], term: 'end the run' },
  { says: ['bypass'], term: 'bypass' },
  { says: ['trace'], term: 'trace' },
  { says: ['psi game'], term: 'psi game' },
  { says: ['bad publicity'], term: 'bad publicity' },
  { says: ['expose'], term: 'expose' },
  { says: ['derez'], term: 'derez' },
  { says: ['purge'], term: 'purge' },
  { says: ['host', 'hosted'], term: 'host' },
  { says: ['recurring', '[recurring]'], term: 'recurring credits' },
  { says: ['net damage'], term: 'net damage' },
  { says: ['meat damage'], term: 'meat damage' },
  { says: ['core damage', 'brain damage'], term: 'core damage' },
  { says: ['tag', 'tags'], term: 'tag' },
  { says: ['advance', 'advancement'], term: 'advance' },
  { says: ['forfeit'], term: 'forfeit' },
  { says: ['swap'], term: 'swap' },
  { says: ['search'], term: 'search' },
  { says: ['reveal'], term: 'reveal' },
  { says: ['prevent'], term: 'prevent' },
  { says: ['virus counter', 'virus counters'], term: 'virus counters' },
  { says: ['power counter', 'power counters'], term: 'power counters' },
  { says: ['agenda counter', 'agenda counters'], term: 'agenda counters' },
  { says: ['access'], term: 'access' },
  { says: ['steal'], term: 'steal' },
  { says: ['break'], term: 'break' },
  { says: ['strength'], term: 'strength' },
  { says: ['link'], term: 'link' },
  { says: ['memory', '[mu]'], term: 'memory unit' },
  { says: ['jack out'], term: 'jack out' },
  { says: ['threat'], term: 'threat level' },
  { says: ['charge'], term: 'charge' },
  { says: ['sabotage'], term: 'sabotage' },
  { says: ['mark'], term: 'mark' },
  { says: ['trash'], term: 'trash' },
  { says: ['interface'], term: 'interface' },
  { says: ['uninstall'], term: 'uninstalled' },
  { says: ['shuffle'], term: 'shuffle' },
  { says: ['additional cost'], term: 'additional cost' },
]

/** The subtypes the rules have rules for, beyond listing them (a Console's limit, a Region's, a Double event's extra click). */
export const SUBTYPES: readonly string[] = ['icebreaker', 'console', 'virus', 'region', 'current', 'double', 'terminal', 'ambush', 'stealth']

export const MAX_KEYWORDS = 3

/**
 * `cards`: every card; `records`: the release's search records, which say
 * which cards the rules name (left out: a name already finds its rules).
 */
export function buildCardTerms(cards: readonly CardRecord[], records: readonly SearchRecord[]): CardTermsJson {
  const named = new Set(records.flatMap((r) => r.cards))
  const playable = cards.filter((c) => TYPE_WORD[c.type] && !named.has(c.title))
  const says = (c: CardRecord) => ` ${words(c.text.replace(/<[^>]*>/g, ' ')).join(' ')} `
  const keywordsOf = new Map(playable.map((c) => {
    const text = says(c)
    return [c, KEYWORDS.filter((k) => k.says.some((s) => text.includes(` ${words(s).join(' ')} `))).map((k) => k.term)] as const
  }))
  // The rarest among cards first: "trace" says more about a card than "trash".
  const cardsWith = new Map<string, number>()
  for (const ks of keywordsOf.values()) for (const k of ks) cardsWith.set(k, (cardsWith.get(k) ?? 0) + 1)

  const terms: string[] = []
  const at = new Map<string, number>()
  const indexOf = (term: string) => at.get(term) ?? (at.set(term, terms.push(term) - 1), terms.length - 1)
  const out: [string, number[]][] = []
  for (const c of [...playable].sort((a, b) => (a.title < b.title ? -1 : 1))) {
    const subtypes = c.subtypes.map((s) => s.toLowerCase()).filter((s) => SUBTYPES.includes(s))
    const keywords = [...keywordsOf.get(c)!].sort((a, b) => cardsWith.get(a)! - cardsWith.get(b)! || KEYWORDS.findIndex((k) => k.term === a) - KEYWORDS.findIndex((k) => k.term === b)).slice(0, MAX_KEYWORDS)
    out.push([c.title, [...new Set([TYPE_WORD[c.type]!, ...subtypes, ...keywords])].map(indexOf)])
  }
  return { t: terms, c: out }
}
