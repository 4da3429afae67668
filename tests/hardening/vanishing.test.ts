/**
 * Files that vanish, appear and change while they are read (issue 24): a
 * separate process churns a rules folder (chapters created, rewritten,
 * removed, replaced by folders and links) while `cr check` and the language
 * server's reader read it again and again. Every run ends with a report
 * (exit 0 or 1, messages with places), never a crash or a stack trace.
 */
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { RulesFolderReader } from '../../src/io/rules-folder.ts'
import { runCr } from '../cli/run-cr.ts'

const repo = join(import.meta.dirname, '../..')
const tmp = mkdtempSync(join(tmpdir(), 'cr-vanish-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** A process that, until killed, replaces 05_churn.yaml with a file, nothing, a folder, a link, a half-written file… */
const CHURN = `
const fs = require('node:fs'), path = require('node:path')
const dir = process.argv[1], f = path.join(dir, '05_churn.yaml')
const chapter = 'chapter: chpt_churn\\ntext: Churn\\nsections:\\n- section: sec_churn\\n  text: S\\n  rules:\\n  - rule: rule_churn\\n    text: One.\\n'
process.stdout.write('ready\\n')
for (let i = 0; ; i++) {
  try { fs.rmSync(f, { recursive: true, force: true }) } catch {}
  try {
    switch (i % 5) {
      case 0: fs.writeFileSync(f, chapter); break
      case 1: break
      case 2: fs.mkdirSync(f); break
      case 3: fs.symlinkSync('01_test.yaml', f); break
      case 4: fs.writeFileSync(f, chapter.slice(0, i % chapter.length)); break
    }
  } catch {}
}
`

describe('a folder that changes while it is read', () => {
  it('cr check and the language server reader always finish with a report', async () => {
    const dir = join(tmp, 'rules')
    mkdirSync(dir)
    cpSync(join(repo, 'tests/fixtures/diagnostics/unknown-rule/rules'), dir, { recursive: true })
    const child = spawn(process.execPath, ['-e', CHURN, dir], { stdio: ['ignore', 'pipe', 'inherit'] })
    try {
      await new Promise<void>((ok) => child.stdout.once('data', () => ok()))
      const reader = new RulesFolderReader(dir, tmp)
      const codes = new Set<number>()
      for (let i = 0; i < 40; i++) {
        const r = await runCr(['check', dir], tmp)
        codes.add(r.code)
        expect([0, 1], r.stderr).toContain(r.code)
        expect(r.stderr).not.toMatch(/\n\s+at .*:\d+:\d+\)|TypeError|RangeError|ENOENT: no such file/)
        for (let k = 0; k < 10; k++) for (const f of reader.files()) expect(typeof f.path).toBe('string')
      }
      expect(codes.has(1)).toBe(true)
    } finally {
      child.kill('SIGKILL')
    }
  }, 600_000)
})
