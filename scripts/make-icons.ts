/**
 * The web app icons (`site/public/icon-192.png`, `icon-512.png`), drawn by
 * Debian's Chromium from `site/public/favicon.svg` with square corners (so
 * they also work as maskable icons). Run after changing the SVG:
 * `npx tsx scripts/make-icons.ts`; the PNGs are committed.
 */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchChromium } from '../site/integration/chromium.ts'
import { readText } from '../src/io/files.ts'

const PUBLIC = resolve(fileURLToPath(import.meta.url), '../../site/public')
// Full bleed: a launcher masks the corners itself.
const svg = readText(join(PUBLIC, 'favicon.svg')).replace(' rx="96"', '')
const browser = await launchChromium()
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(`<style>*{margin:0}img{display:block;width:${size}px;height:${size}px}</style><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`)
    await page.locator('img').screenshot({ path: join(PUBLIC, `icon-${size}.png`) })
    await page.close()
  }
} finally {
  await browser.close()
}
