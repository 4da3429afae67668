/**
 * Build outputs (a folder or a file) kept by a key that the caller derives
 * from everything that made them: the site build keeps each release's
 * Pagefind index and PDF here, so a release whose sources and rendering code
 * did not change is copied, not rebuilt.
 *
 * An entry is `<dir>/<kind>/<key>/` with the files and a `manifest.json` of
 * their SHA-256, written last: an entry is written whole in a temporary
 * folder and renamed into place (concurrent builds can share the cache; the
 * first to finish wins), and read only when every file matches its hash.
 * Best effort: an unreadable, corrupt or unwritable entry is a miss, never an
 * error. The oldest entries of a kind are removed past `keep`.
 */
import { createHash, randomBytes } from 'node:crypto'
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export interface DirCache {
  dir: string
  /** Copy the entry's folder to `dest` (replacing it); false on a miss. */
  restoreDir(kind: string, key: string, dest: string): boolean
  /** Keep a copy of the folder `src`. */
  storeDir(kind: string, key: string, src: string): void
  /** Copy the entry's file to `dest`; false on a miss. */
  restoreFile(kind: string, key: string, dest: string): boolean
  /** Keep a copy of the file `src`. */
  storeFile(kind: string, key: string, src: string): void
  /** The text kept by `storeText`; undefined on a miss. */
  restoreText(kind: string, key: string): string | undefined
  /** Keep a small text (what a restored folder would otherwise have to be read again for). */
  storeText(kind: string, key: string, text: string): void
  /** Keep a small text in place of the one kept under `key` (a guess for next time, not an output: the last one wins). */
  replaceText(kind: string, key: string, text: string): void
}

type Manifest = { files: [path: string, sha256: string][] }

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

