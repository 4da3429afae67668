/**
 * Permalinks that redirect: `/r/<id>/` and `/r/<number>/` of every rule of
 * the current rules, and `/r/<old-id>/` of an ID renamed, merged or split,
 * each a meta refresh to the rule (a static host can do no better), with a
 * link for everything else and, for a link posted in a chat, the rule's
 * number, place and text (Open Graph). A number that named another rule
 * before lands on today's rule with `?from=`, and the page there says what
 * the number named (`data/numbers.ts`). Removed IDs and numbers no rule has
 * today are pages of their own (`pages/r/[key]/`).
 *
 * Written by the build beside Astro's pages, not rendered by it (issue 22):
 * Astro rendered these 3,300 pages one by one before the chapters, so every
 * PDF waited for them; here they are strings, made in ~0.1 s and written
 * while the PDFs print. `npm run dev` serves them from the same function
 * (`permalinkDevPages`). Old releases get none (20,000 files):
 * `/v24.03/?r=6.1.4` and their search boxes find a rule by number or ID.
 */
import type { Plugin } from 'vite'
import type { Element, Root } from 'hast'
import { h } from 'hastscript'
import { toHtml } from 'hast-util-to-html'
import { join } from 'node:path'
import { writeNewOutputFile } from '../../src/io/files.ts'
import type { Permalink, ReleaseData, RetiredPage, SiteData } from '../data/types.ts'
import { routesOf } from '../data/release-routes.ts'
import { versionLabel } from '../data/links.ts'
import { fileOfSitePath, siteRoutes } from '../shared/routes.ts'

const HOW = { renamed: 'was renamed to', merged: 'was merged into', split: 'was split; its first part is', removed: 'was removed' } as const

/** Every redirecting permalink of the site: its URL path (`/r/6.1.4/`) → the page. */
export function permalinkPages(site: SiteData, siteUrl: string): Map<string, string> {
  const release = site.releases.find((r) => r.current)
  if (!release) throw new Error('Permalinks: the site has no current rules (their pages are `/r/<key>/`)')
  const pages = new Map<string, string>()
  const add = (path: string, html: string) => {
    if (pages.has(path)) throw new Error(`Permalinks: two pages at ${path}`)
    pages.set(path, html)
  }
  for (const link of release.permalinks) add(routesOf(release).permalink(link.key), linkPage(site, release, siteUrl, link))
  for (const retired of site.retired) if (retired.to) add(siteRoutes.retired(retired.id), retiredPage(versionLabel(site, release), siteUrl, { ...retired, to: retired.to }))
  return pages
}

function linkPage(site: SiteData, release: ReleaseData, siteUrl: string, link: Permalink): string {
  // A number that named another rule before: today's rule, told which number brought the reader there.
  const from = link.key === link.number && site.numbers.renamed[link.number] ? link.number : undefined
  const target = { number: link.number, id: link.id, url: from ? routesOf(release).rule(link.id, from) : link.url }
  const canonical = new URL(link.url, siteUrl).href
  // A link posted in a chat unfurls with the rule: number, where it is, its text; URLs absolute from CR_SITE_URL.
  // Nothing an unfurler reads elsewhere (dist's budget: each line is ~3,400 pages): no `description`
  // beside `og:description` (a page kept out of search engines has no snippet to describe, and
  // unfurlers read og:description first), no `og:url` beside the canonical link it would repeat,
  // no `og:type` (its default, website, previews the same).
  const share = [
    h('meta', { property: 'og:site_name', content: 'Netrunner Comprehensive Rules' }),
    h('meta', { property: 'og:title', content: `CR ${link.title} (${versionLabel(site, release)})` }),
    h('meta', { property: 'og:description', content: link.text }),
    h('meta', { property: 'og:image', content: new URL('/icon-512.png', siteUrl).href }),
    h('meta', { name: 'twitter:card', content: 'summary' }),
  ]
  return page(versionLabel(site, release), target, canonical, share, [])
}

function retiredPage(label: string, siteUrl: string, retired: RetiredPage & { to: NonNullable<RetiredPage['to']> }): string {
  return page(label, retired.to, new URL(retired.to.url, siteUrl).href, [], [h('code', retired.id), ` ${HOW[retired.status]} `])
}

/** `label`: what the page calls the release (`v26.03+`, links.ts versionLabel). */
function page(label: string, target: { number: string; id: string; url: string }, canonical: string, share: Element[], before: (Element | string)[]): string {
  const tree: Root = {
    type: 'root',
    children: [
      { type: 'doctype' },
      h('html', { lang: 'en' }, [
        h('head', [
          h('meta', { charset: 'utf-8' }),
          h('title', `CR ${target.number} (${target.id}) · ${label}`),
          h('meta', { httpEquiv: 'refresh', content: `0; url=${target.url}` }),
          h('link', { rel: 'canonical', href: canonical }),
          h('meta', { name: 'robots', content: 'noindex' }),
          // Without it the browser asks for /favicon.ico, a 404 in the console of every permalink.
          h('link', { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }),
          ...share,
        ]),
        h('body', [h('p', [...before, h('a', { href: target.url }, `CR ${target.number} (${target.id})`)])]),
      ]),
    ],
  }
  return toHtml(tree, { characterReferences: { useShortestReferences: true } })
}

/**
 * Write the pages into `out`, each verified, a few at a time: the build's
 * event loop also drives the PDFs printing beside them, so it is never held
 * for long. Each file is new (`writeNewOutputFile`): one Astro wrote already at
 * the same path (`pages/r/[key]/`) fails the build rather than being
 * replaced.
 */
export async function writePermalinkPages(out: string, pages: Map<string, string>): Promise<number> {
  let written = 0
  for (const [path, html] of pages) {
    writeNewOutputFile(join(out, fileOfSitePath(path)), html)
    if (++written % 16 === 0) await new Promise((go) => setImmediate(go))
  }
  return written
}

/**
 * `npm run dev`: the same pages, from the site data as it is now (the live
 * preview replaces it on a save), made again only when it changed.
 */
export function permalinkDevPages(getSite: () => SiteData, siteUrl: string): Plugin {
  /** The pages, with what they were made from: the live preview replaces the current release in the same site object. */
  let made: { from: unknown[]; pages: Map<string, string> } | undefined
  return {
    name: 'netrunner-cr-permalinks',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next()
        const path = (req.url ?? '').split(/[?#]/)[0]!
        if (!path.startsWith('/r/')) return next()
        const site = getSite()
        const from = [site, ...site.releases, site.retired, site.numbers]
        // By the file a static host serves (`/r/rule_54+/` and `/r/rule_54%2B/` are one page; `/r/6.1.4` is `/r/6.1.4/`).
        if (!made || made.from.length !== from.length || made.from.some((x, i) => x !== from[i])) {
          made = { from, pages: new Map([...permalinkPages(site, siteUrl)].map(([p, html]) => [fileOfSitePath(p), html])) }
        }
        let html: string | undefined
        try {
          html = made.pages.get(fileOfSitePath(path.endsWith('/') ? path : `${path}/`))
        } catch {
          // A malformed escape (`/r/%E0/`) names no page.
        }
        if (html === undefined) return next()
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.end(req.method === 'HEAD' ? undefined : html)
      })
    },
  }
}
