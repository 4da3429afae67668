/**
 * The six releases against each other: every release compiles, known changes
 * come out of `diffReleases` as what they were, and golden reports
 * (`tests/fixtures/versions/diffs/`) pin the rest (`tests/golden.ts`: a
 * missing one fails under CI; `UPDATE=1` rewrites them, review the diff).
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { formatDiff } from '../../src/cli/commands/diff.ts'
import { compileRelease, listReleases } from '../../src/io/releases.ts'
import { diffReleases } from '../../src/core/versions/diff.ts'
import { lowerFirst } from '../../src/core/ids.ts'
import { RELEASES_DIR, release, retirements, VERSIONS } from './load.ts'
import { readGolden } from '../golden.ts'

const goldens = join(import.meta.dirname, '../fixtures/versions/diffs')

function golden(name: string, actual: string) {
  mkdirSync(goldens, { recursive: true })
  expect(actual).toBe(readGolden(join(goldens, name), actual))
}

describe('releases/', () => {
  it('holds the six releases, oldest first', () => {
    expect(listReleases(RELEASES_DIR).map((r) => r.version)).toEqual([...VERSIONS])
  })

  it.each(VERSIONS)('%s compiles without errors and names itself', (version) => {
    const r = compileRelease(version, join(RELEASES_DIR, version))
    expect(r.messages.filter((m) => m.severity === 'error')).toEqual([])
    expect(r.document!.release.version).toBe(version)
    expect(r.document!.release.effective).toMatch(/^20\d\d-\d\d(-\d\d)?$/)
    expect(r.document!.rules.length).toBeGreaterThan(1000)
  })
})

/** IDs a changelog says were added: "Added {ref:a} and {ref:b} …", "add {ref:c}". */
function changelogAdditions(version: string): string[] {
  const items = parse(readFileSync(join(RELEASES_DIR, version, 'changelog.yaml'), 'utf8')).changelog as { text: string }[]
  const ids: string[] = []
  for (const { text } of items) {
    for (const clause of text.split(/(?<=\.)\s+/)) {
      const m = /^(?:.*?\b)?[Aa]dd(?:ed)?\b(.*)$/.exec(clause)
      if (!m) continue
      // Only the refs right after the verb ("Added X and Y to …"), not those of a later "to clarify …".
      const head = m[1]!.split(/\b(?:to|for|in|at)\b/)[0]!
      for (const ref of head.matchAll(/\{ref:([^}]+)\}/g)) ids.push(...ref[1]!.split(',').map(lowerFirst))
    }
  }
  return ids
}

