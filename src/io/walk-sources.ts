/**
 * The files `cr cite` scans: every text file under the given paths, except
 * dependencies, VCS data, build output, what .gitignore files list (nested
 * ones too, as git reads them) and the project's own `exclude` patterns.
 * A file named explicitly on the command line is always scanned.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, extname, join, relative, resolve, sep } from 'node:path'
import ignore, { type Ignore } from 'ignore'

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
}

interface Rules {
  base: string
  ig: Ignore
}

export function walkSources(paths: readonly string[], options: WalkOptions): SourceFileRef[] {
  const cwd = resolve(options.cwd)
  const root = projectRoot(cwd)
  const exclude: Rules | undefined =
    options.exclude && options.exclude.length > 0 ? { base: resolve(options.excludeBase ?? cwd), ig: ignore().add(options.exclude) } : undefined
  const cache = new Map<string, Rules | null>()
  const out: SourceFileRef[] = []
  const seen = new Set<string>()
  const add = (abs: string) => {
    if (seen.has(abs)) return
    seen.add(abs)
    out.push({ path: shown(cwd, abs), abs })
  }

  for (const p of paths) {
    const abs = resolve(cwd, p)
    if (!existsSync(abs)) throw new Error(`No such file or directory: ${p}`)
    if (statSync(abs).isFile()) {
      if (!BINARY.has(extname(abs).toLowerCase())) add(abs)
      continue
    }
    // .gitignore files of the directories above the start count too.
    const chain: Rules[] = []
    const ancestors = isInside(root, abs) ? between(root, abs) : [abs]
    for (const dir of ancestors) {
      const r = gitignoreOf(dir, cache)
      if (r) chain.push(r)
    }
    walkDir(abs, chain, exclude, cache, add)
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

function walkDir(dir: string, chain: Rules[], exclude: Rules | undefined, cache: Map<string, Rules | null>, add: (abs: string) => void) {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return // unreadable directory: nothing to cite
  }
  for (const e of entries) {
    const abs = join(dir, e.name)
    const isDir = e.isDirectory()
    if (!isDir && !e.isFile()) continue // symlinks, sockets: never followed
    if (isDir && SKIPPED_DIRS.has(e.name)) continue
    if (!isDir && BINARY.has(extname(e.name).toLowerCase())) continue
    if (isIgnored(abs, isDir, chain) || (exclude && isIgnored(abs, isDir, [exclude]))) continue
    if (isDir) {
      const own = gitignoreOf(abs, cache)
      walkDir(abs, own ? [...chain, own] : chain, exclude, cache, add)
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

function gitignoreOf(dir: string, cache: Map<string, Rules | null>): Rules | null {
  let r = cache.get(dir)
  if (r !== undefined) return r
  const file = join(dir, '.gitignore')
  r = existsSync(file) ? { base: dir, ig: ignore().add(readFileSync(file, 'utf8')) } : null
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

/** The file's text, or undefined when it looks binary (a NUL byte near the start). */
export function readSourceText(abs: string): string | undefined {
  const bytes = readFileSync(abs)
  const head = bytes.subarray(0, 8000)
  if (head.includes(0)) return undefined
  const text = bytes.toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}
