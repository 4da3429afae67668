/**
 * Chapter 11's timing elements carry the IDs the rules team's generator gives
 * them since April 2026 (`sec_appendix_timing_structure_of_a_run_6_a`); the
 * ones our tools published until v26.03 (`…_of_a_run__6_a`) keep working as
 * renames, in every place an ID is read.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { legacyTimingId, legacyTimingRetirements } from '../../src/core/versions/legacy-ids.ts'
import { runCr } from '../cli/run-cr.ts'
import { current, versionIndex } from './load.ts'

const tmp = mkdtempSync(join(tmpdir(), 'cr-legacy-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('old chapter-11 IDs', () => {
  it('every timing element has the generator\'s ID and one old ID, and nothing else gets one', () => {
    const doc = current()
    const olds = legacyTimingRetirements(doc.entries)
    const timing = doc.entries.filter((r) => r.kind === 'timing')
    expect(olds).toHaveLength(timing.length)
    expect(olds.find((o) => o.targets[0] === 'sec_appendix_timing_structure_of_a_run_6_a')?.id).toBe('sec_appendix_timing_structure_of_a_run__6_a')
    const byId = new Map(doc.entries.map((r) => [r.id, r]))
    expect(legacyTimingId(byId.get('rule_end_the_run')!, byId)).toBeUndefined()
    expect(timing.every((t) => t.id.startsWith(`${t.section}_`) && !t.id.includes('__'))).toBe(true)
  })

  it('redirect like renamed IDs (the site\'s /r/<id>/, cr show)', () => {
    const r = versionIndex().redirect('sec_appendix_timing_structure_of_a_run__3_d')
    expect(r).toMatchObject({ id: 'sec_appendix_timing_structure_of_a_run_3_d', status: 'renamed' })
    expect(versionIndex().redirect('sec_appendix_timing_structure_of_a_run__99')).toMatchObject({ status: 'unknown' })
  })

  it('are a warning in cr cite, counted for today\'s ID, never an unknown-rule error', async () => {
    const dir = mkdtempSync(join(tmp, 'engine-'))
    writeFileSync(join(dir, 'run.ts'), '// CR sec_appendix_timing_structure_of_a_run__6_a\n// CR sec_appendix_timing_structure_of_a_run_6_b\n')
    const r = await runCr(['cite', '--rules', join(import.meta.dirname, '../../rules'), '.'], dir)
    expect(r.stdout).toContain('renamed-rule')
    expect(r.stdout).toContain('sec_appendix_timing_structure_of_a_run_6_a')
    expect(r.stdout).not.toContain('unknown-rule')
    expect(r.code).toBe(0)
  }, 600_000)
})
