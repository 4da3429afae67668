/**
 * Issue 24, case 7: `cr cite`'s side files. A baseline is read like every
 * input (regular files only, bounded: /dev/zero or a FIFO is refused, not
 * read until memory runs out or waited on forever); `--write-coverage` never
 * writes through a symbolic link onto what it points at.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readlinkSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCr } from '../cli/run-cr.ts'

const project = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cr-cite-side-'))
  writeFileSync(join(dir, 'a.rs'), '// rule_end_the_run\n')
  return dir
}

describe('cr cite: baseline and coverage files', () => {
  it('a baseline that is /dev/zero is refused unread, with an error naming it', async () => {
    const dir = project()
    symlinkSync('/dev/zero', join(dir, 'zero.json'))
    const r = await runCr(['cite', 'a.rs', '--baseline', 'zero.json'], dir)
    expect(r.code).not.toBe(0)
    expect(r.stderr).toMatch(/zero\.json/)
    expect(r.stderr).not.toMatch(/heap|allocation|RangeError/i)
  }, 600_000)

  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)('a baseline that is a FIFO is refused, not waited on', async () => {
    const dir = project()
    expect(spawnSync('mkfifo', [join(dir, 'pipe.json')]).status).toBe(0)
    const r = await runCr(['cite', 'a.rs', '--baseline', 'pipe.json'], dir)
    expect(r.code).not.toBe(0)
    expect(r.stderr).toMatch(/pipe\.json/)
  }, 600_000)

  it('--write-coverage onto a symbolic link leaves the link and its target as they were', async () => {
    const dir = project()
    const target = join(dir, 'precious.txt')
    writeFileSync(target, 'keep me\n')
    symlinkSync(target, join(dir, 'coverage.json'))
    const r = await runCr(['cite', 'a.rs', '--write-coverage', 'coverage.json'], dir)
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('error[write-failed]')
    expect(readFileSync(target, 'utf8')).toBe('keep me\n')
    expect(lstatSync(join(dir, 'coverage.json')).isSymbolicLink()).toBe(true)
    expect(readlinkSync(join(dir, 'coverage.json'))).toBe(target)
  }, 600_000)
})
