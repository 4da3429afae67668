/**
 * `CR_COVERAGE=FILE`: a build given the coverage file `cr cite
 * --write-coverage` wrote for the Rust fixture engine shows, on each rule,
 * the files citing it, and a `/coverage/` page; a bad file fails the build.
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
    const cite = await runCr(['cite', 'tests/fixtures/engines/rust', '--write-coverage', file, '--warn-only'], ROOT)
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
