/**
 * The community's words for what the CR calls something else: abbreviations
 * (`ETR`, `BP`, `MU`), shorthand (`dmg`, `subs`, `creds`) and table talk
 * (`mull`, `facecheck`). A query word in `says` is searched as `means`, in
 * the CR's own words, and the reader is told so ("ETR → end the run").
 *
 * Data, not code: add an entry when people type something the CR never says.
 * `tests/site-unit/jargon.test.ts` checks every entry: `says` is lower case, claimed
 * once, and never a term the CR defines (that would hide the CR's meaning);
 * every word of `means` occurs in the CR; `finds` is a rule that defines or
 * states it, which the expansion must bring up.
 */
export interface JargonEntry {
  /** What people type, lower case, one word each (`r&d` is one word). */
  says: string[]
  /** The CR's wording. */
  means: string
  /** The rule a judge would point to for it: checked by the tests. */
  finds: string
}

export const JARGON: readonly JargonEntry[] = [
  { says: ['etr'], means: 'end the run', finds: 'rule_end_the_run' },
  { says: ['bp'], means: 'bad publicity', finds: 'rule_bad_publicity' },
  { says: ['mu'], means: 'memory unit', finds: 'rule_memory_unit' },
  { says: ['ap'], means: 'agenda points', finds: 'rule_win_agenda_points' },
  { says: ['rnd'], means: 'R&D', finds: 'rule_rnd_name' },
  { says: ['dmg'], means: 'damage', finds: 'rule_suffer_or_take_damage' },
  { says: ['sub', 'subs'], means: 'subroutine', finds: 'rule_subroutine' },
  { says: ['breaker', 'breakers'], means: 'icebreaker', finds: 'rule_program_icebreaker' },
  { says: ['cred', 'creds'], means: 'credits', finds: 'rule_credit' },
  { says: ['adv'], means: 'advancement', finds: 'rule_type_advancement_counter' },
  { says: ['str'], means: 'strength', finds: 'rule_ice_strength_value' },
  { says: ['mull', 'mulli'], means: 'mulligan', finds: 'rule_mulligan' },
  { says: ['rfg'], means: 'removed from the game', finds: 'rule_rfg_move' },
  { says: ['id'], means: 'identity', finds: 'rule_identity' },
  { says: ['paw'], means: 'paid ability window', finds: 'rule_paid_ability_window' },
  { says: ['facecheck', 'facechecks', 'facechecking'], means: 'encounter ice', finds: 'rule_encounter_ice_phase' },
  { says: ['jackout'], means: 'jack out', finds: 'rule_jacking_out' },
  { says: ['deckout', 'decked'], means: 'R&D is empty', finds: 'rule_empty_rnd' },
  { says: ['pump', 'pumping'], means: 'strength', finds: 'rule_icebreakers_strength_value' },
  { says: ['cant', "can't"], means: 'cannot', finds: 'rule_cannot_precedence' },
  { says: ['rid'], means: 'remove', finds: 'runner_basic_action_remove_tag' },
  { says: ['handsize'], means: 'maximum hand size', finds: 'rule_max_hand_size' },
  { says: ['trashcost'], means: 'trash cost', finds: 'rule_basic_trash_ability' },
  { says: ['fire', 'fires', 'fired', 'firing'], means: 'resolve', finds: 'rule_resolve_subroutines_in_order' },
  // Table talk for what the CR names otherwise (issue 20): the words of the game's community, not of one query set.
  { says: ['rd'], means: 'R&D', finds: 'rule_rnd_name' },
  { says: ['unrez', 'unrezzes', 'unrezzing'], means: 'derez', finds: 'sec_derez' },
  { says: ['bounce', 'bounced', 'bounces', 'bouncing'], means: 'end the run', finds: 'rule_end_the_run' },
  { says: ['snipe', 'snipes', 'sniped', 'sniping'], means: 'steal', finds: 'rule_score_steal' },
  { says: ['tutor', 'tutors', 'tutored', 'tutoring'], means: 'search', finds: 'movement_search' },
  { says: ['econ', 'economy', 'mana'], means: 'credits', finds: 'rule_credit' },
  { says: ['pop', 'pops', 'popped', 'popping', 'sac', 'sacrifice', 'sacrificed', 'sacrificing'], means: 'trash', finds: 'rule_trashing' },
  { says: ['opp', 'opps', 'oppo'], means: 'opponent', finds: 'rule_hand_secret' },
  { says: ['multiaccess', 'multiaccessing'], means: 'access additional cards', finds: 'rule_increasing_random_access_limit' },
  { says: ['tagme'], means: 'tagged', finds: 'rule_tagged' },
  { says: ['badpub'], means: 'bad publicity', finds: 'rule_bad_publicity' },
  { says: ['ping', 'pings', 'pinged', 'pinging'], means: 'damage', finds: 'rule_suffer_or_take_damage' },
  { says: ['exile', 'exiled', 'exiles'], means: 'removed from the game', finds: 'rule_rfg_move' },
  { says: ['graveyard', 'gy'], means: 'discard pile', finds: 'rule_discard_pile' },
  { says: ['clickthrough'], means: 'lose click', finds: 'rule_lose_spend_clicks' },
  { says: ['deckedout', 'decking'], means: 'R&D is empty', finds: 'rule_empty_rnd' },
  { says: ['overdraw', 'overdraws', 'overdrew', 'overdrawn', 'overdrawing'], means: 'R&D is empty', finds: 'rule_empty_rnd' },
  // Half of the CR's phrase, said alone ("jack after the last ice", "took 3 net"); typed
  // beside the rest of the phrase ("jack out", "net damage"), the word is left as the CR's own.
  { says: ['jack', 'jacks', 'jacked'], means: 'jack out', finds: 'rule_jacking_out' },
  { says: ['net'], means: 'net damage', finds: 'rule_meat_net_damage' },
  { says: ['meat'], means: 'meat damage', finds: 'rule_meat_net_damage' },
  { says: ['pts'], means: 'agenda points', finds: 'rule_win_agenda_points' },
  { says: ['die', 'dies', 'died', 'dead', 'death'], means: 'flatlined', finds: 'rule_flatline' },
  { says: ['ices'], means: 'ice', finds: 'rule_ice_install_cost' },
]

/** `says` word → entry. */
export function jargonIndex(entries: readonly JargonEntry[] = JARGON): Map<string, JargonEntry> {
  const map = new Map<string, JargonEntry>()
  for (const e of entries) for (const s of e.says) map.set(s, e)
  return map
}
