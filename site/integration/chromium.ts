/**
 * Debian's Chromium, driven by playwright-core (never a downloaded browser).
 * Shared by the PDF step, the bench and the browser tests.
 */
import { existsSync } from 'node:fs'
// Static: by `astro:build:done` Vite's module runner is closed to dynamic imports.
import { chromium } from 'playwright-core'

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

export const hasChromium = () => existsSync(CHROMIUM_PATH)

export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}
