/**
 * Query understanding, without a browser (issue 12): what a judge types
 * becomes the words searched, in the CR's own words, and the rules pinned first.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { fold, words } from '../../site/scripts/query/fold.ts'
import { fuse, searchRelaxed, type IndexHit } from '../../site/scripts/query/fuse.ts'
import { highlightRanges } from '../../site/scripts/query/highlight.ts'
import { isStopword } from '../../site/scripts/query/stopwords.ts'
import { correctWord, createVocabulary } from '../../site/scripts/query/typo.ts'
import { editDistance } from '../../src/core/ids.ts'
import { definedTermsIn, definingTerm, findCards, understandQuery, type QueryContext } from '../../site/scripts/query/understand.ts'
import { buildSearchVocab } from '../../site/data/search-vocab.ts'
import { createLookup, isNumberQuery, resolveQuery } from '../../site/scripts/lookup.ts'
import { currentRelease, queryContext } from './query-context.ts'
import { namedByTop } from '../../site/scripts/search/pipeline.ts'

describe('fold and words', () => {
  test('lower case, accents dropped, R&D one word, possessives dropped', () => {
    expect(fold('Mirāju’s')).toBe("miraju's")
    expect(words("The Runner's R&D, ICE-strength: 6.1.4")).toEqual(['the', 'runner', 'r&d', 'ice', 'strength', '6', '1', '4'])
  })

  test('question words are stop words, the rules’ terms of art are not', () => {
    for (const w of ['what', 'happens', 'my', 'when', 'the', 'can', 'does']) expect(isStopword(w), w).toBe(true)
    for (const w of ['cannot', 'during', 'before', 'after', 'must', 'run', 'host']) expect(isStopword(w), w).toBe(false)
  })
})

describe('typo correction', () => {
  const vocab = createVocabulary(['the', 'access', 'strength', 'jack', 'out', 'hedge', 'ice', 'excess'], 4)

  test('a swap of neighbours is one edit', () => {
    const typo = { transpositions: true }
    expect(editDistance('strenght', 'strength', 2, typo)).toBe(1)
    expect(editDistance('otu', 'out', 1, typo)).toBe(1)
    expect(editDistance('abc', 'xyz', 1, typo)).toBe(2)
    // Without transpositions (IDs' did-you-mean), a swap is two edits.
    expect(editDistance('strenght', 'strength', 2)).toBe(2)
  })

  test('unknown words become the closest known word; known ones, short ones and numbers stay', () => {
    expect(correctWord(vocab, 'strenght')).toBe('strength')
    expect(correctWord(vocab, 'acess')).toBe('access')
    expect(correctWord(vocab, 'jak')).toBe('jack')
    expect(correctWord(vocab, 'hegde')).toBe('hedge')
    expect(correctWord(vocab, 'access')).toBeUndefined()
    expect(correctWord(vocab, 'ic')).toBeUndefined()
    expect(correctWord(vocab, 'zzzzzz')).toBeUndefined()
    expect(correctWord(vocab, '614')).toBeUndefined()
  })

  test('a tie goes to the word with the same first letter, then the commoner one', () => {
    // `ecess` is one edit from both `access` (commoner) and `excess`: the first letter decides.
    expect(correctWord(vocab, 'ecess')).toBe('excess')
    const v = createVocabulary(['cards', 'carts'])
    expect(correctWord(v, 'carxs')).toBe('cards')
  })
})

describe('understanding a query, against the real rules', () => {
  let ctx: QueryContext
  beforeAll(() => {
    ctx = queryContext()
  }, 600_000)

  test('a question keeps only its topic', () => {
    const u = understandQuery('what happens to my hosted programs when the host is trashed', ctx)
    expect(u.words).toEqual(['hosted', 'programs', 'host', 'trashed'])
    expect(u.changes).toEqual([])
    expect(u.text).toBe('what happens to my hosted programs when the host is trashed')
  })

  test('"if" stays in the rules’ own phrases', () => {
    expect(understandQuery('what does if able mean', ctx).words).toEqual(['if', 'able'])
  })

  test('typos are corrected against the CR, and the query shown corrected', () => {
    const u = understandQuery('jak otu', ctx)
    expect(u.words).toEqual(['jack', 'out'])
    expect(u.text).toBe('jack out')
    expect(u.changes).toEqual([
      { from: 'jak', to: 'jack', why: 'typo' },
      { from: 'otu', to: 'out', why: 'typo' },
    ])
    expect(understandQuery('ICE strenght', ctx).text).toBe('ICE strength')
  })

  test('"search instead" searches the words as typed', () => {
    expect(understandQuery('jak otu', ctx, { correct: false }).words).toEqual(['jak', 'otu'])
    expect(understandQuery('ETR', ctx, { correct: false })).toMatchObject({ words: ['etr'], changes: [], pins: [] })
  })

  test('the start of a known word is not a typo (Pagefind matches word starts): "lim", "max", "pub"', () => {
    expect(understandQuery('memory lim', ctx, { typing: true }).words).toEqual(['memory', 'lim'])
    expect(understandQuery('memory lim', ctx).words).toEqual(['memory', 'lim'])
    expect(understandQuery('whats the max hand size', ctx)).toMatchObject({ changes: [] })
    expect(understandQuery('what does bad pub do', ctx).changes.filter((c) => c.why === 'typo')).toEqual([])
  })

  test('a word players write as one is read so when typed apart or hyphenated: "face-check", "deck out", "bad pub"', () => {
    expect(understandQuery('face-check unrezzed ice', ctx)).toMatchObject({ changes: [{ from: 'face check', to: 'encounter ice', why: 'jargon' }], text: 'encounter ice unrezzed ice' })
    expect(understandQuery('face check', ctx).words).toEqual(['encounter', 'ice'])
    expect(understandQuery('corp decked out', ctx).words).toEqual(expect.arrayContaining(['r&d', 'empty']))
    expect(understandQuery('what does bad pub do', ctx).words).toEqual(['bad', 'publicity'])
    // Two words that are already the CR's stay as they are ("hand size" is not "maximum maximum hand size").
    expect(understandQuery('whats the max hand size', ctx).changes).toEqual([])
    expect(understandQuery('trash cost', ctx).changes).toEqual([])
    // Searched as typed ("search instead for …"): no join.
    expect(understandQuery('face check', ctx, { correct: false }).words).toEqual(['face', 'check'])
  })

  test('half of a CR phrase said alone is the phrase; beside the rest of it, the CR’s own words: "jack", "net"', () => {
    expect(understandQuery('can I jack after the last ice', ctx).changes).toEqual([{ from: 'jack', to: 'jack out', why: 'jargon' }])
    expect(understandQuery('runner took 3 net', ctx).words).toEqual(expect.arrayContaining(['net', 'damage']))
    expect(understandQuery('how many pts to win', ctx).words).toEqual(expect.arrayContaining(['agenda', 'points']))
    for (const q of ['when can the runner jack out', 'net damage', 'meat damage']) expect(understandQuery(q, ctx).changes, q).toEqual([])
    // A one-word meaning is no phrase: "pumping … the strength" is still searched as strength.
    expect(understandQuery('pumping a breaker, how long does the strength last', ctx).changes).toContainEqual({ from: 'pumping', to: 'strength', why: 'jargon' })
  })

  test('table talk is searched in the CR’s words: "unrez", "bounce", "tutor", "snipe", "tag me", "face up"', () => {
    const searched = (q: string) => understandQuery(q, ctx).words
    expect(searched('can the corp unrez ice')).toEqual(expect.arrayContaining(['derez']))
    expect(searched('I bounced off the ice')).toEqual(expect.arrayContaining(['end', 'run']))
    expect(searched('tutor a card from my stack')).toEqual(expect.arrayContaining(['search']))
    expect(searched('snipe an agenda from HQ')).toEqual(expect.arrayContaining(['steal']))
    expect(searched('playing tag me')).toEqual(expect.arrayContaining(['tagged']))
    expect(searched('cards face up in archives')).toEqual(expect.arrayContaining(['faceup']))
    expect(understandQuery('cards face up in archives', ctx).text).toBe('cards faceup in archives')
  })

  test('another form of a known word is not a typo; a real one is corrected to the word sharing its start', () => {
    expect(understandQuery('net damage prevention', ctx).changes).toEqual([])
    expect(understandQuery('installations', ctx).changes).toEqual([])
    expect(understandQuery('psy game', ctx).text).toBe('psi game')
    expect(understandQuery('memroy limit', ctx).text).toBe('memory limit')
  })

  test('the corrected query keeps the case it was typed in', () => {
    expect(understandQuery('Hegde Fund', ctx).text).toBe('Hedge Fund')
    expect(understandQuery('ICE STRENGHT', ctx).text).toBe('ICE STRENGTH')
  })

  test('jargon is searched in the CR’s words, and a defined term pins its rule', () => {
    const etr = understandQuery('ETR', ctx)
    expect(etr.words).toEqual(['end', 'run'])
    expect(etr.text).toBe('end the run')
    expect(etr.pins[0]).toEqual({ id: 'rule_end_the_run', why: 'Defines “end the run”' })
    expect(understandQuery('BP', ctx).pins.map((p) => p.id)).toContain('rule_bad_publicity')
    expect(understandQuery('MU', ctx).pins.map((p) => p.id)).toEqual(['rule_memory_unit'])
  })

  test('a community word alone names what it stands for: its entry’s rule is pinned ("ID", "dmg"); beside other words, or as typed, nothing is', () => {
    expect(understandQuery('ID', ctx).pins).toEqual([{ id: 'rule_identity', why: 'id: identity' }])
    expect(understandQuery('what is an ID', ctx).pins.map((p) => p.id)).toEqual(['rule_identity'])
    expect(understandQuery('dmg', ctx).pins.map((p) => p.id)).toEqual(['rule_suffer_or_take_damage'])
    // A defined term it expands to pins its definition instead, once.
    expect(understandQuery('ETR', ctx).pins.map((p) => p.id)).toEqual(['rule_end_the_run'])
    for (const q of ['ID limit deck', 'net dmg trash', 'take 3 dmg on a run']) expect(understandQuery(q, ctx).pins.filter((p) => p.why.includes(':')), q).toEqual([])
    expect(understandQuery('ID', ctx, { correct: false }).pins).toEqual([])
  })

  test('a question naming what the rules answer in other terms is searched in theirs (issue 20, a judge’s weak questions)', () => {
    expect(understandQuery('can the runner trash an agenda', ctx).words).toEqual(['runner', 'trash', 'cost'])
    expect(understandQuery('can i play an event during a run', ctx).words).toEqual(['play', 'action', 'window', 'run'])
    expect(understandQuery('can i run the same server twice in one turn', ctx).words).toEqual(expect.arrayContaining(['run', 'server', 'actions', 'combination', 'order']))
    // The same words about another subject stay as typed: the Corp's ice, an ability used twice, a trace beaten.
    for (const q of ['can the corp trash ice when installing new ice', 'can I use the same ability twice in one turn', 'how many credits to beat the trace'])
      expect(understandQuery(q, ctx).changes.filter((c) => c.why === 'synonym'), q).toEqual([])
  })

  test('a defined term typed with a question around it, or in the plural, pins its definition', () => {
    expect(understandQuery('what is a checkpoint', ctx).pins.map((p) => p.id)).toEqual(['rule_checkpoints'])
    expect(understandQuery('Tags', ctx).pins.map((p) => p.id)).toContain('rule_tag')
    expect(definingTerm(ctx.terms, 'recurring credits')?.ids).toEqual(['rule_recurring_credits'])
  })

  test('a card name, even misspelt or without accents, pins the rules that mention it', () => {
    expect(understandQuery('Sneakdoor Beta', ctx).pins).toEqual([{ id: 'rule_change_attacked_server_directly', why: 'Mentions Sneakdoor Beta', card: 'Sneakdoor Beta' }])
    expect(understandQuery('Sneakdoor Beta', ctx).cardName).toBe(true)
    expect(understandQuery('can I use Sneakdoor Beta on HQ', ctx).cardName).toBe(false)
    expect(understandQuery('Hegde Fund', ctx).pins.map((p) => p.id)).toEqual(['rule_defferent_actions', 'rule_playing_one_at_a_time'])
    expect(understandQuery('miraju', ctx).pins.map((p) => p.id)).toEqual(['rule_run_phase_after'])
    expect(understandQuery('can I use Sneakdoor Beta on HQ', ctx).pins.map((p) => p.id)).toEqual(['rule_change_attacked_server_directly'])
  })

  test('the start of a card name finds the card only when its words are card words', () => {
    expect(findCards(ctx.cards, ['vaporframe'], ctx.vocab).map((c) => c.name)).toEqual(['Vaporframe Fabricator'])
    // "priority" is a CR word before it is the start of Priority Construction.
    expect(findCards(ctx.cards, ['priority'], ctx.vocab)).toEqual([])
  })

  test('the terms a question mentions, in its order, inflected or not, longest first (shown while Pagefind starts)', () => {
    const terms = (q: string) => definedTermsIn(q, ctx.terms).map((t) => t.term)
    expect(terms('what happens when the host is trashed')).toEqual(['host', 'trash'])
    expect(terms('can the corp rez an upgrade during a run')).toEqual(['rez', 'run'])
    // "bad publicity" whole, not "bad" and "publicity"; plurals and -ing forms count as the term.
    expect(terms('do I lose bad publicity')).toContain('bad publicity')
    expect(terms('tags and recurring credits')).toEqual(['tag', 'recurring credits'])
    expect(definedTermsIn('when is the corp rezzing ice', ctx.terms).find((t) => t.term === 'rez')?.ids).toEqual(ctx.terms.get('rez'))
    // Stop words alone are never a term, and a query of none finds none.
    expect(terms('what is it')).toEqual([])
    expect(terms('')).toEqual([])
    // Every term found is a key of the glossary, with its defining rules.
    for (const t of definedTermsIn('the runner jacks out after a successful run on HQ', ctx.terms)) expect(ctx.terms.get(t.term)).toEqual(t.ids)
  })

  test('a quoted phrase goes to Pagefind as typed', () => {
    expect(understandQuery('"fully broken"', ctx)).toMatchObject({ exact: true, text: '"fully broken"', pins: [] })
  })
})

describe('relaxation', () => {
  const hit = (id: string, score: number, words: number[] = [0]): IndexHit => ({ id, score, words })
  /** A fake index: each word → its hits; a query of several words → the rules having all. */
  function index(postings: Record<string, IndexHit[]>) {
    const queries: string[] = []
    const search = async (q: string) => {
      queries.push(q)
      const lists = q.split(' ').map((w) => postings[w] ?? [])
      return lists[0]!.filter((h) => lists.every((l) => l.some((x) => x.id === h.id)))
    }
    return { search, queries }
  }

  test('enough strict results: Pagefind’s ranking as it is, one search', async () => {
    const { search, queries } = index({ a: [hit('1', 3), hit('2', 2), hit('3', 1)], b: [hit('1', 1), hit('2', 1), hit('3', 1)] })
    const r = await searchRelaxed(['a', 'b'], search, { total: 100, few: 3 })
    expect(r).toMatchObject({ relaxed: false })
    expect(r.hits.map((h) => h.id)).toEqual(['1', '2', '3'])
    expect(queries).toEqual(['a b'])
  })

  test('strict results that trust their order but cannot fill the list: in Pagefind’s order, then rules with some of the words', async () => {
    const { search, queries } = index({
      a: [hit('1', 3), hit('2', 2), hit('3', 1), hit('only-a', 5)],
      b: [hit('1', 1), hit('2', 1), hit('3', 1), hit('only-b', 1)],
    })
    const r = await searchRelaxed(['a', 'b'], search, { total: 100, few: 3, fill: 8 })
    expect(r.relaxed).toBe(true)
    expect(r.hits.map((h) => h.id).slice(0, 3)).toEqual(['1', '2', '3'])
    expect(r.hits.map((h) => h.id).slice(3).sort()).toEqual(['only-a', 'only-b'])
    expect(queries).toEqual(['a b', 'a', 'b'])
    // Enough strict results to fill the list: nothing more is searched.
    const full = await searchRelaxed(['a', 'b'], search, { total: 100, few: 3, fill: 3 })
    expect(full).toMatchObject({ relaxed: false })
    expect(full.hits.map((h) => h.id)).toEqual(['1', '2', '3'])
  })

  test('no rule has every word: rules with more and rarer words come first', async () => {
    const common = Array.from({ length: 50 }, (_, i) => hit(`c${i}`, 1))
    const { search } = index({
      rare: [hit('r1', 1), hit('both', 1)],
      common: [...common, hit('both', 1)],
      missing: [],
    })
    const { hits, relaxed } = await searchRelaxed(['rare', 'common', 'missing'], search, { total: 100 })
    expect(relaxed).toBe(true)
    expect(hits[0]).toMatchObject({ id: 'both', matched: 2 })
    // A rare word alone outranks a common word alone.
    expect(hits.findIndex((h) => h.id === 'r1')).toBeLessThan(hits.findIndex((h) => h.id === 'c0'))
    expect(hits).toHaveLength(52)
  })

  test('query words next to each other in a rule count as a phrase', () => {
    const ranked = fuse(['trash', 'cost'], [[hit('apart', 1, [1]), hit('phrase', 1, [4])], [hit('apart', 1, [9]), hit('phrase', 1, [5])]], [], 100)
    expect(ranked.map((h) => h.id)).toEqual(['phrase', 'apart'])
  })
})

