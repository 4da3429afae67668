/**
 * Astro as the site tests run it: each build or dev server gets a folder of
 * its own (from `mkdtemp`) for its output and for Astro's and Vite's caches,
 * so builds and dev servers running at once share nothing, need no lock, and
 * never touch the repository's `dist/` (the folder `npm start` serves).
 *
 * Used by the site project's global setup (the one full build of a run) and
 * by tests that build a variant (hostile rules, a coverage file, a site URL)
 * or start `npm run dev`. Plain Node: no vitest import, so the global setup
 * can use it.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs')

/**
 * Arguments that point Astro at the repository's config with its caches
 * moved into `work`: Astro's `cacheDir` and Vite's (which holds the
 * dependency optimizer's output, written by builds and dev servers alike).
 */
export function isolatedConfigArgs(work: string): string[] {
  mkdirSync(work, { recursive: true })
  const config = join(work, 'astro.config.mjs')
  const base = pathToFileURL(join(ROOT, 'astro.config.mjs')).href
  writeFileSync(
    config,
    [
      `import config from ${JSON.stringify(base)}`,
      `export default { ...config, cacheDir: ${JSON.stringify(join(work, 'cache/astro'))}, vite: { ...config.vite, cacheDir: ${JSON.stringify(join(work, 'cache/vite'))} } }`,
      '',
    ].join('\n'),
  )
  // Astro reads `--config` relative to `--root`.
  return ['--root', ROOT, '--config', relative(ROOT, config)]
}

/**
 * The environment a developer's build has: the test runner's own variables
 * (NODE_ENV=test, VITEST…) would change what Vite builds.
 */
export function buildEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST') && k !== 'TEST'))
  return { ...env, ...extra }
}

export interface BuildOptions {
  /** Output folder (created). */
  outDir: string
  /** A folder of this build's own for its config and caches. */
  work: string
  env?: NodeJS.ProcessEnv
}

/**
 * Start `astro build` with the Node running the tests (Astro needs ≥ 22.12),
 * in a process group of its own (the PDF step starts Chromium) so it can be
 * stopped whole.
 */
export function spawnAstroBuild({ outDir, work, env }: BuildOptions) {
  const cwd = buildCwd()
  const child = spawn(process.execPath, [ASTRO, 'build', ...isolatedConfigArgs(work), '--outDir', outDir], {
    cwd,
    env: buildEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  child.once('close', () => rmSync(cwd, { recursive: true, force: true }))
  return child
}

/**
 * A working folder of the build's own, inside the repository: when `--outDir`
 * is outside the working folder, Astro puts its server bundle in
 * `<cwd>/.astro/.prerender/`, so builds started from the repository at once
 * shared it (one's cleanup deleted another's chunks). Inside the repository,
 * so the bundle still resolves the packages in its `node_modules/`.
 */
function buildCwd(): string {
  const parent = join(ROOT, 'node_modules/.cache/netrunner-cr-test-builds')
  mkdirSync(parent, { recursive: true })
  return mkdtempSync(join(parent, 'build-'))
}

/** Run `astro build` to the end: its output, or an error carrying it. */
export function runAstroBuild(options: BuildOptions): Promise<string> {
  const child = spawnAstroBuild(options)
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((ok, fail) => {
    child.once('error', fail)
    child.once('close', (code, signal) => {
      if (code === 0) ok(out)
      else fail(new Error(`astro build failed (${code ?? signal}):\n${out}`))
    })
  })
}

/** Stop a detached child and everything it started. */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // already gone
  }
}
