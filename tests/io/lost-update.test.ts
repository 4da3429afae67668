/**
 * A file the user owns is replaced only while it still holds what the command read (the editor's
 * report: `cr fmt` on a 15 MB chapter took 3.5 s, an edit saved meanwhile was overwritten, and the
 * run said "1 of 14 files reformatted", exit 0). The check is in src/io's write path
 * (`replaceFileVerified`'s `expected`), so every command that rewrites a source has it: here
 * `cr fmt`, `cr release --next-cycle` and `--draft`, each with an editor that saves at the last
 * instant before the rename (`editor-saves.ts`), atomically or in place.
 */
import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FileChangedError, replaceFileVerified, type DurableFs } from '../../src/io/durable-write.ts'
import { repoRoot } from '../cli/run-cr.ts'

const work = mkdtempSync(join(tmpdir(), 'cr-lost-update-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** `cr ARGS` in `cwd`, with an editor saving `edit` into `file` just before the command's rename. */
function withEditor(cwd: string, file: string, edit: string, mode: 'rename' | 'in-place', args: string[]) {
  const saved = join(cwd, 'edit.txt')
  writeFileSync(saved, edit)
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'editor-saves.ts'), file, saved, mode, '--', ...args], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CR_CACHE: '0', EDITOR_SAVES_CWD: cwd } })
  if (child.status !== 0) throw new Error(`editor-saves.ts failed (${child.status ?? child.signal}): ${child.stderr}`)
  return JSON.parse(child.stdout) as { code: number; stdout: string; stderr: string; saved: boolean }
}

const scratch = (name: string) => {
  const dir = join(work, name)
  cpSync(join(repoRoot, 'rules'), join(dir, 'rules'), { recursive: true })
  return dir
}
const temps = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('.'))

describe('replaceFileVerified with what was read: a file changed since is left alone', () => {
  const path = join(work, 'chapter.yaml')
  it('replaces the file while it holds exactly what was read', () => {
    writeFileSync(path, 'text: old\n')
    replaceFileVerified(path, 'text: new\n', { expected: Buffer.from('text: old\n') })
    expect(readFileSync(path, 'utf8')).toBe('text: new\n')
  })

  it.each([
    ['other bytes of the same length', (p: string) => writeFileSync(p, 'text: OLD\n')],
    ['a longer file', (p: string) => writeFileSync(p, 'text: old\nmore: 1\n')],
    ['a shorter file', (p: string) => writeFileSync(p, 'text:\n')],
    ['removed', (p: string) => rmSync(p)],
  ])('refuses when the file was changed meanwhile: %s', (_, change) => {
    writeFileSync(path, 'text: old\n')
    // The change lands after the replacement is written and fsynced, just before the rename.
    let changed = false
    const disk: DurableFs = {
      ...fs,
      fsyncSync: ((fd: number) => {
        fs.fsyncSync(fd)
        if (!changed) {
          changed = true
          change(path)
        }
      }) as typeof fs.fsyncSync,
    }
    const expected = Buffer.from('text: old\n')
    const now = () => (fs.existsSync(path) ? readFileSync(path, 'utf8') : undefined)
    let after: string | undefined
    expect(() => {
      try {
        replaceFileVerified(path, 'text: new\n', { expected, fs: disk })
      } finally {
        after = now()
      }
    }).toThrow(FileChangedError)
    expect(after).not.toBe('text: new\n')
    expect(readdirSync(work).filter((n) => n.endsWith('.tmp'))).toEqual([])
  })
})

describe('every command that rewrites a source keeps an edit saved while it ran', () => {
  it.each(['rename', 'in-place'] as const)('cr fmt (the editor saves by %s): exit 1, the edit kept, the file named with a registry code', (mode) => {
    const dir = scratch(`fmt-${mode}`)
    const file = join(dir, 'rules/09_abilities.yaml')
    // Out of layout, so fmt rewrites it.
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^( +)text: /gm, '$1text:   '))
    const edit = `${readFileSync(join(repoRoot, 'rules/09_abilities.yaml'), 'utf8')}# the editor's edit\n`
    const r = withEditor(dir, file, edit, mode, ['fmt'])
    expect(r.saved).toBe(true)
    expect(r.code).toBe(1)
    expect(readFileSync(file, 'utf8')).toBe(edit)
    expect(r.stderr).toContain('rules/09_abilities.yaml:1:1: error[file-changed]: `rules/09_abilities.yaml` changed while cr fmt ran; it is left as it is now, not replaced by what was made from the text read before: run `cr fmt` again')
    expect(r.stderr).toContain('cr fmt: 0 of 14 files reformatted; 1 changed while cr fmt ran and was left as it is: run `cr fmt` again')
    expect(r.stdout).toBe('')
    expect(temps(join(dir, 'rules'))).toEqual([])
  })

  it('cr release --next-cycle: the changed file is left, the others are written, exit 1', () => {
    const dir = scratch('next-cycle')
    cpSync(join(repoRoot, 'releases'), join(dir, 'releases'), { recursive: true })
    const file = join(dir, 'rules/06_runs.yaml')
    const edit = readFileSync(file, 'utf8').replace('To {term:end the run} is', 'To {term:end the run}, the editors say, is')
    const r = withEditor(dir, file, edit, 'rename', ['release', '--next-cycle'])
    expect(r.code).toBe(1)
    expect(readFileSync(file, 'utf8')).toBe(edit)
    expect(r.stderr).toContain('rules/06_runs.yaml:1:1: error[file-changed]: `rules/06_runs.yaml` changed while cr release --next-cycle ran')
    expect(r.stderr).toMatch(/cr release: \d+ of \d+ files written; 1 changed while cr release --next-cycle ran and was left as it is: run `cr release --next-cycle` again to finish/)
    expect(readFileSync(join(dir, 'rules/09_abilities.yaml'), 'utf8')).not.toBe(readFileSync(join(repoRoot, 'rules/09_abilities.yaml'), 'utf8'))
  })
})
