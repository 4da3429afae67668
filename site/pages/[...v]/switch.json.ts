/**
 * The version switcher's map from this release: target release → rule ID →
 * where the rule is there (`SwitchTarget`: with no equivalent, the nearest
 * section, marked, and the page says so), only for rules whose place differs.
 * Fetched when the switcher opens.
 */
import type { APIRoute, InferGetStaticPropsType } from 'astro'
import { getSiteData, releaseParam } from '../../data/store.ts'

export function getStaticPaths() {
  const site = getSiteData()
  return site.releases.filter((r) => site.switchMaps[r.key]).map((release) => ({ params: { v: releaseParam(release) }, props: { release } }))
}

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => Response.json(getSiteData().switchMaps[props.release.key])
