/**
 * Rule number or ID → page, from `lookup.json`. Pagefind drops punctuation
 * (`6.1.4` would also match `61.4`), so numbers never go through it.
 */
import { lowerFirst, normalizeNumber } from '../../src/core/ids.ts'
import { routes, type Routes } from '../shared/routes.ts'

export interface Hit {
  id: string
  number: string
  url: string
  /** `6. Runs` */
  chapter: string
  /** `6. Runs › 6.9. Steps of a Run`: where a search row says the rule is. */
  where: string
  /** `runs`: its chapter's page under the release. */
  slug: string
  /** Its release's base (`/`, `/v24.03/`). */
  base: string
}

export interface Lookup {
  /** Every URL of this lookup's release (a rule's through its chapter here). */
  routes: Routes
  byId: Map<string, Hit>
  /** IDs in lower case, for IDs typed in another case (`RULE_END_THE_RUN`). */
  byFoldedId: Map<string, Hit>
  byNumber: Map<string, Hit>
  terms: Map<string, string[]>
  /** Rule IDs in `lookup.json` order: other files refer to rules by index into it. */
  ids: string[]
  /** A held release's rules that changed since → `"<letters> <today's number>"` (`src/core/versions/release-map.ts`). */
  changed: Map<string, string>
}

/** `c`: chapter slugs; `r`: `[id, number, index into c]`; `t`: defined terms; `o`: another release's (or a retired) ID → the ID it is here; `h` (held releases): rules changed since → how; `s`: section names, `w`: each entry's index into `s` (-1: none). */
export type LookupJson = { c: string[]; n: string[]; r: [string, string, number][]; t: Record<string, string[]>; o?: Record<string, string>; h?: Record<string, string>; s?: string[]; w?: number[] }

const cache = new Map<string, Promise<Lookup>>()

