/** The jargon file (site/scripts/query/jargon.ts): every entry well-formed and doing what it says, against the real rules. */
import { beforeAll, describe, expect, test } from 'vitest'
import { words } from '../../site/scripts/query/fold.ts'
import { JARGON } from '../../site/scripts/query/jargon.ts'
import { understandQuery, type QueryContext } from '../../site/scripts/query/understand.ts'
import { currentRelease, queryContext } from './query-context.ts'

describe('jargon', () => {
  let ctx: QueryContext
  let ids: Set<string>
  let crWords: Set<string>
  let texts: Map<string, string>
  beforeAll(() => {
    ctx = queryContext()
    const release = currentRelease()
    ids = new Set(release.lookup.r.map(([id]) => id))
    crWords = new Set(release.search.flatMap((r) => words(`${r.terms.join(' ')} ${r.title ?? ''} ${r.text}`)))
    texts = new Map(release.search.map((r) => [r.id, words(`${r.terms.join(' ')} ${r.title ?? ''} ${r.text}`).join(' ')]))
  }, 600_000)

  test('each word is lower case, one word, and claimed by one entry only', () => {
    const seen = new Map<string, string>()
    for (const e of JARGON) {
      for (const s of e.says) {
        expect(words(s), `"${s}" is one folded word`).toEqual([s])
        expect(seen.get(s), `"${s}" claimed twice`).toBeUndefined()
        seen.set(s, e.means)
      }
    }
  })

  test('no entry hides a term the CR defines', () => {
    for (const e of JARGON) for (const s of e.says) expect(ctx.terms.has(s), `"${s}" is a defined term`).toBe(false)
  })

  test.each(JARGON.map((e) => [e.says[0]!, e] as const))('"%s": its meaning is in the CR’s words, and its rule says it', (_, e) => {
    for (const w of words(e.means)) expect(crWords.has(w), `"${w}" of "${e.means}" is not a word of the CR`).toBe(true)
    expect(ids.has(e.finds), `${e.finds} is not a rule`).toBe(true)
    // The rule it points to uses the words it expands to (allowing a plural).
    const text = texts.get(e.finds)!
    for (const w of words(e.means)) expect(text.includes(w) || text.includes(w.replace(/s$/, '')), `${e.finds} does not say "${w}"`).toBe(true)
  })

  test.each(JARGON.flatMap((e) => e.says.map((s) => [s, e.means] as const)))('"%s" is searched as "%s"', (says, means) => {
    const u = understandQuery(says, ctx)
    expect(u.changes).toEqual([{ from: says, to: means, why: 'jargon' }])
    expect(u.text).toBe(means)
  })
})
