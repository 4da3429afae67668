/**
 * Rule number and ID → page, for the search box to jump straight to a rule
 * (Pagefind would split `6.1.4` into words) and for `/?r=<id>`.
 */
import type { APIRoute } from 'astro'
import { releasePaths } from '../../data/store.ts'
import type { ReleaseData } from '../../data/types.ts'

export const getStaticPaths = releasePaths

export const GET: APIRoute = ({ props }) => Response.json((props as { release: ReleaseData }).release.lookup)
