/**
 * The official generator's `rules.json` for this release, byte for byte as it writes it since April 2026
 * (`src/core/official-json.ts`): `/official/rules.json` for the current rules,
 * `/v25.08/official/rules.json` for a release. Readers of the rules team's
 * file switch by changing the URL only.
 */
import type { APIRoute } from 'astro'
import { releasePaths } from '../../../data/store.ts'
import type { ReleaseData } from '../../../data/types.ts'

export const getStaticPaths = releasePaths

export const GET: APIRoute = ({ props }) =>
  new Response((props as { release: ReleaseData }).release.officialJson['2026-04'], { headers: { 'Content-Type': 'application/json; charset=utf-8' } })
