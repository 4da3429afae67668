/**
 * The files `cr cite` scans: every text file under the given paths, except
 * dependencies, VCS data, build output, what .gitignore files list (nested
 * ones too, as git reads them) and the project's own `exclude` patterns.
 * A file named explicitly on the command line is always scanned.
 *
 * Nothing that fails stops the walk, and nothing is skipped silently: an
 * unreadable folder, a `.gitignore` that is not a file, a FIFO or device,
 * a file named on the command line that is binary — each is reported
 * through `options.report` with its path, and the rest goes on. Symbolic
 * links are never followed (as ripgrep and git do by default).
 */
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs'
import { dirname, extname, join, relative, resolve, sep } from 'node:path'
import { IgnoreRules, IgnoreRulesError, MAX_IGNORE_FILE_BYTES } from './gitignore.ts'
import { describeKind, InputError, MAX_CITE_FILE_BYTES, readInputFile } from './read-input.ts'

/** Directories that are never sources: dependencies, VCS data, build output, caches. */
export const SKIPPED_DIRS = new Set([
  'node_modules', '.git', '.hg', '.svn', 'dist', 'build', 'out', 'target', '.astro', '.next', '.nuxt',
  '.svelte-kit', '.turbo', '.cache', '.cpcache', '.shadow-cljs', '.lsp', '.clj-kondo', '__pycache__', '.venv',
  '.tox', '.gradle', 'coverage', 'dist-index',
])

/** Extensions that are never text: skipped without reading. */
const BINARY = new Set(
  ('png jpg jpeg gif webp avif ico bmp tiff psd svgz pdf zip gz tgz bz2 xz zst 7z rar jar war class wasm so dylib dll ' +
    'exe o a lib obj bin dat db sqlite woff woff2 ttf otf eot mp3 mp4 m4a ogg wav flac mov avi webm mkv rlib rmeta pdb')
    .split(' ')
    .map((e) => `.${e}`),
)

export interface SourceFileRef {
  /** As shown in reports: relative to `cwd`, `/`-separated. */
  path: string
  abs: string
}

export interface WalkOptions {
  cwd: string
  /** .gitignore-syntax patterns relative to `excludeBase` (the config file's directory). */
  exclude?: string[]
  excludeBase?: string
  /** Called for each path that is not scanned for a reason the user should hear. */
  report?: (problem: WalkProblem) => void
}

/** A path the walk could not use, or a file it did not read. */
export interface WalkProblem {
  path: string
  code: 'file-unreadable' | 'file-not-regular' | 'file-too-large' | 'file-binary'
  severity: 'error' | 'warning' | 'hint'
  message: string
}

type Report = (problem: WalkProblem) => void

interface Rules {
  base: string
  ig: IgnoreRules
}

