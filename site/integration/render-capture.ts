/**
 * A middleware the integration adds to builds only (index.ts): the bytes of
 * each page the PDF step waits for (rendered-pages.ts), copied as Astro
 * renders them. Every other response passes untouched.
 */
import type { MiddlewareHandler } from 'astro'
import { renderedPages } from './rendered-pages.ts'

export const onRequest: MiddlewareHandler = async (context, next) => {
  const response = await next()
  const pages = renderedPages()
  const path = decodeURIComponent(context.url.pathname)
  if (!pages?.wants(path) || response.status !== 200 || !response.body) return response
  pages.put(path, new Uint8Array(await response.clone().arrayBuffer()))
  return response
}
