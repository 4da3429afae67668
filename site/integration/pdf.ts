/**
 * Print each release's `/full/` to PDF with headless Chromium: one browser,
 * a few pages at a time. Skipped, with a reason, where there is no Chromium.
 *
 * Typography is the print stylesheet's (site.css, "Print typography"): page
 * numbers and running heads are CSS page-margin boxes. The bookmarks are the
 * contents, written by us (pdf-outline.ts), not Chromium's `outline`.
 * Chromium ships no hyphenation dictionaries, so hyphens are added here, to
 * the printed copy only, and only where a line breaks (`keepLineEndHyphens`),
 * so the text layer finds every word.
 */
import type { Browser, Page } from 'playwright-core'
import { withOutline, type OutlineEntry, type PdfInfo } from './pdf-outline.ts'
import { hyphenateText } from './pdf-hyphenate.ts'
import { destinationPages } from './pdf-pages.ts'
import { serveStatic } from './static-server.ts'
import { hasChromium, launchChromium, loadPlaywright, CHROMIUM_PATH } from './chromium.ts'
import { writeOutputFile } from '../../src/io/files.ts'
import { routes } from '../shared/routes.ts'

/** A written PDF says the page number it printed beside each contents entry (`#id` → page), and how many times it printed. */
export type PdfResult = { written: string; ms: number; contents: Record<string, number>; prints: number } | { skipped: string }

export interface PdfJob {
  /** Page to print, under the server root: `/full/`, `/v24.03/full/`. */
  pagePath: string
  outFile: string
  /** Document information for the PDF; without it, Chromium's is kept. */
  info?: PdfInfo
  /**
   * Where the site is published (Astro's `site`: `CR_SITE_URL`): a link to
   * another page of the site points there. Without it such a link is text;
   * never the print server's passing address.
   */
  siteUrl?: string
  /**
   * The contents' page numbers as a last print of this page had them: a
   * guess, put in before the first print. When the print shows every entry
   * at the page it says, that print is the PDF (one print instead of two);
   * otherwise the numbers are corrected and it prints again, as without a
   * guess. Either way the PDF is the same bytes.
   */
  contents?: Record<string, number>
  /**
   * Bytes of the page's inputs (`printInputs`) as Astro rendered them, by
   * path: answered from here, not from `distDir` (the build prints a page
   * before Astro has written it). An input not here is read from `distDir`.
   */
  served?: Record<string, Uint8Array>
}

/** Print one page (kept for callers that print a single release). */
export async function printPdf(distDir: string, pagePath: string, outFile: string): Promise<PdfResult> {
  const [result] = await printPdfs(distDir, [{ pagePath, outFile }])
  return result!
}

/** Print every job with one Chromium, `parallel` pages at a time; results in job order. */
export async function printPdfs(distDir: string, jobs: PdfJob[], parallel = 2): Promise<PdfResult[]> {
  const printer = openPrinter(distDir, parallel)
  try {
    return await Promise.all(jobs.map((job) => printer.print(job)))
  } finally {
    await printer.close()
  }
}

/** Prints jobs as they come (the build hands each release's page over as soon as Astro has rendered it). */
export interface Printer {
  print(job: PdfJob): Promise<PdfResult>
  /** Waits for the prints under way; the browser and the server are closed. */
  close(): Promise<void>
}

/**
 * One Chromium and one static server of `distDir`, started by the first job
 * and closed whenever no job is queued or printing (a build that fails
 * before handing over its other pages leaves no browser behind), `parallel`
 * pages at a time.
 */
