/**
 * The English words the search box's typo corrector must leave alone
 * (issue 20: "two abilities keep triggering each other forever" searched
 * "former"). Only words within the corrector's reach of a word of the rules
 * matter, so those are kept: about 20,000 of 78,000, carried as a Bloom
 * filter (1 % false positives, ≈ 24 KB) in `search-vocab.json`'s `e`.
 *
 * English is `word-list`'s 274,000 words that Hunspell's en_US dictionary
 * (`dictionary-en`, read by `nspell`) also spells: the list alone holds
 * typos' twins ("jak", "recuring"), the dictionary alone cannot list its
 * words. Computed once per build, over every release's words (a word some
 * release uses is never corrected anyway), by deletion neighbourhoods
 * (SymSpell): each rule word's deletions are indexed, each English word's
 * looked up, and the candidates checked with the corrector's own distance.
 */
import { readText } from '../../src/io/files.ts'
import dictionary from 'dictionary-en'
import nspell from 'nspell'
import wordListPath from 'word-list'
import { editDistance } from '../../src/core/ids.ts'
import { buildBloom, type BloomJson } from '../scripts/query/bloom.ts'
import { allowedEdits } from '../scripts/query/typo.ts'
import { buildSearchVocab } from './search-vocab.ts'
import type { SiteData } from './types.ts'
import { siteCache } from './store.ts'

let englishList: readonly string[] | undefined

/**
 * Lower-case English words, spelled as Hunspell's en_US dictionary spells them. Read once per
 * process (1-2 s of CPU: every word of the list spelled): the installed packages are all it reads.
 */
export function englishWords(): readonly string[] {
  if (englishList) return englishList
  const spell = nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) })
  const list = readText(wordListPath, 16 * 1024 * 1024).split('\n')
  englishList = Object.freeze(list.filter((w) => /^[a-z]{3,}$/.test(w) && spell.correct(w)))
  return englishList
}

/** Every string `word` becomes with at most `k` letters deleted. */
function deletions(word: string, k: number): Set<string> {
  const out = new Set([word])
  let frontier = [word]
  for (let step = 0; step < k; step++) {
    const next: string[] = []
    for (const w of frontier) {
      for (let i = 0; i < w.length; i++) {
        const d = w.slice(0, i) + w.slice(i + 1)
        if (!out.has(d)) {
          out.add(d)
          next.push(d)
        }
      }
    }
    frontier = next
  }
  return out
}

/** The last answer of `englishNear`: for the same English list and the same set of rule words, the same words. */
let lastNear: { english: readonly string[]; key: string; near: readonly string[] } | undefined

/**
 * English words, not words of the rules, that the corrector could take for a typo of one. The last
 * answer is kept (1-2 s of CPU each): a process that builds the site data again with the same words
 * (the dev server, a test) computes it once; the answer depends on the set of words, not their order.
 */
export function englishNear(ruleWords: Iterable<string>, english: readonly string[] = englishWords()): string[] {
  const known = new Set(ruleWords)
  const key = [...known].sort().join('\0')
  if (lastNear && lastNear.english === english && lastNear.key === key) return [...lastNear.near]
  const near = computeNear(known, english)
  lastNear = { english, key, near: Object.freeze([...near]) }
  return near
}

function computeNear(known: ReadonlySet<string>, english: readonly string[]): string[] {
  const index = new Map<string, string[]>()
  for (const w of known) {
    for (const d of deletions(w, 2)) {
      const list = index.get(d)
      if (list) list.push(w)
      else index.set(d, [w])
    }
  }
  const near: string[] = []
  for (const word of english) {
    if (known.has(word)) continue
    const max = allowedEdits(word.length)
    if (max === 0) continue
    const candidates = new Set<string>()
    for (const d of deletions(word, max)) for (const c of index.get(d) ?? []) candidates.add(c)
    for (const c of candidates) {
      if (editDistance(word, c, max, { transpositions: true }) <= max) {
        near.push(word)
        break
      }
    }
  }
  return near
}

const built = new WeakMap<SiteData, BloomJson>()

/** Every word of every release's search vocabulary, once each. */
export const siteWords = (site: SiteData): string[] => [...new Set(site.releases.flatMap((r) => buildSearchVocab(r.search, r.lookup).w.split(' ')))]

/**
 * The Bloom filter of `englishNear` over every release's words, once per build
 * (every release's vocabulary carries it), and kept between builds by those
 * words (release-cache.ts): a rebuild after an edit that adds no word reads it.
 */
export function englishFilter(site: SiteData): BloomJson {
  let bloom = built.get(site)
  if (!bloom) {
    const ruleWords = siteWords(site)
    const cache = siteCache(site)
    bloom = cache?.englishFilter(ruleWords)
    if (!bloom) {
      const near = englishNear(ruleWords)
      bloom = buildBloom(near, near.length)
      cache?.setEnglishFilter(ruleWords, bloom)
    }
    built.set(site, bloom)
  }
  return bloom
}
