/**
 * Every URL of the site, from one builder per release: `routes(release).rule(id)`.
 *
 * A release lives under its base (`/` for the current rules, `/v24.03/` for a
 * held release); each route is a row of the table below, built from that
 * base once, so no caller prefixes a path itself and no prefix can be applied
 * twice. Pure (no Node, no DOM): the build (`data/`, `integration/`, pages)
 * and the browser scripts (`scripts/`) import the same module.
 *
 * A rule's page is its chapter's, found through `chapterOf` (the build's
 * compiled rules, or `lookup.json` in the browser); a rule the release does
 * not know goes through the release's own lookup (`<base>?r=<id>`), which
 * finds renamed IDs and numbers too.
 */

/** The release a base serves: `/v24.03/` → `v24.03`; the current rules (`/`) → undefined. */
export function versionOfBase(base: string): string | undefined {
  return /^\/(v\d{2}\.\d{2})\/$/.exec(base)?.[1]
}

/** The base of a release: `v24.03` → `/v24.03/`; the current rules (`undefined` or `current`) → `/`. */
export function baseOf(version?: string): string {
  return version && version !== 'current' ? `/${version}/` : '/'
}

/** `chpt_game_concepts` → `game-concepts`: a chapter's page under its release (one home with the names it must not take). */
export { chapterSlug } from '../../src/core/page-names.ts'

/** A glossary term's anchor: `trash cost` → `term-trash-cost`. */
export const termAnchor = (term: string) => `term-${slugify(term)}`

/** A card's anchor on the card index: `Sneakdoor Beta` → `card-sneakdoor-beta`. */
export const cardAnchor = (title: string) => `card-${slugify(title)}`

function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'x'
  )
}

export interface RouteRelease {
  /** URL prefix ending in `/`: `/` for the current rules, `/v24.03/` for a held release. */
  base: string
  /** The chapter slug of a rule ID in this release (undefined: not a rule of it). */
  chapterOf?: (id: string) => string | undefined
}

const q = encodeURIComponent
const hash = (id: string | undefined) => (id ? `#${id}` : '')

export interface Routes {
  /** `/` or `/v24.03/`. */
  readonly base: string
  /** `v24.03`, or undefined for the current rules. */
  readonly version: string | undefined
  readonly current: boolean
  // Pages
  home(): string
  chapter(slug: string, id?: string): string
  /**
   * A rule on its chapter page; through the release's lookup (`?r=`) when its
   * chapter is not known. `from`: the number the reader followed, when it
   * named another rule before (the page says so: `?from=6.2.5`).
   */
  rule(id: string, from?: string): string
  /** A rule on the one-page rules (`/full/`). */
  onePage(id?: string): string
  /**
   * The nearest place to a rule this release has no equivalent of, on its
   * chapter (or the one-page rules), saying the rule is absent (`?gone=<id>`):
   * the version switcher's landing for a rule removed or not yet written.
   */
  nearest(slug: string, nearestId: string, absentId: string, onePage?: boolean): string
  glossary(term?: string): string
  cards(title?: string): string
  search(query?: string, chapter?: string): string
  /** The release's home page finding a rule by number or ID (the official site's `?r=`). */
  find(numberOrId: string): string
  /** The link to share for a rule: `/r/6.1.4/` (a page that unfurls) on the current rules, `/v24.03/?r=6.2.5` on a held release. */
  permalink(numberOrId: string): string
  /** The permalink form typed by hand, `/r/6.1.4/` or `/v24.03/r/6.2.5/` (a held release's goes through the 404 page to `find`). */
  permalinkPath(numberOrId: string): string
  pdf(file: string): string
  officialJson(): string
  // Data the browser reads
  lookup(): string
  searchVocab(): string
  /** Cards the rules never name → their type, subtypes and keywords in the rules' words (`data/card-terms.ts`). */
  cardTerms(): string
  /** The English words the typo corrector leaves alone, a Bloom filter (`data/english-words.ts`): fetched with `cardTerms`, for a word the rules do not know. */
  searchEnglish(): string
  searchIds(): string
  previews(slug: string): string
  cardData(): string
  switchMap(): string
  offlineList(): string
  pagefind(file?: string): string
  /** Same path under this release (the version switcher; `path` under the base, like `runs/`). */
  path(path: string): string
}

