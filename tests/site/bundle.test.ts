/**
 * What a deploy uploads is what readers fetch (issue 22: `dist/` ≤ 60 MB): each
 * release's Pagefind bundle holds the files its search reads, all listed for
 * offline reading, and none of Pagefind's own UI bundles or WebAssembly for
 * languages the index does not have.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { BUILD_TIMEOUT, DIST, ensureSite } from './helpers.ts'

/** Every file under `dir`, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))

describe('the built Pagefind bundles', () => {
  let bases: string[]
  beforeAll(async () => {
    await ensureSite()
    bases = ['/', ...readdirSync(DIST).filter((f) => /^v\d/.test(f)).map((v) => `/${v}/`)]
  }, BUILD_TIMEOUT)

  test('hold only what the search reads, every file of them in the offline list', () => {
    expect(bases.length).toBeGreaterThanOrEqual(7)
    for (const base of bases) {
      const bundle = join(DIST, base, 'pagefind')
      const files = filesUnder(bundle)
      const offline = new Set((JSON.parse(readFileSync(join(DIST, base, 'offline.json'), 'utf8')) as { files: [string, string][] }).files.map(([path]) => path))
      const unlisted = files.filter((f) => !offline.has(`${base}pagefind/${f}`))
      expect(unlisted, `${base}pagefind/`).toEqual([])
      expect(files.filter((f) => f.includes('/fragment/') || f.startsWith('fragment/')).length, base).toBeGreaterThan(1000)
      const entry = JSON.parse(readFileSync(join(bundle, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { wasm: string }> }
      expect(files.filter((f) => f.startsWith('wasm.')), base).toEqual(Object.values(entry.languages).map((l) => `wasm.${l.wasm}.pagefind`))
    }
  })
})
