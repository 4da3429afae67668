/**
 * The files `cr cite` reads and writes besides the sources it scans: its
 * configuration, a baseline, test results, an exceptions file, and the
 * reports it writes (`--write-coverage`, `--write-matrix`). Reads are bounded
 * (`read-input.ts`); writes are verified and renamed into place
 * (`durable-write.ts`), never through a symbolic link.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { replaceFileVerified } from './durable-write.ts'
import { MAX_DATA_FILE_BYTES, readInputFile } from './read-input.ts'

/** Whether `path` (relative to `cwd`) exists: a config beside the project, a baseline given by name. */
export function citeFileExists(path: string, cwd: string): boolean {
  return existsSync(resolve(cwd, path))
}

/** The text of a data file `cr cite` was given; throws InputError (not a regular file, too large, unreadable). */
export function readCiteFile(path: string, cwd: string, maxBytes = MAX_DATA_FILE_BYTES): string {
  return readInputFile(resolve(cwd, path), { shown: path, maxBytes }).toString('utf8')
}

/** The bytes of a data file (the config's loader wants them). */
export function readCiteBytes(path: string, cwd: string): Buffer {
  return readInputFile(resolve(cwd, path), { shown: path, maxBytes: MAX_DATA_FILE_BYTES })
}

/** Write a report whole, its folder made first; throws WriteFailedError. */
export function writeCiteReport(path: string, cwd: string, content: string): void {
  const abs = resolve(cwd, path)
  mkdirSync(dirname(abs), { recursive: true })
  replaceFileVerified(abs, content)
}
