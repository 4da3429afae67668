/**
 * A rule about one card is an exception, not an answer (issue 20): "One
 * asset, Lady Liberty, has … 'Limit 1 region per server'" matches "how many
 * upgrades can go in one server" as well as the general rule does, and
 * "One card, Showing Off, allows the Runner to access cards from the bottom"
 * matches "which cards does the runner access first in R&D". Unless the query
 * names the card (then its rules are pinned first anyway), such a rule goes
 * below the next `step` general rules found after it, inside the first
 * `window`. Which rules they are, the build says (`search-vocab.json`'s `o`:
 * a rule whose own text names a card).
 */

/** `hits` with each rule about a card the query does not name moved below the next `step` other rules, within the first `window`. */
export function cardRulesBelowGeneral<T>(hits: T[], ruleOf: (hit: T) => string | undefined, aboutCard: ReadonlySet<string>, named: ReadonlySet<string>, step = 2, window = 12): T[] {
  return belowNext(
    hits,
    (h) => {
      const id = ruleOf(h)
      return id !== undefined && aboutCard.has(id) && !named.has(id)
    },
    step,
    window,
  )
}

/** `hits` with each one `yields` says so of moved below the next `step` others, within the first `window` (`steps.ts` too). */
export function belowNext<T>(hits: T[], yields: (hit: T) => boolean, step: number, window = 12): T[] {
  const list = hits.slice(0, window)
  const out: T[] = []
  // Hits waiting for `step` others to pass before them, each with how many it still waits for.
  let waiting: { hit: T; left: number }[] = []
  for (const hit of list) {
    if (yields(hit)) {
      waiting.push({ hit, left: step })
      continue
    }
    out.push(hit)
    for (const w of waiting) w.left--
    out.push(...waiting.filter((w) => w.left <= 0).map((w) => w.hit))
    waiting = waiting.filter((w) => w.left > 0)
  }
  return [...out, ...waiting.map((w) => w.hit), ...hits.slice(window)]
}

/**
 * The rules of the cards a query names in part ("Dedicated Neural" of Dedicated Neural Net): two
 * words of a card's name, or one only card names use. These keep their place.
 */
export function rulesOfCardsTyped(cards: readonly { words: string[]; rules: string[] }[], typed: readonly string[], cardOnly: ReadonlySet<string>): Set<string> {
  const rules = new Set<string>()
  for (const card of cards) {
    const shared = card.words.filter((w) => typed.includes(w))
    if (shared.length >= 2 || shared.some((w) => cardOnly.has(w))) for (const id of card.rules) rules.add(id)
  }
  return rules
}
