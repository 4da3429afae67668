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
 * A cache, never a source of truth: every entry is checked before it is
 * served, and anything that fails is a miss, removed and written again.
 * - An entry is a header line and the value's JSON: the header names the
 *   format, the kind, the full key, and the length and SHA-256 of the JSON,
 *   so a truncated, bit-flipped or misplaced file is caught before parsing.
 * - The caller says what shape a value must have (`accept`): valid JSON of
 *   the wrong shape (a hand edit, an older layout) is a miss, not a crash
 *   in every later run.
 * - Reads are bounded (regular files only, MAX_ENTRY_BYTES).
 * - Writes are verified, then renamed into place (durable-write.ts); a
 *   temporary file never outlives the write that made it, and those of a
 *   run that was killed mid-write are removed by the next write in that
 *   folder. At most MAX_ENTRIES_PER_KIND entries are kept per kind, the
 *   least recently used removed first: editing `rules/` all day does not
 *   grow the folder without end.
 *
 * Best effort: an unreadable, corrupt or unwritable cache is a miss, never an error.
 */
import { createHash } from 'node:crypto'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { tempPathBeside, writeNewFileVerified } from './durable-write.ts'
import { isDirectory, listDir, makeDir, pathExists, processAlive, removePath, renamePath, statPath, touchPath } from './files.ts'
import { readInputFile } from './read-input.ts'

/** Replaced by the CLI build (scripts/build-package.ts) with a hash of the compiler's sources. */
declare const __CR_BUILD__: string | undefined
const BUILD: string | undefined = typeof __CR_BUILD__ === 'string' ? __CR_BUILD__ : undefined

/** Whether this is the compiled CLI (whose shipped data was built with the same code). */
export const isCompiledBuild = (): boolean => BUILD !== undefined

/** The first line of every entry: `cr-cache/1 <kind> <key sha256> <bytes> <sha256>`. */
const FORMAT = 'cr-cache/1'
/** The largest entry read or written (the CR's compiled rules are about 6 MiB). */
export const MAX_ENTRY_BYTES = 128 * 1024 * 1024
/** Entries kept per kind: the releases held, and a few recent states of `rules/`. */
export const MAX_ENTRIES_PER_KIND = 32
/** A temporary file of a process that is gone, or one this old, is abandoned. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000

export interface Cache {
  dir: string
  /**
   * The value stored for `key`, if there is one, intact, and of the shape
   * `accept` checks; anything else is a miss (and a damaged entry is removed).
   */
  get<T>(kind: string, key: string, accept: (value: unknown) => value is T, options?: GetOptions): T | undefined
  set(kind: string, key: string, value: unknown): void
}

export interface GetOptions {
  /**
   * The value is shared with this process's earlier reads of the same bytes: an entry read again
   * is checked as ever (length, SHA-256, shape), but bytes it has read before give back the object
   * parsed then instead of a new one, so what callers keep by object (a model's rendered index
   * view, `indexView`) is found again. Only for values nobody changes.
   */
  shared?: boolean
}

/** Values of entries read with `shared`, by file: the checksum they were parsed from. A few: a model is tens of MB. */
const sharedValues = new Map<string, { sum: string; value: unknown }>()
const SHARED_VALUES = 12

/** What went wrong with an entry, for tests: `get` only ever says "miss". */
export type EntryProblem = 'absent' | 'unreadable' | 'header' | 'checksum' | 'json' | 'shape'

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')
const validKind = (kind: string) => /^[a-z][a-z0-9-]*$/.test(kind)

/** The cache for a process with this environment and working directory, or undefined when off. */
export function openCache(env: Record<string, string | undefined>, cwd: string): Cache | undefined {
  if (env.CR_CACHE === '0') return undefined
  const build = BUILD ?? (env.CR_CACHE_DIR ? 'source' : undefined)
  if (build === undefined) return undefined
  const dir = env.CR_CACHE_DIR ? resolve(cwd, env.CR_CACHE_DIR) : defaultDir(env, cwd)
  return createCache(dir, build)
}

