/**
 * The compile cache is a cache (issue 24, case 10): an entry that fails any
 * check (checksum, header, JSON, shape) is a miss, removed and written again;
 * a full disk or a folder in the way costs speed and leaves no temporary
 * file; a run killed mid-write leaves nothing the next run trips on.
 * Faults: a real tmpfs mounted full (root) and SIGKILL at random points;
 * see tests/io/fault.ts.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCache, hashSources, MAX_ENTRIES_PER_KIND, openCache, type EntryProblem } from '../../src/io/cache.ts'
import { isCachedModel } from '../../src/io/cache-shapes.ts'
import { compile } from '../../src/core/compile.ts'
import { readRulesDir } from '../../src/io/read-sources.ts'
import { repoRoot, runCr } from '../cli/run-cr.ts'
import { fillTo, mountTmpfs, seeded, unmount } from './fault.ts'

const dir = mkdtempSync(join(tmpdir(), 'cr-cache-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const anything = (v: unknown): v is unknown => true
const isPair = (v: unknown): v is { a: number[] } => typeof v === 'object' && v !== null && Array.isArray((v as { a?: unknown }).a)
const only = (d: string) => readdirSync(d)
const temps = (d: string) => (existsSync(d) ? readdirSync(d).filter((n) => n.endsWith('.tmp')) : [])

/** A cache whose misses say why. */
function watched(name: string) {
  const problems: EntryProblem[] = []
  const cache = createCache(join(dir, name), 'test-build', (p) => problems.push(p))
  const entry = () => join(dir, name, 'compile', only(join(dir, name, 'compile')).find((n) => n.endsWith('.json'))!)
  return { cache, problems, entry }
}

