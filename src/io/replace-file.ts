/**
 * Replace a file's content atomically (write beside it, fsync, rename), so an
 * editor or a concurrent reader never sees half a file: `cr fmt` rewrites
 * sources in place.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

export function replaceFileAtomically(path: string, content: string): void {
  const temp = join(dirname(path), `.${basename(path)}.cr-${process.pid}-${Math.random().toString(36).slice(2, 8)}`)
  const mode = statSync(path).mode & 0o777
  const fd = openSync(temp, 'wx', mode)
  try {
    writeSync(fd, content)
    fsyncSync(fd)
    closeSync(fd)
    renameSync(temp, path)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}