describe('marking the query in the top result', () => {
  const marked = (text: string, q: string[]) => highlightRanges(text, q).map(([a, b]) => text.slice(a, b))

  test('words sharing a stem are marked, others not', () => {
    expect(marked('Jacking out is the process by which a Runner voluntarily ends a run.', ['jack', 'out'])).toEqual(['Jacking', 'out'])
    expect(marked('The host trashes hosted cards; trashed ones go.', ['trashed', 'host'])).toEqual(['host', 'trashes', 'hosted', 'trashed'])
    expect(marked('Nothing here.', ['access'])).toEqual([])
  })
})

describe('the vocabulary the build writes (search-vocab.json)', () => {
  test('the rules’ own words first, most used first; words only card names use after them', { timeout: 600_000 }, () => {
    const r = currentRelease()
    const v = buildSearchVocab(r.search, r.lookup)
    const w = v.w.split(' ')
    expect(new Set(w).size).toBe(w.length)
    expect(w.indexOf('runner')).toBeLessThan(30)
    expect(w.indexOf('mulligan')).toBeGreaterThan(w.indexOf('runner'))
    expect(w.indexOf('mulligan')).toBeLessThan(v.k)
    // "priority" is the rules' word, though a card is called Priority Construction; "sneakdoor" is only a card's.
    expect(w.indexOf('priority')).toBeLessThan(v.k)
    expect(w.indexOf('sneakdoor')).toBeGreaterThanOrEqual(v.k)
    expect(w.some((x) => /^\d+$/.test(x))).toBe(false)
  })

  test('each card the rules mention → the rules whose text or examples mention it', () => {
    const r = currentRelease()
    const v = buildSearchVocab(r.search, r.lookup)
    const mentioned = new Set(r.search.flatMap((s) => s.cards))
    expect(v.c.map(([name]) => name).sort()).toEqual([...mentioned].sort())
    const rulesOf = (card: string) => v.c.find(([n]) => n === card)![1].map((i) => r.lookup.r[i]![0])
    expect(rulesOf('Sneakdoor Beta')).toEqual(['rule_change_attacked_server_directly'])
    expect(rulesOf('Hedge Fund')).toEqual(['rule_defferent_actions', 'rule_playing_one_at_a_time'])
  })
})