describe('the compile cache', () => {
  it('is off when run from source unless CR_CACHE_DIR asks for it, and with CR_CACHE=0', () => {
    expect(openCache({}, dir)).toBeUndefined()
    expect(openCache({ CR_CACHE_DIR: 'c', CR_CACHE: '0' }, dir)).toBeUndefined()
    expect(openCache({ CR_CACHE_DIR: 'c' }, dir)?.dir).toBe(join(dir, 'c'))
  })

  it('keeps entries by key, each with a header naming its kind, key, length and checksum', () => {
    const { cache, entry } = watched('kv')
    expect(cache.get('compile', 'k', isPair)).toBeUndefined()
    cache.set('compile', 'k', { a: [1, 2] })
    expect(cache.get('compile', 'k', isPair)).toEqual({ a: [1, 2] })
    expect(cache.get('compile', 'other', isPair)).toBeUndefined()
    const [header, json] = readFileSync(entry(), 'utf8').split('\n')
    const sha = createHash('sha256').update(json!).digest('hex')
    expect(header).toMatch(new RegExp(`^cr-cache/1 compile [0-9a-f]{64} ${json!.length} ${sha}$`))
  })

  it('keys sources by name and bytes, whatever order they were read in', () => {
    const a = { path: 'a.yaml', content: 'x: 1' }
    const b = { path: 'b.yaml', content: new TextEncoder().encode('y: 2') }
    expect(hashSources([a, b])).toBe(hashSources([b, a]))
    expect(hashSources([a, b])).not.toBe(hashSources([a, { ...b, content: 'y: 3' }]))
    expect(hashSources([a])).not.toBe(hashSources([{ ...a, path: 'c.yaml' }]))
  })

  it('keys a file by what it is now: an unread file is not an empty one, and names and bytes never run together', () => {
    const empty = { path: '05_turns.yaml', content: new Uint8Array() }
    const tooLarge = { ...empty, unreadable: { code: 'file-too-large', message: 'is 32.5 MiB, over the 32 MiB cap' } }
    const link = { ...empty, unreadable: { code: 'file-not-regular', message: 'is a symbolic link out of the folder' } }
    const keys = [empty, tooLarge, link, { ...tooLarge, unreadable: { ...tooLarge.unreadable, message: 'is 40.0 MiB, over the 32 MiB cap' } }].map((f) => hashSources([f]))
    expect(new Set(keys).size).toBe(keys.length)
    // `a` holding "x\0b\0y" is not `a` holding "x" beside `b` holding "y".
    expect(hashSources([{ path: 'a', content: 'x\0b\0y' }])).not.toBe(hashSources([{ path: 'a', content: 'x' }, { path: 'b', content: 'y' }]))
  })

  it('never serves one file problem\'s report for another: each state in turn, as without a cache', async () => {
    const rules = join(dir, 'states', 'rules')
    cpSync(join(repoRoot, 'tests/fixtures/diagnostics/card-spelling/rules'), rules, { recursive: true })
    const chapter = join(rules, readdirSync(rules).find((n) => /^\d\d_/.test(n))!)
    const original = readFileSync(chapter)
    const outside = join(dir, 'states', 'outside.yaml')
    writeFileSync(outside, original)
    const reset = () => rmSync(chapter, { recursive: true, force: true })
    const states: [string, () => void, string][] = [
      ['over the cap', () => (reset(), writeFileSync(chapter, ''), truncateSync(chapter, 33 * 1024 * 1024)), 'file-too-large'],
      ['empty', () => (reset(), writeFileSync(chapter, '')), 'file-empty'],
      ['a link out of the folder', () => (reset(), symlinkSync(outside, chapter)), 'file-not-regular'],
      ['empty again', () => (reset(), writeFileSync(chapter, '')), 'file-empty'],
      ['a folder', () => (reset(), mkdirSync(chapter)), 'file-not-regular'],
      ['over the cap again', () => (reset(), writeFileSync(chapter, ''), truncateSync(chapter, 33 * 1024 * 1024)), 'file-too-large'],
      ['only a comment', () => (reset(), writeFileSync(chapter, '# nothing yet\n')), 'file-empty'],
      ['whole again', () => (reset(), writeFileSync(chapter, original)), 'card-spelling'],
    ]
    const env = { CR_CACHE_DIR: join(dir, 'states', 'cache') }
    for (const [state, make, code] of states) {
      make()
      const cached = await runCr(['check', rules], dir, env)
      const fresh = await runCr(['check', rules], dir, { CR_CACHE: '0' })
      expect({ state, ...cached }).toEqual({ state, ...fresh })
      expect(cached.stderr, state).toContain(`[${code}]`)
    }
  })

  it('gives `cr check` the same report from the cache as from compiling', async () => {
    const env = { CR_CACHE_DIR: join(dir, 'check') }
    const first = await runCr(['check', 'tests/fixtures/diagnostics/card-spelling/rules'], repoRoot, env)
    expect(existsSync(join(dir, 'check/compile-model'))).toBe(true)
    const second = await runCr(['check', 'tests/fixtures/diagnostics/card-spelling/rules'], repoRoot, env)
    expect(second).toEqual(first)
    expect(first.stderr).toContain('warning[card-spelling]')
  })
})

