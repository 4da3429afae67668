/** Card previews (`written name → card`), fetched when a card mention is first hovered; `url` is its NetrunnerDB page (the PDF links there). */
import type { APIRoute, InferGetStaticPropsType } from 'astro'
import { releasePaths } from '../../data/store.ts'

export const getStaticPaths = releasePaths

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => {
  const { release } = props
  const out: Record<string, { title: string; image?: string; type?: string; text?: string; url?: string }> = {}
  for (const c of release.cards) {
    const card = { title: c.title, image: c.image, type: c.typeLine, text: c.textHtml, url: c.url }
    for (const name of [c.title, ...c.names]) out[name] = card
  }
  return Response.json(out)
}
