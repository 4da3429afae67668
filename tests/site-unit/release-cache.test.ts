/**
 * The site data kept between builds (site/data/release-cache.ts): a frozen
 * release's shaped data and every release's model come from the cache, the
 * current rules are compiled and shaped again after an edit, and what the
 * cache gives is what a build without it makes. A damaged entry, or one of
 * another shape, is a miss.
 */
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readCardData, readRulesDir } from '../../src/io/read-sources.ts'
import { prepareSite, siteCache } from '../../site/data/store.ts'
import { englishFilter, englishNear, siteWords } from '../../site/data/english-words.ts'
import { buildBloom } from '../../site/scripts/query/bloom.ts'
import { isCachedDiff, isCachedReleaseData, openReleaseCache } from '../../site/data/release-cache.ts'
import { availableReleases } from '../../site/data/releases.ts'
import type { SiteData } from '../../site/data/types.ts'

const ROOT = join(import.meta.dirname, '../..')
const tmp = mkdtempSync(join(tmpdir(), 'cr-release-cache-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const rules = join(tmp, 'rules')
const env = { CR_SITE_CACHE_DIR: join(tmp, 'cache'), CR_RELEASES: 'v22.12', CR_RULES_DIR: rules }
const frozenKey = () => openReleaseCache(ROOT, env)!.sourcesKey(readRulesDir(join(ROOT, 'releases/v22.12')), readCardData(join(ROOT, 'data/cards.json')))
const release = (site: SiteData, base: string) => site.releases.find((r) => r.base === base)!
/** One diff the first build kept (src/io/cache.ts: a header line, then the JSON). */
const kept0 = () => {
  const dir = join(tmp, 'cache/data/site-diff')
  const bytes = readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith('.json'))!))
  return JSON.parse(bytes.subarray(bytes.indexOf(0x0a) + 1).toString('utf8')) as unknown
}
const EDIT: [string, string] = ["halt the Runner's progress", "halt the Runner's progress at once"]

// The first build, on an empty cache: everything compiled and shaped as without a cache (a miss
// returns what it makes), and kept. One build rather than another with CR_SITE_CACHE=0 beside it:
// each compiles all seven releases, and the unit project is budgeted (issue 22).
let fresh: SiteData
beforeAll(() => {
  cpSync(join(ROOT, 'rules'), rules, { recursive: true })
  fresh = prepareSite(ROOT, env)
})