/** SHA-256 of the parts, each length-prefixed so no two lists of parts collide. */
export function cacheKey(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}:`).update(part)
  return hash.digest('hex').slice(0, 40)
}

/** Hard-link every file of `src` into the empty folder `dest`; false (and `dest` emptied) where links cannot be made. */
function linkTree(src: string, dest: string): boolean {
  try {
    const made = new Set<string>()
    for (const path of listFiles(src)) {
      const folder = dirname(join(dest, path))
      if (!made.has(folder)) mkdirSync(folder, { recursive: true })
      made.add(folder)
      linkSync(join(src, path), join(dest, path))
    }
    return true
  } catch {
    rmSync(dest, { recursive: true, force: true })
    mkdirSync(dest, { recursive: true })
    return false
  }
}

function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => f.split('\\').join('/'))
    .sort()
}

/**
 * The cache under `CR_SITE_CACHE_DIR`, else `node_modules/.cache/netrunner-cr-site`
 * of `root`; undefined when `CR_SITE_CACHE=0`.
 */
export function openDirCache(env: Record<string, string | undefined>, root: string, keep = 24): DirCache | undefined {
  if (env.CR_SITE_CACHE === '0') return undefined
  /** Stored and restored folders are hard links to the cache's files unless `CR_SITE_CACHE_LINKS=0`. */
  const linking = env.CR_SITE_CACHE_LINKS !== '0'
  const dir = env.CR_SITE_CACHE_DIR ? resolve(root, env.CR_SITE_CACHE_DIR) : join(root, 'node_modules/.cache/netrunner-cr-site')
  const entry = (kind: string, key: string) => join(dir, kind, key)

  /** The entry's files folder when every file is there and matches the manifest. */
  const verified = (kind: string, key: string): string | undefined => {
    const at = entry(kind, key)
    try {
      const manifest = JSON.parse(readFileSync(join(at, 'manifest.json'), 'utf8')) as Manifest
      const files = join(at, 'files')
      for (const [path, hash] of manifest.files) if (sha256(readFileSync(join(files, path))) !== hash) throw new Error(`${path} changed`)
      const now = new Date()
      utimesSync(at, now, now)
      return files
    } catch {
      if (existsSync(at)) rmSync(at, { recursive: true, force: true })
      return undefined
    }
  }

  const store = (kind: string, key: string, fill: (files: string) => void, replace = false) => {
    const target = entry(kind, key)
    if (!replace && existsSync(join(target, 'manifest.json'))) return
    const temp = join(dir, kind, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`)
    try {
      mkdirSync(join(temp, 'files'), { recursive: true })
      fill(join(temp, 'files'))
      const files = listFiles(join(temp, 'files')).map((f): [string, string] => [f, sha256(readFileSync(join(temp, 'files', f)))])
      writeFileSync(join(temp, 'manifest.json'), JSON.stringify({ files } satisfies Manifest))
      // A reader between the two finds no entry: a miss, as for an entry not yet written.
      if (replace) rmSync(target, { recursive: true, force: true })
      renameSync(temp, target)
      prune(join(dir, kind))
    } catch {
      // Another build wrote it first, or the disk said no: a miss next time at worst.
    } finally {
      rmSync(temp, { recursive: true, force: true })
    }
  }

  const prune = (kindDir: string) => {
    const entries = readdirSync(kindDir)
      .filter((n) => !n.startsWith('.'))
      .map((n) => ({ path: join(kindDir, n), at: statSync(join(kindDir, n)).mtimeMs }))
      .sort((a, b) => b.at - a.at)
    for (const old of entries.slice(keep)) rmSync(old.path, { recursive: true, force: true })
  }

  return {
    dir,
    restoreDir(kind, key, dest) {
      // One pass: each file is read once, checked against the manifest and put in place (a Pagefind index
      // is thousands of small files; verifying first and copying after read each of them twice). In place
      // is a hard link where the cache and `dest` share a file system (as pnpm's store links packages): no
      // bytes written, a quarter of a copy's time for 11,000 files. Nothing writes into a built file in
      // place (a build empties its folder first; files are replaced by rename), and an entry whose file
      // did change is found by its hash and dropped.
      const at = entry(kind, key)
      rmSync(dest, { recursive: true, force: true })
      try {
        const manifest = JSON.parse(readFileSync(join(at, 'manifest.json'), 'utf8')) as Manifest
        const made = new Set<string>()
        let link = linking
        for (const [path, hash] of manifest.files) {
          const from = join(at, 'files', path)
          const bytes = readFileSync(from)
          if (sha256(bytes) !== hash) throw new Error(`${path} changed`)
          const folder = dirname(join(dest, path))
          if (!made.has(folder)) mkdirSync(folder, { recursive: true })
          made.add(folder)
          if (link) {
            try {
              linkSync(from, join(dest, path))
              continue
            } catch {
              // Another file system, or no hard links there: copy from now on.
              link = false
            }
          }
          writeFileSync(join(dest, path), bytes)
        }
        const now = new Date()
        utimesSync(at, now, now)
        return true
      } catch {
        rmSync(dest, { recursive: true, force: true })
        if (existsSync(at)) rmSync(at, { recursive: true, force: true })
        return false
      }
    },
    storeDir(kind, key, src) {
      // Hard links where it can, as restoreDir: a cold build keeps seven Pagefind indexes, 11,500 files,
      // and copying them cost it 4.7 s of its busiest stretch (1.6 s linked; issue 22).
      store(kind, key, (files) => {
        if (!linking || !linkTree(src, files)) cpSync(src, files, { recursive: true })
      })
    },
    restoreFile(kind, key, dest) {
      const files = verified(kind, key)
      if (!files || !existsSync(join(files, 'file'))) return false
      mkdirSync(dirname(dest), { recursive: true })
      copyFileSync(join(files, 'file'), dest)
      return true
    },
    storeFile(kind, key, src) {
      store(kind, key, (files) => copyFileSync(src, join(files, 'file')))
    },
    restoreText(kind, key) {
      const files = verified(kind, key)
      if (!files || !existsSync(join(files, 'file'))) return undefined
      return readFileSync(join(files, 'file'), 'utf8')
    },
    storeText(kind, key, text) {
      store(kind, key, (files) => writeFileSync(join(files, 'file'), text))
    },
    replaceText(kind, key, text) {
      store(kind, key, (files) => writeFileSync(join(files, 'file'), text), true)
    },
  }
}

/** Every file under `dir` as `path:sha256` lines (sorted): a fingerprint of the folder. */
export function folderFingerprint(dir: string): string {
  if (!existsSync(dir)) return ''
  return listFiles(dir)
    .map((f) => `${relative(dir, join(dir, f))}:${sha256(readFileSync(join(dir, f)))}`)
    .join('\n')
}
