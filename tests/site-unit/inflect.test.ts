/**
 * Forms of a word the search index does not fold (issue 20, site/scripts/query/inflect.ts):
 * Pagefind's stemmer leaves "rezzed" apart from "rez" and irregular verbs apart from
 * their base; a question typed with one form must find the rules written with another.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { baseForms, formsToSearch, IRREGULAR_VERBS, singular } from '../../site/scripts/query/inflect.ts'
import { mergeHits, searchRelaxed, type IndexHit } from '../../site/scripts/query/fuse.ts'
import { understandQuery, type QueryContext } from '../../site/scripts/query/understand.ts'
import { queryContext } from './query-context.ts'

const knownOf = (...ws: string[]) => {
  const set = new Set(ws)
  return (w: string) => set.has(w)
}

describe('formsToSearch', () => {
  const known = knownOf('rez', 'rezzed', 'derez', 'derezzed', 'pay', 'paid', 'run', 'random', 'break', 'trash')

  test('a doubled z is another word to the index: each form brings the other', () => {
    expect(formsToSearch('rezzed', known)).toEqual(['rezzed', 'rez'])
    expect(formsToSearch('rezzing', known)).toEqual(['rez'])
    expect(formsToSearch('rez', known)).toEqual(['rez', 'rezzed'])
    expect(formsToSearch('derezzes', known)).toEqual(['derez'])
    expect(formsToSearch('derez', known)).toEqual(['derez', 'derezzed'])
  })

  test('an irregular verb brings the forms the rules use; a form they never use gives way to one they do', () => {
    expect(formsToSearch('paid', known)).toEqual(['paid', 'pay'])
    expect(formsToSearch('pay', known)).toEqual(['pay', 'paid'])
    // "ran" is no word of the rules: searched as typed, Pagefind would match it as the start of "random".
    expect(formsToSearch('ran', known)).toEqual(['run'])
    expect(formsToSearch('broken', known)).toEqual(['break'])
  })

  test('other words stay as they are, known or not', () => {
    expect(formsToSearch('trash', known)).toEqual(['trash'])
    expect(formsToSearch('trashed', known)).toEqual(['trashed'])
    expect(formsToSearch('hippo', known)).toEqual(['hippo'])
    expect(formsToSearch('buzz', known)).toEqual(['buzz'])
  })

  test('every irregular verb is listed once, in lower case', () => {
    const all = IRREGULAR_VERBS.flat()
    expect(new Set(all).size).toBe(all.length)
    for (const w of all) expect(w).toMatch(/^[a-z]+$/)
  })
})

describe('against the real rules', () => {
  let ctx: QueryContext
  beforeAll(() => {
    ctx = queryContext()
  }, 600_000)

  test('"rezzed" is searched with "rez", and "ran" with "run", nothing said about it', () => {
    const u = understandQuery('when can ice be rezzed', ctx, { typing: true })
    expect(u.words).toEqual(['ice', 'rezzed'])
    expect(u.forms).toEqual({ rezzed: ['rez'] })
    expect(u.changes).toEqual([])
    // "ran" is a word of the index now (players' words for 10.x say it), so it is searched as typed and as "run".
    // ("ran past" is a players' phrase for passing ice now, synonyms.ts: not this test's words.)
    const ran = understandQuery('the runner ran against the ice', ctx)
    expect(ran.words).toEqual(['runner', 'ran', 'against', 'ice'])
    expect(ran.forms).toEqual({ ran: ['run'] })
    expect(formsToSearch('ran', (w) => w === 'run')).toEqual(['run'])
  })

  test('the start of a word still being typed is not taken for an irregular form ("ran" of "random")', () => {
    expect(understandQuery('ran', ctx, { typing: true }).words).toEqual(['ran'])
  })

  test('a negated helper is a helper, never "corrected" into another word; "can’t" is the CR’s "cannot"', () => {
    const u = understandQuery("can I use my breaker on ice the corp hasn't rezzed yet", ctx, { typing: true })
    expect(u.changes.filter((c) => c.why === 'typo')).toEqual([])
    expect(u.words).not.toContain("can't")
    expect(understandQuery("does the corp draw even if they don't want to", ctx).words).toEqual(['corp', 'draw'])
    const cant = understandQuery("the runner can't jack out", ctx)
    expect(cant.words).toContain('cannot')
    expect(cant.changes).toEqual([{ from: "can't", to: 'cannot', why: 'jargon' }])
  })
})

describe('searching the forms', () => {
  const hit = (id: string, score: number, words: number[] = [0]): IndexHit => ({ id, score, words })

  test('lists merged: each rule once at its best score, another form’s scores scaled, every position kept', () => {
    const merged = mergeHits([[hit('a', 1, [3]), hit('b', 0.5)], [hit('a', 4, [7]), hit('c', 2)]], 0.25)
    expect(merged.map((h) => [h.id, h.score])).toEqual([
      ['a', 1],
      ['b', 0.5],
      ['c', 0.5],
    ])
    expect(merged[0]!.words).toEqual([3, 7])
  })

  test('a rule saying only "rez" matches "rezzed" too, below one saying "rezzed"', async () => {
    const index: Record<string, IndexHit[]> = {
      ice: [hit('says-rez', 1, [0]), hit('says-rezzed', 1, [0]), hit('other', 1)],
      rezzed: [hit('says-rezzed', 1, [1])],
      rez: [hit('says-rez', 1, [1]), hit('defines-rez', 2, [0])],
    }
    const search = async (q: string) => index[q] ?? []
    const without = await searchRelaxed(['ice', 'rezzed'], search, { total: 100 })
    expect(without.hits.find((h) => h.id === 'says-rez')?.matched).toBe(1)
    const { hits } = await searchRelaxed(['ice', 'rezzed'], search, { total: 100, forms: { rezzed: ['rez'] } })
    expect(hits.find((h) => h.id === 'says-rez')?.matched).toBe(2)
    expect(hits.map((h) => h.id).slice(0, 2)).toEqual(['says-rezzed', 'says-rez'])
  })

  test('the strict query is tried with each form', async () => {
    const asked: string[] = []
    const search = async (q: string) => {
      asked.push(q)
      return q === 'ice rez' ? [hit('x', 1), hit('y', 1), hit('z', 1)] : []
    }
    const { hits, relaxed } = await searchRelaxed(['ice', 'rezzed'], search, { total: 100, forms: { rezzed: ['rez'] } })
    expect(asked.slice(0, 2)).toEqual(['ice rezzed', 'ice rez'])
    expect(relaxed).toBe(false)
    expect(hits.map((h) => h.id)).toEqual(['x', 'y', 'z'])
  })
})

describe('singular: a plural read as the term it names (the glossary’s headings and players’ words)', () => {
  test('a regular plural loses its s, an -ies plural becomes -y', () => {
    expect(['credits', 'Upgrades', 'abilities', 'Identities'].map(singular)).toEqual(['credit', 'Upgrade', 'ability', 'Identity'])
  })

  test('a word that only ends in s stays: ss, three letters or fewer', () => {
    expect(['access', 'bypass', 'its', 'ICE', 'mu'].map(singular)).toEqual(['access', 'bypass', 'its', 'ICE', 'mu'])
  })
})

describe('regular forms of a known word are no unknown word (a judge\'s "who breaks ties")', () => {
  test('baseForms: the words a form may come from, by the regular endings', () => {
    expect(baseForms('ties')).toEqual(expect.arrayContaining(['tie']))
    expect(baseForms('tied')).toEqual(expect.arrayContaining(['tie']))
    expect(baseForms('tying')).toEqual(expect.arrayContaining(['tie']))
    expect(baseForms('tries')).toEqual(expect.arrayContaining(['try']))
    expect(baseForms('traces')).toEqual(expect.arrayContaining(['trace']))
    expect(baseForms('running')).toEqual(expect.arrayContaining(['run']))
    expect(baseForms('trapped')).toEqual(expect.arrayContaining(['trap']))
    // No ending, nothing; never the word itself.
    expect(baseForms('hippo')).toEqual([])
    expect(baseForms('trash')).toEqual([])
    for (const w of ['ties', 'tied', 'running', 'status']) expect(baseForms(w)).not.toContain(w)
  })

  describe('against the rules’ words', () => {
    let ctx: QueryContext
    beforeAll(() => {
      ctx = queryContext()
    }, 600_000)

    test('a form of a word the rules use is searched, not said to be unknown', () => {
      // The rules say "tie" and "tied" ("if the trace strengths are tied"), never "ties".
      expect(ctx.vocab.rank.has('ties')).toBe(false)
      expect(ctx.vocab.rank.has('tie') || ctx.vocab.rank.has('tied')).toBe(true)
      for (const q of ['who breaks ties', 'who wins ties', 'tying']) {
        const u = understandQuery(q, ctx)
        expect(u.unknown, q).toEqual([])
        expect(u.changes.filter((c) => c.why === 'typo'), q).toEqual([])
      }
      // A word whose base no rule uses is still unknown, with or without an ending.
      for (const q of ['hippos', 'platypuses']) expect(understandQuery(q, ctx).unknown, q).toEqual([q])
    })
  })
})
