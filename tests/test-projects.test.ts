/**
 * The split of the suite by cost (vitest.config.ts) stays true: a test that
 * builds the site or drives a browser is in the `site` project, whose global
 * setup builds the site once per run; the `unit` project stays in-process.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import config from '../vitest.config.ts'

const ROOT = join(import.meta.dirname, '..')
const testFiles = readdirSync(join(ROOT, 'tests'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts') && !f.startsWith('fixtures/') && f !== 'test-projects.test.ts')
  .map((f) => `tests/${f.split('\\').join('/')}`)

/** What marks a test as end-to-end: the site harness, a build, a browser (or the PDF printer driving one), a dev server. */
const E2E = /from '\.\.?\/(site\/)?(helpers|astro)\.ts'|launchChromium|printPdfs|openPrinter|cachedPdfs|startDevServer|astro\.mjs/

describe('test projects', () => {
  const projects = (config.test?.projects ?? []) as { test: { name: string; include: string[]; exclude?: string[]; globalSetup?: string[]; isolate?: boolean } }[]
  const named = (name: string) => projects.find((p) => p.test.name === name)!.test

  it('are unit, package and site, the unit project first', () => {
    expect(projects.map((p) => p.test.name)).toEqual(['unit', 'package', 'site'])
    expect(named('site').globalSetup).toEqual(['tests/site/global-build.ts'])
  })

  it('put every end-to-end test in the site project, and no in-process test there', () => {
    const site = testFiles.filter((f) => f.startsWith('tests/site/'))
    const outside = testFiles.filter((f) => !f.startsWith('tests/site/') && !f.startsWith('tests/package/'))
    expect(site.length).toBeGreaterThan(5)
    const e2eOutside = outside.filter((f) => E2E.test(readFileSync(join(ROOT, f), 'utf8')))
    expect(e2eOutside, 'end-to-end tests outside tests/site/ (they would run in the unit project)').toEqual([])
    const unitInSite = site.filter((f) => !E2E.test(readFileSync(join(ROOT, f), 'utf8')))
    expect(unitInSite, 'in-process tests in tests/site/: move them to tests/site-unit/').toEqual([])
  })

  it('never build into the repository', () => {
    for (const f of readdirSync(join(ROOT, 'tests/site')).filter((n) => n.endsWith('.ts'))) {
      const text = readFileSync(join(ROOT, 'tests/site', f), 'utf8')
      expect(text, relative(ROOT, f)).not.toMatch(/join\(ROOT, 'dist'\)|withBuildLock/)
    }
  })

  // The unit project's workers run file after file in one process (isolate: false): a file that
  // changes the process and leaves it so changes what every later file of that worker sees.
  it('unit test files leave the process as they found it (its workers are shared between files)', () => {
    expect(named('unit').isolate).toBe(false)
    const unit = testFiles.filter((f) => !f.startsWith('tests/site/') && !f.startsWith('tests/package/'))
    expect(unit.length).toBeGreaterThan(50)
    const problems: string[] = []
    for (const f of [...unit, 'tests/setup/fast-check.ts']) {
      const text = readFileSync(join(ROOT, f), 'utf8')
      if (/process\.chdir\(/.test(text)) problems.push(`${f}: process.chdir (pass a cwd instead: runCr(args, cwd))`)
      if (/\bvi\.(do)?mock\(/.test(text)) problems.push(`${f}: a module mock (it would replace the module for every later file)`)
      if (/\bvi\.stubEnv\(/.test(text) && !/\bvi\.unstubAllEnvs\(/.test(text)) problems.push(`${f}: vi.stubEnv without vi.unstubAllEnvs`)
      if (/\bvi\.stubGlobal\(/.test(text) && !/\bvi\.unstubAllGlobals\(/.test(text)) problems.push(`${f}: vi.stubGlobal without vi.unstubAllGlobals`)
      if (/\bvi\.useFakeTimers\(/.test(text) && !/\bvi\.useRealTimers\(/.test(text)) problems.push(`${f}: vi.useFakeTimers without vi.useRealTimers`)
      for (const [, name] of text.matchAll(/process\.env\.([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)/g)) {
        if (!new RegExp(`delete process\\.env\\.${name}\\b`).test(text)) problems.push(`${f}: sets process.env.${name} and never deletes it (set it in a try, delete it in finally)`)
      }
    }
    expect(problems).toEqual([])
  })
})
