/** Print `/full/` to PDF with headless Chromium; skipped, with a reason, where there is none. */
import { serveStatic } from './static-server.ts'
import { hasChromium, launchChromium, loadPlaywright, CHROMIUM_PATH } from './chromium.ts'

export type PdfResult = { written: string } | { skipped: string }

export async function printPdf(distDir: string, pagePath: string, outFile: string): Promise<PdfResult> {
  if (!hasChromium()) return { skipped: `no Chromium at ${CHROMIUM_PATH} (install Debian's \`chromium\` or set CHROMIUM_PATH)` }
  if (!loadPlaywright()) return { skipped: 'playwright-core is not installed' }
  const server = await serveStatic(distDir)
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    // Card images and other remote content are not part of the printed rules.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort())
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' })
    await page.emulateMedia({ media: 'print' })
    await page.pdf({
      path: outFile,
      format: 'A4',
      margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' },
      printBackground: false,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: '<div style="font-size:8px;width:100%;text-align:center"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
      outline: true,
      tagged: true,
    })
    return { written: outFile }
  } finally {
    await browser.close()
    await server.close()
  }
}