export function openPrinter(distDir: string, parallel = 2): Printer {
  const unavailable = !hasChromium()
    ? `no Chromium at ${CHROMIUM_PATH} (install Debian's \`chromium\` or set CHROMIUM_PATH)`
    : !loadPlaywright()
      ? 'playwright-core is not installed'
      : undefined
  type Session = { server: Awaited<ReturnType<typeof serveStatic>>; browser: Browser }
  let session: Promise<Session> | undefined
  let active = 0
  const queue: (() => void)[] = []
  let closing: Promise<void> = Promise.resolve()
  const open = () =>
    (session ??= closing.then(async () => {
      const server = await serveStatic(distDir)
      try {
        return { server, browser: await launchChromium() }
      } catch (error) {
        await server.close()
        throw error
      }
    }))
  const shut = () => {
    const done = session
    session = undefined
    if (done) closing = done.then(({ server, browser }) => Promise.all([browser.close(), server.close()])).then(() => undefined, () => undefined)
    return closing
  }
  const pending = new Set<Promise<unknown>>()
  const print = (job: PdfJob): Promise<PdfResult> => {
    const printing = printQueued(job)
    const settled = printing.then(() => undefined, () => undefined)
    pending.add(settled)
    void settled.then(() => pending.delete(settled))
    return printing
  }
  const printQueued = async (job: PdfJob): Promise<PdfResult> => {
    if (unavailable) return { skipped: unavailable }
    if (active >= parallel) await new Promise<void>((go) => queue.push(go))
    active++
    try {
      const { server, browser } = await open()
      const started = performance.now()
      try {
        const { contents, prints } = await printOne(browser, server.url, job)
        return { written: job.outFile, ms: Math.round(performance.now() - started), contents, prints }
      } catch (error) {
        // Say which page: Chromium's own message ("Printing failed") names none.
        throw new Error(`PDF of ${job.pagePath}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      }
    } finally {
      active--
      const next = queue.shift()
      if (next) next()
      else if (active === 0) void shut()
    }
  }
  return {
    print,
    async close() {
      while (pending.size > 0) await Promise.all(pending)
      await shut()
    },
  }
}

/**
 * What printing a release's `/full/` reads: the page, the card data its
 * card links are made from, and the site's scripts (`/_astro/`). The print
 * is refused anything else of the site, so these (and the code) are all its
 * cache key needs, and the build can print a page as soon as Astro has
 * rendered it and its data, before it has written every other page.
 */
export function printInputs(pagePath: string): { page: string; data: string[] } {
  const base = pagePath.replace(/full\/$/, '')
  return { page: pagePath, data: [`${base}card-data.json`] }
}
const SCRIPTS = '/_astro/'
/** Hides every box of the page, keeping its place: a print of the layout alone (destinations and all). */
const LAYOUT_ONLY = 'body * { visibility: hidden !important }'
/**
 * Asked for by the browser or a page script, never part of what is printed: refused without a word.
 * A held release's `lookup.json` is its change marks' (scripts/release-marks.ts), which print hides:
 * the PDF is the text the release published, whatever changed since.
 */
const IGNORED = /^\/(favicon\.svg|icon-\d+\.png|manifest\.webmanifest|v\d{2}\.\d{2}\/lookup\.json)$/

/**
 * What the build's search and offline steps write, while the PDFs print beside
 * them (index.ts): the print never reads them, so what it prints cannot depend
 * on how far those steps got (and the PDF's cache key leaves them out).
 */
export function writtenBesidePrint(path: string): boolean {
  return /(^|\/)(pagefind\/.*|search-ids\.json|offline\.json|sw\.js)$/.test(path)
}

async function printOne(browser: Browser, origin: string, { pagePath, outFile, info, siteUrl, contents: guess, served = {} }: PdfJob): Promise<{ contents: Record<string, number>; prints: number }> {
  const url = `${origin}${pagePath}`
  const { page: pageInput, data } = printInputs(pagePath)
  const inputs = new Set([pageInput, ...data])
  const refused: string[] = []
  // What the page reads decides what is printed, so the cache key must cover it: a new input is said, never printed without.
  const checkRefused = (cause?: unknown) => {
    if (refused.length > 0) throw new Error(`the page asked for ${[...new Set(refused)].join(', ')}, which the print does not read: add it to printInputs (pdf.ts) so the PDF's cache key covers it`, { cause })
  }
  // No service worker: it would fetch the offline list while it is being written.
  const page = await browser.newPage({ serviceWorkers: 'block' })
  try {
    // Card images and other remote content are not part of the printed rules.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort())
    // Of the site, the page's inputs and scripts only (printInputs): from memory when the build handed them over.
    await page.route(
      (u) => u.origin === origin,
      (route) => {
        const path = decodeURIComponent(new URL(route.request().url()).pathname)
        const bytes = served[path]
        if (bytes) return route.fulfill({ status: 200, contentType: path.endsWith('.json') ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8', body: Buffer.from(bytes) })
        if (inputs.has(path) || path.startsWith(SCRIPTS)) return route.fallback()
        if (!writtenBesidePrint(path) && !IGNORED.test(path)) refused.push(path)
        return route.abort()
      },
    )
    const response = await page.goto(url, { waitUntil: 'load' })
    // A missing page would print the 404 page: say which page is missing instead.
    if (!response?.ok()) throw new Error(`${url} answered ${response ? `HTTP ${response.status()}` : 'nothing'}`)
    await page.emulateMedia({ media: 'print' })
    await linkCardsToNetrunnerDb(page)
    await linkPagesToSite(page, siteUrl)
    await hyphenate(page)
    // The PDF's title is the document and its edition, as the page's heading says.
    await page.evaluate(() => {
      const h1 = document.querySelector('h1')
      if (h1?.textContent) document.title = h1.textContent.replace(/\s+/g, ' ').trim()
    })
    const outline = await outlineEntries(page)
    const pdfOptions = { preferCSSPageSize: true, printBackground: false, displayHeaderFooter: false, outline: false } as const
    // Page numbers and running heads are the stylesheet's margin boxes; the bookmarks are ours (withOutline): Chromium's read some headings twice.
    const print = async (final: boolean) => {
      if (final) return page.pdf({ ...pdfOptions, tagged: true })
      // A pass for where the contents' targets land, not for its pages: nothing is painted (hidden boxes
      // keep their place, so the page breaks are the final print's) and Skia writes no text. On /full/:
      // 212 KB instead of 1.7 MB to read destinations from, 0.85–1.1 s of Chromium's CPU instead of 1.4–1.8.
      const hidden = await page.addStyleTag({ content: LAYOUT_ONLY })
      try {
        return await page.pdf({ ...pdfOptions, tagged: false })
      } finally {
        await hidden.evaluate((style) => (style as Element).remove())
      }
    }
    // The contents get page numbers from a first print of the layout alone (Chromium has
    // no `target-counter()`); print again if adding them moved anything. With
    // a guess (the numbers a last print had), the first print is the final
    // one, kept when it shows every entry where the guess said.
    let printed: Uint8Array | undefined
    let prints = 0
    const contentsPages = () => page.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll<HTMLAnchorElement>('.full-toc a[href^="#"]')).flatMap((a) => {
      const pg = a.querySelector('.pg')?.textContent
      return pg ? [[decodeURIComponent(a.hash.slice(1)), Number(pg)]] : []
    })))
    if (guess && Object.keys(guess).length > 0) {
      await setContentsPages(page, Object.entries(guess))
      printed = await print(true)
      prints++
    }
    for (let pass = 0; pass < 3; pass++) {
      if (!printed) prints++
      const pages = destinationPages(printed ?? (await print(false)))
      const changed = await setContentsPages(page, [...pages])
      if (!changed && printed) break
      printed = await print(true)
      prints++
    }
    checkRefused()
    writeOutputFile(outFile, await withOutline(printed!, outline, info))
    return { contents: await contentsPages(), prints }
  } catch (error) {
    // A refused request fails what asked for it (a fetch, the load): the refusal is the reason.
    checkRefused(error)
    throw error
  } finally {
    await page.close()
  }
}

/**
 * Each contents entry's page number (`.pg`), from `entries` (`#id` → page);
 * an entry not in `entries` has none (a guess cannot leave one the print
 * does not confirm). True when any number changed.
 */
function setContentsPages(page: Page, entries: [string, number][]): Promise<boolean> {
  return page.evaluate((entries) => {
    const at = new Map(entries)
    let changed = false
    for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('.full-toc a[href^="#"]'))) {
      const n = at.get(decodeURIComponent(a.hash.slice(1)))
      let pg = a.querySelector<HTMLElement>('.pg')
      if (n === undefined) {
        if (pg) {
          pg.remove()
          changed = true
        }
        continue
      }
      if (pg?.textContent === String(n)) continue
      if (!pg) {
        pg = document.createElement('span')
        pg.className = 'pg'
        a.append(pg)
      }
      pg.textContent = String(n)
      changed = true
    }
    return changed
  }, entries)
}

