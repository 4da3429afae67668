/**
 * Bounded reads: every input file goes through here.
 *
 * Only regular files are read. A FIFO would block forever, a device
 * (`/dev/zero`) never ends, a symbolic link may lead anywhere: each is
 * refused with a message that names the path and says why, before a byte is
 * read. Sizes are checked with `stat` before reading and again while reading
 * (a file can grow, `/proc` files report size 0), so memory stays bounded
 * whatever the input.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs'
import { relative, sep } from 'node:path'

/** Rule sources and releases: the largest chapter is well under 1 MiB. */
export const MAX_RULE_FILE_BYTES = 32 * 1024 * 1024
/** Card data, rules.json indexes, config files. */
export const MAX_DATA_FILE_BYTES = 256 * 1024 * 1024
/** A source file `cr cite` scans: larger ones are generated or data, and reported. */
export const MAX_CITE_FILE_BYTES = 16 * 1024 * 1024
/** Files up to this size are read whole in one call, even when their head is judged first. */
const SMALL_FILE = 256 * 1024

/** Why a path was not read; `code` is a diagnostic code (src/core/codes.ts). */
export class InputError extends Error {
  override name = 'InputError'
  constructor(
    readonly code: 'file-not-regular' | 'file-too-large' | 'file-unreadable',
    /** The path as the user wrote it or as reports show it. */
    readonly path: string,
    /** What is wrong, without the path: `is a FIFO, expected a regular file`. */
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`)
  }
}

export interface ReadInputOptions {
  /** The path as reports show it (default: `path`). */
  shown?: string
  maxBytes: number
  /** Symbolic links must lead inside this folder (the tree being read); without it they are followed. */
  within?: string
  /** Read at most this many bytes first and stop when `accept(head)` is false (binary sniffing). */
  head?: { bytes: number; accept(head: Buffer): boolean }
}

/** What a `stat` says a path is, in words. */
export function describeKind(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder'
  if (stat.isFIFO()) return 'a named pipe (FIFO)'
  if (stat.isCharacterDevice()) return 'a character device'
  if (stat.isBlockDevice()) return 'a block device'
  if (stat.isSocket()) return 'a socket'
  if (stat.isSymbolicLink()) return 'a symbolic link'
  return 'not a regular file'
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 * 1024) return `${(n / 1024 / 1024 / 1024).toFixed(1)} GiB`
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`
  return `${n} bytes`
}

const isInside = (base: string, p: string) => {
  const rel = relative(base, p)
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel))
}

/** Refuse what is not a regular file within bounds; returns its stat. Throws InputError. */
export function checkInputFile(path: string, options: ReadInputOptions): Stats {
  const shown = options.shown ?? path
  let stat: Stats
  try {
    stat = lstatSync(path)
    if (stat.isSymbolicLink()) {
      let target: string
      try {
        target = realpathSync(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new InputError('file-unreadable', shown, 'is a symbolic link to a file that does not exist')
        throw error
      }
      if (options.within !== undefined && !isInside(realpathSync(options.within), target)) {
        throw new InputError('file-not-regular', shown, `is a symbolic link to \`${target}\`, outside \`${options.within}\`; refusing to follow it`)
      }
      stat = statSync(path)
    }
  } catch (error) {
    if (error instanceof InputError) throw error
    throw unreadable(shown, error)
  }
  if (!stat.isFile()) {
    const kind = describeKind(stat)
    const why = stat.isDirectory() ? '' : ' (reading it could block or never end)'
    throw new InputError('file-not-regular', shown, `is ${kind}, expected a regular file${why}`)
  }
  if (stat.size > options.maxBytes) throw tooLarge(shown, stat.size, options.maxBytes)
  return stat
}

/**
 * The bytes of a regular file, at most `maxBytes` of them; throws
 * InputError. With `head`, returns undefined when the head is rejected.
 */
export function readInputFile(path: string, options: ReadInputOptions): Buffer
export function readInputFile(path: string, options: ReadInputOptions & { head: NonNullable<ReadInputOptions['head']> }): Buffer | undefined
export function readInputFile(path: string, options: ReadInputOptions): Buffer | undefined {
  const shown = options.shown ?? path
  checkInputFile(path, options)
  let fd: number
  try {
    // O_NONBLOCK: if a FIFO replaced the file since the check, opening it does not wait for a writer.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    throw unreadable(shown, error)
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) throw new InputError('file-not-regular', shown, `is ${describeKind(stat)}, expected a regular file`)
    const chunks: Buffer[] = []
    let total = 0
    // Chunks of at most 1 MiB: the stat size is a hint, the cap is what counts. With a head to judge, a
    // small file is read whole at once (its head judged from the first bytes); a large one head first.
    const whole = Math.min(Math.max(stat.size, 1) + 1, options.maxBytes + 1, 1 << 20)
    let want = options.head && whole > SMALL_FILE ? Math.min(options.head.bytes, options.maxBytes + 1) : whole
    for (;;) {
      const buffer = Buffer.allocUnsafe(want)
      let n: number
      try {
        n = readSync(fd, buffer, 0, want, null)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') throw new InputError('file-not-regular', shown, 'cannot be read without blocking, expected a regular file')
        throw unreadable(shown, error)
      }
      if (n === 0) break
      chunks.push(n === want ? buffer : buffer.subarray(0, n))
      total += n
      if (total > options.maxBytes) throw tooLarge(shown, undefined, options.maxBytes)
      if (options.head && chunks.length === 1 && !options.head.accept(chunks[0]!.subarray(0, options.head.bytes))) return undefined
      // All the stat promised, and not the byte asked for beyond it: the end, without one more read.
      if (n < want && total === stat.size) break
      // What is left by the stat, plus one byte to see the end (or growth). Past the stat size a read only
      // confirms the end: 4 KiB (from Node's pool), not a fresh MiB per file, which in a process with a
      // large heap set off garbage collections (issue 22: the build's offline list, 12,000 files, cost
      // seconds of CPU) and cost cr cite more than reading the tree (1,500 files: 600 → 55 ms).
      want = Math.min(options.maxBytes + 1 - total, total < stat.size ? Math.min(stat.size - total + 1, 1 << 20) : 4096)
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)
  } finally {
    closeSync(fd)
  }
}

function tooLarge(shown: string, size: number | undefined, max: number): InputError {
  const is = size === undefined ? 'is' : `is ${formatBytes(size)},`
  return new InputError('file-too-large', shown, `${is} over the limit of ${formatBytes(max)}`)
}

function unreadable(shown: string, error: unknown): InputError {
  const e = error as NodeJS.ErrnoException
  const why =
    e.code === 'ENOENT' ? 'does not exist'
      : e.code === 'EACCES' || e.code === 'EPERM' ? 'cannot be read (permission denied)'
        : e.code === 'ELOOP' ? 'is a loop of symbolic links'
          : e.code === 'EISDIR' ? 'is a folder, expected a regular file'
            : `cannot be read (${e.code ?? e.message})`
  return new InputError(e.code === 'EISDIR' ? 'file-not-regular' : 'file-unreadable', shown, why)
}
