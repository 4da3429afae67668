/** The web app manifest: the rules install as an app that opens on the contents and reads offline. */
import type { APIRoute } from 'astro'
import { currentRelease, getSiteData } from '../data/store.ts'

export const GET: APIRoute = () => {
  const release = currentRelease(getSiteData())
  const manifest = {
    name: release.title,
    short_name: 'Netrunner CR',
    description: `${release.title}: every rule, searchable, offline.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#15171b',
    theme_color: '#15171b',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
    ],
  }
  return new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/manifest+json' } })
}
