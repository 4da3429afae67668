/**
 * The site project's global setup: the one full build of a test run (every
 * release, the search indexes, the PDFs when Chromium is there), into a
 * temporary folder, started in the background as the run starts, so the
 * package tests run beside it.
 *
 * Site tests wait for it through `ensureSite()` (helpers.ts), which reads the
 * status file written here when the build ends. One writer, written once, by
 * rename: nothing to lock, nothing to steal. (`npm test` runs the unit
 * project in a run of its own first, so a broken core is reported before any
 * build starts.)
 *
 * `CR_TEST_SITE_DIST=<folder>` skips the build and reads a full build made
 * before (a copy of one, or `npm run build`'s `dist/`), never written to:
 * for working on one browser test, minutes shorter a run. `npm test` and CI
 * never set it.
 */
import { createWriteStream, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { killGroup, spawnAstroBuild } from './astro.ts'

export interface SiteBuild {
  /** The built site. */
  dir: string
  /** Written once the build ends: `{ code, ms }`. */
  status: string
  /** What the build printed. */
  log: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteBuild: SiteBuild
  }
}

export default function setup(project: TestProject) {
  const reused = process.env.CR_TEST_SITE_DIST
  if (reused) {
    const work = mkdtempSync(join(tmpdir(), 'cr-site-test-'))
    const build: SiteBuild = { dir: resolve(reused), status: join(work, 'build-status.json'), log: join(work, 'build.log') }
    writeFileSync(build.log, `CR_TEST_SITE_DIST: ${build.dir}, built before\n`)
    writeFileSync(build.status, JSON.stringify({ code: existsSync(join(build.dir, 'index.html')) ? 0 : `no index.html in ${build.dir}`, ms: 0 }))
    project.provide('siteBuild', build)
    return () => rmSync(work, { recursive: true, force: true })
  }
  const work = mkdtempSync(join(tmpdir(), 'cr-site-test-'))
  const build: SiteBuild = { dir: join(work, 'dist'), status: join(work, 'build-status.json'), log: join(work, 'build.log') }
  const started = performance.now()
  const child = spawnAstroBuild({ outDir: build.dir, work: join(work, 'astro') })
  const log = createWriteStream(build.log)
  child.stdout.pipe(log, { end: false })
  child.stderr.pipe(log, { end: false })
  let done = false
  const finish = (code: number | null, signal: string | null) => {
    if (done) return
    done = true
    log.end(() => {
      const tmp = `${build.status}.tmp`
      writeFileSync(tmp, JSON.stringify({ code: code ?? signal, ms: Math.round(performance.now() - started) }))
      renameSync(tmp, build.status)
    })
  }
  child.once('error', (e) => {
    log.write(`\n${e.stack ?? e.message}\n`)
    finish(-1, null)
  })
  child.once('close', finish)
  project.provide('siteBuild', build)

  return () => {
    // An interrupted run: stop the build (and its Chromium) before removing its folder.
    if (!done) {
      done = true
      killGroup(child.pid)
    }
    rmSync(work, { recursive: true, force: true })
  }
}
