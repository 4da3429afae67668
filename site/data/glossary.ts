/**
 * The glossary: every term the rules define, with the text that defines it,
 * and the words players look up that the rules define by a heading or call
 * otherwise.
 *
 * Three sources, each a row of `GLOSSARY_SOURCES`:
 * - `defined`: every `{term:…}`, defined by the rule that writes it (its text);
 * - `card part`: the sections of "Parts of a Card" and "Card Types" define a
 *   card's parts and types by their heading ("Trash Cost", "Strength",
 *   "Ice"), with the section's intro or first rule as the definition; a
 *   heading naming several ("Play Cost, Install Cost, or Rez Cost") gives
 *   each; card types are named in the singular ("Identity");
 * - `see`: players' words and abbreviations for a term above
 *   (`PLAYERS_WORDS`: "influence" → influence cost, "ETR" → end the run),
 *   pointing at it.
 *
 * Each entry also carries the players' words search knows for it (`says`,
 * from the one vocabulary of `scripts/query/`: jargon, synonyms, and
 * `PLAYERS_WORDS`), so the filter finds "brain damage" as core damage and
 * "face check" as the encounter ice phase (`playersWordsOf`).
 */
import type { RuleEntry } from '../../src/core/types.ts'
import { words } from '../scripts/query/fold.ts'
import { singular } from '../scripts/query/inflect.ts'
import { JARGON } from '../scripts/query/jargon.ts'
import { SYNONYMS } from '../scripts/query/synonyms.ts'
import { termAnchor } from '../shared/routes.ts'
import type { GlossaryEntry } from './types.ts'

/** The chapters whose sections define a card's parts and its types by their headings. */
const CARD_CHAPTERS: Record<string, { singular: boolean }> = {
  chpt_parts_of_a_card: { singular: false },
  chpt_card_types: { singular: true },
}

/**
 * Players' words for a term the glossary has under another name (checked by
 * `tests/site-unit/glossary.test.ts`: `see` must be a term of the current
 * rules' glossary; `says` must not be one).
 */
export const PLAYERS_WORDS: readonly { says: string; see: string }[] = [
  { says: 'influence', see: 'influence cost' },
  { says: 'faction', see: 'faction affiliation' },
  { says: 'deck size', see: 'minimum deck size' },
  { says: 'link', see: 'base link' },
  { says: 'points', see: 'agenda points' },
  { says: 'ETR', see: 'end the run' },
  { says: 'BP', see: 'bad publicity' },
  { says: 'MU', see: 'memory unit' },
]

type Source = (rules: RuleEntry[], byId: Map<string, RuleEntry>, urlOf: (id: string) => string) => GlossaryEntry[]

const defined: Source = (rules, byId, urlOf) =>
  rules.flatMap((r) => r.terms.map((term): GlossaryEntry => ({ term: term.trim(), kind: 'defined', id: r.id, number: r.number, url: urlOf(r.id), html: definitionOf(r, byId), anchor: '' })))

/** A rule defines by its text; a heading (a chapter, section or `toc:` rule naming the term) by its intro or first rule. */
function definitionOf(r: RuleEntry, byId: Map<string, RuleEntry>): string {
  if (r.title === undefined) return r.html
  const first = r.children.map((id) => byId.get(id)).find((c) => c !== undefined)
  return r.snippet?.html ?? first?.html ?? r.html
}

const cardParts: Source = (rules, byId, urlOf) =>
  rules
    .filter((r) => r.kind === 'section' && CARD_CHAPTERS[r.chapter])
    .flatMap((section) => {
      const html = definitionOf(section, byId)
      if (html === section.html) return []
      const title = section.tocTitle ?? section.title ?? section.text
      return headingTerms(title, CARD_CHAPTERS[section.chapter]!.singular).map(
        (term): GlossaryEntry => ({ term, kind: 'card part', id: section.id, number: section.number, url: urlOf(section.id), html, anchor: '' }),
      )
    })

export const GLOSSARY_SOURCES: readonly Source[] = [defined, cardParts]

/** "Play Cost, Install Cost, or Rez Cost" → play cost, install cost, rez cost, each in sentence case; "Identities" → "Identity". */
export function headingTerms(title: string, inSingular: boolean): string[] {
  return title
    .split(/,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (inSingular ? singular(t) : t))
    .map((t) => t.charAt(0).toUpperCase() + t.slice(1).toLowerCase())
}

