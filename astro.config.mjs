// The rules site. `src/` is the compiler core, so Astro's own sources live in
// `site/`; everything a page shows is prepared once by the integration.
import { defineConfig } from 'astro/config'
import crSite from './site/integration/index.ts'

export default defineConfig({
  srcDir: './site',
  // Icons and the favicon, copied as they are.
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  // Absolute URLs (canonical, Open Graph, OpenSearch) need the public origin; the build warns when
  // CR_SITE_URL is unset, and `npm start` serves localhost:4321.
  site: process.env.CR_SITE_URL || 'http://localhost:4321',
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'always' },
  // Cards and rule text are ours; no remote images to optimise.
  devToolbar: { enabled: false },
  integrations: [crSite()],
})
