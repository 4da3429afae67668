import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compactNumbers } from '../../src/core/versions/history.ts'
import { resolveRelease } from '../../src/core/versions/release-citations.ts'
import { parseCitation } from '../../src/core/versions/version-index.ts'
import { formatWordDiffPlain, sideOf, wordDiff } from '../../src/core/versions/word-diff.ts'
import { retirements, versionIndex, VERSIONS } from './load.ts'

describe('rule history across the six releases', () => {
  const summary = (id: string) => versionIndex().history().get(id)?.summary

  it('says since when a rule exists and what each release did to it', () => {
    expect(summary('rule_end_the_run')).toBe('6.1.4 since v22.12; sub-rules a–c added in v26.03')
    expect(summary('rule_run')).toBe('6.1.1 since v22.12; unchanged')
    expect(summary('step_checkpoint_uniqueness')).toBe('10.3.1d since v22.12; renamed from `rule_checkpoint_uniqueness` in v24.03')
    expect(summary('rule_ice_change_inward')).toBe('6.2.6b since v25.04 (created from `rule_ice_added_inward` and `rule_ice_removed_inward`); unchanged')
    expect(summary('rule_identity_copy')).toBe('1.5.2 since v22.12; renamed from `rule_jinteki_biotech`, reworded, sub-rule b added in v26.03')
    expect(summary('rule_flatline')).toBe('1.7.2b since v22.12; absorbed `rule_grip_damage` and `rule_flatlined`, reworded in v25.04')
    expect(summary('rule_bad_publicity_during_run')).toBe('10.6.3c since v22.12; moved from 10.6.2a, reworded in v26.03')
  })

  it('keeps the history of retired IDs, ending where they went', () => {
    expect(summary('rule_plaintext_symbolds')).toBe('1.3.2 `rule_plaintext_symbolds` v22.12–v24.03; renamed to `rule_plaintext_symbols` in v25.04')
    expect(summary('rule_ncigs')).toMatch(/^1\.2\.5 `rule_ncigs` v22\.12–v24\.03; examples changed in v24\.03; removed in v25\.04: /)
  })

  it('has one step per release, in order, each with a word diff where the text changed', () => {
    for (const [id, h] of versionIndex().history()) {
      const versions = h.steps.map((s) => s.version)
      expect(versions, id).toEqual([...VERSIONS, 'current'].filter((v) => versions.includes(v)))
      expect(h.steps[0]!.version).toBe(h.since)
      for (const step of h.steps) if (step.changes.includes('reworded')) expect(step.wordDiff, `${id} ${step.version}`).toBeDefined()
    }
    const steps = versionIndex().history().get('step_checkpoint_discard_pile_cards')!.steps
    // rules/ joins as a seventh step, `current`, only when it differs from v26.03.
    expect(steps.slice(6).map((s) => s.version)).toEqual(steps.length > 6 ? ['current'] : [])
    expect(steps.slice(0, 6).map((s) => [s.version, s.id, s.number])).toEqual([
      ['v22.12', 'rule_checkpoint_discard_pile_cards', '10.3.1i'],
      ['v23.08', 'rule_checkpoint_discard_pile_cards', '10.3.1i'],
      ['v24.03', 'step_checkpoint_discard_pile_cards', '10.3.1j'],
      ['v25.04', 'step_checkpoint_discard_pile_cards', '10.3.1k'],
      ['v25.08', 'step_checkpoint_discard_pile_cards', '10.3.1k'],
      ['v26.03', 'step_checkpoint_discard_pile_cards', '10.3.1k'],
    ])
  })

  it('writes sub-rule ranges compactly', () => {
    expect(compactNumbers(['6.1.4a', '6.1.4b', '6.1.4c'], '6.1.4')).toBe('a–c')
    expect(compactNumbers(['6.1.4a', '6.1.4c'], '6.1.4')).toBe('a, c')
    expect(compactNumbers(['6.2.2', '6.2.3', '6.2.4', '6.2.5'], '6.2')).toBe('6.2.2–6.2.5')
  })
})

