/**
 * The working text's name for the CLI (`v26.03+` while `rules/` differs from
 * the last frozen release in `releases/`), read from the sources: see
 * `core/versions/working-text.ts`. Cached by content, once per process.
 */
import { resolve } from 'node:path'
import { releaseTexts } from '../core/release/identity.ts'
import { textsDiffer, workingTextLabel } from '../core/versions/working-text.ts'
import { hashSources } from './cache.ts'
import { processContext, type IoContext } from './context.ts'
import { readRulesDir } from './read-sources.ts'
import { findReleasesRoot, listReleases, type RulesChoice } from './releases.ts'

const known = new Map<string, string>()

/**
 * What outputs call the rules a command read, whose `release.yaml` names
 * `version`. The package's own rules are a release as shipped; a folder
 * without releases beside it has nothing to differ from.
 */
export function workingLabel(rules: RulesChoice, version: string, ctx: IoContext = processContext()): string {
  if (rules.shipped) return version
  const at = resolve(ctx.cwd, rules.dir)
  const hit = known.get(`${at}\u0000${version}`)
  if (hit !== undefined) return hit
  let label = version
  try {
    const root = findReleasesRoot(rules.dir, undefined, {}, ctx)
    const last = root ? listReleases(root, ctx.cwd).at(-1) : undefined
    if (last) {
      const mine = readRulesDir(rules.dir, ctx.cwd)
      const theirs = readRulesDir(last.dir, ctx.cwd)
      const key = hashSources([...mine, ...theirs], `working-label ${version} ${last.version}`)
      const cached = ctx.cache?.get('working-label', key, (x): x is { unreleased: boolean } => typeof (x as { unreleased?: unknown } | null)?.unreleased === 'boolean')
      // A version no release holds yet (the next cycle's) is unreleased whatever its text.
      const unreleased = cached?.unreleased ?? (last.version !== version || textsDiffer(releaseTexts(mine), releaseTexts(theirs)))
      if (!cached) ctx.cache?.set('working-label', key, { unreleased })
      label = workingTextLabel(version, unreleased)
    }
  } catch {
    // An unreadable folder is reported by the command itself; the name stays the release's.
  }
  known.set(`${at}\u0000${version}`, label)
  return label
}
