/**
 * Pages handed over as Astro renders them (issue 22): the build prints a
 * release's PDF as soon as its `/full/` page and data are rendered, beside
 * the thousands of pages Astro renders and writes after them, not once
 * they are all written. `render-capture.ts` (a middleware, only in a build)
 * puts each wanted response's bytes here; the PDF step takes them from
 * here. A process-wide slot, because the page bundle has its own copy of
 * this module. No Node APIs: it is bundled with the pages.
 */
const SLOT = Symbol.for('netrunner-cr.rendered-pages')

export interface RenderedPages {
  /** Astro has started rendering (the build's output folder is emptied and its scripts written). */
  readonly rendering: Promise<void>
  /** Called by the middleware on every page Astro renders. */
  started(): void
  /** Is `path` one of the pages or files handed over? */
  wants(path: string): boolean
  /** The bytes Astro rendered for `path` (and is about to write). */
  put(path: string, body: Uint8Array): void
  /** The bytes of `path` once rendered; undefined when rendering ended without them (read the file Astro wrote). */
  get(path: string): Promise<Uint8Array | undefined>
  /** Rendering is over: whatever is still awaited will not come. */
  close(): void
}

type Slot = { [SLOT]?: RenderedPages }

/** Start taking `paths` (site paths: `/full/`, `/v24.03/card-data.json`); replaces an earlier build's. */
export function openRenderedPages(paths: Iterable<string>): RenderedPages {
  const wanted = new Set(paths)
  const bodies = new Map<string, Uint8Array>()
  const waiting = new Map<string, ((body: Uint8Array | undefined) => void)[]>()
  let closed = false
  let started = () => {}
  const rendering = new Promise<void>((done) => (started = done))
  const pages: RenderedPages = {
    rendering,
    started: () => started(),
    wants: (path) => !closed && wanted.has(path),
    put(path, body) {
      if (!pages.wants(path) || bodies.has(path)) return
      bodies.set(path, body)
      for (const done of waiting.get(path) ?? []) done(body)
      waiting.delete(path)
    },
    get(path) {
      const body = bodies.get(path)
      if (body || closed || !wanted.has(path)) return Promise.resolve(body)
      return new Promise((done) => waiting.set(path, [...(waiting.get(path) ?? []), done]))
    },
    close() {
      started()
      closed = true
      for (const list of waiting.values()) for (const done of list) done(undefined)
      waiting.clear()
    },
  }
  ;(globalThis as Slot)[SLOT] = pages
  return pages
}

/** What the running build takes (undefined in `astro dev`, tests and a build that prints nothing). */
export const renderedPages = (): RenderedPages | undefined => (globalThis as Slot)[SLOT]
