/**
 * What `npm pack` ships as package.json (src/core/package/manifest.ts,
 * scripts/pack-manifest.ts): the repository's without `scripts`, so an
 * engine's install lists no install script of ours (`prepare` builds a clone,
 * and cannot run in an engine's project), and package.json back byte for
 * byte after the pack. tests/package/tarball.test.ts installs the result.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { keptManifest, restoreManifest, stripManifest } from '../../scripts/pack-manifest.ts'
import { packedManifest } from '../../src/core/package/manifest.ts'
import { repoRoot } from '../cli/run-cr.ts'

const ours = readFileSync(join(repoRoot, 'package.json'), 'utf8')
const tmp = mkdtempSync(join(tmpdir(), 'cr-pack-manifest-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('the packed package.json', () => {
  it('is the repository\'s without scripts, every other field as it was', () => {
    const { scripts, ...rest } = JSON.parse(ours) as Record<string, unknown>
    expect(Object.keys(scripts as object)).toContain('prepare')
    expect(JSON.parse(packedManifest(ours))).toEqual(rest)
    expect(Object.keys(JSON.parse(packedManifest(ours)))).toEqual(Object.keys(rest))
  })

  it('is what npm packs: prepack builds and strips, postpack restores', () => {
    const { scripts } = JSON.parse(ours) as { scripts: Record<string, string> }
    expect(scripts.prepack).toBe('tsx scripts/build-package.ts && tsx scripts/pack-manifest.ts strip')
    expect(scripts.postpack).toBe('tsx scripts/pack-manifest.ts restore')
  })
})

describe('strip and restore around a pack', () => {
  const project = (text: string) => {
    const root = mkdtempSync(join(tmp, 'p-'))
    writeFileSync(join(root, 'package.json'), text)
    return root
  }
  // Not as JSON.stringify writes it: restore must give back these bytes, not a re-serialisation.
  const original = '{"name": "x",\n  "scripts": {"prepare": "tsx build.ts"},   "version": "1.0.0"}\n'

  it('packs the stripped manifest and gives package.json back byte for byte', () => {
    const root = project(original)
    stripManifest(root)
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).toEqual({ name: 'x', version: '1.0.0' })
    restoreManifest(root)
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(original)
    expect(() => readFileSync(keptManifest(root))).toThrow()
  })

  it('after a pack that failed between the two, strips from the kept bytes and restores them', () => {
    const root = project(original)
    stripManifest(root)
    stripManifest(root)
    restoreManifest(root)
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(original)
    // Nothing kept, nothing to restore.
    restoreManifest(root)
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(original)
  })

  it('refuses to strip when package.json was edited while a failed pack kept the original', () => {
    const root = project(original)
    stripManifest(root)
    writeFileSync(join(root, 'package.json'), '{"name": "x", "version": "2.0.0"}\n')
    expect(() => stripManifest(root)).toThrow(/package\.json changed while .* was kept from a pack that did not finish/)
  })
})