export function walkSources(paths: readonly string[], options: WalkOptions): SourceFileRef[] {
  const cwd = resolve(options.cwd)
  const root = projectRoot(cwd)
  const exclude: Rules | undefined =
    options.exclude && options.exclude.length > 0 ? { base: resolve(options.excludeBase ?? cwd), ig: new IgnoreRules(options.exclude) } : undefined
  const cache = new Map<string, Rules | null>()
  const out: SourceFileRef[] = []
  const seen = new Set<string>()
  const add = (abs: string) => {
    if (seen.has(abs)) return
    seen.add(abs)
    out.push({ path: shown(cwd, abs), abs })
  }

  const report: Report = options.report ?? (() => {})
  for (const p of paths) {
    const abs = resolve(cwd, p)
    if (!existsSync(abs)) throw new Error(`No such file or directory: ${p}`)
    const stat = statSync(abs)
    if (stat.isFile()) {
      if (!BINARY.has(extname(abs).toLowerCase())) add(abs)
      else report({ path: shown(cwd, abs), code: 'file-binary', severity: 'warning', message: `not scanned: a binary file (by its extension \`${extname(abs)}\`)` })
      continue
    }
    if (!stat.isDirectory()) {
      report({ path: shown(cwd, abs), code: 'file-not-regular', severity: 'error', message: `not scanned: ${describeKind(stat)}, expected a file or folder` })
      continue
    }
    // .gitignore files of the directories above the start count too.
    const chain: Rules[] = []
    const ancestors = isInside(root, abs) ? between(root, abs) : [abs]
    for (const dir of ancestors) {
      const r = gitignoreOf(dir, cache, cwd, report)
      if (r) chain.push(r)
    }
    walkDir(abs, chain, exclude, cache, add, cwd, report)
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

function walkDir(dir: string, chain: Rules[], exclude: Rules | undefined, cache: Map<string, Rules | null>, add: (abs: string) => void, cwd: string, report: Report) {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    report({ path: shown(cwd, dir), code: 'file-unreadable', severity: 'error', message: `folder not scanned: it cannot be read (${code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? 'error')})` })
    return
  }
  for (const e of entries) {
    const abs = join(dir, e.name)
    const isDir = e.isDirectory()
    if (e.isSymbolicLink()) continue // never followed
    if (!isDir && !e.isFile()) {
      if (!isIgnored(abs, false, chain) && !(exclude && isIgnored(abs, false, [exclude]))) {
        const kind = (() => {
          try {
            return describeKind(lstatSync(abs))
          } catch {
            return 'not a regular file'
          }
        })()
        report({ path: shown(cwd, abs), code: 'file-not-regular', severity: 'warning', message: `not scanned: ${kind}` })
      }
      continue
    }
    if (isDir && SKIPPED_DIRS.has(e.name)) continue
    if (!isDir && BINARY.has(extname(e.name).toLowerCase())) continue
    if (isIgnored(abs, isDir, chain) || (exclude && isIgnored(abs, isDir, [exclude]))) continue
    if (isDir) {
      const own = gitignoreOf(abs, cache, cwd, report)
      walkDir(abs, own ? [...chain, own] : chain, exclude, cache, add, cwd, report)
    } else {
      add(abs)
    }
  }
}

function isIgnored(abs: string, isDir: boolean, chain: Rules[]): boolean {
  // Later (deeper) files override earlier ones, as in git: the last verdict wins.
  let ignored = false
  for (const r of chain) {
    if (!isInside(r.base, abs)) continue
    const rel = relative(r.base, abs).split(sep).join('/') + (isDir ? '/' : '')
    const verdict = r.ig.test(rel)
    if (verdict.ignored) ignored = true
    else if (verdict.unignored) ignored = false
  }
  return ignored
}

function gitignoreOf(dir: string, cache: Map<string, Rules | null>, cwd: string, report: Report): Rules | null {
  let r = cache.get(dir)
  if (r !== undefined) return r
  const file = join(dir, '.gitignore')
  r = null
  if (existsSync(file)) {
    try {
      // Matched in linear time (gitignore.ts): a 4 MB file of 150,000 rules took hours with the `ignore` package.
      r = { base: dir, ig: new IgnoreRules(readInputFile(file, { maxBytes: MAX_IGNORE_FILE_BYTES }).toString('utf8')) }
    } catch (error) {
      if (error instanceof IgnoreRulesError) {
        report({ path: shown(cwd, file), code: 'file-too-large', severity: 'warning', message: `ignored: ${error.message}; its rules do not apply` })
      } else {
        if (!(error instanceof InputError)) throw error
        // A folder named `.gitignore`, an unreadable one: its rules do not apply, and the user hears why.
        report({ path: shown(cwd, file), code: error.code, severity: 'warning', message: `ignored: ${error.reason}` })
      }
    }
  }
  cache.set(dir, r)
  return r
}

/** The nearest directory with `.git` above `dir`, else `dir` itself. */
function projectRoot(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d
    if (dirname(d) === d) return dir
  }
}

/** `root`, then each directory down to and including `dir`. */
function between(root: string, dir: string): string[] {
  const parts = relative(root, dir).split(sep).filter(Boolean)
  const dirs = [root]
  for (let i = 1; i <= parts.length; i++) dirs.push(join(root, ...parts.slice(0, i)))
  return dirs
}

const isInside = (base: string, p: string) => {
  const rel = relative(base, p)
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel))
}

const shown = (cwd: string, abs: string) => (relative(cwd, abs) || abs).split(sep).join('/')

/** The file's text, or undefined when it looks binary (a NUL byte near the start). Throws InputError. */
export function readSourceText(abs: string, shownPath = abs): string | undefined {
  // The head judged first: a large binary file costs 8 KiB, not its size (a small file is read whole in one call).
  const bytes = readInputFile(abs, { shown: shownPath, maxBytes: MAX_CITE_FILE_BYTES, head: { bytes: 8000, accept: (head) => utf16Of(head) !== undefined || !head.includes(0) } })
  if (bytes === undefined) return undefined
  const utf16 = utf16Of(bytes)
  let text = utf16 ? new TextDecoder(utf16).decode(bytes.subarray(2)) : bytes.toString('utf8')
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  // Old Mac line endings (CR only) count as lines too; the replacement keeps every offset.
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text
}

/** UTF-16 sources are text: their byte-order mark says which. */
function utf16Of(head: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le'
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be'
  return undefined
}
