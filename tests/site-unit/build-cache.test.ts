/**
 * The incremental site build (site/integration/build-cache.ts over
 * src/io/dir-cache.ts): an entry is found only by the key of what made it,
 * read only when whole, and a Pagefind index is reused exactly when its
 * records are the same.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cacheKey, openDirCache } from '../../src/io/dir-cache.ts'
import { cachedSearchIndexes, openBuildCache, PDF_CONTENTS, printedContents } from '../../site/integration/build-cache.ts'
import { searchBundleFiles, writeSearchIndexes } from '../../site/integration/search-index.ts'
import { gunzipSync } from 'node:zlib'
import { decode } from 'cborg'
import type { SearchRecord } from '../../site/data/types.ts'

const tmp = mkdtempSync(join(tmpdir(), 'cr-build-cache-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let n = 0
const fresh = () => {
  const dir = join(tmp, `case-${n++}`)
  mkdirSync(dir, { recursive: true })
  return dir
}

describe('the output cache', () => {
  it('keeps a folder and a file by key, and gives them back as they were', () => {
    const dir = fresh()
    const cache = openDirCache({ CR_SITE_CACHE_DIR: join(dir, 'cache') }, dir)!
    mkdirSync(join(dir, 'out/sub'), { recursive: true })
    writeFileSync(join(dir, 'out/a.txt'), 'a')
    writeFileSync(join(dir, 'out/sub/b.bin'), Buffer.from([0, 1, 2]))
    writeFileSync(join(dir, 'doc.pdf'), '%PDF')
    cache.storeDir('index', 'k1', join(dir, 'out'))
    cache.storeFile('pdf', 'k1', join(dir, 'doc.pdf'))
    expect(cache.restoreDir('index', 'k2', join(dir, 'back'))).toBe(false)
    expect(cache.restoreDir('index', 'k1', join(dir, 'back'))).toBe(true)
    expect(readFileSync(join(dir, 'back/sub/b.bin'))).toEqual(Buffer.from([0, 1, 2]))
    expect(cache.restoreFile('pdf', 'k1', join(dir, 'back/doc.pdf'))).toBe(true)
    expect(readFileSync(join(dir, 'back/doc.pdf'), 'utf8')).toBe('%PDF')
  })

  it('treats an entry whose files changed since as a miss, and drops it', () => {
    const dir = fresh()
    const cache = openDirCache({ CR_SITE_CACHE_DIR: join(dir, 'cache') }, dir)!
    writeFileSync(join(dir, 'doc.pdf'), 'whole')
    cache.storeFile('pdf', 'k', join(dir, 'doc.pdf'))
    writeFileSync(join(dir, 'cache/pdf/k/files/file'), 'who')
    expect(cache.restoreFile('pdf', 'k', join(dir, 'out.pdf'))).toBe(false)
    expect(existsSync(join(dir, 'out.pdf'))).toBe(false)
    expect(existsSync(join(dir, 'cache/pdf/k'))).toBe(false)
  })

  it('a folder with one file changed since is a miss: nothing half-restored is left, the entry is dropped', () => {
    const dir = fresh()
    const cache = openDirCache({ CR_SITE_CACHE_DIR: join(dir, 'cache') }, dir)!
    mkdirSync(join(dir, 'out/sub'), { recursive: true })
    for (const name of ['a', 'b', 'c']) writeFileSync(join(dir, 'out', name), name)
    writeFileSync(join(dir, 'out/sub/z'), 'z')
    cache.storeDir('index', 'k', join(dir, 'out'))
    // The last file read is the one that changed: the files before it were already written.
    writeFileSync(join(dir, 'cache/index/k/files/sub/z'), 'y')
    mkdirSync(join(dir, 'back'))
    writeFileSync(join(dir, 'back/old'), 'old')
    expect(cache.restoreDir('index', 'k', join(dir, 'back'))).toBe(false)
    expect(existsSync(join(dir, 'back'))).toBe(false)
    expect(existsSync(join(dir, 'cache/index/k'))).toBe(false)
  })

  it('restores a folder as hard links to its files (no bytes written), copies with CR_SITE_CACHE_LINKS=0, and a file changed through a link is a miss', () => {
    const dir = fresh()
    mkdirSync(join(dir, 'out/sub'), { recursive: true })
    writeFileSync(join(dir, 'out/a.txt'), 'a')
    writeFileSync(join(dir, 'out/sub/b.txt'), 'b')
    const linked = openDirCache({ CR_SITE_CACHE_DIR: join(dir, 'cache') }, dir)!
    linked.storeDir('index', 'k', join(dir, 'out'))
    expect(linked.restoreDir('index', 'k', join(dir, 'linked'))).toBe(true)
    const kept = join(dir, 'cache/index/k/files/sub/b.txt')
    expect(statSync(join(dir, 'linked/sub/b.txt')).ino).toBe(statSync(kept).ino)
    // Stored as links too: the output, the cache and the restored copy are one file.
    expect(statSync(join(dir, 'out/sub/b.txt')).ino).toBe(statSync(kept).ino)
    expect(statSync(kept).nlink).toBe(3)
    const copying = openDirCache({ CR_SITE_CACHE_DIR: join(dir, 'cache'), CR_SITE_CACHE_LINKS: '0' }, dir)!
    expect(copying.restoreDir('index', 'k', join(dir, 'copied'))).toBe(true)
    expect(statSync(join(dir, 'copied/sub/b.txt')).ino).not.toBe(statSync(kept).ino)
    expect(readFileSync(join(dir, 'copied/sub/b.txt'), 'utf8')).toBe('b')
    // Written in place through the restored link: the cache's file changed too, and its hash says so.
    writeFileSync(join(dir, 'linked/sub/b.txt'), 'changed')
    expect(linked.restoreDir('index', 'k', join(dir, 'again'))).toBe(false)
    expect(existsSync(join(dir, 'cache/index/k'))).toBe(false)
  })

  it('stores a folder as hard links (a cold build keeps 11,500 files): the entry outlives the output emptied, and is a copy with CR_SITE_CACHE_LINKS=0', () => {
    const dir = fresh()
    const fill = (out: string) => {
      mkdirSync(join(out, 'fragment'), { recursive: true })
      writeFileSync(join(out, 'entry.json'), '{}')
      writeFileSync(join(out, 'fragment/en_1.pf_fragment'), Buffer.from([31, 139, 8]))
    }
    fill(join(dir, 'out'))
    const linked = openDirCache({ CR_SITE_CACHE_DIR: join(dir, 'cache') }, dir)!
    linked.storeDir('index', 'k', join(dir, 'out'))
    expect(statSync(join(dir, 'cache/index/k/files/fragment/en_1.pf_fragment')).ino).toBe(statSync(join(dir, 'out/fragment/en_1.pf_fragment')).ino)
    // The next build empties its output folder first: the entry keeps its files.
    rmSync(join(dir, 'out'), { recursive: true })
    expect(linked.restoreDir('index', 'k', join(dir, 'out'))).toBe(true)
    expect(readFileSync(join(dir, 'out/fragment/en_1.pf_fragment'))).toEqual(Buffer.from([31, 139, 8]))
    expect(readFileSync(join(dir, 'out/entry.json'), 'utf8')).toBe('{}')
    fill(join(dir, 'out2'))
    const copying = openDirCache({ CR_SITE_CACHE_DIR: join(dir, 'cache2'), CR_SITE_CACHE_LINKS: '0' }, dir)!
    copying.storeDir('index', 'k', join(dir, 'out2'))
    expect(statSync(join(dir, 'cache2/index/k/files/entry.json')).ino).not.toBe(statSync(join(dir, 'out2/entry.json')).ino)
    expect(copying.restoreDir('index', 'k', join(dir, 'back'))).toBe(true)
    expect(readFileSync(join(dir, 'back/entry.json'), 'utf8')).toBe('{}')
  })

  it('keeps a small text by key, verified like the rest', () => {
    const dir = fresh()
    const cache = openDirCache({ CR_SITE_CACHE_DIR: join(dir, 'cache') }, dir)!
    expect(cache.restoreText('ids', 'k')).toBeUndefined()
    cache.storeText('ids', 'k', '{"rule_a":"en_1"}')
    expect(cache.restoreText('ids', 'k')).toBe('{"rule_a":"en_1"}')
    writeFileSync(join(dir, 'cache/ids/k/files/file'), '{}')
    expect(cache.restoreText('ids', 'k')).toBeUndefined()
  })

  it('replaces a text kept under the same key (a guess for next time: the last one wins), where a stored one stays the first', () => {
    const dir = fresh()
    const cache = openDirCache({ CR_SITE_CACHE_DIR: join(dir, 'cache') }, dir)!
    cache.storeText('out', 'k', 'first')
    cache.storeText('out', 'k', 'second')
    expect(cache.restoreText('out', 'k')).toBe('first')
    cache.replaceText('guess', 'k', '{"a":1}')
    cache.replaceText('guess', 'k', '{"a":2}')
    expect(cache.restoreText('guess', 'k')).toBe('{"a":2}')
    expect(readdirSync(join(dir, 'cache/guess'))).toEqual(['k'])
  })

  it('keeps the newest entries of a kind, and is off with CR_SITE_CACHE=0', () => {
    const dir = fresh()
    const cache = openDirCache({ CR_SITE_CACHE_DIR: join(dir, 'cache') }, dir, 2)!
    writeFileSync(join(dir, 'f'), 'x')
    for (const key of ['a', 'b', 'c']) cache.storeFile('pdf', key, join(dir, 'f'))
    expect(readdirSync(join(dir, 'cache/pdf')).filter((e) => !e.startsWith('.')).length).toBe(2)
    expect(openDirCache({ CR_SITE_CACHE: '0' }, dir)).toBeUndefined()
  })

  it('keys by every part, in order', () => {
    expect(cacheKey('ab', 'c')).not.toBe(cacheKey('a', 'bc'))
    expect(cacheKey('a', 'b')).not.toBe(cacheKey('b', 'a'))
    expect(cacheKey('a', 'b')).toBe(cacheKey('a', Buffer.from('b')))
  })
})

describe('Pagefind indexes', () => {
  const record = (id: string, text: string): SearchRecord =>
    ({ id, url: `/runs/#${id}`, number: '6.1.1', text, lead: text, terms: [], context: [], examples: [], cards: [], chapter: '6. Runs', chapterSlug: 'runs', section: '6.1 General' })

  it('are the same bytes for the same records, however Pagefind ordered its filter values', async () => {
    const dir = fresh()
    // Eight chapters: Pagefind lists a filter's values out of a hash map, in an order of its own each time.
    const chapters = ['1. Game Concepts', '2. Parts of a Card', '3. Card Types', '4. Game Zones', '5. Turns', '6. Runs', '7. Access', '8. Abilities']
    const records = chapters.flatMap((chapter, c) =>
      ['server', 'runner', 'credit'].map((word, w) => ({ ...record(`rule_${c}_${w}`, `A ${word} in chapter ${c}.`), chapter, url: `/c${c}/#rule_${c}_${w}` })),
    )
    const outs = ['a', 'b', 'c'].map((name) => join(dir, name, 'pagefind'))
    await writeSearchIndexes(outs.map((outputPath) => ({ records, outputPath })))
    const files = (out: string) => readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(out.length + 1)).sort()
    const first = files(outs[0]!)
    expect(first.filter((f) => f.startsWith('filter/'))).toHaveLength(1)
    for (const out of outs.slice(1)) {
      expect(files(out)).toEqual(first)
      for (const f of first) expect(readFileSync(join(out, f)).equals(readFileSync(join(outs[0]!, f))), f).toBe(true)
    }
    // In order, and every value with its pages: what a search filtered by chapter reads.
    const filter = first.find((f) => f.startsWith('filter/'))!
    const [name, values] = decode(gunzipSync(readFileSync(join(outs[0]!, filter))).subarray('pagefind_dcd'.length)) as [string, [string, number[]][]]
    expect(name).toBe('chapter')
    expect(values.map(([value]) => value)).toEqual([...chapters].sort())
    expect(values.every(([, pages]) => pages.length === 3)).toBe(true)
    const entry = JSON.parse(readFileSync(join(outs[0]!, 'pagefind-entry.json'), 'utf8')) as { languages: { en: { hash: string; page_count: number } } }
    expect(first).toContain(`pagefind.${entry.languages.en.hash}.pf_meta`)
    expect(entry.languages.en.page_count).toBe(records.length)
  }, 600_000)

  it('are written once for the same records, and again when a record changes', async () => {
    const dir = fresh()
    const cache = openBuildCache(dir, { CR_SITE_CACHE_DIR: join(dir, 'cache') })
    const records = [record('rule_a', 'A run is an attack on a server.'), record('rule_b', 'The Runner jacks out.')]
    const first = await cachedSearchIndexes(cache, [{ records, outputPath: join(dir, 'one/pagefind') }])
    expect(first.map((r) => r.cached)).toEqual([false])
    const again = await cachedSearchIndexes(cache, [{ records, outputPath: join(dir, 'two/pagefind') }])
    expect(again.map((r) => r.cached)).toEqual([true])
    expect([...again[0]!.pagefindIds]).toEqual([...first[0]!.pagefindIds])
    expect(readdirSync(join(dir, 'two/pagefind/fragment')).sort()).toEqual(readdirSync(join(dir, 'one/pagefind/fragment')).sort())
    // The bundle is what a search reads and nothing else, written or restored: no UI bundles, one language's WebAssembly.
    for (const out of ['one', 'two']) {
      const bundle = join(dir, out, 'pagefind')
      const top = readdirSync(bundle).sort()
      expect(top.filter((f) => !['index', 'filter', 'fragment'].includes(f))).toEqual(searchBundleFiles(bundle).filter((f) => !f.includes('/')).sort())
      expect(top.filter((f) => /ui|highlight|\.css$/.test(f))).toEqual([])
      expect(top.filter((f) => f.startsWith('wasm.'))).toEqual(['wasm.en.pagefind'])
      expect(top).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', 'fragment', 'index']))
      // The WebAssembly carries Pagefind's signature before the module, as its other files do: a host may send it inflated (static-server.ts).
      const wasm = gunzipSync(readFileSync(join(bundle, 'wasm.en.pagefind')))
      expect(wasm.subarray(0, 16)).toEqual(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from([0, 0x61, 0x73, 0x6d])]))
    }
    const edited = [records[0]!, record('rule_b', 'The Runner jacks out early.')]
    const changed = await cachedSearchIndexes(cache, [{ records: edited, outputPath: join(dir, 'three/pagefind') }])
    expect(changed.map((r) => r.cached)).toEqual([false])
  }, 600_000)
})

describe('the PDFs’ contents numbers kept in the repository (data/pdf-contents.json)', () => {
  it('are read as far as they are a guess: each page whose numbers are all integers; nothing from a file that is no JSON or missing', () => {
    const dir = fresh()
    mkdirSync(join(dir, 'data'))
    writeFileSync(join(dir, PDF_CONTENTS), JSON.stringify({ '/full/': { chpt_a: 3, sec_b: 4 }, '/v1/full/': { chpt_a: 'three' }, '/v2/full/': [1, 2] }))
    expect(openBuildCache(dir, { CR_SITE_CACHE: '0' }).committed).toEqual({ '/full/': { chpt_a: 3, sec_b: 4 } })
    writeFileSync(join(dir, PDF_CONTENTS), '{ "/full/": ')
    expect(openBuildCache(dir, { CR_SITE_CACHE: '0' }).committed).toEqual({})
    expect(openBuildCache(fresh(), { CR_SITE_CACHE: '0' }).committed).toEqual({})
  })

  it('are refreshed from the numbers the build cache kept for a page (npm run pdf-contents), never from the repository’s own', () => {
    const dir = fresh()
    mkdirSync(join(dir, 'data'))
    writeFileSync(join(dir, PDF_CONTENTS), JSON.stringify({ '/full/': { chpt_a: 3 } }))
    const { cache } = openBuildCache(dir, { CR_SITE_CACHE_DIR: join(dir, 'cache') })
    expect(printedContents(cache, '/full/')).toBeUndefined()
    cache!.replaceText('pdf-contents', cacheKey('pdf-contents', '/full/'), JSON.stringify({ chpt_a: 5 }))
    expect(printedContents(cache, '/full/')).toEqual({ chpt_a: 5 })
    expect(printedContents(cache, '/v1/full/')).toBeUndefined()
  })
})
