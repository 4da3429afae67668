/**
 * Query understanding in front of Pagefind: what the reader typed → the
 * words to search, in the CR's own words, and the rules to put first.
 *
 *   1. question and stop words go ("what happens to my hosted programs…")
 *   2. community jargon becomes the CR's wording ("ETR" → "end the run")
 *   3. unknown words are corrected against the CR's vocabulary ("strenght")
 *   4. a query that is a defined term pins the rule defining it; a card name
 *      pins the rules whose text or examples mention the card
 *
 * Pure: no DOM, no fetch; `search.ts` supplies the context.
 */
import { fold, words } from './fold.ts'
import type { JargonEntry } from './jargon.ts'
import { baseForms, formsToSearch } from './inflect.ts'
import { isStopword } from './stopwords.ts'
import { synonymIndex, type SynonymEntry } from './synonyms.ts'
import { correctWord, isKnownForm, isKnownPrefix, type Vocabulary } from './typo.ts'

export interface Card {
  name: string
  /** Folded words of the whole name, and of the part before `:` (`MirrorMorph`). */
  words: string[]
  short: string[]
  /** IDs of the rules mentioning it. */
  rules: string[]
}

export interface QueryContext {
  vocab: Vocabulary
  jargon: Map<string, JargonEntry>
  /** Defined term, lower case → IDs of the rules defining it (`lookup.json`'s `t`). */
  terms: Map<string, string[]>
  cards: Card[]
  /** Players' words and phrases → the CR's (`synonyms.ts`); the built-in list when absent. */
  synonyms?: { byPhrase: Map<string, SynonymEntry>; longest: number }
  /**
   * Cards the rules never name → their terms (`card-terms.json`), once
   * fetched: only for a query with a word the rules do not know.
   */
  cardTerms?: CardTerms
  /** IDs of the rules whose own text names a card ("One card, Lady Liberty, …"): `card-rules.ts`. */
  cardRules?: Set<string>
  /** IDs of the rules that are steps of a procedure or a timing structure: `steps.ts`. */
  steps?: Set<string>
}

/** `card-terms.json` read: a card's folded name (and the part before its `:`) → its name and terms. */
export interface CardTerms {
  byName: Map<string, { name: string; terms: string[] }>
  longest: number
}

export function createCardTerms(json: { t: string[]; c: [string, number[]][] }): CardTerms {
  const byName = new Map<string, { name: string; terms: string[] }>()
  let longest = 1
  for (const [name, at] of json.c) {
    const card = { name, terms: at.flatMap((i) => (json.t[i] ? [json.t[i]] : [])) }
    const forms = [words(name), name.includes(':') ? words(name.slice(0, name.indexOf(':'))) : []]
    for (const form of forms) {
      if (form.length === 0) continue
      const key = form.join(' ')
      if (!byName.has(key)) byName.set(key, card)
      longest = Math.max(longest, form.length)
    }
  }
  return { byName, longest }
}

/**
 * Would the card table tell more about this query? It has a word the rules do
 * not know: said to be unknown, or taken for a typo of a word they do
 * ("Troll" is no typo of "toll").
 */
export const needsCardTerms = (u: Understood) => !u.exact && (u.unknown.length > 0 || u.changes.some((c) => c.why === 'typo'))

export interface Change {
  from: string
  to: string
  why: 'typo' | 'jargon' | 'synonym' | 'card'
}

export interface Pin {
  id: string
  /** Shown until the rule's own text is loaded: `Defines “rez”`, `Mentions Hedge Fund`. */
  why: string
  /** The card it mentions, for a card's pin. */
  card?: string
}

export interface Understood {
  /** The words to search, in order. */
  words: string[]
  /** The query as searched, for "showing results for …"; equals the input when nothing changed. */
  text: string
  changes: Change[]
  pins: Pin[]
  /** A quoted query goes to Pagefind as typed (its exact-phrase search). */
  exact: boolean
  /** The query is a card's name and nothing else: its words are searched together, never apart ("fund" alone is not Hedge Fund). */
  cardName: boolean
  /**
   * Words no rule uses, that are no typo of one either ("hippo"): not searched
   * (Pagefind would match them loosely), and said so. Empty when every word is known.
   */
  unknown: string[]
  /**
   * A searched word → its other forms the index does not fold into it
   * ("rezzed" → ["rez"], `inflect.ts`): searched too, as the same word.
   */
  forms?: Record<string, string[]>
}

