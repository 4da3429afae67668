/**
 * One Pagefind record per rule, so a search result is a rule (not a page)
 * and links to its anchor. Records are small synthetic HTML documents rather
 * than `addCustomRecord`s because only HTML carries `data-pagefind-weight`:
 * the terms a rule defines and its title are weighted high, so the defining
 * rule ranks first.
 */
import { gunzipSync } from 'node:zlib'
import { join } from 'node:path'
import * as pagefind from 'pagefind'
import { isDirectory, readBytes, readDirNames, readText, removePath, writeOutputFile } from '../../src/io/files.ts'
import type { ReleaseData, SearchRecord } from '../data/types.ts'
import { stem } from 'porter2'
import { readChunk, stabilizeBundle } from './pagefind-stable.ts'
import { buildSearchVocab } from '../data/search-vocab.ts'
import { chunksFor, type SearchIdsJson } from '../shared/pagefind-chunks.ts'
import { clipText, recordWords, SHOWN_END, shownEnd } from '../shared/top-text.ts'

/**
 * Below the rule's own words (1), above its examples (0.4): a reader's words point at the rule, its
 * text says it. Measured 0.5-1 on every query set: level within a point or two; a constant, as the
 * search index's cache key is this code and the records.
 */
const PHRASING_WEIGHT = '0.7'

/**
 * A record as the HTML Pagefind indexes. Written as a string: 11,500 records
 * per build made through hastscript and hast-util-to-html cost 2-3 s of the
 * build's main thread (issue 22); the bytes are the ones those made (the
 * tests keep them as the reference: search-records.test.ts), text escaped as
 * they escape it.
 */
export function recordHtml(r: SearchRecord): string {
  const p = (text: string, weight?: string) => `<p${weight ? ` data-pagefind-weight="${weight}"` : ''}>${escapeText(text)}</p>`
  const meta = (name: string, text: string) => `<p data-pagefind-meta="${name}">${escapeText(text)}</p>`
  const body = [
    // A defined term outweighs a title: "checkpoint" finds the rule defining
    // it before the section named "Checkpoints".
    r.terms.length > 0 ? `<h1 data-pagefind-weight="10">${escapeText(r.terms.join('. '))}</h1>` : '',
    r.title ? `<h2 data-pagefind-weight="2">${escapeText(r.title)}</h2>` : '',
    // The number is meta, not content: Pagefind would index `6.1.4` as `614`.
    p(r.text),
    // Examples illustrate; the rule's own words state it: a rule whose example uses the
    // query's words ranks below one whose text does.
    ...r.examples.map((e) => p(e, '0.4')),
    // What follows finds the rule but is not its text: a result's excerpt is cut here (top-text.ts).
    r.context.length > 0 || r.phrasings?.length ? p(SHOWN_END) : '',
    // The headings it sits under, weighted low: "credits at the start of the game" finds
    // 1.6.4 ("Each player takes five credits…") through its section, Starting the Game.
    r.context.length > 0 ? p(r.context.join('. '), '0.5') : '',
    // Players' words for it (data/phrasings/): what people type when this rule is the answer.
    r.phrasings && r.phrasings.length > 0 ? p(r.phrasings.join('. '), PHRASING_WEIGHT) : '',
  ].join('')
  // Meta and filters sit outside the body so they are not indexed as text; `text` is what the top
  // row shows, final from its first paint (issue 20): no second text replaces an excerpt.
  return `<html lang="en"><body><main data-pagefind-body="">${body}</main>${[
    meta('title', r.terms[0] ?? r.title ?? r.number),
    meta('number', r.number),
    meta('id', r.id),
    meta('chapter', r.chapter),
    meta('section', r.section),
    meta('text', clipText(r.lead)),
  ].join('')}<p data-pagefind-filter="chapter">${escapeText(r.chapter)}</p></body></html>`
}

/** Text as hast-util-to-html escapes it outside an attribute: `&` and `<`, as hexadecimal references. */
const escapeText = (text: string) => text.replace(/[&<]/g, (c) => (c === '&' ? '&#x26;' : '&#x3C;'))

