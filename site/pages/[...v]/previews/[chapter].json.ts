/** Hover previews of one chapter's rules (`id → [number, html]`), fetched when a reference to it is hovered. */
import type { APIRoute, InferGetStaticPropsType } from 'astro'
import { getSiteData, releaseParam } from '../../../data/store.ts'

export function getStaticPaths() {
  return getSiteData().releases.flatMap((release) =>
    Object.keys(release.previews).map((chapter) => ({ params: { v: releaseParam(release), chapter }, props: { release, chapter } })),
  )
}

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => {
  const { release, chapter } = props
  return Response.json(release.previews[chapter])
}