export interface UnderstandOptions {
  /** Correct typos and expand jargon; off for "search instead for …", which searches the words as typed. */
  correct?: boolean
  /** The last word may be unfinished (search as you type): a known prefix is not a typo. */
  typing?: boolean
}

/** "If" matters in "if able", "if successful": the rules' own phrases. */
const KEEP_AFTER_IF = new Set(['able', 'successful', 'unsuccessful'])

export function understandQuery(query: string, ctx: QueryContext, options: UnderstandOptions = {}): Understood {
  const { correct = true, typing = false } = options
  const raw = query.trim()
  if (/^\s*".+"\s*$/.test(raw)) return { words: words(raw), text: raw, changes: [], pins: [], exact: true, cardName: false, unknown: [] }

  const changes: Change[] = []
  // Players' phrases first, longest first ("no cards left" → empty): their words are the CR's, taken as they are.
  const typed: { word: string; cr?: boolean; from?: string }[] = []
  const given = words(raw)
  const synonyms = ctx.synonyms ?? defaultSynonyms()
  const crWord = (w: string) => ctx.vocab.rank.has(w) && !ctx.vocab.cardOnly.has(w)
  for (let i = 0; i < given.length; ) {
    // A card the rules never name, with a word they do not know ("Hippo", "Femme Fatale"): searched as what the rules call its type and abilities.
    let m = correct && ctx.cardTerms ? Math.min(ctx.cardTerms.longest, given.length - i) : 0
    for (; m >= 1; m--) {
      const name = given.slice(i, i + m)
      const card = name.some((w) => !crWord(w)) ? ctx.cardTerms!.byName.get(name.join(' ')) : undefined
      if (!card) continue
      changes.push({ from: card.name, to: card.terms.join(', '), why: 'card' })
      for (const w of card.terms.flatMap(words)) typed.push({ word: w, cr: true })
      break
    }
    if (m >= 1) {
      i += m
      continue
    }
    let n = correct ? Math.min(synonyms.longest, given.length - i) : 0
    for (; n >= 1; n--) {
      const phrase = given.slice(i, i + n).join(' ')
      const entry = synonyms.byPhrase.get(phrase)
      if (!entry || entry.unlessWith?.some((w) => given.includes(w))) continue
      changes.push({ from: phrase, to: entry.means, why: 'synonym' })
      for (const w of words(entry.means)) typed.push({ word: w, cr: true })
      break
    }
    if (n >= 1) {
      i += n
      continue
    }
    // A word players write as one, typed apart or hyphenated ("face-check", "deck out", "bad pub"): read as the
    // one word, unless the two words are already the CR's ("hand size" of "maximum hand size").
    const joined = correct && i + 1 < given.length ? ctx.jargon.get(given[i]! + given[i + 1]!) : undefined
    const crAlready = joined && words(joined.means).includes(given[i]!) && words(joined.means).includes(given[i + 1]!)
    if (joined && !crAlready) {
      typed.push({ word: given[i]! + given[i + 1]!, from: `${given[i]} ${given[i + 1]}` })
      i += 2
    } else typed.push({ word: given[i++]! })
  }
  const unknown: string[] = []
  const forms: Record<string, string[]> = {}
  // The jargon read in the query, for a query that is one such word alone ("ID", "dmg").
  const expanded: JargonEntry[] = []
  // Every word, stop words included (card names and terms contain them), after jargon and typos.
  const all: { word: string; stop: boolean }[] = []
  typed.forEach(({ word, cr, from }, i) => {
    const last = i === typed.length - 1
    if (cr) {
      all.push({ word, stop: false })
      return
    }
    const jargon = correct ? ctx.jargon.get(word) : undefined
    // A word already in the CR's phrase it stands for ("net damage", "jack out", "agenda points") is the CR's own.
    const inPhrase = jargon && !from && words(jargon.means).includes(word) && words(jargon.means).every((w) => w === word || isStopword(w) || typed.some((t) => t.word === w))
    if (jargon && !inPhrase) {
      changes.push({ from: from ?? word, to: jargon.means, why: 'jargon' })
      expanded.push(jargon)
      for (const w of words(jargon.means)) all.push({ word: w, stop: isStopword(w) })
      return
    }
    if (isStopword(word)) {
      all.push({ word, stop: !(word === 'if' && KEEP_AFTER_IF.has(typed[i + 1]?.word ?? '')) })
      return
    }
    // A form the index does not fold with the rules' ("ran" → run, "rezzed" → also rez).
    // The last word may be the start of another still being typed ("ran" of "random").
    const unfinished = typing && last && !crWord(word) && isKnownPrefix(ctx.vocab, word)
    const inflected = correct && !unfinished ? formsToSearch(word, crWord) : [word]
    if (inflected.length > 1 || inflected[0] !== word) {
      if (inflected.length > 1) forms[inflected[0]!] = inflected.slice(1)
      all.push({ word: inflected[0]!, stop: false })
      return
    }
    if (!correct || ctx.vocab.rank.has(word) || (typing && last && isKnownPrefix(ctx.vocab, word))) {
      all.push({ word, stop: false })
      return
    }
    const fixed = correctWord(ctx.vocab, word)
    if (fixed) changes.push({ from: word, to: fixed, why: 'typo' })
    // Neither a word of the rules nor a typo of one (nor the start of one, still being typed).
    else if (!/\d/.test(word) && !isKnownForm(ctx.vocab, word) && !ctx.cards.some((c) => c.words.join('') === word)) unknown.push(word)
    all.push({ word: fixed ?? word, stop: fixed !== undefined && isStopword(fixed) })
  })

  // A word twice ("the cannot ability … the can ability") is searched once; a word no rule uses is not searched.
  const searched = [...new Set(all.filter((w) => !w.stop && !unknown.includes(w.word)).map((w) => w.word))]
  const full = all.map((w) => w.word)
  const pins: Pin[] = []
  const pin = (id: string, why: string, card?: string) => {
    if (!pins.some((p) => p.id === id)) pins.push({ id, why, ...(card ? { card } : {}) })
  }
  for (const form of [full.join(' '), searched.join(' ')]) {
    const defined = definingTerm(ctx.terms, form)
    if (defined) {
      for (const id of defined.ids) pin(id, `Defines “${defined.term}”`)
      break
    }
  }
  // A query that is one community word alone ("ID", "dmg") names what it stands for, as a defined
  // term does: the rule its entry points to goes first ("identity" alone would find "identifier" first).
  const alone = expanded.length === 1 && changes.length === 1 ? expanded[0]! : undefined
  if (pins.length === 0 && alone && searched.every((w) => words(alone.means).includes(w))) pin(alone.finds, `${changes[0]!.from}: ${alone.means}`)
  const cards = findCards(ctx.cards, full, ctx.vocab)
  for (const card of cards) for (const id of card.rules) pin(id, `Mentions ${card.name}`, card.name)
  const cardName = cards.length > 0 && searched.every((w) => cards.some((c) => c.words.includes(w)))

  const text = changes.length > 0 ? rewrite(raw, changes) : raw
  const searchedForms = Object.fromEntries(Object.entries(forms).filter(([w]) => searched.includes(w)))
  return {
    words: searched.length > 0 || unknown.length > 0 ? searched : full,
    text,
    changes,
    pins,
    exact: false,
    cardName,
    unknown,
    ...(Object.keys(searchedForms).length > 0 ? { forms: searchedForms } : {}),
  }
}

