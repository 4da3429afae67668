/**
 * What the I/O layer needs to know about the caller: the folder relative
 * paths are read against (and shown relative to), and the compile cache.
 * The CLI builds one from its `CliIo`; the site and scripts use the process's.
 */
import { openCache, type Cache } from './cache.ts'

export interface IoContext {
  cwd: string
  cache?: Cache | undefined
}

export function processContext(): IoContext {
  return { cwd: process.cwd() }
}

/** A command's context: its working directory and, for the compiled CLI, the cache. */
export function commandContext(io: { cwd: string; env: Record<string, string | undefined> }): IoContext {
  return { cwd: io.cwd, cache: openCache(io.env, io.cwd) }
}
