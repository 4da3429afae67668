/**
 * `CR_COVERAGE=FILE`: a build given the coverage file `cr cite
 * --write-coverage --results` wrote for the Rust fixture engine (with a
 * nextest JUnit report: one test passed, one failed, one skipped) shows, on
 * each rule, the files citing it and the tests with how each ended, and a
 * `/coverage/` page with the passing share and the failing rules; a bad file
 * fails the build.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runCr } from '../cli/run-cr.ts'
import { astroBuild, BUILD_TIMEOUT, hasChromium, newPage, openSite, ROOT, type Site } from './helpers.ts'

describe.skipIf(!hasChromium)('a build with a coverage file', () => {
  let tmp: string
  let out: string
  let site: Site
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'cr-site-coverage-'))
    out = join(tmp, 'dist')
    const file = join(tmp, 'coverage.json')
    // What `cargo nextest run --profile ci` writes for tests/runs.rs of the fixture engine.
    const junit = join(tmp, 'junit.xml')
    writeFileSync(
      junit,
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="nextest-run" tests="3" failures="1">',
        '  <testsuite name="toy_engine::runs" tests="3">',
        '    <testcase name="initiation_phase" classname="toy_engine::runs"/>',
        '    <testcase name="encounter" classname="toy_engine::runs"><failure message="assertion failed">left != right</failure></testcase>',
        '    <testcase name="positions_before_v25_04" classname="toy_engine::runs"><skipped/></testcase>',
        '  </testsuite>',
        '</testsuites>',
      ].join('\n'),
    )
    const cite = await runCr(['cite', 'tests/fixtures/engines/rust', '--write-coverage', file, '--results', junit, '--warn-only'], ROOT)
    if (!existsSync(file)) throw new Error(`cr cite wrote no coverage file (${cite.code}):\n${cite.stdout}\n${cite.stderr}`)
    await astroBuild({ CR_COVERAGE: file, CR_RELEASES: 'none', CR_PDF: '0' }, out)
    site = await openSite(out)
  }, BUILD_TIMEOUT)
  afterAll(async () => {
    await site?.close()
    if (tmp) rmSync(tmp, { recursive: true, force: true })
  })

  test('each cited rule shows how many files cite it, and which', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/runs/`)
    const cites = page.locator('#rule_end_the_run > .rm .cites')
    await expect(cites.locator('summary').textContent()).resolves.toBe('Rule 6.1.4: Cited by 1 file')
    await cites.locator('summary').click()
    await expect(cites.locator('li').allTextContents()).resolves.toEqual(['tests/fixtures/engines/rust/src/run.rs:11'])
    await expect(page.locator('#rule_jacking_out > .rm .cites summary').textContent()).resolves.toContain('Cited by 1 file')
    // An uncited rule shows nothing.
    await expect(page.locator('#rule_directly_approach_encounter > .rm .cites').count()).resolves.toBe(0)
    await context.close()
  })

  test('/coverage/ lists each chapter with its percentage, and the uncited rules', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/`)
    await page.click('.home-links a[href="/coverage/"]')
    await page.waitForURL('**/coverage/')
    await expect(page.locator('h1').textContent()).resolves.toBe('Test coverage')
    const rows = await page.locator('.cov tbody tr').allTextContents()
    expect(rows).toHaveLength(11)
    const runs = rows.find((r) => r.includes('Runs'))!
    expect(runs).toMatch(/6\.\s*Runs\s*\d+\/\d+\s*\d+\.\d%/)
    expect(runs).not.toMatch(/\s0\/|0\.0%/)
    const uncited = page.locator('#u-chpt_runs + .uncited a').first()
    const href = await uncited.getAttribute('href')
    expect(href).toMatch(/^\/runs\/#/)
    await uncited.click()
    await expect(page.locator(':target').getAttribute('id')).resolves.toBe(href!.split('#')[1])
    await context.close()
  })

  test('a rule cited by tests shows each test and how it ended, in words', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/runs/`)
    // 6.9.3c, cited by the failing test `encounter`.
    const failing = page.locator('#step_resolve_subroutine > .rm .cites')
    await expect(failing.locator('summary').textContent()).resolves.toBe('Rule 6.9.3c: Cited by 1 file; 1 test: 1 failed')
    await failing.locator('summary').click()
    await expect(failing.locator('.cites-tests li').allTextContents()).resolves.toEqual(['failed encounter tests/fixtures/engines/rust/tests/runs.rs:11'])
    // 6.9.1c, by the passing `initiation_phase`; 6.2.8 (cited as v24.03's 6.2.5), by the skipped one.
    await expect(page.locator('#step_initiation_formal_begin > .rm .cites summary').textContent()).resolves.toBe('Rule 6.9.1c: Cited by 1 file; 1 test: 1 passed')
    await expect(page.locator('#rule_move_runner_to_position > .rm .cites summary').textContent()).resolves.toBe('Rule 6.2.8: Cited by 1 file; 1 test: 1 skipped')
    // Cited by the implementation only: no tests to show.
    await expect(page.locator('#rule_end_the_run > .rm .cites .cites-tests').count()).resolves.toBe(0)
    await context.close()
  })

  test('/coverage/ shows coverage by tests that passed, per chapter, and the rules failing and skipped tests cite', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/coverage/`)
    await expect(page.locator('.lede.executed').textContent()).resolves.toMatch(/^\s*\d+ of \d+ rules are covered by tests that ran and passed \(\d+\.\d%\)\. Tests citing rules: 1 passed, 1 failed, 1 skipped, 0 not run, in the results of junit\.xml\.\s*$/)
    await expect(page.locator('.cov thead th').allTextContents()).resolves.toEqual(['Chapter', 'Cited', 'Coverage', 'Passing', 'By passing tests'])
    // Passing in Runs: 6.9.1c (initiation_phase) only.
    await expect(page.locator('.cov tbody tr', { hasText: 'Runs' }).locator('td.passing').textContent()).resolves.toMatch(/^1\/\d+$/)
    const failing = await page.locator('.cov-tests.failing li').allTextContents()
    expect(failing.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(
      expect.arrayContaining([expect.stringMatching(/^6\.9\.3c step_resolve_subroutine: encounter tests\/fixtures\/engines\/rust\/tests\/runs\.rs:11$/)]),
    )
    const link = page.locator('.cov-tests.failing a.cr-ref[href$="#step_resolve_subroutine"]')
    await expect(link.getAttribute('href')).resolves.toMatch(/^\/runs\/#step_resolve_subroutine$/)
    await expect(page.locator('.cov-tests.skipped li').allTextContents()).resolves.toEqual(expect.arrayContaining([expect.stringContaining('positions_before_v25_04')]))
    await context.close()
  })

  test('a bad coverage file fails the build, saying what is wrong', async () => {
    const bad = join(tmp, 'bad.json')
    writeFileSync(bad, JSON.stringify({ rule_end_the_run: 3 }))
    const error = await astroBuild({ CR_COVERAGE: bad, CR_RELEASES: 'none', CR_PDF: '0' }, join(tmp, 'bad-dist')).then(
      () => '',
      (e: Error) => e.message,
    )
    expect(error).toContain(`Unexpected coverage file ${bad} (CR_COVERAGE), expected the format of schema/coverage.schema.json`)
    expect(error).toContain("/: must have required property 'format'")
  })
})
