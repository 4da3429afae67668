/**
 * `npm run dev`: a saved YAML file reloads the open page with the new text;
 * a mistake shows in the page (Astro's overlay, naming file:line:col) and in
 * the terminal, and goes away when fixed. Runs the real dev server on a copy
 * of rules/ and drives Debian's Chromium.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../../site/integration/chromium.ts'
import { startDevServer, type DevServer } from '../../site/integration/dev-server.ts'
import { hasChromium, ROOT } from './helpers.ts'

/** A port nobody listens on now: several checkouts may run this suite at once. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.address() as AddressInfo).port
  await new Promise((ok) => server.close(ok))
  return port
}

describe.skipIf(!hasChromium)('npm run dev: live preview', () => {
  let server: DevServer
  let browser: Browser
  let page: Page
  let file: string
  let original: string

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-dev-'))
    cpSync(join(ROOT, 'rules'), join(dir, 'rules'), { recursive: true })
    // The releases beside them: the preview runs cr check's ID guard, as the language server does.
    cpSync(join(ROOT, 'releases'), join(dir, 'releases'), { recursive: true })
    file = join(dir, 'rules/06_runs.yaml')
    original = readFileSync(file, 'utf8')
    server = await startDevServer({ root: ROOT, port: await freePort(), env: { CR_RULES_DIR: join(dir, 'rules') } })
    browser = await launchChromium()
    page = await browser.newPage()
    page.setDefaultTimeout(150_000)
    await page.goto(`${server.url}/runs/`, { waitUntil: 'load', timeout: 120_000 })
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  const bodyHas = (text: string) => page.waitForFunction((t) => document.body.innerText.includes(t), text, { timeout: 150_000 })

  it('reloads the page with the saved text', async () => {
    await bodyHas("is to halt the Runner's progress toward the server")
    writeFileSync(file, original.replace("halt the Runner's progress toward the server", "halt the Runner's live progress toward the server"))
    await bodyHas("halt the Runner's live progress toward the server")
    expect(server.output()).toMatch(/06_runs\.yaml: rules recompiled in \d+ ms, reloading the open pages/)
  }, 400_000)

  it('shows an error in the page and the terminal with file:line:col, escaped, and clears it when fixed', async () => {
    const line = original.split('\n').findIndex((l) => l.includes('{ref:rule_sec_run_run_ends_phase}, the Run Ends Phase')) + 1
    const column = original.split('\n')[line - 1]!.indexOf('{ref:rule_sec_run_run_ends_phase}') + 1
    writeFileSync(file, original.replace('{ref:rule_sec_run_run_ends_phase}, the Run Ends Phase', '{ref:rule_sec_run_run_ends_phse}, the Run Ends Phase <b>bold</b> {card:<i>Evil</i>}'))
    await page.waitForFunction(() => document.querySelector('vite-error-overlay')?.shadowRoot?.querySelector('#message-content')?.textContent, undefined, { timeout: 150_000 })
    const shown = await page.evaluate(() => {
      const root = document.querySelector('vite-error-overlay')!.shadowRoot!
      const text = (s: string) => root.querySelector(s)?.textContent ?? ''
      return { title: text('#title'), message: text('#message-content'), file: text('#code header h2'), code: text('#code-content') }
    })
    expect(shown.title).toBe('The rules do not compile: 2 errors')
    expect(shown.file).toBe(`rules/06_runs.yaml:${line}:${column}`)
    // (The overlay sets `code` spans in monospace, so the backticks are not in its text.)
    expect(shown.message).toContain(`06_runs.yaml:${line}:${column}: error[unknown-rule]: Unknown rule ID rule_sec_run_run_ends_phse in reference`)
    expect(shown.message).toContain('did you mean rule_sec_run_run_ends_phase,')
    expect(shown.code).toContain('{ref:rule_sec_run_run_ends_phse}, the Run Ends Phase')
    // The marked column is on screen: the long line is shown from just before it, the caret under it.
    const caret = await page.evaluate(() => {
      const root = document.querySelector('vite-error-overlay')!.shadowRoot!
      const marked = root.querySelector('[data-marked="true"]') as HTMLElement
      const mark = root.querySelector('.error-caret span') as HTMLElement
      const box = root.querySelector('#code pre') as HTMLElement
      const chars = Number.parseFloat(mark.style.paddingLeft)
      return { shown: marked.textContent ?? '', chars, visible: mark.getBoundingClientRect().right <= box.getBoundingClientRect().right }
    })
    expect(caret.shown.slice(caret.chars)).toMatch(/^\{ref:rule_sec_run_run_ends_phse\}/)
    expect(caret.visible).toBe(true)
    // The source line is shown as text, never as markup.
    expect(shown.message).toContain('Unknown card <i>Evil</i>')
    expect(await page.evaluate(() => document.querySelector('vite-error-overlay')!.shadowRoot!.querySelectorAll('#code b, #code i, #message-content b, #message-content i').length)).toBe(0)
    expect(server.output()).toMatch(new RegExp(`rules/06_runs\\.yaml:${line}:${column}: error\\[unknown-rule\\]`))

    // The last good rules stay on the page underneath; fixing the file clears the overlay.
    writeFileSync(file, original.replace("halt the Runner's progress toward the server", "halt the Runner's fixed progress toward the server"))
    await bodyHas("halt the Runner's fixed progress toward the server")
    expect(await page.evaluate(() => document.querySelector('vite-error-overlay') === null)).toBe(true)
  }, 400_000)

  it('shows warnings over the new rules, and says what a save of retired.yaml changed', async () => {
    // A card spelled without its diacritics: a warning; the page still gets the new text.
    writeFileSync(file, original.replace("halt the Runner's progress toward the server", "halt the Runner's warned progress toward the server").replace('{card:Mirāju}', '{card:Miraju}'))
    await bodyHas("halt the Runner's warned progress toward the server")
    await page.waitForFunction(() => document.querySelector('vite-error-overlay')?.shadowRoot?.querySelector('#title')?.textContent, undefined, { timeout: 150_000 })
    const title = await page.evaluate(() => document.querySelector('vite-error-overlay')!.shadowRoot!.querySelector('#title')!.textContent)
    expect(title).toBe('The rules compile, with 1 warning')
    const retired = join(file, '../retired.yaml')
    writeFileSync(retired, readFileSync(retired, 'utf8').replace('renamed_to: rule_swap_score_areas', 'renamed_to: rule_swap_score_areas_renamed'))
    await page.waitForFunction(() => /retired-unknown-target/.test(document.querySelector('vite-error-overlay')?.shadowRoot?.querySelector('#message-content')?.textContent ?? ''), undefined, { timeout: 150_000 })
    expect(server.output()).toMatch(/retired\.yaml: ~ \w+: renamed to rule_swap_score_areas_renamed/)
    writeFileSync(retired, readFileSync(join(ROOT, 'rules/retired.yaml'), 'utf8'))
    writeFileSync(file, original)
    await page.waitForFunction(() => document.querySelector('vite-error-overlay') === null, undefined, { timeout: 150_000 })
  }, 400_000)
})
