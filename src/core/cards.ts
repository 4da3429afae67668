/**
 * Card names: resolving a `{card:…}` mention to a NetrunnerDB card.
 *
 * Pure: the data (`data/cards.json`, written by `scripts/refresh-cards.ts`) is
 * passed in. A name resolves, in order, by
 *   1. `exact`      — the printed title;
 *   2. `alias`      — a short identity name ("Alice Merchant") from
 *                     NetrunnerDB's code list, or a legacy alias older releases
 *                     used (`legacy: true`, e.g. "Geist");
 *   3. `diacritics` — the same name spelled differently: diacritics, case,
 *                     hyphen or space, apostrophe style, surrounding spaces,
 *                     a final full stop ("Miraju", "Nisei Mk II",
 *                     "Mushin-no-Shin", "Joshua B"). The compiler warns;
 *   4. `none`       — with the closest names as suggestions.
 */
import { distance } from 'fastest-levenshtein'
import { escapeRegExp } from './chars.ts'

/** One card as stored in `data/cards.json`. */
export interface CardRecord {
  title: string
  /** NetrunnerDB code of the newest printing, e.g. `"12061"`. */
  code: string
  /** Codes of earlier printings (NetrunnerDB's code list may use them). */
  previousCodes: string[]
  side: 'Corp' | 'Runner' | 'Rules Insert'
  type: string
  faction: string | null
  subtypes: string[]
  /** Printed text with NetrunnerDB's light HTML (`<strong>`) and `[click]`-style symbols. */
  text: string
}

/** The shape of `data/cards.json`. */
export interface CardData {
  source: string
  generated: string
  cards: CardRecord[]
  /** Other name → printed title (from NetrunnerDB's code list). */
  aliases: Record<string, string>
  /** Names older releases used that NetrunnerDB no longer lists → printed title. */
  legacyAliases?: Record<string, string>
}

/** A card with its links, as the compiler and the site use it. */
export interface Card extends CardRecord {
  url: string
  imageUrl: string
}

export type CardMatch = 'exact' | 'alias' | 'diacritics' | 'none'

export interface CardResolution {
  card?: Card
  match: CardMatch
  /** Set when the name is a legacy alias (accepted by the release that used it). */
  legacy?: boolean
  /** For `none`: up to 3 closest titles or aliases, best first. */
  suggestions: string[]
}

export interface CardIndex {
  resolveCard(name: string): CardResolution
  /** By current or previous code. */
  cardByCode(code: string): Card | undefined
  readonly cards: readonly Card[]
}

export const cardUrl = (code: string): string => `https://netrunnerdb.com/en/card/${code}`

export const cardImageUrl = (code: string): string => `https://card-images.netrunnerdb.com/v2/large/${code}.jpg`

/**
 * The key two spellings of a name share when they differ only in ways a
 * reader would not notice: NFD with combining marks removed, lower case,
 * typographic apostrophes and quotes made straight, hyphens and dashes as
 * spaces, runs of spaces collapsed, and a final full stop dropped. Every real
 * variant in the rules sources is one of these (see data/README.md); no two
 * titles share a key. A name still wrapped in card markup is unwrapped:
 * v22.12–v25.04 write `{card:{card:Ashigaru}}`, which the published v24.03
 * shows as plain "Ashigaru".
 */
export function foldCardName(name: string): string {
  return name
    .replace(/^\s*\{card:/, '')
    .replace(/\}\s*$/, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u02bc\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/[-\u2010-\u2015\u2212]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.+$/, '')
}

export function createCardIndex(data: CardData): CardIndex {
  const cards: Card[] = data.cards.map((c) => ({ ...c, url: cardUrl(c.code), imageUrl: cardImageUrl(c.code) }))
  const byTitle = new Map<string, Card>()
  const byCode = new Map<string, Card>()
  for (const card of cards) {
    byTitle.set(card.title, card)
    byCode.set(card.code, card)
  }
  // Previous codes only fill gaps: a current code always wins.
  for (const card of cards) for (const code of card.previousCodes) if (!byCode.has(code)) byCode.set(code, card)

  const byAlias = new Map<string, { card: Card; legacy: boolean }>()
  const addAliases = (aliases: Record<string, string> | undefined, legacy: boolean) => {
    for (const [name, title] of Object.entries(aliases ?? {})) {
      const card = byTitle.get(title)
      if (card && !byTitle.has(name) && !byAlias.has(name)) byAlias.set(name, { card, legacy })
    }
  }
  addAliases(data.aliases, false)
  addAliases(data.legacyAliases, true)

  // Folded key → the one card it names; a key two cards share is ambiguous and left out.
  // Built on the first name that is neither a title nor an alias: a clean compile never needs it.
  let folds: { byFold: Map<string, Card | null>; candidates: { name: string; card: Card; key: string }[] } | undefined
  const foldIndex = () => {
    if (folds) return folds
    const byFold = new Map<string, Card | null>()
    const addFold = (name: string, card: Card) => {
      const key = foldCardName(name)
      const seen = byFold.get(key)
      if (seen === undefined) byFold.set(key, card)
      else if (seen !== card) byFold.set(key, null)
    }
    for (const card of cards) addFold(card.title, card)
    for (const [name, { card }] of byAlias) addFold(name, card)
    const candidates = [
      ...[...byTitle].map(([name, card]) => ({ name, card, key: foldCardName(name) })),
      ...[...byAlias].map(([name, { card }]) => ({ name, card, key: foldCardName(name) })),
    ]
    return (folds = { byFold, candidates })
  }

  return {
    cards,
    cardByCode: (code) => byCode.get(code),
    resolveCard(name) {
      const exact = byTitle.get(name)
      if (exact) return { card: exact, match: 'exact', suggestions: [] }
      const alias = byAlias.get(name)
      if (alias) return alias.legacy ? { card: alias.card, match: 'alias', legacy: true, suggestions: [] } : { card: alias.card, match: 'alias', suggestions: [] }
      const { byFold, candidates } = foldIndex()
      const folded = byFold.get(foldCardName(name))
      if (folded) return { card: folded, match: 'diacritics', suggestions: [] }
      return { match: 'none', suggestions: closestNames(foldCardName(name), candidates) }
    },
  }
}

/**
 * Up to 3 names closest to `key` (already folded). Edit distance is allowed up
 * to 40% of the length (at least 2) so short names do not pull in noise; a
 * whole-word part of a longer name ("Geist" in `Armand "Geist" Walker`) also
 * counts, scored by how much is left over. One name per card.
 */
function closestNames(key: string, candidates: { name: string; card: Card; key: string }[], limit = 3): string[] {
  if (key === '') return []
  const max = Math.max(2, Math.floor(key.length * 0.4))
  const word = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(key)}($|[^\\p{L}\\p{N}])`, 'u')
  const scored: { name: string; card: Card; d: number }[] = []
  for (const c of candidates) {
    const d = distance(key, c.key)
    // A whole-word part ranks after one-letter typos, before two-letter ones.
    const part = key.length >= 2 && word.test(c.key) ? 1.5 + (c.key.length - key.length) / 1000 : Infinity
    const best = Math.min(d <= max ? d : Infinity, part)
    if (best !== Infinity) scored.push({ name: c.name, card: c.card, d: best })
  }
  scored.sort((a, b) => a.d - b.d || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const seen = new Set<Card>()
  const out: string[] = []
  for (const s of scored) {
    if (out.length === limit) break
    if (seen.has(s.card)) continue
    seen.add(s.card)
    out.push(s.name)
  }
  return out
}