let builtIn: QueryContext['synonyms']
const defaultSynonyms = () => (builtIn ??= synonymIndex())

/** The query with each changed word or phrase replaced, for showing what was searched. */
function rewrite(raw: string, changes: Change[]): string {
  // Phrases first, as typed in any case and spacing ("No cards  left" → "empty").
  // A card keeps its name: the note says what it is searched as ("Hippo: hardware, break, trash").
  changes = changes.filter((c) => c.why !== 'card')
  for (const c of changes) {
    if (!c.from.includes(' ')) continue
    const pattern = c.from.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join("(?:'s)?[^\\p{L}\\p{N}&]+")
    raw = raw.replace(new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'iu'), c.to)
  }
  const byWord = new Map(changes.filter((c) => !c.from.includes(' ')).map((c) => [c.from, c]))
  return raw.replace(/[\p{L}\p{N}]+(?:[&'’+-][\p{L}\p{N}]+)*/gu, (w) => {
    const change = byWord.get(words(w)[0] ?? '')
    // A corrected word keeps its case; jargon reads as the CR writes it ("ETR" → "end the run").
    return change === undefined ? w : change.why === 'typo' ? inCaseOf(w, change.to) : change.to
  })
}

/** `to` in the case `typed` was written in: "Hegde" → "Hedge", "STRENGHT" → "STRENGTH". */
function inCaseOf(typed: string, to: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase() && typed !== typed.toLowerCase()) return to.toUpperCase()
  if (typed[0] !== typed[0]!.toLowerCase()) return to[0]!.toUpperCase() + to.slice(1)
  return to
}

