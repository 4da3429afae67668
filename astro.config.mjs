// The rules site. `src/` is the compiler core, so Astro's own sources live in
// `site/`; everything a page shows is prepared once by the integration.
import { resolve } from 'node:path'
import { defineConfig } from 'astro/config'
import crSite from './site/integration/index.ts'
import { siteUrl } from './site/integration/site-url.ts'

// No network but the npm registry: Astro's telemetry (a request to telemetry.astro.build every build,
// sent after this file is read) is off.
process.env.ASTRO_TELEMETRY_DISABLED ??= '1'

export default defineConfig({
  srcDir: './site',
  // Icons and the favicon, copied as they are.
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  // Absolute URLs (canonical, Open Graph, OpenSearch) need the public origin; the build warns when
  // CR_SITE_URL is unset, and points them at the local server `npm start` runs (localhost:PORT, 4321 unset).
  site: siteUrl(),
  trailingSlash: 'always',
  // The site's stylesheet (19 KB, the same on all 120 pages) is one file, fetched once and kept by the
  // service worker; inlined it was 2.3 MB of dist/ (issue 22: ≤ 60 MB). Page styles under 4 KB stay inline.
  build: { format: 'directory', inlineStylesheets: 'auto' },
  // Cards and rule text are ours; no remote images to optimise.
  devToolbar: { enabled: false },
  // No `experimental.incrementalBuild`: the only pages it copied, the 3,300 permalink redirects, are
  // written by the integration now (integration/permalink-pages.ts), and its bookkeeping cost a cold
  // build more than it saved a rebuild. Astro's cache folder moves with ours (CR_SITE_CACHE_DIR).
  ...(process.env.CR_SITE_CACHE_DIR ? { cacheDir: resolve(process.env.CR_SITE_CACHE_DIR, 'astro') } : {}),
  integrations: [crSite()],
})