describe('an entry that fails a check is a miss, removed, and written again', () => {
  const damage: [string, (bytes: Buffer) => Buffer, EntryProblem][] = [
    ['one bit flipped in the value', (b) => { const c = Buffer.from(b); c[c.length - 3]! ^= 0x01; return c }, 'checksum'],
    ['truncated (a crash of the disk, not of ours)', (b) => b.subarray(0, b.length - 10), 'checksum'],
    ['an old layout: bare JSON, no header', (b) => b.subarray(b.indexOf(0x0a) + 1), 'header'],
    ['empty', () => Buffer.alloc(0), 'header'],
    ['binary noise', () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131) % 256)), 'header'],
  ]
  it.each(damage)('%s', (name, spoil, why) => {
    const slug = `damage-${name.replace(/\W+/g, '-')}`
    const { cache, problems, entry } = watched(slug)
    cache.set('compile', 'k', { a: [1, 2, 3] })
    writeFileSync(entry(), spoil(readFileSync(entry())))
    expect(cache.get('compile', 'k', isPair)).toBeUndefined()
    expect(problems).toEqual([why])
    expect(only(join(dir, slug, 'compile'))).toEqual([])
    cache.set('compile', 'k', { a: [1, 2, 3] })
    expect(cache.get('compile', 'k', isPair)).toEqual({ a: [1, 2, 3] })
  })

  it('valid JSON of the wrong shape, checksum and all, is a miss: it made every later run fail', () => {
    const { cache, problems } = watched('shape')
    cache.set('compile', 'k', { a: 'not a list' })
    expect(cache.get('compile', 'k', isPair)).toBeUndefined()
    expect(problems).toEqual(['shape'])
    expect(only(join(dir, 'shape/compile'))).toEqual([])
  })

  it('an entry moved to another key\'s name is a miss (the header names the key)', () => {
    const { cache, problems } = watched('moved')
    cache.set('compile', 'a', { a: [1] })
    cache.set('compile', 'b', { a: [2] })
    const names = only(join(dir, 'moved/compile'))
    const [x, y] = names.map((n) => join(dir, 'moved/compile', n))
    writeFileSync(y!, readFileSync(x!))
    const got = [cache.get('compile', 'a', isPair), cache.get('compile', 'b', isPair)]
    expect(got.filter(Boolean)).toHaveLength(1)
    expect(problems).toEqual(['header'])
  })

  it('`cr check` with a wrong-shaped compile entry reports as without a cache, and repairs the entry', async () => {
    const env = { CR_CACHE_DIR: join(dir, 'cli-shape') }
    const rules = 'tests/fixtures/diagnostics/card-spelling/rules'
    const clean = await runCr(['check', rules], repoRoot, { CR_CACHE: '0' })
    await runCr(['check', rules], repoRoot, env)
    const folder = join(dir, 'cli-shape/compile-model')
    const [name] = only(folder)
    const file = join(folder, name!)
    const [header] = readFileSync(file, 'utf8').split('\n')
    const forged = JSON.stringify({ model: { release: {}, entries: 'oops' }, messages: 7 })
    const fields = header!.split(' ')
    writeFileSync(file, `${fields.slice(0, 3).join(' ')} ${Buffer.byteLength(forged)} ${createHash('sha256').update(forged).digest('hex')}\n${forged}`)
    const r = await runCr(['check', rules], repoRoot, env)
    expect(r).toEqual(clean)
    // Replaced by a good entry, which the next run serves.
    const again = readFileSync(file, 'utf8')
    expect(again).not.toContain('oops')
    expect(isCachedModel(JSON.parse(again.slice(again.indexOf('\n') + 1)))).toBe(true)
  })

  it('a fresh compile result is always accepted (the shape check follows the compiler)', () => {
    for (const d of ['rules', 'tests/fixtures/diagnostics/unknown-rule/rules', 'tests/fixtures/diagnostics/yaml-syntax/rules']) {
      const { model, messages } = compile(readRulesDir(d, repoRoot))
      expect(isCachedModel(JSON.parse(JSON.stringify({ model, messages }))), d).toBe(true)
    }
  })
})

