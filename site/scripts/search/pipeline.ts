/**
 * Search's pipeline: a query → what the list shows, stage by stage, as
 * plain data (no DOM). A rule number or ID goes straight to the rule (from
 * `lookup.json`); words are first understood (stop words, jargon, typos,
 * defined terms, card names: `query/understand.ts`), then go to Pagefind,
 * relaxed into one search per word when the strict query finds few rules
 * (`query/fuse.ts`). Each stage is yielded as a `Snapshot`; `view.ts` draws
 * them, `events.ts` drops those of a query the reader has typed past.
 *
 * Every link is the release's route to the rule (`lookup.ts`, through
 * `shared/routes.ts`), never the URL Pagefind stored.
 */
import { olderEdition, parseCitation, ruleLabel, similarNumbers, suggestClosest } from '../../../src/core/ids.ts'
import { numberOf, resolveQuery, type Hit } from '../lookup.ts'
import type { PagefindResult, PagefindResultData } from '../pagefind-load.ts'
import { searchRelaxed, type IndexHit } from '../query/fuse.ts'
import { needsCardTerms, understandQuery, type Understood } from '../query/understand.ts'
import { words as foldedWords } from '../query/fold.ts'
import { isStopword } from '../query/stopwords.ts'
import { sectionsBelowTheirRules, type Placed } from '../query/sections.ts'
import { cardRulesBelowGeneral, rulesOfCardsTyped } from '../query/card-rules.ts'
import { stepsBelowRules } from '../query/steps.ts'
import type { SearchSources } from './data.ts'
import { clipText, leadWords } from '../../shared/top-text.ts'
import { shownExcerpt } from './excerpt.ts'

/** What a row shows under its number and place. */
export type RowText =
  /** Pagefind's excerpt: text with `<`/`>` escaped and `<mark>` around matches. */
  | { excerpt: string }
  /** Why the rule is there, until its text is known: `Defines “rez”`. */
  | { note: string }
  /** The rule's own text, the query's words to be marked in it. */
  | { plain: string; marks: string[] }

export interface Row {
  id: string
  url: string
  number: string
  /** `6. Runs › 6.1. General`, or the chapter alone until Pagefind's data is in. */
  where: string
  text: RowText
}

export interface Snapshot {
  q: string
  rows: Row[]
  /**
   * `interim`: answers shown while Pagefind starts (definitions, pinned rules);
   * `ranked`: the ranked list, excerpts still coming; `done`: complete.
   */
  stage: 'interim' | 'ranked' | 'done'
  /** Said in the list when it is empty. */
  empty?: string
  /** The first row shows the rule's text, whole or nearly. */
  topText?: boolean
  /** "Showing results for …" when typos or jargon changed the query. */
  understood?: Understood
  count?: { total: number; shown: number; relaxed: boolean }
  /** For screen readers (`aria-live`). */
  status?: string
  /** Where Enter goes, once known: the rule the query names, or undefined for the full results. */
  enter?: { url: string | undefined }
  /** Ways on when nothing answers: a broader search, the card database. */
  offers?: Offer[]
  /** The query names a rule (a number, an ID, a citation), not words: the results page goes where Enter would. */
  direct?: true
}

export interface Offer {
  label: string
  url: string
}

/**
 * When no rule answers: the results page (every chapter, some of the words),
 * and, for a word no rule uses (a card the rules never name, "hippo"), the
 * card database, online.
 */
function offersFor(q: string, u: Understood, src: SearchSources): Offer[] {
  const offers: Offer[] = []
  if (u.unknown.length > 0) offers.push({ label: `Look up “${u.unknown.join(' ')}” in the card database`, url: `https://netrunnerdb.com/find/?q=${encodeURIComponent(u.unknown.join(' '))}` })
  offers.push({ label: 'Search every chapter for some of the words', url: src.routes.search(q) })
  return offers
}

export interface QueryInput {
  q: string
  /** Chapter filter (`6. Runs`), '' for all. */
  chapter: string
  /** Rows to show at most. */
  limit: number
  /** Search the words as typed ("search instead for …"): no typo or jargon rewriting. */
  asTyped: boolean
}

export { TOP_TEXT } from '../../shared/top-text.ts'
export const clip = clipText

/** The dropdown's rows: on the results page (40 rows, or all) the strict results are not padded past this. */
const FILL_AT_MOST = 8

const rulesWord = (n: number) => (n === 1 ? 'rule' : 'rules')

/**
 * A row for a rule the lookup knows: its number and place are final at once
 * (issue 20: nothing under the thumb changes); its text is final once it is
 * not empty (an empty one is filled in once, when its excerpt arrives).
 */
