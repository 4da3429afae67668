/** Card previews (`written name → card`), fetched when a card mention is first hovered. */
import type { APIRoute } from 'astro'
import { releasePaths } from '../../data/store.ts'
import type { ReleaseData } from '../../data/types.ts'

export const getStaticPaths = releasePaths

export const GET: APIRoute = ({ props }) => {
  const { release } = props as { release: ReleaseData }
  const out: Record<string, { title: string; image?: string; type?: string; text?: string }> = {}
  for (const c of release.cards) {
    const card = { title: c.title, image: c.image, type: c.typeLine, text: c.textHtml }
    for (const name of [c.title, ...c.names]) out[name] = card
  }
  return Response.json(out)
}
