/**
 * Safe output directories: `--out` never destroys what we did not write.
 *
 * An output directory is ours when it holds the marker file written by a
 * previous run. Anything else — a regular file, a device, a non-empty folder
 * without the marker, the input folder or one of its ancestors — is refused
 * before a byte is written.
 *
 * Files are replaced one by one with rename(2) from a private staging folder
 * inside the output directory, so a reader never sees a missing or
 * half-written file, concurrent writers never collide (each has its own
 * staging folder), and an interrupted run leaves the previous output intact.
 */
import { lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs'
import { fsyncDir, writeNewFileVerified } from './durable-write.ts'
import { processAlive } from './files.ts'
import { readInputFile } from './read-input.ts'
import { dirname, join, relative, resolve, sep } from 'node:path'

export const OUTPUT_MARKER = '.cr-output.json'
const STAGING_PREFIX = '.cr-staging-'

export class OutputRefusedError extends Error {
  override name = 'OutputRefusedError'
}

interface Marker {
  generator: 'netrunner-cr'
  files: string[]
}

/** The real path of `p`, or of its nearest existing ancestor joined with the rest. */
function realish(p: string): string {
  let head = resolve(p)
  const rest: string[] = []
  for (;;) {
    try {
      return join(realpathSync(head), ...rest)
    } catch {
      const parent = dirname(head)
      if (parent === head) return resolve(p)
      rest.unshift(head.slice(parent.length).replace(/^[/\\]/, ''))
      head = parent
    }
  }
}

function isInsideOrEqual(child: string, parent: string): boolean {
  const rel = relative(parent, child)
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel))
}

function readMarker(dir: string): Marker | undefined {
  try {
    // Bounded and regular files only: a FIFO named like the marker must not hang us.
    const data = JSON.parse(readInputFile(join(dir, OUTPUT_MARKER), { maxBytes: 1024 * 1024 }).toString('utf8')) as Marker
    if (data && data.generator === 'netrunner-cr' && Array.isArray(data.files)) return data
  } catch {
    // no marker, or not ours
  }
  return undefined
}

/**
 * Check that `outDir` may be written by us; throws OutputRefusedError with a
 * message that says why and what to do instead.
 */
export function assertWritableOutput(shownOut: string, inputs: string[] = [], cwd = process.cwd()): void {
  // Paths are read against `cwd` and named in messages as the user wrote them.
  const outDir = resolve(cwd, shownOut)
  const target = realish(outDir)
  for (const input of inputs) {
    const real = realish(resolve(cwd, input))
    if (isInsideOrEqual(real, target)) {
      throw new OutputRefusedError(
        `refusing to write to \`${shownOut}\`: it ${real === target ? 'is' : 'contains'} the input \`${input}\`; choose an empty or new folder, e.g. \`--out build/index\``,
      )
    }
  }
  let stat
  try {
    stat = lstatSync(outDir)
  } catch {
    return // does not exist yet: it will be created
  }
  if (stat.isSymbolicLink()) {
    try {
      stat = statSync(outDir)
    } catch {
      throw new OutputRefusedError(`refusing to write to \`${shownOut}\`: it is a dangling symbolic link`)
    }
  }
  if (!stat.isDirectory()) {
    const kind = stat.isFile() ? 'a file' : 'not a folder (a device, socket or pipe)'
    throw new OutputRefusedError(`refusing to write to \`${shownOut}\`: it is ${kind}; --out takes a folder`)
  }
  const entries = readdirSync(outDir).filter((name) => !name.startsWith(STAGING_PREFIX))
  if (entries.length > 0 && !readMarker(outDir)) {
    throw new OutputRefusedError(
      `refusing to write to \`${shownOut}\`: the folder is not empty and was not written by \`cr\` (no ${OUTPUT_MARKER}); choose an empty or new folder`,
    )
  }
}

/** Remove staging folders left by runs that were killed (their process is gone). */
function removeAbandonedStaging(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(STAGING_PREFIX)) continue
    const pid = Number(name.slice(STAGING_PREFIX.length).split('-')[0])
    if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid)) rmSync(join(dir, name), { recursive: true, force: true })
  }
}

/**
 * Is any part of `name` inside `dir` a symbolic link? Writing or deleting
 * through one (`types -> /etc`, planted, or named in a forged marker) would
 * reach outside the output folder.
 */
function passesThroughLink(dir: string, name: string): boolean {
  const parts = name.split('/')
  for (let i = 1; i <= parts.length; i++) {
    const stat = lstatSync(join(dir, ...parts.slice(0, i)), { throwIfNoEntry: false })
    if (!stat) return false
    if (stat.isSymbolicLink()) return true
  }
  return false
}

