/**
 * Which rules a command reads when it is not told, and the package's own
 * rules as compiled at build time. Kept apart from `releases.ts` so that
 * `cr show 6.1.4` in an engine's project loads no YAML parser, no schema
 * validator and no markup renderer: it reads one JSON file.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { CompiledDocument } from '../core/types.ts'
import { PACKAGE_ROOT } from './package-root.ts'

/** The rules a command reads: `--dir`, else `rules/` in the working directory, else the ones the package ships. */
export interface RulesChoice {
  /** The rules folder (for `retired.yaml` and `releases/` beside it), as shown to the user. */
  dir: string
  /** The package's own: its compiled `dist-index/rules.json` stands for the folder. */
  shipped: boolean
}

export function chooseRules(dirFlag: string | undefined, ctx: { cwd: string }): RulesChoice {
  if (dirFlag !== undefined) return { dir: dirFlag, shipped: false }
  if (existsSync(resolve(ctx.cwd, 'rules'))) return { dir: 'rules', shipped: false }
  const own = join(PACKAGE_ROOT, 'rules')
  const rel = relative(ctx.cwd, own)
  return { dir: rel.startsWith('..') || rel === '' ? own : rel, shipped: true }
}

/**
 * Whether the working folder has the `rules/` a command that works on the
 * sources defaults to (`cr check`, `cr fmt`, `cr release`): unlike
 * `chooseRules`, they never fall back to the package's own rules, which are
 * the rules editors' to check and rewrite, not an engine's.
 */
export function hasRulesFolder(ctx: { cwd: string }): boolean {
  return existsSync(resolve(ctx.cwd, 'rules'))
}

/** What a command that works on the sources says in a folder without `rules/` (an engine's project). */
export function noRulesFolder(what: string, example: string): string {
  return `no rules/ folder here, expected the rules folder to ${what} (\`${example}\`); an engine's project reads the rules this package ships with cr show, cr diff, cr cite, cr index and cr export`
}

/** The document `dist-index/rules.json` holds (what `cr index` writes), or undefined when the package was not built. */
export function readShippedDocument(): CompiledDocument | undefined {
  const built = join(PACKAGE_ROOT, 'dist-index/rules.json')
  if (!existsSync(built)) return undefined
  const data = JSON.parse(readFileSync(built, 'utf8')) as { version: string; effective: string; rules: CompiledDocument['rules']; changelog: CompiledDocument['changelog'] }
  return { release: { version: data.version, effective: data.effective }, rules: data.rules, changelog: data.changelog }
}
