/**
 * `cr fmt` on hostile and careless inputs (issue 24): what it reads, what it
 * writes, and what it leaves in the text.
 */
import { spawnSync } from 'node:child_process'
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { formatYaml } from '../../src/core/format.ts'
import { runCr } from '../cli/run-cr.ts'

describe('line ends', () => {
  it('a CRLF file comes out LF throughout, comment blocks included (they kept their \\r)', () => {
    const crlf = '# one\r\n# two\r\nchapter: chpt_x\r\n# a comment block\r\n# of two lines\r\ntext: X\r\nsections: [] # trailing\r\n'
    const r = formatYaml(crlf)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.text).not.toContain('\r')
    expect(r.text).toBe('# one\n# two\nchapter: chpt_x\n# a comment block\n# of two lines\ntext: X\nsections: [] # trailing\n')
    expect(formatYaml(r.text)).toMatchObject({ ok: true, text: r.text, changed: false })
  })

  it('a CR inside a quoted value is a line break to YAML either way: the value is unchanged', () => {
    const r = formatYaml('text: "a\r\n  b"\r\n')
    expect(r).toMatchObject({ ok: true, text: 'text: a b\n' })
  })
})

const tmp = mkdtempSync(join(tmpdir(), 'cr-fmt-hostile-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** Canonical, and a variant cr fmt rewrites (an extra space after `text:`). */
const CANONICAL = 'chapter: chpt_test\ntext: Test Chapter\nsections:\n- section: sec_test\n  text: Test Section\n  rules:\n  - rule: rule_one\n    text: One.\n'
const UNTIDY = CANONICAL.replace('text: One.', 'text:   One.')

function folder(name: string, files: Record<string, string> = {}): string {
  const dir = join(tmp, name, 'rules')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, '01_test.yaml'), CANONICAL)
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text)
  return dir
}

const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0

describe('cr fmt reads as cr check does (src/io)', () => {
  it.skipIf(!hasMkfifo)('a FIFO in the folder is reported, not waited on, and nothing is written', async () => {
    const dir = folder('fifo', { '02_untidy.yaml': UNTIDY })
    expect(spawnSync('mkfifo', [join(dir, '03_fifo.yaml')]).status).toBe(0)
    const r = await runCr(['fmt', 'rules'], join(tmp, 'fifo'))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('rules/03_fifo.yaml:1:1: error[file-not-regular]: `03_fifo.yaml` is a named pipe (FIFO), expected a regular file')
    expect(readFileSync(join(dir, '02_untidy.yaml'), 'utf8')).toBe(UNTIDY)
  }, 600_000)

  it('a link to /dev/zero, or out of the folder, is refused unread; a folder named like a chapter is reported', async () => {
    const dir = folder('links')
    symlinkSync('/dev/zero', join(dir, '02_zero.yaml'))
    writeFileSync(join(tmp, 'links', 'outside.yaml'), UNTIDY)
    symlinkSync(join(tmp, 'links', 'outside.yaml'), join(dir, '03_outside.yaml'))
    mkdirSync(join(dir, '04_folder.yaml'))
    const r = await runCr(['fmt', 'rules'], join(tmp, 'links'))
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/rules\/02_zero\.yaml:1:1: error\[file-not-regular\]: `02_zero\.yaml` is a symbolic link to `\/dev\/zero`, outside/)
    expect(r.stderr).toMatch(/rules\/03_outside\.yaml:1:1: error\[file-not-regular\]: `03_outside\.yaml` is a symbolic link to `.*outside\.yaml`, outside/)
    expect(r.stderr).toMatch(/rules\/04_folder\.yaml:1:1: error\[file-not-regular\]: `04_folder\.yaml` is a folder/)
    expect(readFileSync(join(tmp, 'links', 'outside.yaml'), 'utf8')).toBe(UNTIDY)
  }, 600_000)
})

describe('cr fmt never turns a symbolic link into a copy', () => {
  it('a link to a file of the folder is that file: formatted once, through its own name; the link stays a link', async () => {
    const dir = folder('sibling', { '02_untidy.yaml': UNTIDY })
    symlinkSync('02_untidy.yaml', join(dir, '03_alias.yaml'))
    const r = await runCr(['fmt', 'rules'], join(tmp, 'sibling'))
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('rules/02_untidy.yaml\n')
    expect(readFileSync(join(dir, '02_untidy.yaml'), 'utf8')).toBe(CANONICAL)
    expect(lstatSync(join(dir, '03_alias.yaml')).isSymbolicLink()).toBe(true)
  }, 600_000)

  it('a link that needs formatting and is not formatted as its target is refused, and nothing is written', async () => {
    const dir = folder('named-link', { '02_untidy.yaml': UNTIDY })
    mkdirSync(join(dir, 'drafts'))
    writeFileSync(join(dir, 'drafts', 'draft.yaml'), UNTIDY)
    symlinkSync('drafts/draft.yaml', join(dir, '03_draft.yaml'))
    const r = await runCr(['fmt', 'rules'], join(tmp, 'named-link'))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('rules/03_draft.yaml:1:1: error[write-failed]: `rules/03_draft.yaml` is a symbolic link to `rules/drafts/draft.yaml`; cr fmt never replaces a link with a copy: format the file it points to')
    expect(lstatSync(join(dir, '03_draft.yaml')).isSymbolicLink()).toBe(true)
    expect(readFileSync(join(dir, 'drafts', 'draft.yaml'), 'utf8')).toBe(UNTIDY)
    expect(readFileSync(join(dir, '02_untidy.yaml'), 'utf8')).toBe(UNTIDY)
    // --check lists it like any file; formatting the target itself fixes both.
    const check = await runCr(['fmt', '--check', 'rules'], join(tmp, 'named-link'))
    expect(check.stdout).toContain('rules/03_draft.yaml')
    expect((await runCr(['fmt', 'rules/drafts/draft.yaml'], join(tmp, 'named-link'))).code).toBe(0)
    expect(readFileSync(join(dir, 'drafts', 'draft.yaml'), 'utf8')).toBe(CANONICAL)
  }, 600_000)
})
