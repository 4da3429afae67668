/**
 * An engine's project with the package installed as an engine would get
 * it: built into a staging copy of the repository (so the working tree's
 * `lib/` and `dist-index/` are never touched), its package.json as
 * `prepack` leaves it (src/core/package/manifest.ts), packed with `npm pack`,
 * installed from the tarball with `--omit=dev`. Offline: the consumer's lock
 * file lists the package's dependencies exactly as this repository's lock
 * resolves them, so `npm ci --offline` finds them in the npm cache that
 * `npm ci` filled. Used by tests/package/tarball.test.ts and the bench, which
 * prints the installed size the README gives (`installedSummary`).
 *
 * Run: `npx tsx scripts/package-consumer.ts DIR` (prints the project folder).
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { packedManifest } from '../src/core/package/manifest.ts'
import { PACKAGE_ROOT } from '../src/io/read-sources.ts'
import { buildCli, buildPackage } from './build-package.ts'
import { copyTree, isDirectory, isFile, makeDir, readDirEntries, readText, statTarget, writeScratchFile } from '../src/io/files.ts'

interface Lock {
  packages: Record<string, { dev?: boolean; devOptional?: boolean; [key: string]: unknown }>
}

export interface Consumer {
  /** The engine's project: `node_modules/netrunner-cr` installed. */
  project: string
  tarball: string
  /** Bytes of every file under `node_modules` (the package and its dependencies); folders and links not counted. */
  installedBytes: number
  /** Every package installed, by name (`@types/hast`; nested copies too): what npm counts in "added N packages". */
  installed: string[]
  /** What `npm ci` printed on stderr (its warnings). */
  installLog: string
}

/** `npm` as the running Node's own, so the one that filled the cache. */
function npm(args: string[], cwd: string): { stdout: string; stderr: string } {
  const r = spawnSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } })
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr}`)
  return { stdout: r.stdout, stderr: r.stderr }
}

export async function packConsumer(dir: string): Promise<Consumer> {
  const stage = join(dir, 'stage')
  const pack = join(dir, 'pack')
  const project = join(dir, 'engine')
  makeDir(pack)
  makeDir(project)
  const pkg = JSON.parse(readText(join(PACKAGE_ROOT, 'package.json'))) as { name: string; version: string; files: string[]; [k: string]: unknown }
  // What `files` names, plus what npm always packs; package.json as `prepack` leaves it.
  for (const entry of [...pkg.files, 'README.md']) {
    const name = entry.replace(/\/$/, '')
    if (name === 'lib' || name === 'dist-index') continue
    copyTree(join(PACKAGE_ROOT, name), join(stage, name))
  }
  writeScratchFile(join(stage, 'package.json'), packedManifest(readText(join(PACKAGE_ROOT, 'package.json'))))
  await buildCli(join(stage, 'lib'))
  await buildPackage({ rules: join(PACKAGE_ROOT, 'rules'), out: join(stage, 'dist-index'), cli: false })
  const tarballName = npm(['pack', '--ignore-scripts', '--silent', '--pack-destination', pack], stage).stdout.trim().split('\n').pop()!
  const tarball = join(pack, tarballName)

  const lock = JSON.parse(readText(join(PACKAGE_ROOT, 'package-lock.json'))) as Lock
  const spec = `file:${tarball}`
  const packages: Lock['packages'] = {
    '': { name: 'engine', version: '1.0.0', dependencies: { [pkg.name]: spec } },
    [`node_modules/${pkg.name}`]: { version: pkg.version, resolved: spec, license: pkg.license, dependencies: pkg.dependencies, bin: pkg.bin, engines: pkg.engines },
  }
  for (const [path, entry] of Object.entries(lock.packages)) if (path.startsWith('node_modules/') && !entry.dev && !entry.devOptional) packages[path] = entry
  writeScratchFile(join(project, 'package.json'), `${JSON.stringify({ name: 'engine', version: '1.0.0', private: true, dependencies: { [pkg.name]: spec } }, null, 2)}\n`)
  writeScratchFile(join(project, 'package-lock.json'), `${JSON.stringify({ name: 'engine', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`)
  const { stderr } = npm(['ci', '--offline', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], project)

  const modules = join(project, 'node_modules')
  return { project, tarball, installedBytes: bytesUnder(modules), installed: packagesUnder(modules), installLog: stderr }
}

/** The installed size as the README gives it: `15.7 MB, 63 packages`. */
export function installedSummary(c: Pick<Consumer, 'installedBytes' | 'installed'>): string {
  return `${(c.installedBytes / 1e6).toFixed(1)} MB, ${c.installed.length} packages`
}

/** Every package in a `node_modules` folder: scoped ones (`@types/hast`) and those nested in another's `node_modules`. */
function packagesUnder(modules: string): string[] {
  const out: string[] = []
  for (const e of readDirEntries(modules)) {
    if (e.name.startsWith('.') || !e.isDirectory()) continue
    const names = e.name.startsWith('@') ? readDirEntries(join(modules, e.name)).filter((s) => s.isDirectory()).map((s) => `${e.name}/${s.name}`) : [e.name]
    for (const name of names) {
      if (!isFile(join(modules, name, 'package.json'))) continue
      out.push(name)
      const nested = join(modules, name, 'node_modules')
      if (isDirectory(nested)) out.push(...packagesUnder(nested))
    }
  }
  return out.sort()
}

function bytesUnder(dir: string): number {
  let total = 0
  for (const e of readDirEntries(dir)) {
    const p = join(dir, e.name)
    if (e.isDirectory()) total += bytesUnder(p)
    else if (e.isFile()) total += statTarget(p)!.size
  }
  return total
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2]
  if (!dir) throw new Error('usage: package-consumer.ts DIR')
  const c = await packConsumer(dir)
  process.stdout.write(`${c.project}\n${installedSummary(c)} in node_modules\n`)
}
