/**
 * A link checker for the built site: every internal link, redirect, asset and
 * `#anchor` in every HTML page (and the URLs the search data points at) must
 * resolve to a file in `dist/` and an element `id` in it. HTML is parsed with
 * a real parser: parse5 when installed, else Chromium's own `DOMParser`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'

export interface PageLinks {
  ids: string[]
  /** `[attribute value, where]`, e.g. `['/runs/#x', 'a[href]']`. */
  links: [string, string][]
}

export interface Broken {
  page: string
  link: string
  where: string
  reason: string
}

/** Which parser `extractAll` will use. */
export async function parserName(): Promise<'parse5' | 'chromium'> {
  return (await loadParse5()) ? 'parse5' : 'chromium'
}

type Parse5 = { parse(html: string): unknown }
async function loadParse5(): Promise<Parse5 | undefined> {
  try {
    const name = 'parse5'
    return (await import(/* @vite-ignore */ name)) as Parse5
  } catch {
    return undefined
  }
}

const LINK_ATTRS: Record<string, string[]> = { a: ['href'], link: ['href'], script: ['src'], img: ['src'], iframe: ['src'], form: ['action'], source: ['src'] }

interface P5Node {
  nodeName: string
  attrs?: { name: string; value: string }[]
  childNodes?: P5Node[]
  content?: P5Node
}

function linksFromParse5(root: P5Node): PageLinks {
  const ids: string[] = []
  const links: [string, string][] = []
  const walk = (node: P5Node) => {
    const attrs = node.attrs ?? []
    const get = (name: string) => attrs.find((a) => a.name === name)?.value
    const id = get('id')
    if (id !== undefined) ids.push(id)
    for (const attr of LINK_ATTRS[node.nodeName] ?? []) {
      const v = get(attr)
      if (v !== undefined) links.push([v, `${node.nodeName}[${attr}]`])
    }
    if (node.nodeName === 'meta' && get('http-equiv')?.toLowerCase() === 'refresh') {
      const url = /url=(.*)$/i.exec(get('content') ?? '')?.[1]
      if (url) links.push([url.trim(), 'meta[refresh]'])
    }
    for (const child of node.childNodes ?? []) walk(child)
    if (node.content) walk(node.content)
  }
  walk(root)
  return { ids, links }
}

/** Parse every page; `browser` is only used when parse5 is not installed. */
export async function extractAll(pages: Map<string, string>, browser?: Browser): Promise<Map<string, PageLinks>> {
  const out = new Map<string, PageLinks>()
  const parse5 = await loadParse5()
  if (parse5) {
    for (const [path, html] of pages) out.set(path, linksFromParse5(parse5.parse(html) as P5Node))
    return out
  }
  if (!browser) throw new Error('Unexpected: no HTML parser, expected parse5 in node_modules or Chromium')
  const page = await browser.newPage()
  try {
    const entries = [...pages]
    for (let i = 0; i < entries.length; i += 250) {
      const batch = entries.slice(i, i + 250)
      const parsed = await page.evaluate(
        ({ htmls, attrs }) =>
          htmls.map((html) => {
            const doc = new DOMParser().parseFromString(html, 'text/html')
            const ids = Array.from(doc.querySelectorAll('[id]'), (e) => e.id)
            const links: [string, string][] = []
            for (const [tag, names] of Object.entries(attrs)) {
              for (const name of names) {
                for (const el of Array.from(doc.querySelectorAll(`${tag}[${name}]`))) links.push([el.getAttribute(name)!, `${tag}[${name}]`])
              }
            }
            for (const meta of Array.from(doc.querySelectorAll('meta[http-equiv="refresh" i]'))) {
              const url = /url=(.*)$/i.exec(meta.getAttribute('content') ?? '')?.[1]
              if (url) links.push([url.trim(), 'meta[refresh]'])
            }
            return { ids, links }
          }),
        { htmls: batch.map(([, html]) => html), attrs: LINK_ATTRS },
      )
      batch.forEach(([path], k) => out.set(path, parsed[k]!))
    }
  } finally {
    await page.close()
  }
  return out
}

/** Every file under `dir`, as site paths (`/runs/index.html`). */
export function listFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name)
      if (statSync(full).isDirectory()) walk(full)
      else out.push(`/${relative(dir, full).split(sep).join('/')}`)
    }
  }
  walk(dir)
  return out
}

/** The URLs Pagefind's records point at (fragments are gzipped JSON behind a signature). */
export function pagefindUrls(dir: string): string[] {
  const fragments = join(dir, 'fragment')
  if (!existsSync(fragments)) return []
  return readdirSync(fragments).map((name) => {
    const text = gunzipSync(readFileSync(join(fragments, name))).toString('utf8')
    return (JSON.parse(text.replace(/^pagefind_dcd/, '')) as { url: string }).url
  })
}

export interface CheckOptions {
  /** Files that may be missing (e.g. the PDF where there is no Chromium). */
  optional?: (path: string) => boolean
}

/**
 * Check links from `sources` (page path → links) against the site. Links may
 * also come from data (`extra`): `[url, where]` checked as if on `/`.
 */
export function checkLinks(
  dist: string,
  parsed: Map<string, PageLinks>,
  extra: [string, string][] = [],
  options: CheckOptions = {},
): Broken[] {
  const idsOf = new Map<string, Set<string>>()
  for (const [path, links] of parsed) idsOf.set(path, new Set(links.ids))
  const broken: Broken[] = []

  const resolveFile = (pathname: string): string | undefined => {
    const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}/index.html`]
    return candidates.find((c) => existsSync(join(dist, c)) && statSync(join(dist, c)).isFile())
  }

  const check = (page: string, link: string, where: string) => {
    if (/^(mailto|data|javascript):/i.test(link)) {
      if (/^javascript:/i.test(link)) broken.push({ page, link, where, reason: 'javascript: URL' })
      return
    }
    const url = new URL(link, `http://site.invalid${page}`)
    if (url.host !== 'site.invalid') return // External: NetrunnerDB and friends.
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      broken.push({ page, link, where, reason: 'undecodable path' })
      return
    }
    const file = resolveFile(pathname)
    if (!file) {
      if (!options.optional?.(pathname)) broken.push({ page, link, where, reason: 'no such file' })
      return
    }
    if (url.hash && url.hash !== '#') {
      const id = decodeURIComponent(url.hash.slice(1))
      const ids = idsOf.get(file)
      if (!ids) broken.push({ page, link, where, reason: `anchor in a file that is not HTML: ${file}` })
      else if (!ids.has(id)) broken.push({ page, link, where, reason: `no element with id="${id}" in ${file}` })
    }
  }

  for (const [page, { links }] of parsed) {
    const base = page.replace(/index\.html$/, '')
    for (const [link, where] of links) check(base, link, where)
  }
  for (const [link, where] of extra) check('/', link, where)
  return broken
}