const rowOf = (hit: Hit, text: RowText): Row => ({ id: hit.id, url: hit.url, number: hit.number, where: hit.where, text })

/** No text yet: the row's room is kept, and filled once. */
export const isEmptyText = (t: RowText) => ('excerpt' in t && !t.excerpt) || ('plain' in t && !t.plain) || ('note' in t && !t.note)

/**
 * `CR 24.03 §6.1.4`, `v24.03 rule_end_the_run`: that rule in that release,
 * from the release's own lookup; undefined when the query names no release,
 * or one this site does not have.
 */
async function resolveInRelease(src: SearchSources, q: string): Promise<{ hit?: Hit; number?: string; base: string } | undefined> {
  const cited = parseCitation(q)
  if (!cited.version) return undefined
  const release = await src.lookupIn(cited.version)
  if (!release) return undefined
  const hit = resolveQuery(release, cited.query)
  const number = numberOf(cited.query)
  return { ...(hit ? { hit } : {}), ...(number ? { number } : {}), base: release.routes.base }
}

export async function* runQuery(input: QueryInput, src: SearchSources): AsyncGenerator<Snapshot> {
  const { q, chapter, limit } = input
  // Issue 20: while Pagefind starts, a query in the rules' own words as typed has its index chunks
  // asked for as soon as the vocabulary is in, not once the lookup is read too and the query
  // understood (later on a phone: the lookup is the larger file and the longer read). Anything
  // rewritten (a typo, jargon, players' words) or unknown waits for the whole understanding: a
  // chunk asked for and not searched would be bytes for nothing.
  if (!src.ready() && typedWords(q).length > 0) {
    void src.wordsOnly.then((ctx) => {
      const early = ctx && understandQuery(q, ctx, { correct: !input.asTyped, typing: true })
      if (early && early.changes.length === 0 && early.unknown.length === 0) prefetchOf(early, src, chapter)
    })
  }
  const lookup = await src.lookup
  const own = resolveQuery(lookup, q)
  // A citation naming its release (`CR 24.03 §6.2.8`) reads in that release, its number's story too.
  const cited = own ? undefined : await resolveInRelease(src, q)
  const hit = own ?? cited?.hit
  const number = cited ? cited.number : numberOf(q)
  if (number !== undefined || hit) {
    yield* direct(q, hit, number, src, cited?.base)
    return
  }
  // A citation of an edition this site does not have (`CR 1.8 9.1.8g`): never read as today's rule, nor as words.
  const older = olderEdition(q)
  if (older) {
    const today = resolveQuery(lookup, older.query)
    const said = `CR ${older.edition} is an edition this site does not have: its ${older.query} is not read as today's.`
    yield {
      q,
      stage: 'done',
      rows: [],
      status: said,
      empty: today ? `${said} Today's ${older.query}, which may be another rule:` : said,
      ...(today ? { offers: [{ label: ruleLabel(today.number, today.id), url: today.url }] } : {}),
      enter: { url: undefined },
    }
    return
  }
  // An ID no rule has (`rule_end_teh_run`): the IDs it may be a typo of, as cr show, cr cite and rule() suggest them.
  const idTypo = /^\s*([a-z]+(?:_[a-z0-9]+)+\+?)\s*$/i.exec(q)?.[1]?.toLowerCase()
  const meant = idTypo ? suggestClosest(idTypo, lookup.ids) : []
  if (meant.length > 0) {
    const offers: Offer[] = meant.map((id) => ({ label: ruleLabel(lookup.byId.get(id)!.number, id), url: lookup.byId.get(id)!.url }))
    yield {
      q,
      stage: 'done',
      rows: [],
      status: `No rule has the ID ${idTypo}. Did you mean ${offers.map((o) => o.label).join(', ')}?`,
      empty: `No rule has the ID ${idTypo}. Did you mean:`,
      offers,
      enter: { url: undefined },
    }
    return
  }

  const inChapter = (h: Hit | undefined): h is Hit => !!h && (!chapter || h.chapter === chapter)
  const context = await src.context
  let understood: Understood = context
    ? understandQuery(q, context, { correct: !input.asTyped, typing: true })
    : { words: q.split(/\s+/), text: q, changes: [], pins: [], exact: false, cardName: false, unknown: [] }
  const prefetchUnderstood = () => prefetchOf(understood, src, chapter)
  // A word the rules do not know may be a card they never name ("Hippo"), or an English word the
  // corrector must leave alone ("forever" is no typo of "former"): the card table and the English
  // words are fetched then (once), and read before anything is shown, so the first list is the final one.
  // The corrected words' chunks are asked for meanwhile: the correction mostly stands.
  if (context && !input.asTyped && needsCardTerms(understood)) {
    prefetchUnderstood()
    const { cardTerms, english } = await src.wordLists()
    if (cardTerms || english) understood = understandQuery(q, { ...context, ...(cardTerms ? { cardTerms } : {}), ...(english ? { vocab: { ...context.vocab, english } } : {}) }, { typing: true })
  }
  const card = understood.changes.find((c) => c.why === 'card')

  prefetchUnderstood()
  const pins = understood.pins.flatMap((p) => {
    const h = lookup.byId.get(p.id)
    return inChapter(h) ? [{ hit: h, why: p.why, card: p.card }] : []
  })
  // A pinned rule shows its own text (the paragraph naming the card, for a
  // card), from the previews; a card named only in an example takes
  // Pagefind's excerpt, which shows it. Each row's text is filled in once.
  const pinTexts = Promise.all(pins.map((p) => src.ruleText(p.hit, p.card)))
  const headOf = (texts: string[] | undefined) =>
    pins.map(({ hit: h, why, card }, i) => rowOf(h, !texts ? { plain: '', marks: [] } : texts[i] ? { plain: clip(texts[i]!), marks: understood.words } : card ? { excerpt: '' } : { note: why }))
  if (!src.ready() && pins.length > 0) {
    // Pinned rules (a definition, a card's mentions) need no Pagefind: they
    // answer while it starts, and stay first (issue 20: the first list shown
    // keeps its order; guesses at the terms in a question, which the ranked
    // list re-sorted under the reader's thumb, are not shown). Their text
    // follows, once, when their chapter's previews are in.
    yield { q, stage: 'interim', rows: headOf(undefined).slice(0, limit), understood }
  }
  // Honest: words no rule uses are not searched (Pagefind would match them loosely,
  // "hippo" finding "If no, go to (h)."); with nothing else to search, say so and offer a way on.
  if (understood.words.length === 0 && pins.length === 0 && understood.unknown.length > 0) {
    const named = understood.unknown.map((w) => `“${w}”`).join(', ')
    yield {
      q,
      stage: 'done',
      rows: [],
      understood,
      status: `No rule mentions ${named}`,
      empty: `No rule mentions ${named}.`,
      offers: offersFor(q, understood, src),
      enter: { url: undefined },
    }
    return
  }
  const index = await src.index
  const ids = await src.ids
  // The ranked list does not wait for the pinned rules' text when it is a download away (their
  // chapter's previews, on a cold cache): a row shown without it is filled in once, with the complete results.
  let head = headOf(pins.every((p) => src.textAtHand(p.hit)) ? await pinTexts : undefined)
  const results = new Map<string, PagefindResult>()
  const search = async (words: string): Promise<IndexHit[]> => {
    const found = await index.search(words, chapter)
    for (const r of found) results.set(r.id, r)
    return found
  }
  // A quoted phrase is the CR's wording: found only in the headings or players' words after a rule's own, it is not a match.
  const inOwnWords = (h: IndexHit) => {
    const shown = ids?.shownOf.get(h.id)
    return shown === undefined || h.words.length === 0 || h.words.some((w) => w < shown)
  }
  const { hits, relaxed } = understood.exact
    ? { hits: (await search(understood.text)).filter(inOwnWords), relaxed: false }
    : understood.cardName
      ? { hits: await search(understood.words.join(' ')), relaxed: false }
      : await searchRelaxed(understood.words, search, { total: lookup.byId.size, fill: Math.min(limit, FILL_AT_MOST), ...(understood.forms ? { forms: understood.forms } : {}) })
  // A section yields to its own rules unless the query names it (query/sections.ts). Which rule a
  // result is must be known before its fragment arrives (search-ids.json), or the order would move.
  const placeOf = (h: IndexHit): Placed | undefined => {
    const rule = lookup.byId.get(ids?.ruleOf.get(h.id) ?? '')
    if (!rule) return undefined
    const section = rule.where.split(' › ')[1]
    return { number: rule.number, ...(section?.startsWith(`${rule.number}. `) ? { title: section.slice(rule.number.length + 2) } : {}) }
  }
  const ordered = ids && !understood.exact && !understood.cardName ? sectionsBelowTheirRules(hits, placeOf, understood.words) : hits
  // A rule about one card the query does not name yields to the general rules (query/card-rules.ts).
  const cardsNamed = context ? rulesOfCardsTyped(context.cards, foldedWords(q), context.vocab.cardOnly) : new Set<string>()
  for (const p of understood.pins) if (p.card) cardsNamed.add(p.id)
  const general = ids && context?.cardRules && !understood.exact && !understood.cardName ? cardRulesBelowGeneral(ordered, (h) => ids.ruleOf.get(h.id), context.cardRules, cardsNamed) : ordered
  // A step yields to the rule it restates unless the query asks about steps (query/steps.ts).
  const ranked = ids && context?.steps && !understood.exact && !understood.cardName ? stepsBelowRules(general, (h) => ids.ruleOf.get(h.id), context.steps, foldedWords(q)) : general
  const top = ranked.slice(0, Math.min(ranked.length, limit + pins.length))
  const pending = top.map((h) => results.get(h.id)!.data())

  const pinnedAt = new Map(pins.map((p, i) => [p.hit.id, i]))
  /**
   * Pagefind's results as rows, each row's text final: the top one its
   * rule's own text (the record's `text` meta), the others their excerpt; a
   * pinned rule keeps its place and its text (an empty one takes the excerpt).
   */
  const merge = (data: PagefindResultData[]) => {
    const rows = [...head]
    for (const d of data) {
      const h = lookup.byId.get(d.meta.id ?? '')
      if (!h) continue
      const at = pinnedAt.get(h.id)
      // Pagefind's excerpt, up to where the rule's own text ends; the start of its text when the match was past it.
      const excerpt = (): RowText => {
        const own = shownExcerpt(d)
        return own !== undefined ? { excerpt: own } : { plain: leadWords(d.meta.text ?? ''), marks: understood.words }
      }
      if (at !== undefined) {
        if (isEmptyText(rows[at]!.text)) rows[at] = rowOf(h, excerpt())
      } else if (understood.exact && !ids && shownExcerpt(d) === undefined) {
        // Without search-ids.json, a phrase found only past the rule's own words shows here.
        continue
      } else if (rows.length < limit) rows.push(rowOf(h, rows.length === 0 && d.meta.text ? { plain: d.meta.text, marks: understood.words } : excerpt()))
    }
    return rows
  }
  // Rules found: Pagefind's, and the pinned ones it did not find. Known now with search-ids.json, else once the fragments say which rules they are.
  const hitIds = new Set(hits.map((h) => h.id))
  let total = ids ? hits.length + pins.filter((p) => !hitIds.has(ids.resultOf.get(p.hit.id) ?? '')).length : undefined
  // The ranked list at once, each rule's excerpt as its fragment arrives (without search-ids.json: the best match as soon as it is here).
  if (ids) {
    const rows = [...head]
    for (const h of top) {
      const found = lookup.byId.get(ids.ruleOf.get(h.id) ?? '')
      if (found && !pinnedAt.has(found.id) && rows.length < limit) rows.push(rowOf(found, { excerpt: '' }))
    }
    yield { q, stage: 'ranked', rows, understood, count: { total: total!, shown: rows.length, relaxed } }
  } else if (pending.length > 1 && pins.length === 0) {
    yield { q, stage: 'ranked', rows: merge([await pending[0]!]), understood }
  }
  const data = await Promise.all(pending)
  head = headOf(await pinTexts)
  const rows = merge(data)
  const foundIds = new Set(data.map((d) => d.meta.id))
  total ??= hits.length + pins.filter((p) => !foundIds.has(p.hit.id)).length
  // The same words as the visible note: "Showing results for" a correction, "Searching for" jargon.
  const said = understood.changes.length === 0 ? '' : `${understood.changes.some((c) => c.why === 'typo') ? 'Showing results for' : 'Searching for'} ${understood.text}. `
  // Enter opens the top rule only when the query named it: a defined term or
  // a card (pinned), or a word or two typed alone that the top rule says as
  // typed, together (namedByTop). A question ("can I trash an agenda", its
  // filler dropped), words found only apart or only in another form ("tie",
  // found as "tied") open the results to choose from. Confident only then,
  // and never with a word no rule uses in the query. A card the rules never
  // name is searched as its type and abilities: rules about it, none naming it.
  const first = rows[0]
  const named = (pins.length > 0 || (!relaxed && first !== undefined && 'plain' in first.text && namedByTop(q, understood, first.text.plain))) && understood.unknown.length === 0 && !card
  const done: Snapshot = {
    q,
    stage: 'done',
    rows,
    understood,
    count: { total, shown: rows.length, relaxed },
    status: `${said}${total} ${rulesWord(total)} ${relaxed ? 'with some of the words' : 'found'}`,
    empty: 'No rules match.',
    ...(rows.length === 0 ? { offers: offersFor(q, understood, src) } : {}),
    topText: rows.length > 0,
    enter: { url: named ? rows[0]?.url : undefined },
  }
  yield done
}

