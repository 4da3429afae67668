/**
 * Players' words for what the CR says otherwise (issue 20): everyday verbs
 * ("put" a card on a server is to install it, to "see" a card in R&D is to
 * access it), phrasings ("no cards left" is empty, "keeps triggering
 * forever" is an infinite loop) and older or table terms ("brain damage" is
 * core damage now; "bail out" is to jack out). A query's words or phrase in
 * `says` are searched as `means`, and the reader is told so ("put: install").
 *
 * Data, not code, like `jargon.ts` beside it (abbreviations and shorthand).
 * The glossary's filter reads both too (`site/data/glossary.ts`
 * `playersWordsOf`): one vocabulary for search and glossary.
 * `tests/site/synonyms.test.ts` checks every entry against the real rules:
 * `says` is folded and claimed once, never a term the CR defines; every word
 * of `means` is a word of the CR; `finds` says it; and `q`, a question a
 * player would type, puts `finds` in the top 5 once rewritten.
 */
export interface SynonymEntry {
  /** What players type: folded words, one or more (`no cards left`). */
  says: string[]
  /** The CR's wording. */
  means: string
  /** The rule a judge would point to for it. */
  finds: string
  /** A question a player would ask with it, which must find `finds`. */
  q: string
  /**
   * Words that give the phrase another sense (folded): with one of them in the query it is left
   * as typed. "Who goes first" is the first turn; "which trigger goes first" is an order.
   */
  unlessWith?: string[]
  /** A question with one of `unlessWith`, which must keep the phrase as typed and still find its rule. */
  other?: { q: string; finds: string }
}

