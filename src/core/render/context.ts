/**
 * What a renderer needs to know around a text: the release it belongs to
 * (each reference's number and word) and, for HTML, where links go and how
 * symbols are drawn. Links are a render option, never a compile option: the
 * same tree renders with one-page anchors (`#id`), chapter pages, or another
 * release's routes.
 */
import type { RenderContext } from '../markup/render-context.ts'
import { indexRelease } from '../model/release-index.ts'
import type { ResolvedRelease } from '../model/types.ts'

export interface RenderOptions {
  /** Where a reference to `id` goes. Default: `#id` (one page). */
  hrefFor?: (id: string) => string
  /** Where a card goes (its code when the compiler resolved it); undefined leaves it unlinked. */
  cardHref?: (name: string, code: string | undefined) => string | undefined
  /** URL of `{img:name}`. */
  imageSrc?: (name: string) => string
  /** Icons carry their text form, for copying and printing (`symbolIcon`; needs the site's stylesheet). */
  copyableSymbols?: boolean
}

/** The markup renderers' context for texts of `release`. */
export function renderContextFor(release: ResolvedRelease, links: RenderOptions = {}): RenderContext {
  const { byId } = indexRelease(release)
  const hrefFor = links.hrefFor ?? ((id: string) => `#${id}`)
  const ctx: RenderContext = {
    lookup(id) {
      const e = byId.get(id)
      return e ? { number: e.number, word: e.word } : undefined
    },
    hrefFor,
  }
  if (links.cardHref) ctx.cardHref = links.cardHref
  if (links.imageSrc) ctx.imageSrc = links.imageSrc
  if (links.copyableSymbols) ctx.copyableSymbols = true
  return ctx
}