// What the site build reads again in one process (release-cache.ts: each release's model): a value
// shared by its bytes, so what is kept by object (a model's index view) is found again.
describe('a shared read gives back the object parsed from the same bytes, checked as ever', () => {
  it('the same bytes, the same object; a plain read, a copy of its own', () => {
    const { cache } = watched('shared-same')
    cache.set('compile', 'k', { a: [1] })
    const first = cache.get('compile', 'k', isPair, { shared: true })
    expect(first).toEqual({ a: [1] })
    expect(cache.get('compile', 'k', isPair, { shared: true })).toBe(first)
    const plain = cache.get('compile', 'k', isPair)
    expect(plain).toEqual(first)
    expect(plain).not.toBe(first)
  })

  it('other bytes under the key, written here or by another process, are parsed again', () => {
    const { cache, entry } = watched('shared-other')
    cache.set('compile', 'k', { a: [1] })
    const first = cache.get('compile', 'k', isPair, { shared: true })!
    cache.set('compile', 'k', { a: [2] })
    expect(cache.get('compile', 'k', isPair, { shared: true })).toEqual({ a: [2] })
    // Another process's write: this one's cache object never saw it.
    const bytes = readFileSync(entry())
    watched('shared-other').cache.set('compile', 'k', { a: [3] })
    expect(cache.get('compile', 'k', isPair, { shared: true })).toEqual({ a: [3] })
    // Its old bytes back: parsed again too (only the last bytes read are kept), yet equal.
    writeFileSync(entry(), bytes)
    const again = cache.get('compile', 'k', isPair, { shared: true })
    expect(again).toEqual({ a: [2] })
    expect(again).not.toBe(first)
  })

  it('a damaged entry is a miss after a shared read too, and its value is not given back', () => {
    const { cache, problems, entry } = watched('shared-damage')
    cache.set('compile', 'k', { a: [1, 2, 3] })
    expect(cache.get('compile', 'k', isPair, { shared: true })).toEqual({ a: [1, 2, 3] })
    const bytes = readFileSync(entry())
    bytes[bytes.length - 3]! ^= 0x01
    writeFileSync(entry(), bytes)
    expect(cache.get('compile', 'k', isPair, { shared: true })).toBeUndefined()
    expect(problems).toEqual(['checksum'])
    // Bytes of the right checksum but another shape, asked with a stricter check: a miss as well.
    cache.set('compile', 'k', { a: [1, 2, 3] })
    expect(cache.get('compile', 'k', anything, { shared: true })).toEqual({ a: [1, 2, 3] })
    expect(cache.get('compile', 'k', (v): v is { b: unknown } => typeof v === 'object' && v !== null && 'b' in v, { shared: true })).toBeUndefined()
    expect(problems).toEqual(['checksum', 'shape'])
  })
})

describe('writes that fail leave no temporary file', () => {
  it('a folder in the way of the entry', () => {
    const { cache } = watched('in-the-way')
    cache.set('compile', 'k', { a: [1] })
    const folder = join(dir, 'in-the-way/compile')
    const [name] = only(folder)
    rmSync(join(folder, name!))
    mkdirSync(join(folder, name!, 'sub'), { recursive: true })
    expect(() => cache.set('compile', 'k', { a: [2] })).not.toThrow()
    expect(temps(folder)).toEqual([])
    expect(cache.get('compile', 'k', isPair)).toBeUndefined()
  })

  it('a file in the way of the kind\'s folder', () => {
    mkdirSync(join(dir, 'file-kind'))
    writeFileSync(join(dir, 'file-kind/compile'), 'not a folder')
    const cache = createCache(join(dir, 'file-kind'), 'b')
    expect(() => cache.set('compile', 'k', { a: [1] })).not.toThrow()
    expect(cache.get('compile', 'k', isPair)).toBeUndefined()
    expect(only(join(dir, 'file-kind'))).toEqual(['compile'])
  })

  it('temporary files of a run that was killed are removed by the next write; live ones are kept', () => {
    const { cache } = watched('abandoned')
    cache.set('compile', 'k', { a: [1] })
    const folder = join(dir, 'abandoned/compile')
    // PID 2^22+1 is above Linux's pid_max default: no such process.
    const dead = join(folder, '.x.json.cr-4194305-abc123.tmp')
    const mine = join(folder, `.y.json.cr-${process.pid}-def456.tmp`)
    writeFileSync(dead, 'half')
    writeFileSync(mine, 'in progress')
    cache.set('compile', 'k2', { a: [2] })
    expect(existsSync(dead)).toBe(false)
    expect(existsSync(mine)).toBe(true)
    // Even a live process's temporary file goes once it is an hour old: no write takes that long.
    utimesSync(mine, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000))
    cache.set('compile', 'k3', { a: [3] })
    expect(temps(folder)).toEqual([])
  })

  it(`keeps the ${MAX_ENTRIES_PER_KIND} most recently used entries of a kind`, () => {
    const { cache } = watched('trim')
    const folder = join(dir, 'trim/compile')
    cache.set('compile', 'favourite', { a: [0] })
    for (let i = 0; i < MAX_ENTRIES_PER_KIND + 10; i++) {
      cache.set('compile', `k${i}`, { a: [i] })
      // The favourite is used between writes: it stays.
      expect(cache.get('compile', 'favourite', isPair)).toEqual({ a: [0] })
    }
    expect(only(folder)).toHaveLength(MAX_ENTRIES_PER_KIND)
    expect(cache.get('compile', 'k0', isPair)).toBeUndefined()
  })
})

