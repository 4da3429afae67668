/**
 * Debian's Chromium, driven by playwright-core (never a downloaded browser).
 * Shared by the PDF step, the bench and the browser tests.
 */
import { isFile } from '../../src/io/files.ts'
import { createRequire } from 'node:module'
import type { Browser } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const hasChromium = () => isFile(CHROMIUM_PATH)

type Playwright = typeof import('playwright-core')

/**
 * playwright-core through Node's own `require`: in `astro:build:done` Vite's
 * module runner is already closed to dynamic imports, and a missing
 * playwright-core should skip the PDF, not fail the build.
 */
export function loadPlaywright(): Playwright | undefined {
  try {
    return createRequire(import.meta.url)('playwright-core') as Playwright
  } catch {
    return undefined
  }
}

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const playwright = loadPlaywright()
  if (!playwright) throw new Error('playwright-core is not installed')
  return playwright.chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] })
}
