/**
 * An engine's project with the package installed as an engine would get
 * it: built into a staging copy of the repository (so the working tree's
 * `lib/` and `dist-index/` are never touched), packed with `npm pack`,
 * installed from the tarball with `--omit=dev`. Offline: the consumer's lock
 * file lists the package's dependencies exactly as this repository's lock
 * resolves them, so `npm ci --offline` finds them in the npm cache that
 * `npm ci` filled. Used by tests/package/tarball.test.ts and the bench.
 *
 * Run: `npx tsx scripts/package-consumer.ts DIR` (prints the project folder).
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PACKAGE_ROOT } from '../src/io/read-sources.ts'
import { buildCli, buildPackage } from './build-package.ts'
import { copyTree, makeDir, readDirEntries, readDirNames, readText, statTarget, writeScratchFile } from '../src/io/files.ts'

interface Lock {
  packages: Record<string, { dev?: boolean; devOptional?: boolean; [key: string]: unknown }>
}

export interface Consumer {
  /** The engine's project: `node_modules/netrunner-cr` installed. */
  project: string
  tarball: string
  /** Bytes of every file under `node_modules` (the package and its dependencies). */
  installedBytes: number
  /** Names in `node_modules`. */
  installed: string[]
}

/** `npm` as the running Node's own, so the one that filled the cache. */
function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } })
}

export async function packConsumer(dir: string): Promise<Consumer> {
  const stage = join(dir, 'stage')
  const pack = join(dir, 'pack')
  const project = join(dir, 'engine')
  makeDir(pack)
  makeDir(project)
  const pkg = JSON.parse(readText(join(PACKAGE_ROOT, 'package.json'))) as { name: string; version: string; files: string[]; [k: string]: unknown }
  // What `files` names, plus what npm always packs.
  for (const entry of [...pkg.files, 'package.json', 'README.md']) {
    const name = entry.replace(/\/$/, '')
    if (name === 'lib' || name === 'dist-index') continue
    copyTree(join(PACKAGE_ROOT, name), join(stage, name))
  }
  await buildCli(join(stage, 'lib'))
  await buildPackage({ rules: join(PACKAGE_ROOT, 'rules'), out: join(stage, 'dist-index'), cli: false })
  const tarballName = npm(['pack', '--ignore-scripts', '--silent', '--pack-destination', pack], stage).trim().split('\n').pop()!
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
  npm(['ci', '--offline', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], project)

  const modules = join(project, 'node_modules')
  return { project, tarball, installedBytes: bytesUnder(modules), installed: readDirNames(modules).filter((n) => !n.startsWith('.')) }
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
  process.stdout.write(`${c.project}\n${(c.installedBytes / 1e6).toFixed(1)} MB in node_modules: ${c.installed.length} packages\n`)
}