/** The defined term `phrase` is, allowing a plural ("tags" → "tag"), and the rules defining it. */
export function definingTerm(terms: Map<string, string[]>, phrase: string): { term: string; ids: string[] } | undefined {
  const q = phrase.trim()
  if (!q) return undefined
  for (const form of [q, q.replace(/e?s$/, ''), q.replace(/s$/, ''), `${q}s`]) {
    const ids = terms.get(form)
    if (ids) return { term: form, ids }
  }
  return undefined
}

/**
 * The defined terms a query mentions, in the order it mentions them, longest
 * first where they overlap ("bad publicity", not "bad"); a term of stop words
 * alone ("will") never counts. What the search shows while Pagefind starts:
 * for "what happens when the host is trashed", the rules defining "host" and
 * "trash".
 */
export function definedTermsIn(text: string, terms: Map<string, string[]>, longest = 4): { term: string; ids: string[] }[] {
  const ws = words(text)
  const found: { term: string; ids: string[] }[] = []
  for (let i = 0; i < ws.length; ) {
    let step = 1
    for (let n = Math.min(longest, ws.length - i); n >= 1; n--) {
      const gram = ws.slice(i, i + n)
      if (gram.every(isStopword)) continue
      const forms = [gram.join(' '), ...baseForms(gram.at(-1)!).map((s) => [...gram.slice(0, -1), s].join(' '))]
      const defined = forms.map((f) => definingTerm(terms, f)).find(Boolean)
      if (defined) {
        if (!found.some((f) => f.term === defined.term)) found.push(defined)
        step = n
        break
      }
    }
    i += step
  }
  return found
}

/**
 * Cards named in the query: the whole name or the part before its `:`, as
 * consecutive words anywhere in it; or, when the query is only the start of
 * a name, a start of at least 5 letters whose first word only card names use.
 */
export function findCards(cards: Card[], query: string[], vocab?: Vocabulary): Card[] {
  const found: Card[] = []
  const has = (name: string[]) => name.length > 0 && query.some((_, i) => name.every((w, j) => query[i + j] === w))
  for (const card of cards) if (has(card.words) || has(card.short)) found.push(card)
  if (found.length > 0 || query.length === 0) return found
  const typed = query.join(' ')
  if (typed.length < 5 || (vocab && !vocab.cardOnly.has(query[0]!))) return found
  for (const card of cards) {
    const name = card.words.join(' ')
    if (name.startsWith(typed) && name !== typed) found.push(card)
  }
  // A prefix shared by many cards (or a common word) names none of them.
  return found.length <= 2 ? found : []
}

/** Cards from `search-vocab.json`'s `c`, their rules resolved through the lookup's IDs. */
export function createCards(entries: [string, number[]][], ids: string[]): Card[] {
  return entries.map(([name, at]) => ({
    name,
    words: words(name),
    short: name.includes(':') ? words(name.slice(0, name.indexOf(':'))) : [],
    rules: at.flatMap((i) => (ids[i] ? [ids[i]] : [])),
  }))
}

export { fold }