// Each test prepares the site data again, some more than once: seconds alone, minutes beside a loaded
// machine's other work (one took 182 s at load 20). The limit only catches a hang.
describe('the site data cache', { timeout: 600_000 }, () => {
  test('gives what the build made without it: the next build reads every release back', () => {
    expect(readdirSync(join(tmp, 'cache/data/site-release')).filter((f) => f.endsWith('.json'))).toHaveLength(1)
    // Every release's model: the current rules, v22.12, and the releases compiled only for histories.
    expect(readdirSync(join(tmp, 'cache/data/site-model')).filter((f) => f.endsWith('.json'))).toHaveLength(availableReleases(ROOT).length + 1)
    expect(prepareSite(ROOT, env)).toEqual(fresh)
  })

  test('serves a frozen release from the cache, and compiles the current rules again after an edit', () => {
    const cache = openReleaseCache(ROOT, env)!
    const key = frozenKey()
    const kept = cache.release(key, '/v22.12/')
    expect(kept).toBeDefined()
    // A mark only the cache carries: a build that shaped v22.12 again would not show it.
    cache.setRelease(key, '/v22.12/', { ...kept!, title: 'from the cache' })
    const file = join(rules, '06_runs.yaml')
    const text = readFileSync(file, 'utf8')
    expect(text).toContain(EDIT[0])
    writeFileSync(file, text.replace(EDIT[0], EDIT[1]))
    try {
      const site = prepareSite(ROOT, env)
      expect(release(site, '/v22.12/').title).toBe('from the cache')
      const current = release(site, '/')
      expect(current.search.some((r) => r.text.includes('progress at once'))).toBe(true)
      expect(release(fresh, '/').search.some((r) => r.text.includes('progress at once'))).toBe(false)
      // Not kept: the current rules carry histories and coverage, which change with any release.
      expect(cache.release(openReleaseCache(ROOT, env)!.sourcesKey(readRulesDir(rules), readCardData(join(ROOT, 'data/cards.json'))), '/')).toBeUndefined()
    } finally {
      writeFileSync(file, text)
      cache.setRelease(key, '/v22.12/', kept!)
    }
  })

  test('a damaged entry is a miss: the build makes the data again and keeps it whole', () => {
    // The frozen release's data and its model (damaging all seven models would only cost time: each a full compile).
    const entries = (kind: string) => readdirSync(join(tmp, 'cache/data', kind)).filter((f) => f.endsWith('.json')).map((f) => join(tmp, 'cache/data', kind, f))
    const model = entries('site-model').filter((f) => readFileSync(f, 'utf8').includes('{"model":{"release":{"version":"v22.12"'))
    expect(model).toHaveLength(1)
    const damaged = [...entries('site-release'), ...model]
    expect(damaged).toHaveLength(2)
    const damagedBytes = new Map<string, Buffer>()
    for (const path of damaged) {
      const bytes = readFileSync(path)
      damagedBytes.set(path, bytes)
      // One byte of the value flipped, past the header line.
      const at = bytes.indexOf(0x0a) + 1 + Math.floor((bytes.length - bytes.indexOf(0x0a)) / 2)
      bytes[at] = bytes[at]! ^ 0x20
      writeFileSync(path, bytes)
    }
    expect(prepareSite(ROOT, env)).toEqual(fresh)
    // Written again, whole: the frozen release's data as it was shaped, before the build adds a changes page (v22.12, the oldest, has none).
    // Players' words are joined to the records after the cache (store.ts addPhrasings), and so are the lookup's
    // other releases' IDs and change marks (`o`, `h`: they change with later releases): the entry has none.
    const { changesUrl: _, search, lookup, ...shaped } = release(fresh, '/v22.12/')
    const { o: _o, h: _h, ...kept } = lookup
    expect(openReleaseCache(ROOT, env)!.release(frozenKey(), '/v22.12/')).toEqual({ ...shaped, lookup: kept, search: search.map(({ phrasings: _p, ...r }) => r) })
    for (const [path, bytes] of damagedBytes) expect(readFileSync(path).equals(bytes), path).toBe(false)
  })

  test('an entry of another shape is a miss, whole as its bytes are', () => {
    const cache = openReleaseCache(ROOT, env)!
    const key = frozenKey()
    const kept = cache.release(key, '/v22.12/')!
    const broken: unknown[] = [
      { ...kept, search: [{ id: 'rule_x' }] },
      { ...kept, current: true },
      { ...kept, chapters: [{ slug: 'runs', tree: { id: 'chpt_runs' } }] },
      { ...kept, officialJson: { '2026-04': 1 } },
      'not an object',
    ]
    for (const value of broken) {
      expect(isCachedReleaseData(value)).toBe(false)
      cache.setRelease(key, '/v22.12/', value as typeof kept)
      expect(cache.release(key, '/v22.12/')).toBeUndefined()
    }
    // What a build shapes, and its JSON, pass.
    expect(isCachedReleaseData(release(fresh, '/v22.12/'))).toBe(true)
    expect(isCachedReleaseData(JSON.parse(JSON.stringify(release(fresh, '/v22.12/'))))).toBe(true)
    expect(prepareSite(ROOT, env)).toEqual(fresh)
  })

  test("keeps the search box's English filter by the rules' words: read back while they are the same, made again when one is new", () => {
    const site = prepareSite(ROOT, env)
    const words = siteWords(site)
    const cache = siteCache(site)!
    const made = englishFilter(site)
    const near = englishNear(words)
    expect(made).toEqual(buildBloom(near, near.length))
    expect(cache.englishFilter(words)).toEqual(made)
    // In any order; one word more (an edit that brings a new word) is another entry.
    expect(cache.englishFilter([...words].reverse())).toEqual(made)
    expect(cache.englishFilter([...words, 'forevermore'])).toBeUndefined()
    // The next build's filter is the kept one: a mark only the cache carries shows it.
    const mark: [number, string] = [3, 'AAAA']
    cache.setEnglishFilter(words, mark)
    try {
      expect(englishFilter(prepareSite(ROOT, env))).toEqual(mark)
      // A damaged entry is a miss: made again.
      const dir = join(tmp, 'cache/data/english-filter')
      for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) writeFileSync(join(dir, f), readFileSync(join(dir, f), 'utf8').replace('AAAA', 'AAAB'))
      expect(englishFilter(prepareSite(ROOT, env))).toEqual(made)
    } finally {
      cache.setEnglishFilter(words, made)
    }
    // Off, the data carries no cache to keep the filter in (the current rules alone: whether a cache
    // is handed on does not depend on how many releases are built, and each costs a full compile).
    expect(siteCache(prepareSite(ROOT, { ...env, CR_SITE_CACHE: '0', CR_RELEASES: 'none' }))).toBeUndefined()
    expect(siteCache(prepareSite(ROOT, { ...env, CR_RELEASES: 'none' }))).toBeDefined()
  })


  test('keeps the diffs between releases: read back while both releases and the retirements are the same, the current rules diffed again after an edit', () => {
    const dir = join(tmp, 'cache/data/site-diff')
    /** Each kept diff: its file, and its value (`src/io/cache.ts`: a header line, then the JSON). */
    const kept = () =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => {
          const bytes = readFileSync(join(dir, f))
          return { file: join(dir, f), header: bytes.subarray(0, bytes.indexOf(0x0a)).toString('latin1'), value: JSON.parse(bytes.subarray(bytes.indexOf(0x0a) + 1).toString('utf8')) as { from: { version: string }; to: { version: string }; counts: Record<string, number> } }
        })
    const pairs = () => kept().map((d) => `${d.value.from.version}>${d.value.to.version}`).sort()
    // Each release against the one before it, and the current rules against the last release.
    const versions = [...availableReleases(ROOT).map((r) => r.name), 'current']
    const chain = versions.slice(1).map((v, i) => `${versions[i]}>${v}`).sort()
    expect(pairs()).toEqual(expect.arrayContaining(chain))
    // A mark only the cache carries (the current rules' diffs rewritten, each with a valid header): the next build's changes page shows it.
    const marked = kept().filter((d) => d.value.to.version === 'current')
    for (const entry of marked) {
      const bytes = Buffer.from(JSON.stringify({ ...entry.value, counts: { ...entry.value.counts, reworded: 9999 } }), 'utf8')
      const [format, kind, keyHash] = entry.header.split(' ')
      writeFileSync(entry.file, Buffer.concat([Buffer.from(`${format} ${kind} ${keyHash} ${bytes.length} ${createHash('sha256').update(bytes).digest('hex')}\n`), bytes]))
    }
    const unreleased = (site: SiteData) => site.changes.find((c) => c.key === 'current')!
    expect(unreleased(prepareSite(ROOT, env)).counts).toContainEqual(['reworded', 9999])
    const file = join(rules, '06_runs.yaml')
    const text = readFileSync(file, 'utf8')
    // Another edit than the test above made: its diff is not kept yet.
    writeFileSync(file, text.replace(EDIT[0], `${EDIT[0]} entirely`))
    try {
      const before = new Set(kept().map((d) => d.file))
      const site = prepareSite(ROOT, env)
      // The edit is a new diff of the current rules, made again; the releases' diffs were read, not made again.
      expect(unreleased(site).counts).not.toContainEqual(['reworded', 9999])
      const added = kept().filter((d) => !before.has(d.file))
      expect(added.map((d) => `${d.value.from.version}>${d.value.to.version}`)).toEqual([`${versions[versions.length - 2]}>current`])
    } finally {
      writeFileSync(file, text)
      for (const entry of marked) rmSync(entry.file)
    }
    // Without the mark (the entry gone), the same data as a build without the cache.
    expect(prepareSite(ROOT, env)).toEqual(fresh)
  })

  test('a kept diff of another shape is a miss', () => {
    const diff = JSON.parse(JSON.stringify(kept0()))
    expect(isCachedDiff(diff)).toBe(true)
    for (const broken of [{ ...diff, entries: [{ id: 'rule_x' }] }, { ...diff, idMap: { a: 1 } }, { ...diff, to: {} }, [], 'a diff']) expect(isCachedDiff(broken)).toBe(false)
  })

  test('is off with CR_SITE_CACHE=0, and keyed by the URL prefix too', () => {
    expect(openReleaseCache(ROOT, { ...env, CR_SITE_CACHE: '0' })).toBeUndefined()
    expect(openReleaseCache(ROOT, env)!.release(frozenKey(), '/elsewhere/')).toBeUndefined()
  })
})