/**
 * The bookmarks: the document's own headings before and after the rules
 * (Contents, Summary of changes, Acknowledgements) and, in their place, each
 * chapter as the contents list it, with its sections and `toc:` subsections.
 * Chromium names a destination only for an element some link points to, so
 * the printed copy gets hidden links to the headings the contents do not list.
 */
async function outlineEntries(page: Page): Promise<OutlineEntry[]> {
  // No named functions in the page's code: tsx would wrap them in a helper the page lacks.
  const { listed, order } = await page.evaluate(() => {
    const listed = Array.from(document.querySelectorAll<HTMLAnchorElement>('.full-toc li > a[href^="#"]')).map((a) => {
      const copy = a.cloneNode(true) as HTMLElement
      copy.querySelectorAll('.pg').forEach((pg) => pg.remove())
      let depth = 0
      for (let ol = a.parentElement!.closest('ol'); ol && ol.closest('.full-toc'); ol = ol.parentElement!.closest('ol')) depth++
      return { title: copy.textContent ?? '', id: decodeURIComponent(a.hash.slice(1)), depth: depth - 1 }
    })
    const hidden = document.createElement('nav')
    hidden.hidden = true
    document.body.append(hidden)
    const order = Array.from(document.querySelectorAll<HTMLElement>('.full h2[id]:not(.ct), .full .chapter[id]')).map((el) => {
      const chapter = el.matches('.chapter')
      if (!chapter) {
        const link = document.createElement('a')
        link.href = `#${el.id}`
        hidden.append(link)
      }
      return { id: el.id, chapter, title: el.textContent ?? '' }
    })
    return { listed, order }
  })
  const clean = (s: string) => s.replace(/\u00AD/g, '').replace(/\s+/g, ' ').trim()
  // The contents as a tree: each entry under the last one a level up.
  const chapters = new Map<string, OutlineEntry>()
  const open: OutlineEntry[] = []
  for (const { title, id, depth } of listed) {
    const entry: OutlineEntry = { title: clean(title), id, children: [] }
    if (depth === 0) chapters.set(id, entry)
    else if (open[depth - 1]) open[depth - 1]!.children.push(entry)
    else throw new Error(`PDF outline: contents entry #${id} has no parent entry`)
    open[depth] = entry
    open.length = depth + 1
  }
  return order.map(({ id, chapter, title }) => {
    if (!chapter) return { title: clean(title), id, children: [] }
    const entry = chapters.get(id)
    if (!entry) throw new Error(`PDF outline: chapter #${id} is not in the contents`)
    return entry
  })
}

