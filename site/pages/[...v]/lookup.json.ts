/**
 * Rule number and ID → page, for the search box to jump straight to a rule
 * (Pagefind would split `6.1.4` into words) and for `/?r=<id>`.
 */
import type { APIRoute, InferGetStaticPropsType } from 'astro'
import { releasePaths } from '../../data/store.ts'

export const getStaticPaths = releasePaths

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => Response.json(props.release.lookup)