describe('old citations', () => {
  const resolve = (citation: string) => {
    const { version, query } = parseCitation(citation)
    return versionIndex().resolve(version ?? 'current', query)
  }

  it('parses the ways people write them', () => {
    // `explicit`: the `v` was written, so `CR 10.10 x` (no `v`) may still be section 10.10.
    expect(parseCitation('CR v24.03 6.1.4')).toEqual({ version: 'v24.03', query: '6.1.4', explicit: true })
    expect(parseCitation('CR 24.03 §6.1.4')).toEqual({ version: 'v24.03', query: '6.1.4', explicit: false })
    expect(parseCitation('v23.08 rule_checkpoint_uniqueness')).toEqual({ version: 'v23.08', query: 'rule_checkpoint_uniqueness', explicit: true })
    expect(parseCitation('CR 6.1.4a')).toEqual({ query: 'CR 6.1.4a' })
  })

  it('resolve an old number through its release to the ID, with today’s number', () => {
    expect(resolve('CR v24.03 6.1.4')).toMatchObject({ found: true, id: 'rule_end_the_run', currentNumber: '6.1.4', status: 'same', textChanged: false })
    // 10.3.1i was the card-entering-root step in v24.03; v25.04 inserted a step before it.
    expect(resolve('CR 24.03 §10.3.1i')).toMatchObject({ id: 'step_checkpoint_card_entering_root_during_breach', currentNumber: '10.3.1j', textChanged: false })
    expect(resolve('CR v23.08 10.3.1i')).toMatchObject({ old: { id: 'rule_checkpoint_discard_pile_cards' }, id: 'step_checkpoint_discard_pile_cards', currentNumber: '10.3.1k', status: 'renamed' })
  })

  it('says when the text changed since, and in which release', () => {
    expect(resolve('CR v25.08 1.5.2')).toMatchObject({ id: 'rule_identity_copy', status: 'renamed', textChanged: true, changedIn: ['v26.03'] })
    expect(resolve('CR v24.03 4.3.9b')).toMatchObject({ id: 'rule_flatline', currentNumber: '1.7.2b', status: 'merged', textChanged: true, changedIn: ['v25.04'] })
  })

  it('reports removed rules with the reason', () => {
    const r = resolve('CR v24.03 1.2.5')
    expect(r).toMatchObject({ found: true, old: { id: 'rule_ncigs', number: '1.2.5' }, status: 'removed' })
    expect(r.reason).toContain('potential to change the game state')
    expect(r.id).toBeUndefined()
  })

  it('says when a removed rule was last in the rules from the whole history, whatever release was asked', () => {
    const index = versionIndex()
    const retired = retirements()
    const releases = VERSIONS as readonly string[]
    let removed = 0
    // Every rule of every release that is gone today: the same "removed after", asked from any release that had it.
    const after = new Map<string, string>()
    for (const version of releases) {
      for (const rule of index.document(version)!.rules) {
        const r = index.resolve(version, rule.id)
        if (r.status !== 'removed') continue
        removed++
        expect(r.removedAfter, `${rule.id} in ${version}`).toBeDefined()
        // Never before the release asked, and that release, or a later one, still has a rule of that lineage.
        expect(releases.indexOf(r.removedAfter!), `${rule.id} in ${version}`).toBeGreaterThanOrEqual(releases.indexOf(version))
        const mapped = index.mapId(rule.id, version, r.removedAfter!)
        expect(mapped.exact, `${rule.id} in ${version} should be in ${r.removedAfter}`).toBe(true)
        // The last such release: the next one has no rule of it.
        const next = releases[releases.indexOf(r.removedAfter!) + 1]
        if (next) expect(index.mapId(mapped.id!, r.removedAfter!, next).exact, `${rule.id}: still in ${next}`).toBe(false)
        // A retired removal says the same release.
        const entry = retired.byId.get(mapped.id!)
        if (entry?.kind === 'removed') expect(r.removedAfter, mapped.id).toBe(entry.release)
        const seen = after.get(mapped.id!)
        if (seen) expect(r.removedAfter, `${rule.id} in ${version}`).toBe(seen)
        after.set(mapped.id!, r.removedAfter!)
      }
    }
    expect(removed).toBeGreaterThan(20)
    expect(resolve('CR v22.12 6.3.3b')).toMatchObject({ old: { id: 'rule_bad_publicity_in_credit_pool' }, status: 'removed', removedAfter: 'v25.08' })
  })

  it('says nothing was found, with the numbers of that release it may be a typo of, for numbers a release never had', () => {
    expect(resolve('CR v24.03 6.1.44')).toMatchObject({ found: false, suggestions: ['6.1.4 (rule_end_the_run)'] })
    expect(resolve('CR v24.03 6.1.999')).toMatchObject({ found: false, suggestions: ['6.1 (sec_run_general)'] })
  })

  it('resolves every entry of a release at once, agreeing with `resolve` (what `cr cite` and the package embed)', () => {
    const entries = resolveRelease(versionIndex(), 'v24.03')
    expect(entries.map((e) => e.id)).toEqual(versionIndex().document('v24.03')!.rules.map((r) => r.id))
    const byNumber = new Map(entries.map((e) => [e.number, e]))
    expect(byNumber.get('10.3.1i')).toEqual({
      id: 'step_checkpoint_card_entering_root_during_breach', number: '10.3.1i', currentId: 'step_checkpoint_card_entering_root_during_breach', currentNumber: '10.3.1j',
      status: 'same', textChanged: false, changedIn: [],
    })
    expect(byNumber.get('4.3.9b')).toMatchObject({ id: 'rule_grip_damage', currentId: 'rule_flatline', currentNumber: '1.7.2b', status: 'merged', textChanged: true, changedIn: ['v25.04'] })
    expect(byNumber.get('1.2.5')).toMatchObject({ id: 'rule_ncigs', status: 'removed', textChanged: true, reason: expect.stringContaining('potential to change the game state') })
    expect(byNumber.get('1.2.5')!.currentId).toBeUndefined()
    expect(() => resolveRelease(versionIndex(), 'v99.01')).toThrow(/^Unknown version `v99\.01`, expected one of v22\.12, /)
  })
})

