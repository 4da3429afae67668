/**
 * The PDF's bookmarks, written by us from the contents, not by Chromium.
 *
 * Chromium's `outline` titles each bookmark with the text it painted for the
 * heading's tagged content, so a heading that opens a page after a forced
 * break read twice ("6.6. RunsRuns": Blink also paints it, clipped out, on the
 * page before) and a heading that wraps lost the space at the break. Here each
 * entry reads exactly as the contents list it ("6. Runs", "6.5 Encounters",
 * "6.5.9 Forced Encounters"), nested chapter → section → `toc:` subsection,
 * and points where the contents link points: at the named destination
 * Chromium writes for every element a link targets.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFRef } from 'pdf-lib'

/** The document information we write, replacing Chromium's (its Creator is the HeadlessChrome user agent; it writes no Author). */
export interface PdfInfo {
  /** `Netrunner Comprehensive Rules v26.03`, as the page's heading. */
  title: string
  /** Who publishes the rules: Null Signal Games, as the published document's byline and `release.yaml`'s acknowledgements name it. */
  author: string
  /** The edition: `v26.03, effective 2026-03-02`, or `v26.03 with unreleased changes (current text)`. */
  subject: string
  /** BCP 47, the catalog's /Lang. */
  lang: string
  /**
   * The document's creation and modification date: the same rules print the
   * same bytes, whenever they are printed (a rebuild's PDF is a cold build's).
   */
  date?: Date
}

export const CREATOR = 'netrunner-cr'

export interface OutlineEntry {
  title: string
  /** Element `id`: the named destination the entry opens. */
  id: string
  children: OutlineEntry[]
}

/**
 * The PDF with `entries` as its outline (any outline it had is replaced) and,
 * given `info`, our document information; every title, links and tags kept.
 */
export async function withOutline(pdf: Uint8Array, entries: OutlineEntry[], info?: PdfInfo): Promise<Uint8Array> {
  // Keep Chromium's dates unless the info names one (pdf-lib would stamp its own); an object
  // pdf-lib cannot read fails the print rather than being dropped. Parse and write in one go:
  // by default pdf-lib yields to the event loop every 100 objects read and 50 written, 5× slower.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: Infinity, throwOnInvalidObject: true })
  const { context, catalog } = doc
  const dests = catalog.lookupMaybe(PDFName.of('Dests'), PDFDict)
  if (!dests) throw new Error('PDF outline: the PDF has no named destinations (/Dests) to point bookmarks at')
  const destinations = new Map<string, PDFArray>()
  for (const [name, value] of dests.entries()) {
    const dest = context.lookup(value)
    const array = dest instanceof PDFDict ? dest.lookupMaybe(PDFName.of('D'), PDFArray) : dest
    // Names are bytes: an `id` is written as UTF-8.
    if (array instanceof PDFArray) destinations.set(Buffer.from(name.decodeText(), 'latin1').toString('utf8'), array)
  }

  const missing: string[] = []
  /** Writes `list` under `parent`; returns its first and last item and how many it holds at every level. */
  const write = (list: OutlineEntry[], parent: PDFRef): { first: PDFRef; last: PDFRef } => {
    const refs = list.map(() => context.nextRef())
    list.forEach((entry, i) => {
      const dest = destinations.get(entry.id)
      if (!dest) missing.push(entry.id)
      const item = context.obj({}) as PDFDict
      item.set(PDFName.of('Title'), PDFHexString.fromText(entry.title))
      item.set(PDFName.of('Parent'), parent)
      if (dest) item.set(PDFName.of('Dest'), dest.clone(context))
      if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1]!)
      if (i < list.length - 1) item.set(PDFName.of('Next'), refs[i + 1]!)
      if (entry.children.length > 0) {
        const { first, last } = write(entry.children, refs[i]!)
        item.set(PDFName.of('First'), first)
        item.set(PDFName.of('Last'), last)
        // Closed, as a printed book's bookmarks open: a negative count of the items it would show.
        item.set(PDFName.of('Count'), PDFNumber.of(-entry.children.length))
      }
      context.assign(refs[i]!, item)
    })
    return { first: refs[0]!, last: refs[refs.length - 1]! }
  }

  if (entries.length === 0) throw new Error('PDF outline: no entries')
  const root = context.nextRef()
  const { first, last } = write(entries, root)
  if (missing.length > 0) throw new Error(`PDF outline: no destination in the PDF for ${missing.map((id) => `#${id}`).join(', ')}`)
  const outlines = context.obj({}) as PDFDict
  outlines.set(PDFName.of('Type'), PDFName.of('Outlines'))
  outlines.set(PDFName.of('First'), first)
  outlines.set(PDFName.of('Last'), last)
  outlines.set(PDFName.of('Count'), PDFNumber.of(entries.length))
  context.assign(root, outlines)
  catalog.set(PDFName.of('Outlines'), root)
  // Open with the bookmarks shown (LaTeX's hyperref does the same by default).
  catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'))
  if (info) {
    doc.setTitle(info.title, { showInWindowTitleBar: true })
    doc.setAuthor(info.author)
    doc.setSubject(info.subject)
    doc.setCreator(CREATOR)
    // Who made the file: Chromium's Skia printed it, pdf-lib wrote the bookmarks and this information.
    const printer = doc.getProducer()
    doc.setProducer(`${printer ? `${printer} (Chromium)` : 'Chromium'}; pdf-lib`)
    doc.setLanguage(info.lang)
    if (info.date) {
      doc.setCreationDate(info.date)
      doc.setModificationDate(info.date)
    }
  }
  // Object streams (PDF 1.5; the header says 1.7): Chromium writes the tagged structure tree and every
  // link as ~22,000 small uncompressed objects, 60% of the file. Packed and deflated, a release's PDF is
  // 1.7 MB instead of 4.3 MB, for about a second more per print (issue 22: dist/ ≤ 60 MB).
  return doc.save({ useObjectStreams: true, objectsPerTick: Infinity })
}
