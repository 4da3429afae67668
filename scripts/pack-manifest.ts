/**
 * `npm pack` and `npm publish` ship package.json without `scripts`
 * (`src/core/package/manifest.ts` says why). `prepack` builds the package,
 * then runs `strip`: package.json's bytes are kept in `.tmp/`, and the
 * manifest to ship is written in its place. npm reads the manifest again
 * after `prepack`, so the stripped one is what it packs (and `prepare` does
 * not build a second time). `postpack` runs `restore`, which puts the bytes
 * back. A pack that failed between the two leaves the copy: `strip` starts
 * from it (and refuses if package.json was edited since), `restore` puts it
 * back.
 *
 * Run: `npx tsx scripts/pack-manifest.ts strip|restore` (npm does, around `npm pack`).
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { packedManifest } from '../src/core/package/manifest.ts'
import { PACKAGE_ROOT } from '../src/io/read-sources.ts'
import { isFile, makeDir, readText, removePath, writeFile } from '../src/io/files.ts'

/** Where package.json's own bytes wait while npm packs. */
export const keptManifest = (root: string) => join(root, '.tmp/package.json.prepack')

/** package.json → the manifest to ship; its bytes kept. */
export function stripManifest(root = PACKAGE_ROOT): void {
  const manifest = join(root, 'package.json')
  const kept = keptManifest(root)
  let original = readText(manifest)
  if (isFile(kept)) {
    // A pack that failed after `strip`: package.json is still the stripped one, unless someone edited it since.
    const before = readText(kept)
    if (original !== packedManifest(before) && original !== before) {
      throw new Error(`pack-manifest: package.json changed while ${kept} was kept from a pack that did not finish; compare the two, keep the right one as package.json, and delete ${kept}`)
    }
    original = before
  } else {
    makeDir(join(root, '.tmp'))
    writeFile(kept, original)
  }
  writeFile(manifest, packedManifest(original))
}

/** package.json's own bytes back, after the pack. */
export function restoreManifest(root = PACKAGE_ROOT): void {
  const kept = keptManifest(root)
  if (!isFile(kept)) return
  writeFile(join(root, 'package.json'), readText(kept))
  removePath(kept)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const verb = process.argv[2]
  if (verb === 'strip') stripManifest()
  else if (verb === 'restore') restoreManifest()
  else {
    process.stderr.write('usage: pack-manifest.ts strip|restore\n')
    process.exitCode = 2
  }
}
