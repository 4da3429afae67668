/**
 * The one way bytes reach the disk: every write is looped until the kernel
 * took all of it, fsynced, and checked (the file's length, then its bytes read
 * back) before anything is renamed over what it replaces. A short write on a
 * nearly full disk (write(2) returns fewer bytes than asked and Node's
 * `writeSync` does not retry) must never become a truncated source.
 *
 * The fs calls come through `DurableFs` so a test can inject a disk that
 * fills up without being root; production uses `node:fs`.
 */
import * as fs from 'node:fs'
import { basename, dirname, join } from 'node:path'

export type DurableFs = Pick<typeof fs, 'openSync' | 'writeSync' | 'fsyncSync' | 'fstatSync' | 'readSync' | 'closeSync' | 'renameSync' | 'rmSync' | 'lstatSync'>

export class WriteFailedError extends Error {
  override name = 'WriteFailedError'
  constructor(
    readonly path: string,
    readonly reason: string,
    /** The system's error code (`ENOSPC`, `EROFS`, …), when there was one: what to advise. */
    readonly errno?: string,
  ) {
    super(`could not write \`${path}\`: ${reason}`)
  }
}

/**
 * The file to be replaced is no longer what the caller read (an editor saved it while the command ran):
 * it is left as it is now, since what would replace it was made from the older text.
 */
export class FileChangedError extends WriteFailedError {
  override name = 'FileChangedError'
  constructor(path: string) {
    super(path, 'it changed on disk since it was read; it is left as it is now')
  }
}

const toBytes = (content: string | Uint8Array): Uint8Array => (typeof content === 'string' ? Buffer.from(content, 'utf8') : content)

function errnoOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException)?.code
  return typeof code === 'string' ? code : undefined
}

function reasonOf(error: unknown): string {
  const e = error as NodeJS.ErrnoException
  if (e?.code === 'ENOSPC') return 'no space left on device'
  if (e?.code === 'EDQUOT') return 'disk quota exceeded'
  if (e?.code === 'EROFS') return 'read-only file system'
  if (e?.code === 'EACCES' || e?.code === 'EPERM') return 'permission denied'
  return e?.message ?? String(error)
}

/**
 * Whether a write is fsynced (the file, and the folder of a rename). A build's
 * output folder is not: it is made again by the next build, and is not the
 * only copy of anything. Every write is still looped and checked either way.
 */
export interface SyncOption {
  /** Default true. */
  sync?: boolean
}

/**
 * Create `path` (it must not exist: `wx`) holding exactly `content`, durably
 * (`sync: false`: checked but not synced). Throws WriteFailedError (and removes
 * the partial file) when the disk did not take every byte.
 */
export function writeNewFileVerified(path: string, content: string | Uint8Array, options: { mode?: number; fs?: DurableFs } & SyncOption = {}): void {
  const io = options.fs ?? fs
  const bytes = toBytes(content)
  let fd: number | undefined
  try {
    // Read and write: the bytes are read back through the same descriptor.
    fd = io.openSync(path, 'wx+', options.mode ?? 0o666)
    let offset = 0
    while (offset < bytes.length) {
      const n = io.writeSync(fd, bytes, offset, bytes.length - offset)
      // A write that takes nothing and reports no error would loop forever: treat it as a full disk.
      if (!(n > 0)) throw Object.assign(new Error('the disk accepted no more bytes'), { code: 'ENOSPC' })
      offset += n
    }
    if (options.sync !== false) io.fsyncSync(fd)
    const size = io.fstatSync(fd).size
    if (size !== bytes.length) throw new Error(`wrote ${size} of ${bytes.length} bytes`)
    verifyBytes(io, fd, bytes)
    io.closeSync(fd)
    fd = undefined
  } catch (error) {
    if (fd !== undefined) {
      try {
        io.closeSync(fd)
      } catch {
        // already failing: the partial file is removed below
      }
    }
    // Only remove what we created: `wx` failing with EEXIST means the file is someone else's.
    if ((error as NodeJS.ErrnoException)?.code !== 'EEXIST') io.rmSync(path, { force: true })
    throw error instanceof WriteFailedError ? error : new WriteFailedError(path, reasonOf(error), errnoOf(error))
  }
}