/** What Pagefind will be asked for (the words, and the other forms searched with them), asked for now if it is still starting. */
function prefetchOf(understood: Understood, src: SearchSources, chapter: string) {
  const searchedWords = [...understood.words, ...Object.values(understood.forms ?? {}).flat()]
  if (understood.words.length > 0) src.prefetch(understood.exact ? understood.text : searchedWords.join(' '), chapter)
}

/**
 * The words of a query as typed that Pagefind will likely be asked for: none
 * for a number, an ID, a link or a citation (the lookup answers those), else
 * its words but the question around them (stop words).
 */
export function typedWords(q: string): string[] {
  if (numberOf(q) !== undefined || /[_#/§]/.test(q) || parseCitation(q).version) return []
  return foldedWords(q).filter((w) => !isStopword(w))
}

/**
 * Does the rule text `text` answer the query `q` as a name: a word or two,
 * typed alone (no question or filler around them), whose searched words the
 * text says together, in the forms searched ("trash cost", "rezzed" for
 * "rez"), not only in another form ("tied" for "tie")?
 */
export function namedByTop(q: string, understood: Understood, text: string): boolean {
  const typed = foldedWords(q)
  const wanted = understood.words
  if (wanted.length === 0 || typed.length > 2 || typed.some(isStopword)) return false
  // Together: next to each other once the text's own small words are left out ("end the run" says "end run").
  const said = foldedWords(text).filter((w) => !isStopword(w))
  const forms = (w: string) => [w, ...(understood.forms?.[w] ?? [])]
  return said.some((_, i) => wanted.every((w, k) => forms(w).includes(said[i + k] ?? '')))
}

/**
 * A number or ID: the rule itself (its text once loaded). A number that named
 * (or, on an old release, names) another rule elsewhere goes to its rule
 * with `?from=`, so the page says so on landing, as a permalink does. A
 * number this release does not have but another printed says what it named
 * there and where that rule is here ("6.1.4a in v26.03 (…) is 6.1.5a now"),
 * Enter going there (told why on landing) when it names one rule; else "no
 * rule numbered …".
 */
async function* direct(q: string, hit: Hit | undefined, number: string | undefined, src: SearchSources, base?: string): AsyncGenerator<Snapshot> {
  // In the release the query reads (a citation naming one, `CR 24.03 §6.2.5`, reads in it).
  const story = number && (!hit || hit.number === number) ? src.numberHistory(number, base) : undefined
  if (!hit) {
    const history = story ? await story.catch(() => undefined) : undefined
    const items = history?.items ?? []
    const rows: Row[] = items.flatMap((h) => (h.now ? [{ id: h.now.id, url: h.now.url, number: h.now.number, where: h.today ? `${number} today` : `Was ${number}`, text: { plain: `${h.plain}.`, marks: [] } }] : []))
    const said = `${history?.heading} ${items.map((h) => `${h.plain}.`).join(' ')}`
    // A number no release printed: the numbers it may be a typo of (`6.1.44` → 6.1.4, 6.1.4a, …), as cr cite, cr show and rule() suggest them.
    const lookup = await src.lookup
    const offers: Offer[] = items.length > 0 || !number ? [] : similarNumbers(number, lookup.byNumber).map((n) => ({ label: ruleLabel(n, lookup.byNumber.get(n)!.id), url: lookup.byNumber.get(n)!.url }))
    const meant = offers.length > 0 ? ` Did you mean ${offers.map((o) => o.label).join(', ')}?` : ''
    yield {
      q,
      stage: 'done',
      rows,
      status: items.length > 0 ? said : `No rule numbered ${q}.${meant}`,
      empty: items.length > 0 ? said : `No rule numbered ${q}.${offers.length > 0 ? ' Did you mean:' : ''}`,
      ...(offers.length > 0 ? { offers } : {}),
      enter: { url: history?.landing },
      direct: true,
    }
    return
  }
  const status = `Rule ${hit.number}: press Enter to go`
  // The number and the rule's text, not its ID: the text follows when loaded.
  const row = rowOf(hit, { plain: '', marks: [] })
  // Enter waits for the number's story (one small file, once) only when the query is a number.
  yield { q, stage: 'ranked', rows: [row], status, topText: true, direct: true, ...(story ? {} : { enter: { url: hit.url } }) }
  const [text, history] = await Promise.all([src.ruleText(hit), story?.catch(() => undefined)])
  const enter = { url: history?.landing ?? hit.url }
  yield { q, stage: 'done', rows: [{ ...row, url: enter.url ?? row.url, text: { plain: clip(text), marks: [] } }], status, topText: true, direct: true, enter }
}