describe('a number, an ID or a link to a rule goes straight to it', () => {
  test('numbers and IDs in the forms people write them, and links pasted from the official site or ours', () => {
    const lookup = createLookup(JSON.parse(JSON.stringify(currentRelease().lookup)))
    const to = (q: string) => resolveQuery(lookup, q)?.id
    for (const q of ['6.1.4', 'CR 6.1.4', 'rule 6.1.4', 'rule_end_the_run', '#rule_end_the_run', 'https://rules.example.org/runs/#rule_end_the_run', '/r/6.1.4/', 'https://rules.example.org/r/rule_end_the_run/', 'Rule_end_the_run']) {
      expect(to(q), q).toBe('rule_end_the_run')
    }
    expect(to('6.1.4a.')).toBe(lookup.byNumber.get('6.1.4a')!.id)
    expect(isNumberQuery('/r/6.1.4a/')).toBe(true)
    // An ID in another case, a sub-rule's letter typed apart.
    expect(to('RULE_END_THE_RUN')).toBe('rule_end_the_run')
    expect(to('6.1.4 a')).toBe(to('6.1.4a'))
    // A permalink typed by hand, as the 404 page hands it on: any case, a space, no final slash.
    for (const q of ['6.1.4A', '/R/6.1.4A', '/r/6.1.4%20a/', ' 6.1.4 A ']) expect(to(q), q).toBe(to('6.1.4a'))
    expect(to('/r/RULE_END_THE_RUN')).toBe('rule_end_the_run')
    expect(isNumberQuery('6.9.2 b')).toBe(true)
    // Words are not links, and a link to nothing is nothing.
    expect(to('end the run')).toBeUndefined()
    expect(to('#no_such_rule')).toBeUndefined()
    expect(to('https://example.org/#%E0%A4%A')).toBeUndefined()
  })
})

