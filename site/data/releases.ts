/**
 * Which releases the site serves. The current rules (`rules/`) live at the
 * root; frozen releases (`releases/<v>/`) under `/<v>/`, so a reader of an
 * old release gets the same pages, permalinks and search there.
 */
import { isDirectory } from '../../src/io/files.ts'
import { join, resolve } from 'node:path'
import { listReleases as releaseDirs } from '../../src/io/releases.ts'

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
   * Old releases to build too: `all` (the default), `none`, or a
   * comma-separated list of folder names (`v24.03,v25.04`) (`CR_RELEASES`).
   */
  include?: string
}

/** The release folders under `releases/`, oldest first. */
export function availableReleases(root: string): { name: string; dir: string }[] {
  const releasesDir = join(root, 'releases')
  if (!isDirectory(releasesDir)) return []
  return releaseDirs(releasesDir).map(({ version, dir }) => ({ name: version, dir }))
}

/** The current release first, then the old ones to build, newest first (as the version switcher lists them). */
export function listReleases({ root, rulesDir, include = 'all' }: ReleaseOptions): ReleaseSource[] {
  const current: ReleaseSource = { dir: resolve(root, rulesDir ?? 'rules'), base: '/', current: true }
  const wanted = include.split(',').map((s) => s.trim()).filter(Boolean)
  if (wanted.length === 0 || wanted.includes('none')) return [current]
  const available = availableReleases(root)
  const names = available.map((r) => r.name)
  const chosen = wanted.includes('all') ? names : wanted
  for (const name of chosen) {
    if (!names.includes(name)) throw new Error(`Unknown release \`${name}\` in CR_RELEASES, expected \`all\`, \`none\` or some of: ${names.join(', ')}`)
  }
  const old = [...new Set(chosen)]
    .sort()
    .reverse()
    .map((name) => ({ dir: join(root, 'releases', name), base: `/${name}/`, current: false }))
  return [current, ...old]
}

export function releaseOptionsFromEnv(root: string, env: NodeJS.ProcessEnv = process.env): ReleaseOptions {
  return { root, rulesDir: env.CR_RULES_DIR || undefined, include: env.CR_RELEASES || undefined }
}
