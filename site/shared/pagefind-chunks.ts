/**
 * Which of Pagefind's files a search will read, known before Pagefind has
 * started (issue 20: the first query on a cold cache). Pagefind names its
 * metadata and index chunks only inside its entry and its metadata, so on
 * its own it asks for them one round trip after another: its code, then the
 * entry, then the metadata, and only once that is read and its WebAssembly
 * compiled, the chunks of the words searched. `search-ids.json` carries
 * their names (written at build time, `integration/search-index.ts`), so the
 * search box asks for the metadata beside the rest of search's data and for
 * a word's chunk as soon as it knows the word is searched.
 *
 * `chunksFor` is Pagefind's own choice of chunks (`request_indexes` in
 * pagefind_web, 1.5): a word needs every chunk whose range holds it, or,
 * when none does, every chunk whose range holds it cut to the length of the
 * range's ends; so does its stem. Stems come from the build (`stems`, only
 * where a word's stem lies in another chunk than the word), so the browser
 * needs no stemmer. A wrong guess costs bytes or a round trip, never a
 * result: Pagefind still asks for what it needs.
 *
 * Pure: imported by the build and the browser alike.
 */

/** `search-ids.json`. */
export interface SearchIdsJson {
  /** Each entry of `lookup.json`'s `r`, in its order, as its Pagefind result ID ("" for an entry without a record). */
  results: string[]
  /**
   * Each result's words that are the rule's own, the rest being the headings it sits under and
   * players' words for it (0 for ""): a quoted phrase must match within them (search/pipeline.ts).
   */
  shown: number[]
  /** The metadata file, relative to the bundle (`pagefind.en_1a2b3c4d5e.pf_meta`). */
  meta: string
  /** Index chunks, in Pagefind's order: `[from, to, name]`, the chunk being `index/<name>.pf_index`. */
  chunks: [string, string, string][]
  /** Filter chunks: `[filter, name]`, the chunk being `filter/<name>.pf_filter`. */
  filters: [string, string][]
  /** A word → its stem, where the stem needs another chunk than the word (`runs` → `run`). */
  stems: Record<string, string>
}

/** Characters Pagefind drops from a query: dashes, brackets, quotes, other punctuation (its `search`). */
const PUNCTUATION = /[\p{Pd}\p{Pe}\p{Pf}\p{Pi}\p{Po}\p{Ps}]/gu

/** A query's words as Pagefind looks them up: lower case, punctuation (not `_`) and diacritics dropped. */
export function pagefindTerms(query: string): string[] {
  return query
    .toLowerCase()
    .replace(PUNCTUATION, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/\s+/)
    .filter(Boolean)
}

const cut = (s: string, n: number) => Array.from(s).slice(0, n).join('')
const length = (s: string) => Array.from(s).length

/** The chunks one term needs: those whose range holds it, else those holding it at the length of their ends. */
function chunksOfTerm(term: string, chunks: readonly [string, string, string][]): string[] {
  const strict = chunks.filter(([from, to]) => term >= from && term <= to)
  if (strict.length > 0) return strict.map(([, , name]) => name)
  return chunks
    .filter(([from, to]) => {
      const a = Math.min(length(term), length(from))
      const b = Math.min(length(term), length(to))
      return cut(term, a) >= cut(from, a) && cut(term, b) <= cut(to, b)
    })
    .map(([, , name]) => name)
}

/** The index chunks Pagefind reads to search `words` (each already split as `pagefindTerms` splits), by name, sorted, once each. */
export function chunksFor(words: readonly string[], info: Pick<SearchIdsJson, 'chunks' | 'stems'>): string[] {
  const names = new Set<string>()
  for (const word of words) {
    const stem = Object.hasOwn(info.stems, word) ? info.stems[word] : undefined
    for (const term of stem && stem !== word ? [word, stem] : [word]) for (const name of chunksOfTerm(term, info.chunks)) names.add(name)
  }
  return [...names].sort()
}
