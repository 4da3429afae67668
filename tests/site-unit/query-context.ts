/** The search box's query context, built from the current rules as the site builds it, for tests without a browser. */
import { join } from 'node:path'
import { loadCards } from '../../src/io/read-sources.ts'
import { prepareRelease } from '../../site/data/prepare.ts'
import { buildSearchVocab } from '../../site/data/search-vocab.ts'
import type { ReleaseData } from '../../site/data/types.ts'
import { withPhrasings } from '../../site/data/phrasings.ts'
import { readPhrasings } from '../../site/data/store.ts'
import { jargonIndex } from '../../site/scripts/query/jargon.ts'
import { createVocabulary } from '../../site/scripts/query/typo.ts'
import { createCards, type QueryContext } from '../../site/scripts/query/understand.ts'

const ROOT = join(import.meta.dirname, '../..')

let release: ReleaseData | undefined

/** The current rules' site data, their search records with the players' words the site adds (store.ts). */
export function currentRelease(): ReleaseData {
  if (release) return release
  const shaped = prepareRelease({ dir: join(ROOT, 'rules'), base: '/', current: true }, { cards: loadCards(join(ROOT, 'data/cards.json')) })
  return (release = { ...shaped, search: withPhrasings(shaped.search, readPhrasings(ROOT, shaped).phrasings) })
}

/** What `search.ts` builds from `lookup.json` and `search-vocab.json`, through the same JSON. */
export function queryContext(): QueryContext {
  const r = currentRelease()
  const vocab = JSON.parse(JSON.stringify(buildSearchVocab(r.search, r.lookup))) as ReturnType<typeof buildSearchVocab>
  return {
    vocab: createVocabulary(vocab.w.split(' '), vocab.k),
    jargon: jargonIndex(),
    terms: new Map(Object.entries(r.lookup.t)),
    cards: createCards(vocab.c, r.lookup.r.map(([id]) => id)),
  }
}
