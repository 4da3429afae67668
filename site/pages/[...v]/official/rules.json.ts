/**
 * The official generator's `rules.json` for this release, byte for byte
 * (`src/core/official-json.ts`): `/official/rules.json` for the current rules,
 * `/v25.08/official/rules.json` for a release. Readers of the rules team's
 * file switch by changing the URL only.
 */
import type { APIRoute, InferGetStaticPropsType } from 'astro'
import { releasePaths } from '../../../data/store.ts'

export const getStaticPaths = releasePaths

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) =>
  new Response(props.release.officialJson, { headers: { 'Content-Type': 'application/json; charset=utf-8' } })
