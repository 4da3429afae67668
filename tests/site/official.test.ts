/**
 * What the official generator publishes, on our site (issue 14): the official
 * rules.json per release, the front matter, `toc:` subsections in every
 * contents, and a truthful PDF per release.
 */
import { siteUrl } from '../../site/integration/site-url.ts'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { constants, inflateSync } from 'node:zlib'
import { PDFDocument, PDFName } from 'pdf-lib'
import { beforeAll, describe, expect, test } from 'vitest'
import { prepareSite } from '../../site/data/store.ts'
import { cssString, runningHeadCss } from '../../site/data/print-css.ts'
import type { ReleaseData, SiteData } from '../../site/data/types.ts'
import { DIST, ROOT, ensureSite, hasChromium } from './helpers.ts'

const sample = readFileSync(join(ROOT, 'tests/oracle/official-json/v25.08.json'), 'utf8')

/** Chapters, sections and `toc:` subsections: what the official contents lists. */
const tocEntries = (r: ReleaseData) => r.toc.flatMap((c) => [c.title, ...c.sections.flatMap((s) => [s.title, ...s.headings.map((h) => h.title)])])

describe('site data', () => {
  let site: SiteData
  const release = (key: string) => site.releases.find((r) => r.key === key)!
  beforeAll(() => {
    site = prepareSite(ROOT, { CR_RELEASES: 'all' })
  }, 180_000)

  test('the contents list the toc: subsections, 165 entries for v26.03 like the official one', () => {
    for (const key of ['current', 'v26.03']) {
      const r = release(key)
      expect(tocEntries(r)).toHaveLength(165)
      const fourth = r.toc.flatMap((c) => c.sections.flatMap((s) => s.headings.map((h) => `${h.number} ${h.title}`)))
      expect(fourth).toEqual(expect.arrayContaining(['9.5.7 Steps of Using a Paid Ability', '8.5.16 Steps of Installing a Card', '6.5.9 Forced Encounters']))
    }
  })

  test('front matter comes from release.yaml: preamble linking the contact, the contact, the acknowledgements', () => {
    for (const key of ['current', 'v26.03', 'v24.03']) {
      const { front } = release(key)
      expect(front.preambleHtml).toMatch(/^This rules document is to be used as reference material\./)
      expect(front.preambleHtml).toContain('<a href="mailto:rules@nullsignal.games"')
      expect(front.contact).toBe('rules@nullsignal.games')
      expect(front.acknowledgements.map((a) => a.text)).toEqual(['Netrunner Original Game Design: Richard Garfield', 'Android: Netrunner', 'Null Signal Games'])
      expect(front.acknowledgements[2]!.items.map((a) => a.text)).toContain('Rules Manager: Jamie Perconti')
    }
    // Where the front matter of a release is not in its sources, none is invented.
    for (const key of ['v22.12', 'v23.08']) expect(release(key).front, key).toEqual({ acknowledgements: [] })
  })

  test('a PDF per release, the current rules labelled as the current text', () => {
    expect(site.releases.map((r) => [r.key, r.pdf, r.edition])).toEqual([
      ['current', 'netrunner-cr-current.pdf', 'v26.03 with unreleased changes (current text)'],
      ...['v26.03', 'v25.08', 'v25.04', 'v24.03', 'v23.08', 'v22.12'].map((v) => [v, `netrunner-cr-${v}.pdf`, v]),
    ])
  })

  test('each release carries its official rules.json in both shapes; v25.08\'s pre-April one is the published file', () => {
    expect(release('v25.08').officialJson['2025'] === sample).toBe(true)
    const v26 = JSON.parse(release('v26.03').officialJson['2026-04']) as { id: string }[]
    const current = JSON.parse(release('current').officialJson['2026-04']) as { id: string }[]
    expect(v26[0]!.id).toBe('preamble')
    expect(v26.some((e) => e.id === 'rule_memory_unused_mu')).toBe(false)
    expect(current.some((e) => e.id === 'rule_memory_unused_mu')).toBe(true)
  })

  test('running heads quote chapter titles so no title can end the style element', () => {
    expect(cssString('a "b" \\ </style>\nc')).toBe('"a \\"b\\" \\\\ \\3C /style> c"')
    const css = runningHeadCss([{ id: 'x', slug: 'x', number: '6', title: 'Runs', url: '/', sections: [] }], 'CR v26.03')
    expect(css).toContain('@page cr-ch-6 {')
    expect(css).toContain('@top-right { content: "6. Runs";')
    expect(css).toContain('.chapter[data-n="6"] { page: cr-ch-6; }')
  })
})

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0
const hasPoppler = has('pdftotext') && has('pdftohtml')
if (hasChromium && !hasPoppler) console.warn('PDF content tests skipped: no pdftotext/pdftohtml (apt-get install -y poppler-utils)')