describe('known changes', () => {
  it('the rules the v26.03 changelog says were added appear as added in v25.08 → v26.03', () => {
    const added = changelogAdditions('v26.03')
    expect(added).toEqual(
      expect.arrayContaining(['rule_melies_u_detail', 'rule_hosted_counters_not_on_player', 'rule_reveal_not_turn_faceup', 'sec_server_indicator', 'rule_pass_after_breaking', 'rule_subroutine_origins']),
    )
    const d = diffReleases(release('v25.08'), release('v26.03'), retirements())
    const changes = new Map(d.entries.map((e) => [e.id, e.change]))
    for (const id of added) expect([id, changes.get(id)]).toEqual([id, 'added'])
  })

  it.each(['v23.08', 'v24.03', 'v25.04', 'v25.08'])('what the %s changelog says was added is new in that release', (version) => {
    const i = VERSIONS.indexOf(version as (typeof VERSIONS)[number])
    const d = diffReleases(release(VERSIONS[i - 1]!), release(version), retirements())
    const isNew = new Set(d.entries.filter((e) => e.change === 'added' || e.change === 'split' || e.change === 'merged').map((e) => e.id))
    const said = changelogAdditions(version).filter((id) => release(version).entries.some((r) => r.id === id))
    expect(said.length).toBeGreaterThan(0)
    // Some "add" clauses add a flag or an example to an existing rule; those rules must at least have changed.
    const changed = new Set(d.entries.map((e) => e.id))
    for (const id of said) expect([id, isNew.has(id) || changed.has(id)]).toEqual([id, true])
  })

  it('the checkpoint steps of v24.03 are renamed from v23.08, not removed and added', () => {
    for (const retired of [retirements(), undefined]) {
      const d = diffReleases(release('v23.08'), release('v24.03'), retired)
      const checkpoint = d.entries.filter((e) => e.oldId?.startsWith('rule_checkpoint_') || e.id.startsWith('rule_checkpoint_'))
      expect(checkpoint).toHaveLength(10)
      for (const e of checkpoint) {
        expect(e.change).toBe('renamed')
        expect(e.id).toBe(e.oldId!.replace(/^rule_/, 'step_'))
        expect(Boolean(e.inferred)).toBe(retired === undefined)
      }
      expect(d.entries.filter((e) => e.change === 'added' && e.id.startsWith('step_checkpoint_')).map((e) => e.id)).toEqual(['step_checkpoint_card_entering_root_during_breach'])
      expect(d.entries.some((e) => e.change === 'removed' && e.id.startsWith('rule_checkpoint_'))).toBe(false)
    }
  })

  it('v25.04 retired the NCIGS rules', () => {
    const d = diffReleases(release('v24.03'), release('v25.04'), retirements())
    const removed = d.entries.filter((e) => e.change === 'removed').map((e) => e.id)
    expect(removed).toEqual(expect.arrayContaining(['rule_ncigs', 'rule_cannot_ncigs', 'rule_action_ncigs', 'rule_use_ncigs_link', 'rule_purge_ncigs']))
    expect(d.entries.find((e) => e.id === 'rule_ncigs')!.reason).toContain('potential to change the game state')
  })
})

describe('word diffs across the releases', () => {
  it('every symbol a word diff marks is a symbol of the rules, where its token is; the parts give back both printed texts', async () => {
    const { SYMBOLS } = await import('../../src/core/markup/symbols.ts')
    const { sideOf } = await import('../../src/core/versions/word-diff.ts')
    const { indexView } = await import('../../src/core/render/document.ts')
    const tokens = new Map(SYMBOLS.map((s) => [s.name, s.token]))
    let marked = 0
    for (let i = 1; i < VERSIONS.length; i++) {
      const [a, b] = [release(VERSIONS[i - 1]!), release(VERSIONS[i]!)]
      const printedA = new Map(indexView(a).rules.map((r) => [r.id, r.text]))
      const printedB = new Map(indexView(b).rules.map((r) => [r.id, r.text]))
      for (const e of diffReleases(a, b, retirements()).entries) {
        if (!e.wordDiff) continue
        for (const part of e.wordDiff)
          for (const s of part.symbols ?? []) {
            marked++
            expect([e.id, part.value.slice(s.at, s.at + tokens.get(s.name)!.length)]).toEqual([e.id, tokens.get(s.name)])
          }
        if (e.change !== 'added') expect([e.id, sideOf(e.wordDiff, 'old')]).toEqual([e.id, printedA.get(e.oldId ?? e.id)])
        if (e.change !== 'removed') expect([e.id, sideOf(e.wordDiff, 'new')]).toEqual([e.id, printedB.get(e.id)])
      }
    }
    // The releases' changes name symbols (credits, clicks…): the check above checked something.
    expect(marked).toBeGreaterThan(20)
  })
})

describe('golden diffs', () => {
  const pairs = VERSIONS.slice(1).map((v, i) => [VERSIONS[i]!, v] as const)

  it('per-release counts', () => {
    const counts = Object.fromEntries(pairs.map(([a, b]) => [b, diffReleases(release(a), release(b), retirements()).counts]))
    golden('counts.json', `${JSON.stringify(counts, null, 2)}\n`)
  })

  it.each(pairs)('%s → %s', (a, b) => {
    golden(`${a}-${b}.txt`, formatDiff(diffReleases(release(a), release(b), retirements())))
  })
})
