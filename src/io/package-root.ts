import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The package's folder (where `package.json` is): `src/io/` when run from
 * source, `lib/` when compiled, so it is found by walking up, not by depth.
 */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)))

function findPackageRoot(from: string): string {
  for (let d = from; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d
    if (dirname(d) === d) return resolve(from, '../..')
  }
}
