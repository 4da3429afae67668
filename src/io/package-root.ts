import { existsSync, readFileSync } from 'node:fs'
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

let version: string | undefined

/** This tool's version (the package's), for `cr --version` and the reports that name their tool (SARIF). */
export function toolVersion(): string {
  if (version === undefined) {
    try {
      const data = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: unknown }
      version = typeof data.version === 'string' ? data.version : '0.0.0'
    } catch {
      version = '0.0.0'
    }
  }
  return version
}