/**
 * On the site a card name opens the card's entry (`/cards/#card-…`); a PDF
 * has no site around it, so there it links to the card's NetrunnerDB page,
 * found through `card-data.json` of the page's release (title → `url`), by
 * the same route the link was rendered with. A card link with no page there
 * (none is expected) is left as text, never a link to nowhere.
 */
async function linkCardsToNetrunnerDb(page: Page): Promise<void> {
  const { base, cards } = await page.evaluate(async () => {
    const base = document.documentElement.dataset.base ?? '/'
    const res = await fetch(`${base}card-data.json`)
    return { base, cards: res.ok ? ((await res.json()) as Record<string, { title: string; url?: string }>) : {} }
  })
  const at = routes(base)
  const urlOf: Record<string, string> = {}
  for (const card of Object.values(cards)) if (card.url) urlOf[at.cards(card.title)] = card.url
  await page.evaluate((urls) => {
    for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a.cr-card'))) {
      const href = a.getAttribute('href') ?? ''
      if (/^https?:/.test(href)) continue
      const url = urls[href]
      if (url) a.href = url
      else a.removeAttribute('href')
    }
  }, urlOf)
}

/**
 * Links to other pages of the site (`/changes/current/`): Chromium would
 * print them as the print server's URL (`http://127.0.0.1:<port>/…`), a link
 * that works for nobody and changes with every print. They point at the
 * published site instead, or become text without one. Links inside the page
 * (`#rule_…`) stay the PDF's own.
 */
async function linkPagesToSite(page: Page, siteUrl: string | undefined): Promise<void> {
  await page.evaluate((site) => {
    for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
      const href = a.getAttribute('href') ?? ''
      if (!href.startsWith('/') || href.startsWith('//')) continue
      if (site) a.href = new URL(href, site).href
      else a.removeAttribute('href')
    }
  }, siteUrl)
}

/**
 * Hyphens in the running text of rules and examples; never in headings,
 * the contents, numbers, code, links (references, URLs, the contact), card
 * names, a symbol's text form (`[subroutine]`, which the PDF's text reads in
 * the icon's place), or the front matter's names and contact.
 */
async function hyphenate(page: Page): Promise<void> {
  const texts = await page.evaluate(() => {
    const skip = 'h1,h2,h3,h4,h5,h6,nav,code,kbd,pre,a,.n,.tn,.cr-card,.cr-sym-c,.contact,.acks,script,style'
    const nodes: Text[] = []
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n as Text
      if (t.data.length >= 7 && !t.parentElement?.closest(skip)) nodes.push(t)
    }
    ;(window as unknown as { __crText: Text[] }).__crText = nodes
    return nodes.map((t) => t.data)
  })
  const hyphenated = texts.map(hyphenateText)
  await page.evaluate((values) => {
    const nodes = (window as unknown as { __crText: Text[] }).__crText
    values.forEach((v, i) => {
      nodes[i]!.data = v
    })
  }, hyphenated)
  await keepLineEndHyphens(page)
}