describe('on a real full disk (tmpfs)', () => {
  const mnt = join(dir, 'mnt')
  let skipped: string | undefined
  beforeAll(() => {
    mkdirSync(mnt)
    skipped = mountTmpfs(mnt, 2 * 1024 * 1024)
    if (skipped) console.warn(`tests/io/cache.test.ts: tmpfs cases skipped: ${skipped}`)
  })
  afterAll(() => {
    if (!skipped) unmount(mnt)
  })

  it('`cr check` reports as usual, and the cache holds no partial entry and no temporary file', async (ctx) => {
    if (skipped) return ctx.skip()
    const env = { CR_CACHE_DIR: join(mnt, 'cache') }
    mkdirSync(join(mnt, 'cache/compile'), { recursive: true })
    fillTo(mnt, 16 * 1024)
    const clean = await runCr(['check', 'rules'], repoRoot, { CR_CACHE: '0' })
    const full = await runCr(['check', 'rules'], repoRoot, env)
    expect(full).toEqual(clean)
    expect(only(join(mnt, 'cache/compile'))).toEqual([])
    rmSync(join(mnt, 'filler'))
  }, 600_000)
})

describe('a writer killed at random points', () => {
  /** Starts the writer, kills it when `when` has printed (plus `delay` ms), and says whether it left temporary files. */
  async function killWriter(folder: string, when: 'ready' | 'inside', delay: number): Promise<boolean> {
    // Node itself with tsx as a loader: the process killed is the one writing (the `tsx` binary would be a parent).
    const args = ['--import', 'tsx', join(import.meta.dirname, 'cache-writer.ts'), folder, String(2_000_000), ...(when === 'inside' ? ['inside'] : [])]
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    await new Promise<void>((ok) => {
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString()
        if (out.includes(`${when}\n`)) ok()
      })
    })
    await new Promise((ok) => setTimeout(ok, delay))
    child.kill('SIGKILL')
    await new Promise((ok) => child.once('exit', ok))
    return temps(join(folder, 'compile')).length > 0
  }

  /** Whatever the kill left: every entry is whole (served) or a miss (removed), never a crash. */
  function expectWholeOrAbsent(folder: string) {
    const cache = createCache(folder, 'kill-test')
    for (const k of ['key-0', 'key-1', 'key-2']) {
      const v = cache.get('compile', k, anything)
      if (v !== undefined) expect((v as { blob: string }).blob).toHaveLength(2_000_000)
    }
  }

  it('leaves entries that are whole or absent, and temporary files the next write removes', async () => {
    const folder = join(dir, 'killed')
    const random = seeded(24)
    // Kills at random points: wherever they land, the entries read back whole or not at all.
    for (let round = 0; round < 6; round++) {
      await killWriter(folder, 'ready', 5 + random() * 300)
      expectWholeOrAbsent(folder)
    }
    // And one kill certainly inside a write (its temporary file written, not yet renamed):
    // random kills land there only by chance, rarely on a loaded machine.
    expect(await killWriter(folder, 'inside', 0)).toBe(true)
    expectWholeOrAbsent(folder)
    // The next write sweeps what the killed writers left half-written.
    createCache(folder, 'kill-test').set('compile', 'after', { done: true })
    expect(temps(join(folder, 'compile'))).toEqual([])
    for (const n of only(join(folder, 'compile'))) expect(statSync(join(folder, 'compile', n)).size).toBeGreaterThan(0)
  }, 900_000)
})
