/**
 * A rule about one card yields to the general rules unless the query names
 * the card (issue 20, site/scripts/query/card-rules.ts), and the build says
 * which rules are about a card (search-vocab.json's `o`).
 */
import { describe, expect, test } from 'vitest'
import { buildSearchVocab } from '../../site/data/search-vocab.ts'
import { cardRulesBelowGeneral, rulesOfCardsTyped } from '../../site/scripts/query/card-rules.ts'
import { currentRelease } from './query-context.ts'

const about = new Set(['rule_asset_lady_liberty', 'rule_rnd_access_from_bottom'])
const order = (ids: string[], named: string[] = [], step?: number) => cardRulesBelowGeneral(ids, (id) => id, about, new Set(named), step)

describe('cardRulesBelowGeneral', () => {
  test('a rule about a card the query does not name goes below the next two general rules', () => {
    expect(order(['rule_asset_lady_liberty', 'rule_upgrade_server_restriction', 'rule_upgrade_no_limit', 'rule_other'])).toEqual(['rule_upgrade_server_restriction', 'rule_upgrade_no_limit', 'rule_asset_lady_liberty', 'rule_other'])
    expect(order(['rule_rnd_access_from_bottom', 'rule_asset_lady_liberty', 'rule_a', 'rule_b', 'rule_c'])).toEqual(['rule_a', 'rule_b', 'rule_rnd_access_from_bottom', 'rule_asset_lady_liberty', 'rule_c'])
  })

  test('a card the query names keeps its rules where they are', () => {
    expect(order(['rule_asset_lady_liberty', 'rule_a', 'rule_b'], ['rule_asset_lady_liberty'])).toEqual(['rule_asset_lady_liberty', 'rule_a', 'rule_b'])
  })

  test('with too few general rules after it, it stays at the end of the window; nothing is lost or repeated', () => {
    expect(order(['rule_asset_lady_liberty', 'rule_a'])).toEqual(['rule_a', 'rule_asset_lady_liberty'])
    expect(order(['rule_asset_lady_liberty'])).toEqual(['rule_asset_lady_liberty'])
    const many = Array.from({ length: 20 }, (_, i) => `rule_${i}`)
    expect(order(['rule_asset_lady_liberty', ...many]).sort()).toEqual(['rule_asset_lady_liberty', ...many].sort())
  })

  test('a card named in part keeps its rules: two words of its name, or one only card names use', () => {
    const cards = [
      { words: ['dedicated', 'neural', 'net'], rules: ['rule_corp_choosing_candidates_breaching_hq'] },
      { words: ['lady', 'liberty'], rules: ['rule_asset_lady_liberty'] },
      { words: ['showing', 'off'], rules: ['rule_rnd_access_from_bottom'] },
    ]
    const typed = (q: string) => [...rulesOfCardsTyped(cards, q.split(' '), new Set(['liberty']))]
    expect(typed('dedicated neural')).toEqual(['rule_corp_choosing_candidates_breaching_hq'])
    expect(typed('liberty region')).toEqual(['rule_asset_lady_liberty'])
    // One everyday word of a name is no mention of the card.
    expect(typed('how many cards do i access off the top of r&d')).toEqual([])
  })

  test('the build lists the rules whose own text names a card, not those with a card in an example', { timeout: 600_000 }, () => {
    const r = currentRelease()
    const ids = buildSearchVocab(r.search, r.lookup).o.map((i) => r.lookup.r[i]![0])
    expect(ids).toEqual(expect.arrayContaining(['rule_asset_lady_liberty', 'rule_rnd_access_from_bottom', 'rule_access_installed_must_trash_if_able']))
    // rule_change_attacked_server_directly names Sneakdoor Beta only in its example.
    expect(ids).not.toContain('rule_change_attacked_server_directly')
    expect(ids.length).toBeLessThan(40)
  })
})
