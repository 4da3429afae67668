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

export interface OutlineEntry {
  title: string
  /** Element `id`: the named destination the entry opens. */
  id: string
  children: OutlineEntry[]
}

/** The PDF with `entries` as its outline (any outline it had is replaced); every title, links and tags kept. */
export async function withOutline(pdf: Uint8Array, entries: OutlineEntry[]): Promise<Uint8Array> {
  // Keep Chromium's document information (title, producer, dates) as it wrote it; an object
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
  // A classic cross-reference table, as Chromium writes it: no object streams.
  return doc.save({ useObjectStreams: false, objectsPerTick: Infinity })
}
