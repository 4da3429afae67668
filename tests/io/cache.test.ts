import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { hashSources, openCache } from '../../src/io/cache.ts'
import { repoRoot, runCr } from '../cli/run-cr.ts'

const dir = mkdtempSync(join(tmpdir(), 'cr-cache-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the compile cache', () => {
  it('is off when run from source unless CR_CACHE_DIR asks for it, and with CR_CACHE=0', () => {
    expect(openCache({}, dir)).toBeUndefined()
    expect(openCache({ CR_CACHE_DIR: 'c', CR_CACHE: '0' }, dir)).toBeUndefined()
    expect(openCache({ CR_CACHE_DIR: 'c' }, dir)?.dir).toBe(join(dir, 'c'))
  })

  it('keeps entries by key, and a corrupt entry is a miss', () => {
    const cache = openCache({ CR_CACHE_DIR: join(dir, 'kv') }, dir)!
    expect(cache.get('compile', 'k')).toBeUndefined()
    cache.set('compile', 'k', { a: [1, 2] })
    expect(cache.get('compile', 'k')).toEqual({ a: [1, 2] })
    const [file] = readdirSync(join(dir, 'kv/compile'))
    writeFileSync(join(dir, 'kv/compile', file!), '{ not json')
    expect(cache.get('compile', 'k')).toBeUndefined()
  })

  it('keys sources by name and bytes, whatever order they were read in', () => {
    const a = { path: 'a.yaml', content: 'x: 1' }
    const b = { path: 'b.yaml', content: new TextEncoder().encode('y: 2') }
    expect(hashSources([a, b])).toBe(hashSources([b, a]))
    expect(hashSources([a, b])).not.toBe(hashSources([a, { ...b, content: 'y: 3' }]))
    expect(hashSources([a])).not.toBe(hashSources([{ ...a, path: 'c.yaml' }]))
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
