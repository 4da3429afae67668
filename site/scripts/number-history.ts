/**
 * What a number says in a release, wherever the reader resolves it (search's
 * Enter, `?r=`, a permalink) and on the page they land on (issue 19), from
 * `numbers.json` (kept offline with the current rules) and the releases'
 * lookups: `numberStory` in `shared/numbers.ts`, each meaning in the
 * sentence the build's `/r/<n>/` pages use, with links into the release read.
 * Read by the search box, `old-links.ts` and `number-note.ts`.
 */
import { numberStory, type NumbersJson, type StoryRelease } from '../shared/numbers.ts'
import { phrasePlain, type Phrase } from '../../src/core/phrase.ts'
import { siteRoutes } from '../shared/routes.ts'
import { loadLookup, type Lookup } from './lookup.ts'

let numbers: Promise<NumbersJson | undefined> | undefined
export const loadNumbers = () =>
  (numbers ??= fetch(siteRoutes.numbers())
    .then((r) => (r.ok ? (r.json() as Promise<NumbersJson>) : undefined))
    .catch(() => undefined))

export interface NumberHistoryItem {
  /** "6.1.4a in v26.03 (`rule_x`) is 6.1.5a now" */
  sentence: Phrase
  /** The sentence as plain text (the search box's row). */
  plain: string
  /** That rule in the release read, when it has it. */
  now?: { id: string; number: string; url: string }
  /** The rule the number names today (read in a held release); else one it named before. */
  today?: true
}

export interface NumberHistory {
  number: string
  /** "No rule is numbered 6.2.8 in v24.03." */
  heading: string
  /** Where the heading says the rule is today (`6.2.8 today`): the link it carries. */
  now?: { text: string; url: string }
  /** The rule the number names in the release read. */
  here?: string
  /** Other rules the number named or names in other releases; empty: nothing to say. */
  items: NumberHistoryItem[]
  /**
   * Where resolving the number goes: its rule, or the one rule it named
   * elsewhere, with `?from=<number>` when there is something to say there
   * (the page says it on landing); undefined when it must be said first.
   */
  landing?: string
}

const storyRelease = (lookup: Lookup): StoryRelease => ({
  ...(lookup.routes.version ? { version: lookup.routes.version } : {}),
  idOf: (n) => lookup.byNumber.get(n)?.id,
  numberOf: (id) => lookup.byId.get(id)?.number,
})

/** What `number` says in the release at `base` (the current rules by default). */
export async function numberHistory(number: string, base = '/'): Promise<NumberHistory> {
  const [json, lookup, today] = await Promise.all([loadNumbers(), loadLookup(base), base === '/' ? undefined : loadLookup('/').catch(() => undefined)])
  return historyIn(json, number, lookup, today)
}

/** `numberHistory` from what it loads: `numbers.json` (undefined: could not load), the release's lookup and today's (undefined: the same). */
export function historyIn(json: NumbersJson | undefined, number: string, lookup: Lookup, today?: Lookup): NumberHistory {
  const release = storyRelease(lookup)
  const here = release.idOf(number)
  const story = json ? numberStory(json, number, release, today ? storyRelease(today) : release) : { heading: '', items: [] }
  const items = story.items.map(({ sentence, target, today }) => ({
    sentence,
    plain: phrasePlain(sentence),
    ...(today ? { today } : {}),
    ...(target ? { now: { ...target, url: lookup.routes.rule(target.id) } } : {}),
  }))
  const from = items.length > 0 ? number : undefined
  const only = items.length === 1 ? items[0]!.now : undefined
  const landing = here ? lookup.routes.rule(here, from) : only ? lookup.routes.rule(only.id, from) : undefined
  const now = 'now' in story && story.now && here ? { text: `${story.now} today`, url: siteRoutes.retired(here) } : undefined
  return { number, heading: story.heading, ...(now ? { now } : {}), ...(here ? { here } : {}), items, ...(landing ? { landing } : {}) }
}
