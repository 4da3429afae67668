/**
 * A middleware the integration adds to builds only (index.ts): it says when
 * Astro starts rendering (the search step starts then), and copies the bytes
 * of each page the PDF step waits for (rendered-pages.ts) as Astro renders
 * them. Every other response passes untouched.
 */
import type { MiddlewareHandler } from 'astro'
import { renderedPages } from './rendered-pages.ts'

export const onRequest: MiddlewareHandler = async (context, next) => {
  const pages = renderedPages()
  pages?.started()
  const response = await next()
  const path = decodeURIComponent(context.url.pathname)
  if (!pages?.wants(path) || response.status !== 200 || !response.body) return response
  pages.put(path, new Uint8Array(await response.clone().arrayBuffer()))
  return response
}
