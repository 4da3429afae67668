/**
 * The small file-system verbs everything else needs (does it exist, is it a
 * folder, list it, make it, remove it), so that no module outside `src/io`
 * imports `node:fs` (tests/core/io-gate.test.ts keeps it so). Reading goes
 * through `read-input.ts` (regular files, bounded), writing through
 * `durable-write.ts` (verified, renamed into place) and `write-output.ts`.
 *
 * These never follow a question into an exception: a path that cannot be
 * stat'ed "does not exist" for `pathExists`, and a folder that cannot be
 * listed is empty for `listDir`, because every caller treats them so.
 */
import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { replaceFileVerified, writeNewFileVerified } from './durable-write.ts'
import { MAX_DATA_FILE_BYTES, readInputFile } from './read-input.ts'

export type { Stats } from 'node:fs'

/** Something is at `path` (a dangling symbolic link counts: it is in the way). */
export function pathExists(path: string): boolean {
  return fs.lstatSync(path, { throwIfNoEntry: false }) !== undefined
}

/** `path` is a folder (or a link to one). */
export function isDirectory(path: string): boolean {
  try {
    return fs.statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false
  } catch {
    return false
  }
}

/** `path` is a regular file (or a link to one). */
export function isFile(path: string): boolean {
  try {
    return fs.statSync(path, { throwIfNoEntry: false })?.isFile() ?? false
  } catch {
    return false
  }
}

/** The stat of `path` itself (a link is not followed), or undefined. */
export function statPath(path: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(path, { throwIfNoEntry: false })
  } catch {
    return undefined
  }
}

/** The stat of what `path` leads to (links followed), or undefined. */
export function statTarget(path: string): fs.Stats | undefined {
  try {
    return fs.statSync(path, { throwIfNoEntry: false })
  } catch {
    return undefined
  }
}

/** The names in a folder, unsorted; empty when it cannot be read. */
export function listDir(path: string): string[] {
  try {
    return fs.readdirSync(path)
  } catch {
    return []
  }
}

/** The entries of a folder with their kinds; throws when it cannot be read (callers report it). */
export function readDirEntries(path: string): fs.Dirent[] {
  return fs.readdirSync(path, { withFileTypes: true })
}

/** The names in a folder; throws when it cannot be read. */
export function readDirNames(path: string): string[] {
  return fs.readdirSync(path)
}