describe('redirects and the version switcher', () => {
  it('sends retired IDs to their successor', () => {
    expect(versionIndex().redirect('rule_checkpoint_uniqueness')).toMatchObject({ id: 'step_checkpoint_uniqueness', status: 'renamed' })
    expect(versionIndex().redirect('rule_plaintext_symbolds')).toMatchObject({ status: 'removed', retirement: { id: 'rule_plaintext_symbols' } })
    expect(versionIndex().redirect('rule_end_the_run')).toEqual({ id: 'rule_end_the_run', status: 'current' })
  })

  it('maps a rule to the same rule in another release, or its nearest ancestor', () => {
    const ix = versionIndex()
    expect(ix.mapId('step_checkpoint_uniqueness', 'v26.03', 'v22.12')).toEqual({ id: 'rule_checkpoint_uniqueness', exact: true })
    expect(ix.mapId('rule_checkpoint_uniqueness', 'v23.08', 'v26.03')).toEqual({ id: 'step_checkpoint_uniqueness', exact: true })
    expect(ix.mapId('rule_end_run_no_run_or_encounter', 'v26.03', 'v25.08')).toEqual({ id: 'rule_end_the_run', exact: false })
    expect(ix.mapId('rule_ncigs', 'v24.03', 'v25.04')).toEqual({ id: 'sec_golden_rules', exact: false })
  })
})

describe('word diffs', () => {
  it('keep rule numbers and symbols whole', () => {
    expect(formatWordDiffPlain(wordDiff('See rule 6.2.4 for 1[credit].', 'See rule 6.2.7 for 2[credit].'))).toBe('See rule [-6.2.4-]{+6.2.7+} for [-1-]{+2+}[credit].')
    expect(formatWordDiffPlain(wordDiff('Pay [click].', 'Pay [credit].'))).toBe('Pay [-[click]-]{+[credit]+}.')
  })

  it('rebuild both texts, whatever the texts', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.', '6', 'é', '[', ']', '\n'), maxLength: 40 })
    fc.assert(
      fc.property(text, text, (a, b) => {
        const parts = wordDiff(a, b)
        expect(sideOf(parts, 'old')).toBe(a)
        expect(sideOf(parts, 'new')).toBe(b)
        expect(parts.every((p) => p.value.length > 0)).toBe(true)
      }),
    )
  })
})
