/**
 * The files `cr cite` reads and writes besides the sources it scans: its
 * configuration, a baseline, test results, an exceptions file, and the
 * reports it writes (`--write-coverage`, `--write-matrix`). Reads are bounded
 * (`read-input.ts`); writes are verified and renamed into place
 * (`durable-write.ts`), never through a symbolic link.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { replaceFileVerified } from './durable-write.ts'
import { PACKAGE_ROOT } from './package-root.ts'
import { MAX_DATA_FILE_BYTES, readInputFile } from './read-input.ts'

/** Whether `path` (relative to `cwd`) exists: a config beside the project, a baseline given by name. */
export function citeFileExists(path: string, cwd: string): boolean {
  return existsSync(resolve(cwd, path))
}

/** What is at `path` (relative to `cwd`): a file, a folder (links followed), or nothing. */
export function citePathKind(path: string, cwd: string): 'file' | 'folder' | undefined {
  try {
    const st = statSync(resolve(cwd, path))
    return st.isDirectory() ? 'folder' : 'file'
  } catch {
    return undefined
  }
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

/** Files that mark the root of a project, whatever its language. */
const PROJECT_MARKERS = ['.git', 'cr.config.json', 'Cargo.toml', 'package.json', 'deps.edn', 'project.clj', 'shadow-cljs.edn', 'pyproject.toml', 'setup.py', 'setup.cfg', 'go.mod', 'pom.xml', 'build.gradle', 'build.gradle.kts', 'Gemfile', 'mix.exs', 'composer.json']

/**
 * The project a path belongs to: the nearest folder at or above it holding a
 * project marker (`.git`, `Cargo.toml`, `package.json`, `deps.edn`, …), else
 * the path itself (its folder, for a file). `cr cite ../engine` classifies
 * `../engine/tests/…` as tests because globs are matched from here.
 */
export function findProjectRoot(path: string, cwd: string): string {
  const start = folderOf(resolve(cwd, path))
  for (const d of upFrom(start)) if (PROJECT_MARKERS.some((m) => existsSync(join(d, m)))) return d
  return start
}

/** The folder a path names: itself when it is one, else (a file, or nothing yet) its parent. */
function folderOf(abs: string): string {
  try {
    return statSync(abs).isDirectory() ? abs : dirname(abs)
  } catch {
    return dirname(abs)
  }
}

/** What marks a repository's root: a configuration above it belongs to something else. */
const REPOSITORY_MARKERS = ['.git', '.hg', '.svn', '.jj']

/** `dir` and the folders above it, nearest first. */
function* upFrom(dir: string): Generator<string> {
  for (let d = dir; ; d = dirname(d)) {
    yield d
    if (dirname(d) === d) return
  }
}

/**
 * The configuration `cr cite` reads when it is not given one, as linters and
 * formatters find theirs: the nearest `cr.config.json` at or above `path`
 * (relative to `cwd`; a file's folder), looked for up to the root of the
 * repository it is in (the folder with `.git`), or outside one up to the
 * nearest project root (`findProjectRoot`). So `cr cite` in `engine/tests/`
 * reads `engine/cr.config.json`, and never a file above the project.
 * Returns its absolute path.
 */
export function findCiteConfig(path: string, cwd: string): string | undefined {
  const start = folderOf(resolve(cwd, path))
  let stop: string | undefined
  for (const d of upFrom(start)) {
    if (REPOSITORY_MARKERS.some((m) => existsSync(join(d, m)))) {
      stop = d
      break
    }
  }
  stop ??= findProjectRoot(start, cwd)
  for (const d of upFrom(start)) {
    const candidate = join(d, 'cr.config.json')
    if (existsSync(candidate)) return candidate
    if (d === stop) return undefined
  }
  return undefined
}

let version: string | undefined

/** This package's version (`26.3.0`): what SARIF reports and cr's outputs name as the tool's. */
export function toolVersion(): string {
  if (version === undefined) {
    try {
      version = String((JSON.parse(readInputFile(join(PACKAGE_ROOT, 'package.json'), { maxBytes: 1 << 20 }).toString('utf8')) as { version?: unknown }).version ?? '0.0.0')
    } catch {
      version = '0.0.0'
    }
  }
  return version
}