/** Every entry, sorted, each with an anchor of its own; a term defined twice says where. */
export function buildGlossary(rules: RuleEntry[], urlOf: (id: string) => string): GlossaryEntry[] {
  const byId = new Map(rules.map((r) => [r.id, r]))
  const entries: GlossaryEntry[] = []
  const have = new Set<string>()
  for (const source of GLOSSARY_SOURCES) {
    const found = source(rules, byId, urlOf)
    // A heading naming a term the rules already define adds nothing.
    const fresh = found.filter((e) => !have.has(e.term.toLowerCase()) || e.kind === 'defined')
    for (const e of fresh) have.add(e.term.toLowerCase())
    entries.push(...fresh)
  }
  const firstOf = new Map<string, GlossaryEntry>()
  for (const e of entries) if (!firstOf.has(e.term.toLowerCase())) firstOf.set(e.term.toLowerCase(), e)
  for (const { says, see } of PLAYERS_WORDS) {
    const target = firstOf.get(see.toLowerCase())
    if (!target || have.has(says.toLowerCase())) continue
    have.add(says.toLowerCase())
    entries.push({ term: says, kind: 'see', see: target.term, id: target.id, number: target.number, url: target.url, html: '', anchor: '' })
  }
  entries.sort((a, b) => a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }) || a.number.localeCompare(b.number, 'en', { numeric: true }))
  distinguishDuplicates(entries, byId)
  const used = new Set<string>()
  for (const e of entries) {
    let anchor = termAnchor(e.term)
    for (let n = 2; used.has(anchor); n++) anchor = `${termAnchor(e.term)}-${n}`
    used.add(anchor)
    e.anchor = anchor
  }
  // A "see" entry links to the first entry of its term.
  const anchorOf = new Map<string, string>()
  for (const e of entries) if (e.kind !== 'see' && !anchorOf.has(e.term.toLowerCase())) anchorOf.set(e.term.toLowerCase(), e.anchor)
  for (const e of entries) if (e.see) e.seeAnchor = anchorOf.get(e.see.toLowerCase())
  for (const [entry, says] of playersWordsOf(entries)) entry.says = says
  return entries
}

/** Players' words and what they mean in the CR's words: search's vocabulary (jargon, synonyms) and the glossary's own. */
const VOCABULARY: readonly { says: readonly string[]; means: string }[] = [
  ...JARGON,
  ...SYNONYMS,
  ...PLAYERS_WORDS.map((w) => ({ says: [words(w.says).join(' ')], means: w.see })),
]

/**
 * Which entries each player's word means: the term that is `means` exactly (in the
 * singular), else those whose words start with every word of `means` and add at most one
 * ("encounter ice" → encounter ice phase, "damage" → core, meat and net damage, "jack out"
 * → jacking out). A word for something the glossary has no term for ("mid" → during) is
 * search's alone. `see` entries are left out: their term is found by its own words.
 */
export function playersWordsOf(entries: readonly GlossaryEntry[]): Map<GlossaryEntry, string[]> {
  const terms = entries.filter((e) => e.kind !== 'see').map((e) => ({ e, words: words(e.term).map(singular) }))
  const out = new Map<GlossaryEntry, string[]>()
  for (const { says, means } of VOCABULARY) {
    const m = words(means).map(singular)
    const exact = terms.filter((t) => t.words.join(' ') === m.join(' '))
    const near = exact.length > 0 ? exact : terms.filter((t) => t.words.length <= m.length + 1 && m.every((w) => t.words.some((tw) => tw.startsWith(w))))
    for (const { e } of near) {
      const list = out.get(e) ?? []
      for (const s of says) if (!list.includes(s) && words(s).join(' ') !== words(e.term).join(' ')) list.push(s)
      out.set(e, list)
    }
  }
  return out
}

/**
 * A term defined in two places ("action" at 5.2.1 and 9.5.2a) says where
 * each is: its section, or the start of its rule where the sections match.
 */
function distinguishDuplicates(glossary: GlossaryEntry[], byId: Map<string, RuleEntry>) {
  const groups = new Map<string, GlossaryEntry[]>()
  for (const g of glossary) {
    if (g.kind === 'see') continue
    const key = g.term.toLowerCase()
    groups.set(key, [...(groups.get(key) ?? []), g])
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue
    const sectionOf = (g: GlossaryEntry) => {
      const r = byId.get(g.id)
      const s = r?.kind === 'section' ? r : r?.section ? byId.get(r.section) : undefined
      return s ? `${s.number} ${s.tocTitle ?? s.title ?? s.text}` : ''
    }
    const sections = group.map(sectionOf)
    // Where sections match, as many of the rule's first words as tell them apart.
    const texts = group.map((g) => byId.get(g.id)?.text ?? '')
    const words = [8, 12, 16, 24, 48].find((n) => new Set(texts.map((t) => excerpt(t, n))).size === texts.length) ?? 48
    group.forEach((g, i) => {
      const section = sections[i]!
      g.where = section && sections.indexOf(section) === sections.lastIndexOf(section) ? section : excerpt(texts[i]!, words)
    })
  }
}

/** The first `words` words of plain text, with an ellipsis when cut. */
function excerpt(text: string, words: number): string {
  const all = text.trim().split(/\s+/)
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ')
}