/** A cache in `dir` for entries written by `build`; `onProblem` hears why an entry was a miss. */
export function createCache(dir: string, build: string, onProblem?: (problem: EntryProblem, file: string) => void): Cache {
  const keyHash = (key: string) => sha256(`${build}\0${key}`)
  const file = (kind: string, key: string) => join(dir, kind, `${keyHash(key).slice(0, 40)}.json`)
  return {
    dir,
    get<T>(kind: string, key: string, accept: (value: unknown) => value is T, options: GetOptions = {}): T | undefined {
      if (!validKind(kind)) return undefined
      const path = file(kind, key)
      const known = options.shared ? sharedValues.get(path) : undefined
      const read = readEntry(path, kind, keyHash(key), known)
      if ('problem' in read) {
        sharedValues.delete(path)
        onProblem?.(read.problem, path)
        // A damaged entry goes now: the next `set` writes a good one in its place.
        if (read.problem !== 'absent') removePath(path)
        return undefined
      }
      if (!accept(read.value)) {
        sharedValues.delete(path)
        onProblem?.('shape', path)
        removePath(path)
        return undefined
      }
      if (options.shared) {
        // Most recently read last; the oldest goes past SHARED_VALUES.
        sharedValues.delete(path)
        sharedValues.set(path, { sum: read.sum, value: read.value })
        if (sharedValues.size > SHARED_VALUES) sharedValues.delete(sharedValues.keys().next().value!)
      }
      // Recently used: kept when the folder is trimmed.
      touchPath(path)
      return read.value
    },
    set(kind, key, value) {
      if (!validKind(kind)) return
      const target = file(kind, key)
      sharedValues.delete(target)
      try {
        const json = JSON.stringify(value)
        if (json === undefined || json.length > MAX_ENTRY_BYTES) return
        const payload = Buffer.from(json, 'utf8')
        const header = `${FORMAT} ${kind} ${keyHash(key)} ${payload.length} ${sha256(payload)}\n`
        makeDir(dirname(target))
        removeAbandonedTemps(dirname(target))
        // Written beside, verified, then renamed: a reader sees the whole entry or none.
        const temp = tempPathBeside(target)
        writeNewFileVerified(temp, Buffer.concat([Buffer.from(header, 'utf8'), payload]))
        try {
          renamePath(temp, target)
        } finally {
          // Gone after a rename; after a failed one (a folder in the way), removed here.
          removePath(temp)
        }
        trim(dirname(target))
      } catch {
        // a read-only or full disk only costs speed
      }
    },
  }
}

/**
 * Read and check one entry: its header, then its length and checksum, then its JSON; with `known`
 * (the value parsed before from bytes of that checksum), those bytes give that value back unparsed.
 */
export function readEntry(path: string, kind: string, keyHash: string, known?: { sum: string; value: unknown }): { value: unknown; sum: string } | { problem: EntryProblem } {
  let bytes: Buffer
  try {
    if (!pathExists(path)) return { problem: 'absent' }
    bytes = readInputFile(path, { maxBytes: MAX_ENTRY_BYTES + 512 })
  } catch {
    return { problem: 'unreadable' }
  }
  const newline = bytes.indexOf(0x0a)
  if (newline === -1 || newline > 512) return { problem: 'header' }
  const fields = bytes.subarray(0, newline).toString('latin1').split(' ')
  if (fields.length !== 5 || fields[0] !== FORMAT || fields[1] !== kind || fields[2] !== keyHash) return { problem: 'header' }
  const payload = bytes.subarray(newline + 1)
  const sum = sha256(payload)
  if (String(payload.length) !== fields[3] || sum !== fields[4]) return { problem: 'checksum' }
  if (known?.sum === sum) return { value: known.value, sum }
  try {
    return { value: JSON.parse(payload.toString('utf8')) as unknown, sum }
  } catch {
    return { problem: 'json' }
  }
}

/** Temporary files (`.<name>.cr-<pid>-<random>.tmp`) of writes that never finished: their process was killed. */
function removeAbandonedTemps(dir: string): void {
  for (const name of listDir(dir)) {
    const m = /^\..*\.cr-(\d+)-[a-z0-9]+\.tmp$/.exec(name)
    if (!m) continue
    const pid = Number(m[1])
    const stat = statPath(join(dir, name))
    const old = stat !== undefined && Date.now() - stat.mtimeMs > ABANDONED_AFTER_MS
    if (old || (pid !== process.pid && !processAlive(pid))) removePath(join(dir, name))
  }
}

/** Keep the MAX_ENTRIES_PER_KIND most recently used entries of a kind's folder. */
function trim(dir: string): void {
  const entries = listDir(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .map((name) => ({ path: join(dir, name), time: statPath(join(dir, name))?.mtimeMs ?? 0 }))
  if (entries.length <= MAX_ENTRIES_PER_KIND) return
  entries.sort((a, b) => b.time - a.time)
  for (const old of entries.slice(MAX_ENTRIES_PER_KIND)) removePath(old.path)
}

function defaultDir(env: Record<string, string | undefined>, cwd: string): string {
  for (let d = resolve(cwd); ; d = dirname(d)) {
    if (isDirectory(join(d, 'node_modules'))) return join(d, 'node_modules/.cache/netrunner-cr')
    if (dirname(d) === d) break
  }
  const xdg = env.XDG_CACHE_HOME || join(homedir(), '.cache')
  return join(xdg, 'netrunner-cr')
}

/**
 * The key of a set of source files: what each one is now. Its name, whether it could be read and
 * why not (a file over the cap, a link out of the folder, a FIFO are all read as no bytes, and an
 * empty file is no bytes too: without the reason, each would be served the other's result), and its
 * length before its bytes, so no two sets of files run together into the same stream.
 */
export function hashSources(files: readonly { path: string; content: string | Uint8Array; unreadable?: { code: string; message: string } | undefined }[], extra = ''): string {
  const h = createHash('sha256').update(extra)
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const bytes = typeof f.content === 'string' ? Buffer.from(f.content, 'utf8') : f.content
    const state = f.unreadable ? `unreadable\0${f.unreadable.code}\0${f.unreadable.message}` : 'read'
    h.update(`\0${f.path.length}:${f.path}\0${state.length}:${state}\0${bytes.length}:`).update(bytes)
  }
  return h.digest('hex')
}
