/**
 * Compiled rule sets, cached by the hash of their sources: frozen releases
 * never change and `rules/` rarely does, so nothing is compiled twice.
 *
 * Where: `$CR_CACHE_DIR`; else `node_modules/.cache/netrunner-cr` of the
 * nearest project (the convention of Babel, ESLint and webpack); else
 * `$XDG_CACHE_HOME/netrunner-cr` (`~/.cache/netrunner-cr`). `CR_CACHE=0`
 * turns it off. Entries are keyed by the compiler's build too, so a new
 * version of the CLI never reads what an older one wrote. Run from source
 * (tests, `tsx`), the CLI has no build ID and caches nothing unless
 * `CR_CACHE_DIR` asks for it.
 *
 * Best effort: an unreadable, corrupt or unwritable cache is a miss, never an error.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { tempPathBeside, writeNewFileVerified } from './durable-write.ts'

/** Replaced by the CLI build (scripts/build-package.ts) with a hash of the compiler's sources. */
declare const __CR_BUILD__: string | undefined
const BUILD: string | undefined = typeof __CR_BUILD__ === 'string' ? __CR_BUILD__ : undefined

/** Whether this is the compiled CLI (whose shipped data was built with the same code). */
export const isCompiledBuild = (): boolean => BUILD !== undefined

export interface Cache {
  dir: string
  get<T>(kind: string, key: string): T | undefined
  set(kind: string, key: string, value: unknown): void
}

/** The cache for a process with this environment and working directory, or undefined when off. */
export function openCache(env: Record<string, string | undefined>, cwd: string): Cache | undefined {
  if (env.CR_CACHE === '0') return undefined
  const build = BUILD ?? (env.CR_CACHE_DIR ? 'source' : undefined)
  if (build === undefined) return undefined
  const dir = env.CR_CACHE_DIR ? resolve(cwd, env.CR_CACHE_DIR) : defaultDir(env, cwd)
  const file = (kind: string, key: string) => join(dir, kind, `${createHash('sha256').update(`${build}\0${key}`).digest('hex').slice(0, 40)}.json`)
  return {
    dir,
    get<T>(kind: string, key: string): T | undefined {
      try {
        return JSON.parse(readFileSync(file(kind, key), 'utf8')) as T
      } catch {
        return undefined
      }
    },
    set(kind, key, value) {
      const target = file(kind, key)
      try {
        mkdirSync(dirname(target), { recursive: true })
        // Write then rename: a concurrent reader sees the whole entry or none.
        const temp = tempPathBeside(target)
        writeNewFileVerified(temp, JSON.stringify(value))
        try {
          renameSync(temp, target)
        } catch (error) {
          rmSync(temp, { force: true })
          throw error
        }
      } catch {
        // a read-only or full disk only costs speed
      }
    },
  }
}

function defaultDir(env: Record<string, string | undefined>, cwd: string): string {
  for (let d = resolve(cwd); ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) return join(d, 'node_modules/.cache/netrunner-cr')
    if (dirname(d) === d) break
  }
  const xdg = env.XDG_CACHE_HOME || join(homedir(), '.cache')
  return join(xdg, 'netrunner-cr')
}

/** The key of a set of source files: their names and bytes. */
export function hashSources(files: readonly { path: string; content: string | Uint8Array }[], extra = ''): string {
  const h = createHash('sha256').update(extra)
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) h.update(`\0${f.path}\0`).update(f.content)
  return h.digest('hex')
}