/** Read the file back through the same descriptor and compare, in chunks (no second copy of a large file). */
function verifyBytes(io: DurableFs, fd: number, expected: Uint8Array): void {
  const chunk = Buffer.allocUnsafe(Math.min(expected.length, 1 << 20) || 1)
  let position = 0
  while (position < expected.length) {
    const n = io.readSync(fd, chunk, 0, Math.min(chunk.length, expected.length - position), position)
    if (n <= 0) throw new Error(`read back ${position} of ${expected.length} bytes`)
    if (Buffer.compare(chunk.subarray(0, n), expected.subarray(position, position + n)) !== 0) throw new Error(`the bytes read back differ from those written at offset ${position}`)
    position += n
  }
}

/** fsync a folder so a rename in it survives a crash; not every platform can, and the rename is atomic anyway. */
export function fsyncDir(dir: string, io: Pick<DurableFs, 'openSync' | 'fsyncSync' | 'closeSync'> = fs): void {
  try {
    const fd = io.openSync(dir, 'r')
    try {
      io.fsyncSync(fd)
    } finally {
      io.closeSync(fd)
    }
  } catch {
    // best effort
  }
}

/** A temporary name beside `path`, in the same folder so the rename stays on one file system. */
export function tempPathBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.cr-${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`)
}

/**
 * Replace `path` with `content` atomically: the new bytes are written and
 * verified beside it, then renamed over it. On any failure the original is
 * untouched and the temporary file removed. A symbolic link is refused rather
 * than replaced by a regular file (which would turn a link into a copy).
 *
 * `expected` is what the caller read and rewrote (a source the user owns:
 * `cr fmt`, `cr release --next-cycle`, `--draft`): just before the rename the
 * file is read again and compared byte for byte, and when it differs (an
 * editor saved it, by rename or in place, while the command ran) nothing is
 * replaced and FileChangedError says so. Bytes, not size and time: a save
 * within the file system's time resolution, or of the same length, is caught
 * too. What remains is the instant between the comparison and the rename.
 */
export function replaceFileVerified(path: string, content: string | Uint8Array, options: { fs?: DurableFs; mode?: number; expected?: Uint8Array } & SyncOption = {}): void {
  const io = options.fs ?? fs
  let mode = options.mode
  try {
    const stat = io.lstatSync(path)
    if (stat.isSymbolicLink()) throw new WriteFailedError(path, 'it is a symbolic link; edit the file it points to instead')
    if (!stat.isFile()) throw new WriteFailedError(path, 'it is not a regular file')
    mode ??= stat.mode & 0o777
  } catch (error) {
    if (error instanceof WriteFailedError) throw error
    if ((error as NodeJS.ErrnoException)?.code !== 'ENOENT') throw new WriteFailedError(path, reasonOf(error), errnoOf(error))
  }
  const temp = tempPathBeside(path)
  writeNewFileVerified(temp, content, { fs: io, ...(mode !== undefined ? { mode } : {}), ...(options.sync === false ? { sync: false } : {}) })
  try {
    if (options.expected && !holds(io, path, options.expected)) throw new FileChangedError(path)
    io.renameSync(temp, path)
  } catch (error) {
    io.rmSync(temp, { force: true })
    throw error instanceof WriteFailedError ? error : new WriteFailedError(path, reasonOf(error), errnoOf(error))
  }
  if (options.sync !== false) fsyncDir(dirname(path), io)
}

/** Does the regular file at `path` hold exactly `expected`? Gone, a link, or other bytes: no. */
function holds(io: DurableFs, path: string, expected: Uint8Array): boolean {
  let fd: number | undefined
  try {
    if (!io.lstatSync(path).isFile()) return false
    fd = io.openSync(path, 'r')
    if (io.fstatSync(fd).size !== expected.length) return false
    const chunk = Buffer.allocUnsafe(Math.min(expected.length, 1 << 20) || 1)
    let position = 0
    while (position < expected.length) {
      const n = io.readSync(fd, chunk, 0, Math.min(chunk.length, expected.length - position), position)
      if (n <= 0 || Buffer.compare(chunk.subarray(0, n), expected.subarray(position, position + n)) !== 0) return false
      position += n
    }
    // Nothing past what was expected (a file that grew between fstat and the read).
    return io.readSync(fd, chunk, 0, 1, position) === 0
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') return false
    throw error
  } finally {
    if (fd !== undefined) io.closeSync(fd)
  }
}