export function routes(release: RouteRelease | string): Routes {
  const { base, chapterOf } = typeof release === 'string' ? { base: release, chapterOf: undefined } : release
  if (!/^\/(?:v\d{2}\.\d{2}\/)?$/.test(base)) throw new Error(`Unexpected release base \`${base}\`, expected \`/\` or \`/vYY.MM/\``)
  const version = versionOfBase(base)
  const current = version === undefined
  const at = (path: string) => `${base}${path}`
  const r: Routes = {
    base,
    version,
    current,
    home: () => base,
    chapter: (slug, id) => at(`${slug}/${hash(id)}`),
    rule: (id, from) => {
      const slug = chapterOf?.(id)
      if (!slug) return r.find(id)
      return from ? at(`${slug}/?from=${q(from)}#${id}`) : r.chapter(slug, id)
    },
    onePage: (id) => at(`full/${hash(id)}`),
    nearest: (slug, nearestId, absentId, onePage = false) => at(`${onePage ? 'full' : slug}/?gone=${q(absentId)}#${nearestId}`),
    glossary: (term) => at(`glossary/${term ? `#${termAnchor(term)}` : ''}`),
    cards: (title) => at(`cards/${title ? `#${cardAnchor(title)}` : ''}`),
    search: (query, chapter) => {
      if (query === undefined) return at('search/')
      const params = new URLSearchParams({ q: query })
      if (chapter) params.set('chapter', chapter)
      return at(`search/?${params}`)
    },
    find: (key) => at(`?r=${q(key)}`),
    permalink: (key) => (current ? `/r/${q(key)}/` : r.find(key)),
    permalinkPath: (key) => at(`r/${q(key)}/`),
    pdf: (file) => at(file),
    officialJson: () => at('official/rules.json'),
    lookup: () => at('lookup.json'),
    searchVocab: () => at('search-vocab.json'),
    cardTerms: () => at('card-terms.json'),
    // The site's, not a release's: English words are the same in every release.
    searchEnglish: () => '/search-english.json',
    searchIds: () => at('search-ids.json'),
    previews: (slug) => at(`previews/${slug}.json`),
    cardData: () => at('card-data.json'),
    switchMap: () => at('switch.json'),
    offlineList: () => at('offline.json'),
    pagefind: (file = '') => at(`pagefind/${file}`),
    path: (path) => at(path.replace(/^\//, '')),
  }
  return r
}

/** Pages that are the site's, not a release's: every release links to the same ones. */
export const siteRoutes = {
  changes: (key?: string, anchor?: string) => (key ? `/changes/${key}/${hash(anchor)}` : '/changes/'),
  /** `/r/<old-id>/`: what became of an ID the current rules lack (and every current permalink). */
  retired: (id: string) => `/r/${q(id)}/`,
  coverage: () => '/coverage/',
  /** Every number some release printed for another rule than today's (`shared/numbers.ts`). */
  numbers: () => '/numbers.json',
  serviceWorker: () => '/sw.js',
}

/**
 * The file a static host serves for a site path, relative to the site's
 * folder, as files are named (escapes decoded): `/runs/` → `runs/index.html`,
 * `/r/rule_54%2B/` → `r/rule_54+/index.html`, `/lookup.json` → `lookup.json`.
 * Throws on a malformed escape (`/r/%E0/`), which names no file.
 */
export function fileOfSitePath(path: string): string {
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent)
  return (path.endsWith('/') ? [...segments, 'index.html'] : segments).join('/')
}

/** The release a site path is under, by its shape: `/v24.03/runs/` → `/v24.03/` and `runs/`; anything else the current rules'. */
export function releaseOfPath(pathname: string): { base: string; rest: string } {
  const base = /^\/v\d{2}\.\d{2}\//.exec(pathname)?.[0] ?? '/'
  return { base, rest: pathname.slice(base.length) }
}

/**
 * Which release a path is under, of the bases the site serves: `/v24.03/runs/`
 * → `/v24.03/` and `runs/`; a path under no held release is the current rules'.
 */
export function splitPath(pathname: string, bases: readonly string[]): { base: string; rest: string } {
  const held = bases.filter((b) => b !== '/' && pathname.startsWith(b)).sort((a, b) => b.length - a.length)[0]
  const base = held ?? '/'
  return { base, rest: pathname.slice(base.length) }
}

/**
 * A permalink path's shape, read forgivingly: `/r/<key>/` or
 * `/v24.03/r/<key>/`, in any case (`/R/…`, `/V24.03/…`), the final slash
 * optional. The service worker (`scripts/sw.ts`, which imports nothing)
 * carries the same pattern; a test holds them equal.
 */
export const PERMALINK_PATH = /^(\/(?:v\d{2}\.\d{2}\/)?)r\/([^/?#]+)\/?$/i

/**
 * A permalink path, `/r/6.1.4/` or `/v24.03/r/6.2.5/`: its release base (in
 * lower case) and key (decoded, as typed: the release's lookup folds case,
 * spaces and letters, `6.1.4A`, `6.1.4 a`, `RULE_END_THE_RUN`), else undefined.
 */
export function parsePermalink(pathname: string): { base: string; key: string } | undefined {
  const m = PERMALINK_PATH.exec(pathname)
  if (!m) return undefined
  let key = m[2]!
  try {
    key = decodeURIComponent(key)
  } catch {
    // A malformed escape: the key as typed.
  }
  key = key.trim()
  return key ? { base: m[1]!.toLowerCase(), key } : undefined
}

/**
 * The links that name a rule: references in rule text, a card's and a
 * glossary entry's rule numbers, a rule's "→ 6.9.2". Each names its rule by
 * its URL alone (`ruleOfLink`): no `data-ref` beside it (0.65 MB of `dist/`).
 */
export const RULE_LINK = 'a.cr-ref, a.gn'

/**
 * The rule ID a rule link names, from its URL: the `#fragment` of
 * `/runs/#rule_end_the_run`, or the `?r=` of a rule whose chapter the page
 * did not know (`/v24.03/?r=rule_x`, `routes().rule`); undefined for neither.
 */
export function ruleOfLink(href: string): string | undefined {
  const url = new URL(href, 'http://x/')
  const key = url.hash ? url.hash.slice(1) : (url.searchParams.get('r') ?? '')
  try {
    return decodeURIComponent(key) || undefined
  } catch {
    return key || undefined
  }
}
