/**
 * `npm run dev`: a saved YAML file reloads the open page with the new text;
 * a mistake shows in the page (Astro's overlay, naming file:line:col) and in
 * the terminal, and goes away when fixed. Runs the real dev server on a copy
 * of rules/ and drives Debian's Chromium.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../../site/integration/chromium.ts'
import { startDevServer, type DevServer } from '../../site/integration/dev-server.ts'
import { isolatedConfigArgs } from './astro.ts'
import { renameInText } from '../../src/core/edit/rename.ts'
import { retirementForRename } from '../../src/core/edit/retirement.ts'
import { hasChromium, ROOT } from './helpers.ts'

describe.skipIf(!hasChromium)('npm run dev: live preview', () => {
  let server: DevServer
  let browser: Browser
  let page: Page
  let file: string
  let original: string
  let dir: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cr-dev-'))
    cpSync(join(ROOT, 'rules'), join(dir, 'rules'), { recursive: true })
    // The releases beside them: the preview runs cr check's ID guard, as the language server does.
    cpSync(join(ROOT, 'releases'), join(dir, 'releases'), { recursive: true })
    file = join(dir, 'rules/06_runs.yaml')
    original = readFileSync(file, 'utf8')
    // Any free port (several checkouts may run this suite at once), and Vite's and Astro's caches
    // of its own: the dependency optimizer must not share a folder with a build running beside it.
    server = await startDevServer({ root: ROOT, port: 0, args: isolatedConfigArgs(join(dir, 'astro')), env: { CR_RULES_DIR: join(dir, 'rules') } })
    browser = await launchChromium()
    page = await browser.newPage()
    page.setDefaultTimeout(150_000)
    await page.goto(`${server.url}/runs/`, { waitUntil: 'load', timeout: 120_000 })
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  // A failure says what the dev server printed: the preview's log is the first thing to read.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => console.error(`npm run dev printed:\n${server?.output().slice(-6000)}`))
  })

  const bodyHas = (text: string) => page.waitForFunction((t) => document.body.innerText.includes(t), text, { timeout: 150_000 })

  /**
   * A wait, then a read of the page, done again when a reload destroyed the page being read. The
   * preview may reload at any moment after a save (a late event of an earlier save under load), and
   * `page.evaluate`, unlike `waitForFunction`, is not carried across a navigation: a read that lands
   * on one failed the suite at random ("Execution context was destroyed").
   */
  async function readAfter<T>(ready: () => Promise<unknown>, read: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        await ready()
        return await read()
      } catch (error) {
        if (attempt === 5 || !/Execution context was destroyed|navigat/i.test(String(error))) throw error
        await page.waitForLoadState('load')
      }
    }
  }
  const overlayShown = () => page.waitForFunction(() => document.querySelector('vite-error-overlay')?.shadowRoot?.querySelector('#message-content')?.textContent, undefined, { timeout: 150_000 })

  it('reloads the page with the saved text', async () => {
    await bodyHas("is to halt the Runner's progress toward the server")
    writeFileSync(file, original.replace("halt the Runner's progress toward the server", "halt the Runner's live progress toward the server"))
    await bodyHas("halt the Runner's live progress toward the server")
    expect(server.output()).toMatch(/06_runs\.yaml: rules recompiled in \d+ ms, reloading the open pages/)
  }, 400_000)

  it('two saves of one file in quick succession: the page ends on the second', async () => {
    // The watcher drops a change that follows another within 50 ms; an editor that writes in two
    // steps, or saves twice, must still leave the page on what the file finally holds.
    writeFileSync(file, original.replace("halt the Runner's progress toward the server", "halt the Runner's first-save progress toward the server"))
    await new Promise((r) => setTimeout(r, 35))
    writeFileSync(file, original.replace("halt the Runner's progress toward the server", "halt the Runner's second-save progress toward the server"))
    await bodyHas("halt the Runner's second-save progress toward the server")
  }, 400_000)

  it('shows an error in the page and the terminal with file:line:col, escaped, and clears it when fixed', async () => {
    const line = original.split('\n').findIndex((l) => l.includes('{ref:rule_sec_run_run_ends_phase}, the Run Ends Phase')) + 1
    const column = original.split('\n')[line - 1]!.indexOf('{ref:rule_sec_run_run_ends_phase}') + 1
    writeFileSync(file, original.replace('{ref:rule_sec_run_run_ends_phase}, the Run Ends Phase', '{ref:rule_sec_run_run_ends_phse}, the Run Ends Phase <b>bold</b> {card:<i>Evil</i>}'))
    const shown = await readAfter(overlayShown, () => page.evaluate(() => {
      const root = document.querySelector('vite-error-overlay')!.shadowRoot!
      const text = (s: string) => root.querySelector(s)?.textContent ?? ''
      return { title: text('#title'), message: text('#message-content'), file: text('#code header h2'), code: text('#code-content') }
    }))
    expect(shown.title).toBe('The rules do not compile: 2 errors')
    expect(shown.file).toBe(`rules/06_runs.yaml:${line}:${column}`)
    // (The overlay sets `code` spans in monospace, so the backticks are not in its text.)
    expect(shown.message).toContain(`06_runs.yaml:${line}:${column}: error[unknown-rule]: Unknown rule ID rule_sec_run_run_ends_phse in reference`)
    expect(shown.message).toContain('did you mean rule_sec_run_run_ends_phase,')
    expect(shown.code).toContain('{ref:rule_sec_run_run_ends_phse}, the Run Ends Phase')
    // The marked column is on screen: the long line is shown from just before it, the caret under it.
    const caret = await readAfter(overlayShown, () => page.evaluate(() => {
      const root = document.querySelector('vite-error-overlay')!.shadowRoot!
      const marked = root.querySelector('[data-marked="true"]') as HTMLElement
      const mark = root.querySelector('.error-caret span') as HTMLElement
      const box = root.querySelector('#code pre') as HTMLElement
      const chars = Number.parseFloat(mark.style.paddingLeft)
      return { shown: marked.textContent ?? '', chars, visible: mark.getBoundingClientRect().right <= box.getBoundingClientRect().right }
    }))
    expect(caret.shown.slice(caret.chars)).toMatch(/^\{ref:rule_sec_run_run_ends_phse\}/)
    expect(caret.visible).toBe(true)
    // The source line is shown as text, never as markup.
    expect(shown.message).toContain('Unknown card <i>Evil</i>')
    expect(await readAfter(overlayShown, () => page.evaluate(() => document.querySelector('vite-error-overlay')!.shadowRoot!.querySelectorAll('#code b, #code i, #message-content b, #message-content i').length))).toBe(0)
    expect(server.output()).toMatch(new RegExp(`rules/06_runs\\.yaml:${line}:${column}: error\\[unknown-rule\\]`))

    // The last good rules stay on the page underneath; fixing the file clears the overlay.
    writeFileSync(file, original.replace("halt the Runner's progress toward the server", "halt the Runner's fixed progress toward the server"))
    expect(await readAfter(() => bodyHas("halt the Runner's fixed progress toward the server"), () => page.evaluate(() => document.querySelector('vite-error-overlay') === null))).toBe(true)
  }, 400_000)

  it('shows warnings over the new rules, and what a rename wrote to retired.yaml', async () => {
    const overlaySays = (title: RegExp, message: string) =>
      page.waitForFunction(
        ([t, m]) => {
          const root = document.querySelector('vite-error-overlay')?.shadowRoot
          return new RegExp(t).test(root?.querySelector('#title')?.textContent ?? '') && (root?.querySelector('#message-content')?.textContent ?? '').includes(m)
        },
        [title.source, message] as const,
        { timeout: 150_000 },
      )
    // A card spelled without its diacritics: a warning; the page still gets the new text.
    writeFileSync(file, original.replace("halt the Runner's progress toward the server", "halt the Runner's warned progress toward the server").replace('{card:Mirāju}', '{card:Miraju}'))
    await bodyHas("halt the Runner's warned progress toward the server")
    await overlaySays(/^The rules compile, with 1 warning$/, 'warning[card-spelling]')
    // A rename as the language server makes it (its own edits): the ID and every reference, and
    // retired.yaml kept consistent. The page shows what retired.yaml got, at the entry's line.
    const retired = join(file, '../retired.yaml')
    const retiredOriginal = readFileSync(retired, 'utf8')
    // `lastRelease`: the last release that had `from` (the server reads it from releases/).
    const rename = (from: string, to: string, lastRelease: string | undefined) => {
      for (const name of readdirSync(join(file, '..')).filter((n) => /^\d+_.*\.yaml$/.test(n))) {
        const path = join(file, '..', name)
        const text = readFileSync(path, 'utf8')
        const lines = text.split('\n')
        const edits = renameInText(text, from, to)
        if (edits.length === 0) continue
        for (const e of edits.reverse()) lines[e.line] = lines[e.line]!.slice(0, e.start) + e.newText + lines[e.line]!.slice(e.end)
        writeFileSync(path, lines.join('\n'))
      }
      const outcome = retirementForRename(readFileSync(retired, 'utf8'), from, to, lastRelease)
      if ('refused' in outcome) throw new Error(outcome.refused)
      if (outcome.text) writeFileSync(retired, outcome.text)
    }
    writeFileSync(file, original)
    rename('rule_jacking_out', 'rule_jack_out_of_a_run', 'v26.03')
    const entryLine = readFileSync(retired, 'utf8').split('\n').findIndex((l) => l.includes('id: rule_jacking_out')) + 1
    await overlaySays(/^The rules compile; \S*retired\.yaml: \d+ entr(y|ies) changed$/, `retired.yaml:${entryLine}: + rule_jacking_out: renamed to rule_jack_out_of_a_run (after v26.03)`)
    expect(server.output()).toMatch(/retired\.yaml: \+ rule_jacking_out: renamed to rule_jack_out_of_a_run/)
    // Renamed again: the chain collapses, and the page says so.
    rename('rule_jack_out_of_a_run', 'rule_jacking_out_of_a_run', undefined)
    await overlaySays(/^The rules compile/, '~ rule_jacking_out: renamed to rule_jacking_out_of_a_run (after v26.03) (was renamed to rule_jack_out_of_a_run')
    expect(readFileSync(retired, 'utf8')).not.toMatch(/rule_jack_out_of_a_run\b/)
    // A retirement pointing nowhere is an error, shown as one.
    writeFileSync(retired, readFileSync(retired, 'utf8').replace('renamed_to: rule_swap_score_areas', 'renamed_to: rule_swap_score_areas_renamed'))
    await page.waitForFunction(() => /retired-unknown-target/.test(document.querySelector('vite-error-overlay')?.shadowRoot?.querySelector('#message-content')?.textContent ?? ''), undefined, { timeout: 150_000 })
    for (const name of readdirSync(join(file, '..')).filter((n) => /^\d+_.*\.yaml$/.test(n))) {
      const was = readFileSync(join(ROOT, 'rules', name), 'utf8')
      if (readFileSync(join(file, '..', name), 'utf8') !== was) writeFileSync(join(file, '..', name), was)
    }
    writeFileSync(retired, retiredOriginal)
    await overlaySays(/^The rules compile; \S*retired\.yaml/, '- rule_jacking_out: no longer retired')
  }, 400_000)
  it('a page still loading when a save reloaded the others catches up once it is connected', async () => {
    // The race, made certain: the page's HTML is rendered, then held while a save recompiles and the
    // reload goes out to the pages already connected, then delivered. Before the generation check the
    // page stayed on the old rules for good (one run in several of the error test, under load).
    const recompiles = () => (server.output().match(/rules recompiled in/g) ?? []).length
    // A browser of its own: a document Playwright delivers has no address, so Chromium's local-network
    // checks would refuse its connection back to the dev server (a test artefact, not the preview's).
    const own = await launchChromium(['--disable-features=LocalNetworkAccessChecks'])
    const late = await own.newPage()
    late.setDefaultTimeout(150_000)
    let fetched!: () => void
    const rendered = new Promise<void>((r) => (fetched = r))
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await late.route(`${server.url}/runs/`, async (route) => {
      const response = await route.fetch()
      fetched()
      await held
      await route.fulfill({ response })
    })
    const loading = late.goto(`${server.url}/runs/`, { waitUntil: 'load', timeout: 150_000 })
    await rendered
    const before = recompiles()
    writeFileSync(file, original.replace("halt the Runner's progress toward the server", "halt the Runner's caught-up progress toward the server"))
    for (const end = Date.now() + 150_000; recompiles() === before && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50))
    expect(recompiles()).toBeGreaterThan(before)
    release()
    await loading
    await late.waitForFunction(() => document.body.innerText.includes("halt the Runner's caught-up progress toward the server"), undefined, { timeout: 150_000 })
    await own.close()
    writeFileSync(file, original)
  }, 400_000)
})