export const SYNONYMS: readonly SynonymEntry[] = [
  { says: ['put', 'putting', 'puts'], means: 'install', finds: 'rule_install_cost_ice', q: 'how much does it cost to put a third ice on a server' },
  { says: ['see', 'seeing', 'saw', 'seen'], means: 'access', finds: 'rule_random_access_limit', q: 'how many cards do I see when I run R&D' },
  { says: ['hit r&d', 'hitting r&d'], means: 'breach R&D', finds: 'rule_random_access_limit', q: 'how many cards do I get when I hit R&D' },
  { says: ['hit hq', 'hitting hq'], means: 'breach HQ', finds: 'rule_candidates_breaching_hq', q: 'which cards do I get when I hit HQ' },
  { says: ['hit archives', 'hitting archives'], means: 'breach Archives', finds: 'rule_breaching_archives', q: 'what happens when I hit archives' },
  { says: ['no cards left', 'out of cards', 'runs out of cards', 'no more cards'], means: 'empty', finds: 'rule_empty_rnd', q: 'corp needs to draw but there are no cards left in R&D' },
  { says: ['forever', 'never ends', 'keep triggering', 'keeps triggering'], means: 'infinite loop', finds: 'rule_mandatory_infinite_loop', q: 'two abilities keep triggering each other forever' },
  { says: ['bail', 'bail out', 'bailing'], means: 'jack out', finds: 'rule_jacking_out', q: 'can I bail out of a run before hitting the first ice' },
  { says: ['money', 'cash', 'bucks'], means: 'credits', finds: 'rule_start_credits', q: 'how much money does each side start with' },
  { says: ['kill the runner', 'kills the runner', 'kill me', 'kills me', 'killed me'], means: 'flatlined', finds: 'rule_flatline', q: 'can the corp kill the runner with net damage on my turn' },
  { says: ['kill', 'kills', 'killing', 'throw away'], means: 'trash', finds: 'rule_tagged_trash_resource', q: 'when I am tagged can the corp kill my resources' },
  { says: ['same time', 'same moment', 'at once'], means: 'simultaneously', finds: 'rule_simultaneous_win', q: 'what happens if both players reach 7 points at the same time' },
  { says: ['opening hand', 'first hand'], means: 'starting hand', finds: 'rule_start_hand', q: 'how many cards are in my opening hand' },
  { says: ['redraw', 'redraws'], means: 'mulligan', finds: 'rule_mulligan', q: 'can I redraw my opening hand' },
  {
    says: ['goes first', 'go first', 'starts first'],
    means: 'first turn',
    finds: 'rule_start_corp_turn',
    q: 'who goes first',
    unlessWith: ['trigger', 'triggers', 'triggered', 'triggering', 'ability', 'abilities', 'resolve', 'resolves', 'resolved', 'order', 'simultaneous', 'simultaneously', 'subroutine', 'subroutines', 'reaction', 'interrupt', 'pending', 'priority'],
    other: { q: 'simultaneous triggers who goes first', finds: 'rule_reaction_window_priority' },
  },
  { says: ['stack up', 'add up', 'build up'], means: 'accumulate', finds: 'rule_recurring_credits_do_not_accumulate', q: 'do recurring credits stack up' },
  { says: ['mid', 'middle of', 'midway'], means: 'during', finds: 'rule_encounter_break_paw', q: 'can I use a breaker mid encounter' },
  { says: ['stolen', 'stole'], means: 'steal', finds: 'rule_decline_to_steal', q: 'does an agenda have to be stolen if I access it' },
  { says: ['boost', 'boosting', 'boosts'], means: 'strength', finds: 'rule_icebreaker_strength_increase_outside_of_encounter', q: 'boost a breaker before the run' },
  { says: ['rig'], means: 'installed', finds: 'rule_play_area_runner_cards', q: 'cards in my rig' },
  { says: ['take it', 'have to take'], means: 'steal', finds: 'rule_decline_to_steal', q: 'I saw an agenda in R&D, do I have to take it' },
  { says: ['over advance', 'over advancing', 'over advanced', 'overadvance', 'overadvancing', 'overadvanced'], means: 'advancement requirement', finds: 'rule_advancement_requirement', q: 'can I score an over-advanced agenda' },
  { says: ['each side', 'both sides', 'either side'], means: 'each player', finds: 'rule_start_credits', q: 'how many credits does each side get at the start' },
  { says: ['which wins', 'what wins', 'override', 'overrides', 'trump', 'trumps'], means: 'takes precedence', finds: 'rule_card_precedence', q: 'the card says one thing and the rules another, which wins' },
  { says: ['clear', 'clears', 'clearing'], means: 'remove', finds: 'rule_tagged_remove_tag', q: 'how do I clear tags' },
  { says: ['pick', 'picks', 'picking', 'picked'], means: 'choose', finds: 'rule_candidates_already_accessed', q: 'does the runner pick which card to access next' },
  // Table talk (issue 20), phrases players use for what the CR names otherwise.
  { says: ['r and d'], means: 'R&D', finds: 'rule_rnd_name', q: 'how many cards do I access from r and d' },
  { says: ['fast advance', 'fast advancing', 'fast advanced'], means: 'advance', finds: 'rule_you_can_advance', q: 'can the corp fast advance an agenda the turn it is installed' },
  { says: ['click through', 'clicking through', 'clicked through'], means: 'lose click', finds: 'rule_lose_spend_clicks', q: 'is it legal to click through bioroid ice' },
  { says: ['tag me'], means: 'tagged', finds: 'rule_tagged', q: 'playing tag me, what can the corp do to my resources' },
  { says: ['get past', 'gets past', 'got past', 'getting past', 'run past', 'runs past', 'ran past', 'running past', 'go past', 'went past', 'going past'], means: 'pass', finds: 'rule_pass_ice', q: 'what happens once I get past the last ice' },
  { says: ['trash pile', 'trash piles'], means: 'discard pile', finds: 'rule_discard_pile', q: 'can I look through the corp trash pile' },
  { says: ['face up', 'flip up', 'flipped up', 'flips up'], means: 'faceup', finds: 'rule_archives_faceup_facedown', q: 'are cards in archives face up' },
  { says: ['face down', 'flip down', 'flipped down', 'flips down'], means: 'facedown', finds: 'rule_archives_faceup_facedown', q: 'can the corp put cards face down in archives' },
  // An older name the CR keeps only to say it is the same ("brain damage" is core damage, rule_brain_damage).
  { says: ['brain damage'], means: 'core damage', finds: 'rule_core_damage', q: 'how much brain damage can the runner take before flatlining' },
  { says: ['go away', 'goes away', 'disappear', 'disappears', 'vanish', 'vanishes'], means: 'ceases to exist', finds: 'rule_remote_server_cease_to_exist', q: 'when does an empty remote server go away' },
  // Questions that name what the rules answer in other terms (issue 20, a judge's weak questions): the Runner
  // "trashes" an accessed card by paying its trash cost, which agendas lack; a card played during a run
  // is an action, and a run is an action that must be completed first; a run "twice in one turn" is a
  // question of which actions a player may take in their action phase; one rule "beats" another.
  { says: ['trash an agenda', 'trash agendas', 'trash the agenda', 'trash that agenda', 'trash this agenda'], means: 'trash cost', finds: 'rule_paying_trash_costs', q: 'can the runner trash an agenda' },
  {
    says: ['trash ice', 'trash the ice', 'trash an ice', 'trash a piece of ice', 'trash that ice', 'trash this ice'],
    means: 'trash cost ice',
    finds: 'rule_ice_trash_cost',
    q: 'can I trash ice I run past',
    unlessWith: ['corp', 'install', 'installs', 'installing', 'installed', 'new', 'host', 'hosted', 'hosting', 'program', 'programs', 'trojan', 'derez'],
    other: { q: 'can the corp trash ice when installing new ice on a server', finds: 'rule_install_trash_ice' },
  },
  {
    says: ['event during a run', 'events during a run', 'event during the run', 'events during the run', 'event in the middle of a run', 'events in the middle of a run', 'event mid run', 'events mid run', 'event in a run', 'events in a run', 'event while running'],
    means: 'action window run',
    finds: 'rule_action_completion',
    q: 'can i play an event during a run',
  },
  {
    says: ['twice in one turn', 'twice in a turn', 'twice a turn', 'twice per turn', 'twice each turn', 'twice in the same turn', 'more than once a turn', 'more than once per turn', 'more than once in a turn', 'more than once in one turn', 'multiple times a turn', 'multiple times per turn', 'multiple times in one turn', 'several times a turn'],
    means: 'actions in any combination and order',
    finds: 'rule_action_phase_duration',
    q: 'can i run the same server twice in one turn',
    unlessWith: ['ability', 'abilities', 'trigger', 'triggers', 'triggered', 'triggering', 'use', 'using', 'used', 'paid', 'subroutine', 'subroutines'],
    other: { q: 'can I use the same ability twice in one turn', finds: 'rule_once_per_turn_flag' },
  },
  {
    says: ['win over', 'wins over', 'beat', 'beats'],
    means: 'takes precedence',
    finds: 'rule_cannot_precedence',
    q: 'does a cannot effect beat an effect that says it can',
    unlessWith: ['trace', 'traces', 'link', 'strength', 'psi', 'bid', 'bids', 'game', 'games', 'race', 'score', 'points'],
    other: { q: 'how many credits do I need to beat the trace', finds: 'rule_compare_trace_and_link_strength' },
  },
]

/** A phrase or word of `says` → its entry; `longest`: the most words any phrase has. */
export function synonymIndex(entries: readonly SynonymEntry[] = SYNONYMS): { byPhrase: Map<string, SynonymEntry>; longest: number } {
  const byPhrase = new Map<string, SynonymEntry>()
  let longest = 1
  for (const e of entries) {
    for (const s of e.says) {
      byPhrase.set(s, e)
      longest = Math.max(longest, s.split(' ').length)
    }
  }
  return { byPhrase, longest }
}
