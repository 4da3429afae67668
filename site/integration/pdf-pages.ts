/**
 * Which page of a PDF each named destination is on: Chromium names a
 * destination after every element `id` that a link points to, so the
 * contents can print page numbers on a second pass (Chromium's CSS has no
 * `target-counter()`). Reads Chromium's (Skia's) PDFs only: plain object
 * dictionaries, a page tree of `/Kids`, a `/Dests` dictionary.
 */

/** Destination name → 1-based page number; empty when the file is not laid out as expected. */
export function destinationPages(pdf: Uint8Array): Map<string, number> {
  const text = Buffer.from(pdf).toString('latin1')
  const body = (num: string) => {
    const at = text.indexOf(`\n${num} 0 obj`)
    if (at === -1) return ''
    const end = text.indexOf('endobj', at)
    return text.slice(at, end === -1 ? undefined : end)
  }
  const catalog = /\/Type \/Catalog[\s\S]*?\/Pages (\d+) 0 R/.exec(text)
  const destsRef = /\/Type \/Catalog[\s\S]*?\/Dests (\d+) 0 R/.exec(text)
  if (!catalog || !destsRef) return new Map()

  // Pages in order: a depth-first walk of the page tree.
  const pageIndex = new Map<string, number>()
  const walk = (num: string, depth: number) => {
    const obj = body(num)
    if (depth > 32) return
    if (/\/Type \/Pages\b/.test(obj)) {
      const kids = /\/Kids \[([^\]]*)\]/.exec(obj)?.[1] ?? ''
      for (const m of kids.matchAll(/(\d+) 0 R/g)) walk(m[1]!, depth + 1)
    } else pageIndex.set(num, pageIndex.size + 1)
  }
  walk(catalog[1]!, 0)

  const pages = new Map<string, number>()
  const decode = (name: string) => name.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
  for (const m of body(destsRef[1]!).matchAll(/\/([^\s[\]/<>()]+)\s*\[\s*(\d+) 0 R/g)) {
    const page = pageIndex.get(m[2]!)
    if (page !== undefined) pages.set(decode(m[1]!), page)
  }
  return pages
}
