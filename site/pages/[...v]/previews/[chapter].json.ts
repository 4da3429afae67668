/** Hover previews of one chapter's rules (`id → [number, html]`), fetched when a reference to it is hovered. */
import type { APIRoute } from 'astro'
import { getSiteData, releaseParam } from '../../../data/store.ts'
import type { ReleaseData } from '../../../data/types.ts'

export function getStaticPaths() {
  return getSiteData().releases.flatMap((release) =>
    Object.keys(release.previews).map((chapter) => ({ params: { v: releaseParam(release), chapter }, props: { release, chapter } })),
  )
}

export const GET: APIRoute = ({ props }) => {
  const { release, chapter } = props as { release: ReleaseData; chapter: string }
  return Response.json(release.previews[chapter])
}
