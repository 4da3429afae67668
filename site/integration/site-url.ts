/**
 * Where a build says the site lives: `CR_SITE_URL` when it is published,
 * else the local server that serves it, `http://localhost:<PORT>` (4321 when
 * PORT is unset). Canonical, Open Graph, OpenSearch and the PDFs' links are
 * made from it, so `PORT=5000 npm start` builds a site whose absolute URLs
 * are the ones it is served at: the config, `npm start` and `npm run dev`
 * read the port here, one home.
 */

/** Astro's own port, which `npm start` and `npm run dev` keep when PORT is unset. */
export const DEFAULT_PORT = 4321

/** The port the local server listens on: PORT, else 4321. A PORT that is no port is a usage error, said. */
export function localPort(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PORT?.trim()
  if (!raw) return DEFAULT_PORT
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT=${raw}: expected a port number (0–65535)`)
  return port
}

/** The site's origin for absolute URLs: `CR_SITE_URL`, else `http://localhost:<PORT>`. */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  return env.CR_SITE_URL || `http://localhost:${localPort(env)}`
}

/** The origin a built page's absolute URLs name (its canonical link), or undefined when it has none. */
export function builtOrigin(html: string): string | undefined {
  const href = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
  try {
    return href ? new URL(href).origin : undefined
  } catch {
    return undefined
  }
}