/** A rule of the lookup; its URL made when first asked for (a search asks for a few of 1,600: on a phone, building them all was 20 ms of the first search). */
class RuleHit implements Hit {
  #url: string | undefined
  constructor(
    readonly id: string,
    readonly number: string,
    readonly chapter: string,
    readonly where: string,
    readonly slug: string,
    readonly base: string,
    private readonly release: Routes,
  ) {}
  get url(): string {
    return (this.#url ??= this.release.rule(this.id))
  }
}

export function loadLookup(base: string): Promise<Lookup> {
  let p = cache.get(base)
  if (!p) {
    p = fetch(routes(base).lookup())
      .then((r) => (r.ok ? (r.json() as Promise<LookupJson>) : Promise.reject(new Error(`${routes(base).lookup()}: ${r.status}`))))
      .then((json) => createLookup(json, base))
    cache.set(base, p)
  }
  return p
}

/** The lookup from `lookup.json`'s data, for the release at `base`. */
export function createLookup({ c, n, r, t, o = {}, h = {}, s = [], w = [] }: LookupJson, base = '/'): Lookup {
  const slugOf = new Map(r.map(([id, , chapter]) => [id, c[chapter]]))
  for (const [old, now] of Object.entries(o)) if (!slugOf.has(old) && slugOf.has(now)) slugOf.set(old, slugOf.get(now))
  const release = routes({ base, chapterOf: (id) => slugOf.get(id) })
  const byId: Lookup['byId'] = new Map()
  const byNumber: Lookup['byNumber'] = new Map()
  r.forEach(([id, number, chapter], i) => {
    const name = n[chapter] ?? ''
    const section = s[w[i] ?? -1]
    const hit = new RuleHit(id, number, name, section ? `${name} › ${section}` : name, c[chapter] ?? '', base, release)
    byId.set(id, hit)
    byNumber.set(number, hit)
  })
  // Retired IDs (`rule_checkpoint_uniqueness`) go to the rule they became.
  for (const [old, now] of Object.entries(o)) {
    const hit = byId.get(now)
    if (hit && !byId.has(old)) byId.set(old, hit)
  }
  const byFoldedId = new Map<string, Hit>()
  for (const [id, hit] of byId) if (!byFoldedId.has(id.toLowerCase())) byFoldedId.set(id.toLowerCase(), hit)
  return { routes: release, byId, byFoldedId, byNumber, terms: new Map(Object.entries(t)), ids: r.map(([id]) => id), changed: new Map(Object.entries(h)) }
}

/**
 * `rule_end_the_run`, `6.1.4`, `6.1.4a`, `CR 6.1.4`, `6.1.4.a.` → the rule; so
 * does a link to one, pasted: `#rule_end_the_run`, the official site's
 * `…/#rule_end_the_run`, a permalink `…/r/6.1.4a/`. Anything else → undefined.
 */
export function resolveQuery(lookup: Lookup, query: string) {
  const q = linkTarget(query.trim())
  if (!q) return undefined
  const byId = lookup.byId.get(lowerFirst(q)) ?? (/^[\w-]+$/.test(q) ? lookup.byFoldedId.get(q.toLowerCase()) : undefined)
  if (byId) return byId
  const n = normalizeNumber(spacedLetter(q))
  return n ? lookup.byNumber.get(n) : undefined
}

/**
 * What a pasted link points at: its `#fragment`, the number or ID of a `/r/…/` permalink, or of
 * `?r=` (ours, and the official site's `…/rules/?r=rule_end_the_run`); other text as it is, without
 * what a number picks up when copied out of a sentence or typed on a phone: `(6.1.4)`, `6.1.4),`,
 * `6,1,4` (a comma keyboard's decimal point).
 */
function linkTarget(q: string): string {
  if (/\s/.test(q)) return q
  const hash = q.lastIndexOf('#')
  const param = hash >= 0 ? undefined : /[?&]r=([^&#]+)/.exec(q)?.[1]
  const target = hash >= 0 ? q.slice(hash + 1) : (param ?? /(?:^|\/)r\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(q)?.[1] ?? tidyNumber(q))
  try {
    return decodeURIComponent(target)
  } catch {
    return target
  }
}

/** `(6.1.4)`, `[6.1.4a]`, `6.1.4),` → the number; `6,1,4a` → `6.1.4a`. Anything else as it is. */
function tidyNumber(q: string): string {
  const bare = /^[(["'“‘]*(\d+(?:[.,]\d+)*(?:[.,]?[a-z]{1,2})?(?:\.[ivx]+)?)[)\]"'”’.,;:!?]*$/i.exec(q)?.[1]
  if (!bare) return q
  return /^\d+(?:,\d+)+/.test(bare) && !bare.includes('.') ? bare.replace(/,/g, '.').replace(/\.([a-z]{1,2})$/i, '$1') : bare
}

/** `6.9.2 b`, `6.1.4 a.` → `6.9.2b`, `6.1.4a.`: a sub-rule's letter typed apart. */
const spacedLetter = (q: string) => q.replace(/^(.*\d)\s+([a-z]{1,2}\.?)$/i, '$1$2')

/** The rule number a query is (`CR 6.1.4a`, `6.9.2 b`, a permalink), in citation form; undefined when it is not one. */
export const numberOf = (query: string) => normalizeNumber(spacedLetter(linkTarget(query.trim())))

/** Number-shaped queries are answered by the lookup alone. */
export const isNumberQuery = (query: string) => numberOf(query) !== undefined

/** A query as the glossary keys terms: lower case, single spaces. */
const asTerm = (query: string) => query.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * Defined terms that start with what was typed (`j` → "jacking out"): shown
 * while Pagefind is still loading, so the first keystroke already answers.
 */
export function termsStartingWith(lookup: Lookup, query: string, limit: number): { term: string; hit: Hit }[] {
  const q = asTerm(query)
  if (!q) return []
  const out: { term: string; hit: Hit }[] = []
  const keys = [...lookup.terms.keys()].filter((k) => k.startsWith(q) || k.includes(` ${q}`)).sort((a, b) => a.length - b.length || a.localeCompare(b))
  for (const term of keys) {
    for (const id of lookup.terms.get(term)!) {
      const hit = lookup.byId.get(id)
      if (hit && !out.some((o) => o.hit.id === id)) out.push({ term, hit })
    }
    if (out.length >= limit) break
  }
  return out.slice(0, limit)
}