/** Every file under `dir`, as paths relative to it (`/`-separated), folders not listed; links not followed. */
export function listFilesRecursive(dir: string): string[] {
  const out: string[] = []
  const stack = ['']
  while (stack.length > 0) {
    const rel = stack.pop()!
    for (const entry of readDirEntries(join(dir, rel))) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`
      if (entry.isDirectory()) stack.push(child)
      else if (entry.isFile()) out.push(child)
    }
  }
  return out.sort()
}

/** Make a folder and its parents; nothing if it exists. Throws when it cannot. */
export function makeDir(path: string): void {
  fs.mkdirSync(path, { recursive: true })
}

/** A new, empty, private folder under the system's temporary folder. */
export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(join(tmpdir(), prefix))
}

/** Remove a file or a whole folder; nothing if it is not there, and never an error. */
export function removePath(path: string): void {
  try {
    fs.rmSync(path, { recursive: true, force: true })
  } catch {
    // best effort: what cannot be removed stays
  }
}

/** Remove a file or folder, reporting failure (for callers that must know). */
export function removePathOrThrow(path: string): void {
  fs.rmSync(path, { recursive: true, force: true })
}

/** rename(2): atomic within one file system. Throws when it fails. */
export function renamePath(from: string, to: string): void {
  fs.renameSync(from, to)
}

/** Copy a folder tree (tests' and scripts' fixtures; symbolic links are copied as links). */
export function copyTree(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true })
}

/** A symbolic link at `path` to the folder `target` (scripts: a scratch checkout sharing node_modules). Throws when it fails. */
export function linkDir(target: string, path: string): void {
  fs.symlinkSync(target, path, 'dir')
}

/** Mark `path` as used now (its modification time); never an error. */
export function touchPath(path: string): void {
  try {
    const now = new Date()
    fs.utimesSync(path, now, now)
  } catch {
    // an entry that cannot be touched is only trimmed sooner
  }
}

/** The real path (links resolved), or undefined when it does not exist. */
export function realPath(path: string): string | undefined {
  try {
    return fs.realpathSync(path)
  } catch {
    return undefined
  }
}

/** The bytes of a file of ours (build output, data the repository ships): a regular file, bounded like every input. */
export function readBytes(path: string, maxBytes = MAX_DATA_FILE_BYTES): Buffer {
  return readInputFile(path, { maxBytes })
}

/** At most the first `n` bytes of a regular file (fewer when it is shorter); empty when it cannot be read. */
export function readHead(path: string, n: number): Buffer {
  let fd: number | undefined
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0))
    if (!fs.fstatSync(fd).isFile()) return Buffer.alloc(0)
    const head = Buffer.alloc(n)
    return head.subarray(0, fs.readSync(fd, head, 0, n, 0))
  } catch {
    return Buffer.alloc(0)
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

/** A UTF-8 text file of ours (build output, data the repository ships), bounded like every input. */
export function readText(path: string, maxBytes = MAX_DATA_FILE_BYTES): string {
  return readInputFile(path, { maxBytes }).toString('utf8')
}

/** A JSON file of ours, bounded; throws with the path when it is not JSON. */
export function readJson<T = unknown>(path: string, maxBytes = MAX_DATA_FILE_BYTES): T {
  const text = readText(path, maxBytes)
  try {
    return JSON.parse(text) as T
  } catch (error) {
    throw new Error(`${path}: not JSON: ${(error as Error).message}`)
  }
}

/**
 * Write a file of ours (build output, generated data): verified and renamed
 * into place (`replaceFileVerified`), its folder made first. A symbolic link
 * at the path is refused, never written through.
 */
export function writeFile(path: string, content: string | Uint8Array): void {
  makeDir(dirname(path))
  replaceFileVerified(path, content)
}

/**
 * Write a file of ours that must not exist yet (build output written once
 * into an output folder Astro emptied): verified like `writeFile`, its folder
 * made first, and an existing file is an error (`WriteFailedError`, EEXIST),
 * never replaced: two writers of one path fail the build, not each other.
 */
export function writeNewFile(path: string, content: string | Uint8Array): void {
  makeDir(dirname(path))
  writeNewFileVerified(path, content)
}

/**
 * Write a file of a build's output folder (`dist/`): replaced whole and
 * checked like `writeFile`, but not fsynced. The folder is made again by the
 * next build and is nobody's only copy; an fsync per file cost a busy site
 * build most of its time writing (3,319 permalink pages: 31 s of wall
 * synced, 3 s not; issue 22).
 */
export function writeOutputFile(path: string, content: string | Uint8Array): void {
  makeDir(dirname(path))
  replaceFileVerified(path, content, { sync: false })
}

/** `writeNewFile` for a build's output folder: an existing file is an error, nothing is fsynced (`writeOutputFile`). */
export function writeNewOutputFile(path: string, content: string | Uint8Array): void {
  makeDir(dirname(path))
  writeNewFileVerified(path, content, { sync: false })
}

/**
 * Make a finished output folder durable in one call: `sync -f` (Linux's
 * syncfs: the file system holding `dir`, Astro's own pages with ours), where
 * an fsync per file cost a busy build 31 s. Best effort: where `sync -f` is
 * missing (macOS) the folder is left to the system, as Astro leaves its pages.
 * Returns whether the flush ran.
 */
export function flushOutputFolder(dir: string): boolean {
  const r = spawnSync('sync', ['-f', dir], { stdio: 'ignore', timeout: 120_000 })
  return r.error === undefined && r.status === 0
}

/**
 * A plain write, neither verified nor synced: for scratch files a script makes
 * in its own temporary folder, and the benches' simulated editor saves. Never
 * for a file a person keeps (that is `writeFile`).
 */
export function writeScratchFile(path: string, content: string | Uint8Array): void {
  fs.writeFileSync(path, content)
}

/** Whether a process with this ID is running (on this machine). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