/** The width of A4 between the print margins (site.css `@page`: 210 mm − 2 × 18 mm), in CSS px. */
const PRINT_WIDTH_PX = Math.round(((210 - 2 * 18) / 25.4) * 96)

/**
 * Hyphens only where a line breaks, as a hyphen-minus. Chromium writes every
 * soft hyphen into the PDF's text layer, so one inside a word that did not
 * break ("ap\u00ADproach") hid the word from find-in-page and `pdftotext`
 * (17,344 of them), and one that did break is written as U+00AD U+2010,
 * which no viewer joins. Laid out at the printed width, a soft hyphen whose
 * next letter starts a new line becomes `-` (the same glyph width, and a break
 * Chromium takes at the same place); every other one is removed (line
 * breaking is greedy: an unused break changes no line). Then each hyphen put
 * in is checked to still end its line, and taken out if not. A `-` at the end
 * of a line is what viewers and `pdftotext` join back into one word.
 */
async function keepLineEndHyphens(page: Page): Promise<{ hyphens: number; removed: number }> {
  const viewport = page.viewportSize()
  await page.setViewportSize({ width: PRINT_WIDTH_PX, height: viewport?.height ?? 1000 })
  // No named helpers in these functions: a bundler's name-keeping wrapper (`__name`) does not exist in the page.
  const removed = await page.evaluate(() => {
    const SHY = '\u00AD'
    const w = window as unknown as { __crText: Text[]; __crHyphens: number[][] }
    const range = document.createRange()
    // Measure every node before changing any, so a change cannot move what is measured after it. One
    // range from the letter before each soft hyphen to the letter after: its boxes lie on two lines
    // exactly when the line breaks there (one measurement, where a letter each took two).
    const breaks = w.__crText.map((node) => {
      const data = node.data
      const at = new Set<number>()
      for (let i = data.indexOf(SHY); i > 0 && i + 1 < data.length; i = data.indexOf(SHY, i + 1)) {
        range.setStart(node, i - 1)
        range.setEnd(node, i + 2)
        const rects = range.getClientRects()
        if (rects.length > 1 && rects[rects.length - 1]!.top > rects[0]!.top + 2) at.add(i)
      }
      return at
    })
    let removed = 0
    w.__crHyphens = w.__crText.map((node, n) => {
      const data = node.data
      const hyphens: number[] = []
      if (!data.includes(SHY)) return hyphens
      let out = ''
      for (let i = 0; i < data.length; i++) {
        if (data[i] !== SHY) out += data[i]
        else if (breaks[n]!.has(i)) {
          hyphens.push(out.length)
          out += '-'
        } else removed++
      }
      node.data = out
      return hyphens
    })
    return removed
  })
  let takenOut = 0
  for (let pass = 0; pass < 3; pass++) {
    const out = await page.evaluate(() => {
      const w = window as unknown as { __crText: Text[]; __crHyphens: number[][] }
      const range = document.createRange()
      const stray = w.__crText.map((node, n) =>
        w.__crHyphens[n]!.filter((i) => {
          // The hyphen and the letter after it, measured as one range: on two lines when it ends its line.
          range.setStart(node, i)
          range.setEnd(node, i + 2)
          const rects = range.getClientRects()
          return !(rects.length > 1 && rects[rects.length - 1]!.top > rects[0]!.top + 2)
        }),
      )
      let count = 0
      stray.forEach((positions, n) => {
        if (positions.length === 0) return
        const node = w.__crText[n]!
        // From the end, so earlier positions stay right.
        for (const i of [...positions].reverse()) node.data = node.data.slice(0, i) + node.data.slice(i + 1)
        const gone = new Set(positions)
        w.__crHyphens[n] = w.__crHyphens[n]!.filter((i) => !gone.has(i)).map((i) => i - positions.filter((p) => p < i).length)
        count += positions.length
      })
      return count
    })
    takenOut += out
    if (out === 0) break
  }
  const hyphens = await page.evaluate(() => (window as unknown as { __crHyphens: number[][] }).__crHyphens.reduce((n, h) => n + h.length, 0))
  return { hyphens, removed: removed + takenOut }
}