describe.skipIf(!hasChromium)('the built site', () => {
  beforeAll(async () => {
    await ensureSite()
  }, 900_000)
  const page = (path: string) => readFileSync(join(DIST, path), 'utf8')
  /** Links inside a contents element, by the element's opening tag. */
  const contentsLinks = (html: string, open: RegExp, close: string) => {
    const start = html.search(open)
    const end = html.indexOf(close, start)
    return [...html.slice(start, end).matchAll(/<a [^>]*href="[^"]*"/g)].length
  }

  test('home and /full/ show the preamble, the contact and the acknowledgements', () => {
    for (const path of ['index.html', 'full/index.html', 'v26.03/index.html', 'v26.03/full/index.html']) {
      const html = page(path)
      expect(html, path).toContain('This rules document is to be used as reference material.')
      expect(html, path).toContain('href="mailto:rules@nullsignal.games"')
      expect(html, path).toContain('id="acknowledgements"')
      expect(html, path).toContain('Rules Manager: Jamie Perconti')
    }
  })

  const FRONT_MISSING = "preamble, contact and acknowledgements are not in the sources we hold."
  test('a release whose front matter we do not hold says so in one line where it would be, and invents none', () => {
    for (const path of ['v22.12/index.html', 'v22.12/full/index.html', 'v23.08/index.html', 'v23.08/full/index.html']) {
      const html = page(path).replace(/&#39;/g, "'")
      expect(html.split(FRONT_MISSING), path).toHaveLength(2)
      expect(html, path).toContain(`This release's ${FRONT_MISSING}`)
      // Before the contents, where the preamble is printed.
      expect(html.indexOf(FRONT_MISSING), path).toBeLessThan(html.indexOf('id="contents"'))
      expect(html, path).not.toContain('This rules document is to be used as reference material.')
      expect(html, path).not.toContain('id="acknowledgements"')
      expect(html, path).not.toContain('mailto:')
    }
    for (const path of ['index.html', 'full/index.html', 'v24.03/index.html', 'v26.03/full/index.html']) expect(page(path), path).not.toContain(FRONT_MISSING)
  })

  test('home, /full/ and the sidebar list the toc: subsections', () => {
    for (const path of ['index.html', 'v26.03/index.html']) expect(contentsLinks(page(path), /<ol class="home-toc"/, '</ol>\n')).toBeGreaterThanOrEqual(165)
    const full = page('v26.03/full/index.html')
    const start = full.indexOf('<nav class="full-toc"')
    const nav = full.slice(start, full.indexOf('</nav>', start))
    expect([...nav.matchAll(/<a href="#/g)]).toHaveLength(165)
    expect(nav).toContain('href="#sec_steps_of_using_a_paid_ability"')
    // The sidebar of chapter 6 opens it to its sections and their toc: subsections.
    const runs = page('runs/index.html')
    const toc = runs.slice(runs.indexOf('<nav id="toc"'), runs.indexOf('</nav>', runs.indexOf('<nav id="toc"')))
    expect(toc).toContain('href="#subsec_forced_encounters"')
  })

  test('the official rules.json is served per release and linked from the home page', () => {
    expect(readFileSync(join(DIST, 'v25.08/official/rules-2025.json'), 'utf8') === sample).toBe(true)
    // Today's shape: the preamble and the appendix entries (1,644 for the current text, as the generator writes it).
    expect(JSON.parse(readFileSync(join(DIST, 'official/rules.json'), 'utf8'))).toHaveLength(1644)
    expect(JSON.parse(readFileSync(join(DIST, 'official/rules-2025.json'), 'utf8'))).toHaveLength(1542)
    expect(page('index.html')).toContain('href="/official/rules.json"')
    expect(page('v25.08/index.html')).toContain('href="/v25.08/official/rules.json"')
  })

  test('/full/ says which release its summary of changes is, and the current text says it has more', () => {
    const current = page('full/index.html')
    expect(current).toContain('<h2 id="changes">Summary of changes in v26.03</h2>')
    expect(current).toMatch(/The current text also has changes not yet in a release: see <a href="\/changes\/current\/">unreleased changes since v26\.03<\/a>/)
    const v26 = page('v26.03/full/index.html')
    expect(v26).toContain('<h2 id="changes">Summary of changes in v26.03</h2>')
    expect(v26).not.toContain('not yet in a release')
    expect(page('v24.03/full/index.html')).toContain('<h2 id="changes">Summary of changes in v24.03</h2>')
  })

  test('/full/ follows the published order: preamble, summary of changes, acknowledgements, then the rules', () => {
    for (const path of ['full/index.html', 'v24.03/full/index.html']) {
      const html = page(path)
      const at = ['reference material', 'id="changes"', 'id="acknowledgements"', 'class="chapter"'].map((s) => html.indexOf(s))
      expect(at.every((i) => i > -1), path).toBe(true)
      expect([...at].sort((a, b) => a - b), path).toEqual(at)
    }
  })

  test("every release's PDF is linked from /changes/", () => {
    const html = page('changes/index.html')
    for (const v of ['v22.12', 'v23.08', 'v24.03', 'v25.04', 'v25.08', 'v26.03']) expect(html, v).toContain(`href="/${v}/netrunner-cr-${v}.pdf"`)
    expect(html).toContain('href="/netrunner-cr-current.pdf"')
  })

  describe.skipIf(!hasPoppler)('PDFs', () => {
    /** The PDF's text in reading order, soft hyphens and line breaks undone, so phrases can be searched. */
    const text = (file: string) =>
      spawnSync('pdftotext', [join(DIST, file), '-'], { encoding: 'utf8', maxBuffer: 64 << 20 })
        .stdout.replace(/\u00AD\s*/g, '')
        .replace(/\s+/g, ' ')
    type Bookmark = { title: string; page: number; children: Bookmark[] }
    /** The PDF's outline as poppler reads it: nested `<outline>` lists of `<item page="N">title</item>`. */
    const bookmarks = (file: string): Bookmark[] => {
      const xml = spawnSync('pdftohtml', ['-xml', '-stdout', '-i', '-q', join(DIST, file)], { encoding: 'utf8', maxBuffer: 256 << 20 }).stdout
      const start = xml.indexOf('<outline>')
      expect(start, `${file} has bookmarks`).toBeGreaterThan(-1)
      const unescape = (t: string) => t.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')
      const stack: Bookmark[][] = []
      let last: Bookmark | undefined
      let root: Bookmark[] = []
      for (const m of xml.slice(start).matchAll(/<outline>|<\/outline>|<item page="(\d+)">([^<]*)<\/item>/g)) {
        if (m[0] === '<outline>') {
          const list: Bookmark[] = []
          if (stack.length === 0) root = list
          else last!.children = list
          stack.push(list)
        } else if (m[0] === '</outline>') {
          stack.pop()
          if (stack.length === 0) break
        } else {
          last = { title: unescape(m[2]!), page: Number(m[1]), children: [] }
          stack[stack.length - 1]!.push(last)
        }
      }
      return root
    }

    test('one per release, each its published text with its own label', () => {
      for (const v of ['v22.12', 'v23.08', 'v24.03', 'v25.04', 'v25.08', 'v26.03']) expect(existsSync(join(DIST, v, `netrunner-cr-${v}.pdf`)), v).toBe(true)
      const v26 = text('v26.03/netrunner-cr-v26.03.pdf')
      expect(v26).toContain('Netrunner Comprehensive Rules v26.03')
      expect(v26).not.toContain('unreleased')
      // 1.20.2a is not in the published v26.03; the current text restores it.
      const rule1202a = /is their memory limit minus the total memory cost of all of their installed programs/
      expect(v26).not.toMatch(rule1202a)
      const current = text('netrunner-cr-current.pdf')
      expect(current).toContain('v26.03 with unreleased changes (current text)')
      expect(current).toMatch(rule1202a)
    })

    test('the PDF of a release whose front matter we do not hold says so, and invents none', () => {
      const v22 = text('v22.12/netrunner-cr-v22.12.pdf')
      expect(v22).toContain(`This release's ${FRONT_MISSING}`)
      expect(v22).not.toContain('This rules document is to be used as reference material.')
      expect(v22).not.toContain('Rules Manager')
    })

    test('front matter, running heads and page numbers are printed', () => {
      const v24 = text('v24.03/netrunner-cr-v24.03.pdf')
      expect(v24).toContain('This rules document is to be used as reference material.')
      expect(v24).toContain('Acknowledgements')
      expect(v24).toContain('Rules Manager: Jamie Perconti')
      // Page heads: the document and edition on every page, the chapter on its pages; page numbers at the foot.
      const pages = spawnSync('pdftotext', ['-layout', join(DIST, 'v24.03/netrunner-cr-v24.03.pdf'), '-'], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout.split('\f')
      const runs = pages.filter((p) => /^\s*Netrunner Comprehensive Rules v24\.03\s+6\. Runs\s*$/m.test(p))
      expect(runs.length).toBeGreaterThan(5)
      pages.slice(0, -1).forEach((p, i) => expect(p).toMatch(new RegExp(`\\n\\s*${i + 1} / ${pages.length - 1}\\s*$`)))
    })

    test('the contents give the page each entry starts on', () => {
      const pages = spawnSync('pdftotext', ['-layout', join(DIST, 'v26.03/netrunner-cr-v26.03.pdf'), '-'], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout.split('\f')
      const contents = pages.slice(0, 4).join('\n')
      // The contents line (number, title, leader, page) and the heading it points to.
      const entries = [
        ['6.5.9 Forced Encounters', '6.5.9. Forced Encounters'],
        ['9.5.7 Steps of Using a Paid Ability', '9.5.7. Steps of Using a Paid Ability'],
        ['10. Additional Rules', '10. Additional Rules'],
        ['1.1 General', '1.1. General'],
      ]
      for (const [listedAs, heading] of entries) {
        const listed = new RegExp(`${listedAs!.replaceAll('.', '\\.')}\\s+(\\d+)`).exec(contents)
        expect(listed, listedAs).not.toBeNull()
        const page = pages[Number(listed![1]) - 1]!.replace(/\u00AD\s*/g, '')
        expect(page, `${heading} on page ${listed![1]}`).toContain(heading)
      }
    })

    test('links are kept: references inside the PDF, cards to NetrunnerDB, the contact', () => {
      const xml = spawnSync('pdftohtml', ['-xml', '-stdout', '-i', '-q', join(DIST, 'v26.03/netrunner-cr-v26.03.pdf')], { encoding: 'utf8', maxBuffer: 256 << 20 }).stdout
      const hrefs = [...xml.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!)
      expect(hrefs.filter((h) => /^netrunner-cr-v26\.03\.html#\d+$/.test(h)).length).toBeGreaterThan(2000)
      expect(hrefs.filter((h) => h.startsWith('https://netrunnerdb.com/en/card/')).length).toBeGreaterThan(500)
      expect(hrefs).toContain('mailto:rules@nullsignal.games')
    })

    test("the current text's PDF names the release its summary covers and says it has unreleased changes", () => {
      const current = text('netrunner-cr-current.pdf')
      expect(current).toContain('Summary of changes in v26.03')
      expect(current).toContain('The current text also has changes not yet in a release')
      const v24 = text('v24.03/netrunner-cr-v24.03.pdf')
      // Published order: acknowledgements before chapter 1.
      expect(v24.indexOf('Rules Manager: Jamie Perconti')).toBeLessThan(v24.indexOf('1.1. General'))
      expect(v24.indexOf('Summary of changes in v24.03')).toBeLessThan(v24.indexOf('Acknowledgements'))
    })

    test('the text layer finds every word: hyphens only where a line breaks, joined back by pdftotext, never inside a word', () => {
      const raw = spawnSync('pdftotext', [join(DIST, 'v26.03/netrunner-cr-v26.03.pdf'), '-'], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout
      // No soft hyphen in the text layer: each one inside a word hid it from find-in-page ("ap\u00ADproach").
      expect(raw).not.toContain('\u00AD')
      // Every word of the rules, as the page prints it, is a word of the PDF's text (as many times, for a word read often).
      const html = readFileSync(join(DIST, 'v26.03/full/index.html'), 'utf8')
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
      // Not printed: scripts, styles, the old release's banner and a symbol's text form for the screen (print stylesheet; the SVG's is printed).
      const pageText = main.replace(/<(script|style)[\s\S]*?<\/\1>|<p class="old"[\s\S]*?<\/p>|<span class="cr-sym-t"[^>]*>[^<]*<\/span>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#39;|&quot;|&[a-z]+;/g, ' ')
      const words = (text: string) => {
        const counts = new Map<string, number>()
        for (const w of text.match(/\p{L}{4,}/gu) ?? []) counts.set(w.toLowerCase(), (counts.get(w.toLowerCase()) ?? 0) + 1)
        return counts
      }
      const inPdf = words(raw)
      const inPage = words(pageText)
      const missing = [...inPage.keys()].filter((w) => !inPdf.has(w))
      expect(missing).toEqual([])
      for (const w of ['approach', 'encounter', 'installed', 'subroutine', 'accessed']) expect(inPdf.get(w), w).toBe(inPage.get(w))
      expect(inPage.get('approach')).toBeGreaterThan(15)
      // Hyphenated all the same: in layout mode (no joining) lines end in a hyphen inside a word.
      const layout = spawnSync('pdftotext', ['-layout', join(DIST, 'v26.03/netrunner-cr-v26.03.pdf'), '-'], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout
      expect(layout.match(/\p{Ll}-[ \t]*$/gmu)?.length ?? 0).toBeGreaterThan(100)
      // Never in the contact or the acknowledgements' names.
      expect(raw).toContain('rules@nullsignal.games')
      expect(raw).toContain('Rules Manager: Jamie Perconti')
      expect(raw).toContain('Rules Associates: Ruben P. Pieters and Justin Prentice')
    })

    test('the text layer reads every game symbol as its text form, where the icon is', () => {
      for (const file of ['netrunner-cr-current.pdf', 'v26.03/netrunner-cr-v26.03.pdf']) {
        const pdf = text(file)
        expect(pdf, file).toContain('"[click], 2[credit]: Remove 1 tag." See section 10.5.')
        expect(pdf, file).toContain('"[click][click][click]: Purge virus counters."')
        // As many tokens as the page draws icons (the print shows each the PDF's text reads).
        const html = readFileSync(join(DIST, file.replace(/[^/]+\.pdf$/, 'full/index.html')), 'utf8')
        const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
        const icons = main.match(/<svg class="cr-sym /g)?.length ?? 0
        expect(icons, file).toBeGreaterThan(150)
        expect(pdf.match(/\[(?:credit|click|recurring|mu|link|subroutine|trash|trash-cost|interrupt)\]/g)?.length, file).toBe(icons)
      }
      // 1.20.2a is the current text's (v26.03's generator dropped it).
      expect(text('netrunner-cr-current.pdf')).toContain("The Runner's unused [mu] is their memory limit")
    })

    test('links out of the PDF go to the published site, never to the server that printed it', () => {
      // Every /URI of every PDF: they sit in deflated object streams.
      const uris = (file: string) => {
        const bytes = readFileSync(join(DIST, file))
        const found: string[] = []
        for (let at = bytes.indexOf('stream'); at !== -1; at = bytes.indexOf('stream', at + 6)) {
          if (bytes.subarray(at - 3, at).toString('latin1') === 'end') continue
          const start = at + (bytes[at + 6] === 0x0d ? 8 : 7)
          let text: string
          try {
            text = inflateSync(bytes.subarray(start, bytes.indexOf('endstream', start)), { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1')
          } catch {
            continue
          }
          for (const m of text.matchAll(/\/URI \(([^)]*)\)/g)) found.push(m[1]!)
        }
        return found
      }
      const current = uris('netrunner-cr-current.pdf')
      const all = [...current, ...['v26.03', 'v24.03', 'v22.12'].flatMap((v) => uris(`${v}/netrunner-cr-${v}.pdf`))]
      expect(all.length).toBeGreaterThan(10)
      expect(all.filter((u) => /127\.0\.0\.1|\[::1\]/.test(u))).toEqual([])
      // The current rules' note on what is unreleased links its changes page, on the site the build names (CR_SITE_URL, else Astro's default).
      expect(current).toContain(`${siteUrl()}/changes/current/`)
    })

    test('document information: title, Null Signal Games as author, the edition as subject, our creator, English', async () => {
      const info = (file: string) => spawnSync('pdfinfo', [join(DIST, file)], { encoding: 'utf8' }).stdout
      const field = (text: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(text)?.[1]
      const v26 = info('v26.03/netrunner-cr-v26.03.pdf')
      expect(field(v26, 'Title')).toBe('Netrunner Comprehensive Rules v26.03')
      expect(field(v26, 'Author')).toBe('Null Signal Games')
      expect(field(v26, 'Subject')).toBe('v26.03, effective 2026-03-02')
      expect(field(v26, 'Creator')).toBe('netrunner-cr')
      expect(field(v26, 'Producer')).toMatch(/pdf-lib$/)
      expect(v26).not.toMatch(/HeadlessChrome/)
      const current = info('netrunner-cr-current.pdf')
      expect(field(current, 'Subject')).toBe('v26.03 with unreleased changes (current text)')
      // Dated by the release, not by when it was printed: the same rules print the same bytes (a rebuild's PDF is a cold build's).
      for (const [text, date] of [[v26, 'Mon Mar  2 00:00:00 2026 UTC'], [info('v22.12/netrunner-cr-v22.12.pdf'), 'Thu Dec  1 00:00:00 2022 UTC']] as const) {
        expect(field(text, 'CreationDate')).toBe(date)
        expect(field(text, 'ModDate')).toBe(date)
      }
      // The catalog's /Lang (pdfinfo does not print it), read by a PDF parser: the catalog sits in a compressed object stream.
      const pdf = await PDFDocument.load(readFileSync(join(DIST, 'v26.03/netrunner-cr-v26.03.pdf')), { updateMetadata: false })
      expect(pdf.catalog.lookup(PDFName.of('Lang'))?.toString()).toBe('(en)')
      // Packed: object streams, not ~22,000 loose objects (a release's PDF was 4.3 MB, dist/ 77 MB).
      expect(readFileSync(join(DIST, 'v26.03/netrunner-cr-v26.03.pdf')).toString('latin1')).toMatch(/\/Type\s*\/ObjStm/)
    })

    // Chromium's own outline read some chapters twice ("6.6. RunsRuns"); ours is written from the contents (pdf-outline.ts).
    test('the bookmarks read exactly as the contents: every chapter, section and toc: subsection, nested, in order', () => {
      const site = prepareSite(ROOT, { CR_RELEASES: 'v22.12' })
      for (const r of site.releases) {
        const file = `${r.base.slice(1)}${r.pdf}`
        const marks = bookmarks(file)
        // The contents as the compiled release lists them (chapter "6. Runs", section "6.5 …", subsection "6.5.9 …").
        const contents = r.toc.map((c) => ({
          title: `${c.number}. ${c.title}`,
          children: c.sections.map((s) => ({ title: `${s.number} ${s.title}`, children: s.headings.map((h) => ({ title: `${h.number} ${h.title}`, children: [] })) })),
        }))
        // The published order: the summary of changes and acknowledgements before the rules.
        const front = ['Contents', ...(r.changelog.length > 0 ? [`Summary of changes in ${r.version}`] : []), ...(r.front.acknowledgements.length > 0 ? ['Acknowledgements'] : [])].map((title) => ({ title, children: [] }))
        const back: { title: string; children: [] }[] = []
        const titles = (list: Bookmark[]): unknown[] => list.map((b) => ({ title: b.title, children: titles(b.children) }))
        expect(titles(marks), file).toEqual([...front, ...contents, ...back])
        // Each opens the page its heading is printed on: "6. Runs", "6.5. Encounters", "6.5.9. Forced Encounters".
        const pages = spawnSync('pdftotext', [join(DIST, file), '-'], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout.split('\f').map((p) => p.replace(/\u00AD\s*/g, '').replace(/\s+/g, ' '))
        const heading = (title: string) => title.replace(/^([\d.]+?)\.? /, '$1. ')
        const flat = (list: Bookmark[]): Bookmark[] => list.flatMap((b) => [b, ...flat(b.children)])
        for (const b of flat(marks.slice(front.length, front.length + contents.length))) {
          expect(pages[b.page - 1], `${file}: ${b.title} on page ${b.page}`).toContain(heading(b.title))
        }
      }
    })
  })
})
