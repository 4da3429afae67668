/** The search box's vocabulary and card index (see `data/search-vocab.ts`), fetched on first use of search. */
import type { APIRoute, InferGetStaticPropsType } from 'astro'
import { releasePaths } from '../../data/store.ts'
import { buildSearchVocab } from '../../data/search-vocab.ts'

export const getStaticPaths = releasePaths

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => {
  const { release } = props
  return Response.json(buildSearchVocab(release.search, release.lookup))
}