describe('Enter on words jumps only to a rule that says them as typed (namedByTop)', () => {
  let ctx: QueryContext
  beforeAll(() => {
    ctx = queryContext()
  }, 600_000)
  const named = (q: string, text: string) => namedByTop(q, understandQuery(q, ctx), text)

  test('a word or two typed alone, said together by the top rule: its name', () => {
    expect(named('trash cost', 'A card with a trash cost can be trashed by the Runner')).toBe(true)
    expect(named('purge', 'To purge virus counters, the Corp removes every virus counter')).toBe(true)
    // The forms searched with a word count as it ("rez" is searched with "rezzed").
    expect(named('rez', 'Ice can only be rezzed during a paid ability window')).toBe(true)
  })

  test('a question, a word found only in another form, or words apart: the results to choose from', () => {
    // A question whose filler leaves two words ("trash agenda") is still a question.
    expect(named('can I trash an agenda', 'When installing an agenda, the Corp may trash cards')).toBe(false)
    expect(named('do I access all of archives', 'If a card is added to Archives facedown after this step, you access it')).toBe(false)
    // "tie" is only "tied" in the top rule: Pagefind's stemmer found it, the reader did not name it.
    expect(named('tie', 'any "If successful" abilities are tied to that server')).toBe(false)
    // Both words, but apart: no name.
    expect(named('draw game', 'the cards they have drawn from their deck during the game; they draw one')).toBe(false)
    expect(named('three words here', 'three words here')).toBe(false)
  })
})