function check(step: string, errors: string[]) {
  if (errors.length > 0) throw new Error(`Pagefind ${step} failed:\n  ${errors.join('\n  ')}`)
}

export interface SearchIndexJob {
  records: SearchRecord[]
  outputPath: string
}

/**
 * Index each job's records and write its bundle to its `outputPath`. One
 * Pagefind service builds every index, concurrently: each record is an IPC
 * round trip, so waiting on them one by one leaves both cores idle. Always
 * closes Pagefind.
 */
export interface SearchIndexResult {
  records: number
  /** Rule ID → its Pagefind result. */
  pagefindIds: Map<string, PagefindRef>
}

/** A rule's Pagefind result: its ID (`en_1a2b3c4`) and how many of its words are the rule's own (before `SHOWN_END`). */
export interface PagefindRef {
  result: string
  shown: number
}

export async function writeSearchIndexes(jobs: SearchIndexJob[]): Promise<SearchIndexResult[]> {
  try {
    return await Promise.all(jobs.map(writeOne))
  } finally {
    await pagefind.close()
  }
}

async function writeOne({ records, outputPath }: SearchIndexJob): Promise<SearchIndexResult> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' })
  check('createIndex', errors)
  if (!index) throw new Error('Pagefind createIndex returned no index')
  // In slices, so a few hundred requests are in flight, not thousands.
  for (let i = 0; i < records.length; i += 256) {
    const slice = records.slice(i, i + 256)
    const results = await Promise.all(slice.map((r) => index.addHTMLFile({ url: r.url, content: recordHtml(r) })))
    results.forEach((res, j) => check(`addHTMLFile(${slice[j]!.id})`, res.errors))
  }
  const written = await index.writeFiles({ outputPath })
  check('writeFiles', written.errors)
  await entryWritten(outputPath)
  pruneBundle(outputPath)
  stabilizeBundle(outputPath)
  const pagefindIds = readPagefindIds(outputPath)
  const missing = records.filter((r) => !pagefindIds.has(r.id))
  if (missing.length > 0) throw new Error(`Pagefind wrote no fragment for ${missing.length} rules, the first ${missing[0]!.id}`)
  return { records: records.length, pagefindIds }
}

/**
 * The files of a Pagefind bundle a search reads, relative to it: the
 * library and its worker, the entry, the metadata, the WebAssembly of the
 * languages the entry names, and the index, filter and fragment chunks. The
 * offline list is made of these, and nothing else of the bundle is kept.
 */
export function searchBundleFiles(outputPath: string): string[] {
  if (!isDirectory(outputPath)) return []
  const entry = JSON.parse(readText(join(outputPath, 'pagefind-entry.json'))) as { languages: Record<string, { wasm?: string }> }
  const wasm = new Set(Object.values(entry.languages).map((l) => `wasm.${l.wasm ?? 'unknown'}.pagefind`))
  const top = readDirNames(outputPath).filter((f) => f === 'pagefind.js' || f === 'pagefind-worker.js' || f === 'pagefind-entry.json' || f.endsWith('.pf_meta') || wasm.has(f))
  const nested = CHUNK_FOLDERS.flatMap((sub) => (isDirectory(join(outputPath, sub)) ? readDirNames(join(outputPath, sub)).map((f) => `${sub}/${f}`) : []))
  return [...top, ...nested]
}

const CHUNK_FOLDERS = ['index', 'filter', 'fragment']

/**
 * Remove what Pagefind writes beside the search itself (issue 22: `dist/` ≤ 60
 * MB): its four UI bundles and their stylesheets (the site has its own
 * search box) and the WebAssembly of languages the index does not have
 * (`wasm.unknown.pagefind`), 486 KB per index, seven indexes.
 */
export function pruneBundle(outputPath: string): void {
  const keep = new Set(searchBundleFiles(outputPath).map((f) => f.split('/')[0]!))
  for (const name of readDirNames(outputPath)) if (!keep.has(name) && !CHUNK_FOLDERS.includes(name)) removePath(join(outputPath, name))
}

