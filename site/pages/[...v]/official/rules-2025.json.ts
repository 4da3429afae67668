/**
 * The official generator's `rules.json` in the shape it wrote before April
 * 2026 (no preamble entry, no chapter-11 appendix entries), for readers pinned
 * to it: `/official/rules-2025.json`, `/v25.08/official/rules-2025.json`
 * (byte for byte the file the generator wrote for v25.08).
 */
import type { APIRoute, InferGetStaticPropsType } from 'astro'
import { releasePaths } from '../../../data/store.ts'

export const getStaticPaths = releasePaths

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) =>
  new Response(props.release.officialJson['2025'], { headers: { 'Content-Type': 'application/json; charset=utf-8' } })
