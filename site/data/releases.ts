/**
 * Which releases the site serves. The current rules (`rules/`) live at the
 * root; frozen releases (`releases/<v>/`) under `/<v>/`, so a reader of an
 * old release gets the same pages, permalinks and search there.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

export interface ReleaseSource {
  /** Rules directory, absolute. */
  dir: string
  /** URL prefix ending in `/`: `/` for the current release, `/v24.03/` for the others. */
  base: string
  current: boolean
}

export interface ReleaseOptions {
  /** Repository root. */
  root: string
  /** Rules directory of the current release (default `rules/`; `CR_RULES_DIR`). */
  rulesDir?: string
  /**
   * Old releases to build too: `all`, or a comma-separated list of folder
   * names (`v24.03,v25.04`). Default none (`CR_RELEASES`).
   */
  include?: string
}

export function listReleases({ root, rulesDir, include }: ReleaseOptions): ReleaseSource[] {
  const current: ReleaseSource = { dir: resolve(root, rulesDir ?? 'rules'), base: '/', current: true }
  const wanted = (include ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  if (wanted.length === 0) return [current]
  const releasesDir = join(root, 'releases')
  const available = existsSync(releasesDir)
    ? readdirSync(releasesDir).filter((name) => statSync(join(releasesDir, name)).isDirectory()).sort()
    : []
  const names = wanted.includes('all') ? available : wanted
  for (const name of names) {
    if (!available.includes(name)) throw new Error(`Unknown release \`${name}\` in CR_RELEASES, expected one of: ${available.join(', ')}`)
  }
  // Newest first, as a version switcher lists them.
  const old = names
    .slice()
    .sort()
    .reverse()
    .map((name) => ({ dir: join(releasesDir, name), base: `/${name}/`, current: false }))
  return [current, ...old]
}

export function releaseOptionsFromEnv(root: string, env: NodeJS.ProcessEnv = process.env): ReleaseOptions {
  return { root, rulesDir: env.CR_RULES_DIR || undefined, include: env.CR_RELEASES || undefined }
}
