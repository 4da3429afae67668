/**
 * Every number any release printed, for the site (issue 19): the number
 * ledger of `src/core/versions/` (`buildNumberLedger`, `explainNumber`,
 * `describeMeaningPhrase`) over every release and the current rules, turned into
 *
 *   - a page `/r/<n>/` for each number no rule has today (`10.5.5`; `6.1.4a`
 *     once a rule is inserted before 6.1.4): what it named, in which
 *     releases, and where that rule is now;
 *   - for today's numbers that named another rule before, the permalink's
 *     target carries `?from=<n>`, and the page says what the number named;
 *   - `numbers.json` (`shared/numbers.ts`), the same for the browser: the
 *     search box, `?r=` and that note read it, offline too.
 */
import { buildNumberLedger, describeMeaningPhrase, explainNumber, resolveRelease, type NumberMeaning, type VersionIndex } from '../../src/core/versions/index.ts'
import { toJsonMeaning, type NumbersJson } from '../shared/numbers.ts'
import { routesOf } from './release-routes.ts'
import type { NumberPage, ReleaseData } from './types.ts'

export interface NumbersView {
  /** `/r/<n>/` for the numbers no rule has today. */
  pages: NumberPage[]
  /** Today's numbers that named another rule before: number → what it named. */
  renamed: Map<string, NumberPage>
  json: NumbersJson
}

/** `index`: every release and the current rules; `releases`: the ones the site builds (for links). */
export function buildNumbers(index: VersionIndex, releases: ReleaseData[]): NumbersView {
  const ledger = buildNumberLedger(index.versions.map((version) => ({ version, rules: resolveRelease(index, version) })))
  const current = releases.find((r) => r.current)!
  const today = new Map(current.lookup.r.map(([id, number]) => [number, id]))
  const byKey = new Map(releases.map((r) => [r.key, r]))
  /** The rule in the last release of the run that printed the number, when that release is built. */
  const thenUrl = (m: NumberMeaning) => {
    const release = byKey.get(m.versions[m.versions.length - 1]!)
    return release && !release.current ? routesOf(release).rule(m.id) : undefined
  }
  const pages: NumberPage[] = []
  const renamed = new Map<string, NumberPage>()
  const json: NumbersJson = { v: [...ledger.versions], n: {} }
  for (const number of [...ledger.numbers()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))) {
    const { today: now, earlier } = explainNumber(ledger, number, (n) => today.get(n))
    if (earlier.length === 0) continue
    const page: NumberPage = {
      number,
      earlier: earlier.map((m) => {
        const then = thenUrl(m)
        return {
          id: m.id,
          versions: m.versions,
          sentence: describeMeaningPhrase(m, ledger.versions),
          ...(m.currentId !== undefined && m.currentNumber !== undefined ? { now: { id: m.currentId, number: m.currentNumber, url: routesOf(current).rule(m.currentId) } } : {}),
          ...(then ? { then } : {}),
        }
      }),
    }
    if (now) {
      page.today = { ...now, url: routesOf(current).rule(now.id) }
      renamed.set(number, page)
    } else pages.push(page)
    json.n[number] = earlier.map(toJsonMeaning)
  }
  return { pages, renamed, json }
}