/**
 * Which rule each Pagefind result is: a result's ID names its fragment
 * (`fragment/en_1a2b3c4.pf_fragment`, gzipped JSON after a signature), and
 * the fragment's meta names the rule. The search box reads this map so it
 * can rank and show rules before their fragments arrive; and how many words
 * of the result are the rule's own, counted as Pagefind counts a match's
 * position (words split on white space), so a quoted phrase found only in
 * the words after them (headings, players' words) is known before any
 * fragment arrives.
 */
export function readPagefindIds(outputPath: string): Map<string, PagefindRef> {
  const dir = join(outputPath, 'fragment')
  const ids = new Map<string, PagefindRef>()
  for (const file of readDirNames(dir)) {
    const m = /^(.+)\.pf_fragment$/.exec(file)
    if (!m) continue
    const json = gunzipSync(readBytes(join(dir, file))).subarray('pagefind_dcd'.length).toString('utf8')
    const fragment = JSON.parse(json) as { meta?: { id?: string }; content?: string }
    const id = fragment.meta?.id
    if (id) ids.set(id, { result: m[1]!, shown: shownWords(fragment.content ?? '') })
  }
  return ids
}

/** The words of a record's content before `SHOWN_END` (all of them without one), as excerpt.ts counts them. */
export function shownWords(content: string): number {
  const words = recordWords(content)
  const end = shownEnd(words)
  return end < 0 ? words.length : end
}

/**
 * Pagefind's `writeFiles` has been seen to resolve while `pagefind-entry.json`
 * was still empty (one build in several, with seven indexes written at once),
 * and the offline file list reads it next. Wait, bounded, until it is whole.
 */
async function entryWritten(outputPath: string): Promise<void> {
  const file = join(outputPath, 'pagefind-entry.json')
  for (let attempt = 0; ; attempt++) {
    try {
      JSON.parse(readText(file))
      return
    } catch (error) {
      if (attempt >= 100) throw new Error(`Pagefind wrote no complete ${file} within 10 s: ${(error as Error).message}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/**
 * `<base>search-ids.json` (`shared/pagefind-chunks.ts`): each entry of
 * `lookup.json`'s `r`, in its order, as its Pagefind result ID ("" for an
 * entry without a record); and the names of the bundle's metadata and
 * chunks, so the search box asks for them before Pagefind has started.
 */
export function writeSearchIds(out: string, release: ReleaseData, pagefindIds: Map<string, PagefindRef>): void {
  writeOutputFile(join(out, release.base, 'search-ids.json'), JSON.stringify(searchIdsJson(join(out, release.base, 'pagefind'), release, pagefindIds)))
}

export function searchIdsJson(bundle: string, release: Pick<ReleaseData, 'lookup' | 'search'>, pagefindIds: Map<string, PagefindRef>): SearchIdsJson {
  const entry = JSON.parse(readText(join(bundle, 'pagefind-entry.json'))) as { languages: Record<string, { hash: string }> }
  const language = entry.languages.en ?? Object.values(entry.languages)[0]
  if (!language) throw new Error(`${bundle}/pagefind-entry.json names no language`)
  const meta = `pagefind.${language.hash}.pf_meta`
  // [version, pages, index chunks: [from, to, name][], filters: [name, chunk][], sorts, meta fields]
  const [, , chunks, filters] = readChunk(join(bundle, meta)) as [unknown, unknown, [string, string, string][], [string, string][]]
  if (!Array.isArray(chunks) || !Array.isArray(filters)) throw new Error(`${bundle}/${meta}: not the metadata of Pagefind 1.5 (no chunk list)`)
  // Pagefind looks a word up by the word and by its stem (Snowball English, as porter2 is):
  // kept only where the stem needs another chunk, so the browser needs no stemmer.
  const stems: Record<string, string> = {}
  for (const word of buildSearchVocab(release.search, release.lookup).w.split(' ')) {
    const s = stem(word)
    if (s === word) continue
    const own = new Set(chunksFor([word], { chunks, stems: {} }))
    if (chunksFor([s], { chunks, stems: {} }).some((name) => !own.has(name))) stems[word] = s
  }
  const refs = release.lookup.r.map(([id]) => pagefindIds.get(id))
  return { results: refs.map((r) => r?.result ?? ''), shown: refs.map((r) => r?.shown ?? 0), meta, chunks, filters, stems }
}