/** A relative path that stays inside the folder it is joined to. */
function isSafeName(name: string): boolean {
  if (name === '' || name === OUTPUT_MARKER || name.startsWith(STAGING_PREFIX)) return false
  const parts = name.split('/')
  return !name.includes('\\') && !name.includes('\0') && parts.every((part) => part !== '' && part !== '.' && part !== '..') && !/^[A-Za-z]:/.test(name)
}

/**
 * Write `files` (relative path → content) into `outDir`, which must be new,
 * empty or our own previous output. `inputs` are folders the output must not
 * be (nor contain).
 */
export function writeOutputDir(shownOut: string, files: Record<string, string | Uint8Array>, options: { inputs?: string[]; cwd?: string } = {}): void {
  assertWritableOutput(shownOut, options.inputs, options.cwd)
  const outDir = resolve(options.cwd ?? process.cwd(), shownOut)
  for (const name of Object.keys(files)) {
    if (!isSafeName(name)) {
      throw new OutputRefusedError(`refusing to write \`${name}\`: output file names must stay inside the output folder`)
    }
    // Checked for every file before anything is written: a refusal never leaves half an install.
    if (passesThroughLink(outDir, name)) {
      throw new OutputRefusedError(`refusing to write \`${name}\` in \`${outDir}\`: its path goes through a symbolic link, which could lead out of the folder`)
    }
  }
  mkdirSync(outDir, { recursive: true })
  removeAbandonedStaging(outDir)
  const staging = join(outDir, `${STAGING_PREFIX}${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`)
  mkdirSync(staging)
  try {
    const names = Object.keys(files).sort()
    for (const name of names) {
      mkdirSync(dirname(join(staging, name)), { recursive: true })
      writeNewFileVerified(join(staging, name), files[name]!)
    }
    const previous = readMarker(outDir)
    const marker: Marker = { generator: 'netrunner-cr', files: names }
    writeNewFileVerified(join(staging, OUTPUT_MARKER), `${JSON.stringify(marker, null, 2)}\n`)
    // The marker goes in first, naming old and new files: a run killed halfway leaves a folder
    // the next run recognises as ours, instead of one it refuses as foreign.
    const union: Marker = { generator: 'netrunner-cr', files: [...new Set([...(previous?.files ?? []), ...names])].sort() }
    const early = `${OUTPUT_MARKER}.early`
    writeNewFileVerified(join(staging, early), `${JSON.stringify(union, null, 2)}\n`)
    fsyncDir(staging)
    renameSync(join(staging, early), join(outDir, OUTPUT_MARKER))
    // Each rename replaces one file atomically: readers see the old or the new file, never neither.
    for (const name of names) {
      mkdirSync(dirname(join(outDir, name)), { recursive: true })
      renameSync(join(staging, name), join(outDir, name))
    }
    for (const stale of previous?.files ?? []) {
      if (names.includes(stale) || !isSafeName(stale)) continue
      // A forged marker plus a symbolic link (`sub -> /etc`) must not make us delete outside the folder.
      if (passesThroughLink(outDir, stale)) continue
      rmSync(join(outDir, stale), { force: true })
    }
    renameSync(join(staging, OUTPUT_MARKER), join(outDir, OUTPUT_MARKER))
    fsyncDir(outDir)
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

/**
 * Create `outDir` with exactly `files`, all at once: they are written into a
 * staging folder beside it, then renamed into place, so `outDir` either does
 * not exist or is complete. Refuses when `outDir` exists (`cr release` never
 * overwrites a frozen release). No marker is left: the folder is the files.
 */
export function writeNewDir(outDir: string, files: Record<string, string | Uint8Array>): void {
  if (existsOrLink(outDir)) throw new OutputRefusedError(`refusing to write \`${outDir}\`: it already exists, and a frozen folder is never overwritten`)
  for (const name of Object.keys(files)) {
    if (!isSafeName(name)) throw new OutputRefusedError(`refusing to write \`${name}\`: output file names must stay inside the output folder`)
  }
  const parent = dirname(resolve(outDir))
  mkdirSync(parent, { recursive: true })
  removeAbandonedStaging(parent)
  const staging = join(parent, `${STAGING_PREFIX}${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`)
  mkdirSync(staging)
  try {
    for (const name of Object.keys(files).sort()) {
      mkdirSync(dirname(join(staging, name)), { recursive: true })
      writeNewFileVerified(join(staging, name), files[name]!)
    }
    fsyncDir(staging)
    // rename(2) onto a path that appeared meanwhile fails (or, for an empty folder, replaces only that empty folder).
    if (existsOrLink(outDir)) throw new OutputRefusedError(`refusing to write \`${outDir}\`: it appeared while writing`)
    renameSync(staging, outDir)
    fsyncDir(parent)
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

function existsOrLink(p: string): boolean {
  try {
    lstatSync(p)
    return true
  } catch {
    return false
  }
}
