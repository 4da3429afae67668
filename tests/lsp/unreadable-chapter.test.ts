/**
 * A chapter that becomes unreadable while the language server runs — deleted,
 * emptied, saved in another encoding, or left holding no chapter at all — is
 * the one message `cr check` gives for it, not a message per reference to the
 * IDs it held (there were 193), and what the server shows of it is what the
 * file now is, not its last good parse. A mid-edit syntax slip keeps the last
 * good parse (tests/lsp/state.test.ts): that is an edit under way.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RulesWorkspace } from '../../src/lsp/workspace.ts'
import { loadCards } from '../../src/io/read-sources.ts'
import { repoRoot, runCr } from '../cli/run-cr.ts'

const cards = loadCards()

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cr-lsp-unreadable-'))
  cpSync(join(repoRoot, 'rules'), join(dir, 'rules'), { recursive: true })
  cpSync(join(repoRoot, 'releases'), join(dir, 'releases'), { recursive: true })
  return dir
}

const cases: { name: string; make: (path: string) => void }[] = [
  { name: 'deleted', make: (p) => rmSync(p) },
  { name: 'emptied', make: (p) => writeFileSync(p, '') },
  { name: 'saved as Latin-1', make: (p) => writeFileSync(p, Buffer.from('chapter: chpt_runs\ntext: Runs \xe9\n', 'latin1')) },
  { name: 'a bare text, no chapter', make: (p) => writeFileSync(p, 'rewritten next week\n') },
  { name: 'a list, no chapter', make: (p) => writeFileSync(p, '- runs\n') },
]

describe('a chapter that becomes unreadable under the language server', () => {
  it.each(cases)('$name: the one message cr check gives, and nothing of its last good parse', async ({ make }) => {
    const dir = folder()
    const workspace = new RulesWorkspace(join(dir, 'rules'), dir, cards)
    const clean = workspace.compile()
    expect([...clean.byFile.values()].flat().filter((m) => m.severity === 'error')).toEqual([])
    expect(clean.byId.get('rule_end_the_run')?.number).toBe('6.1.4')

    make(join(dir, 'rules/06_runs.yaml'))
    const state = workspace.compile()
    const published = [...state.byFile.values()].flat()
    const cli = JSON.parse((await runCr(['check', '--json', 'rules'], dir)).stdout).messages as { file: string; line: number; code: string; message: string }[]
    expect(published).toHaveLength(1)
    expect(published.map((m) => [m.file, m.line, m.code, m.message])).toEqual(cli.map((m) => [m.file, m.line, m.code, m.message]))
    expect(published[0]!.related?.at(-1)?.message).toMatch(/references to its 151 IDs \(as of v26\.03\) from other files are not checked$/)
    // Hover and completion no longer offer what the file no longer holds.
    expect(state.byId.has('rule_end_the_run')).toBe(false)
    rmSync(dir, { recursive: true, force: true })
  }, 600_000)

  it('restored, it is exactly as before', () => {
    const dir = folder()
    const workspace = new RulesWorkspace(join(dir, 'rules'), dir, cards)
    const path = join(dir, 'rules/06_runs.yaml')
    const text = readFileSync(path)
    const clean = workspace.compile()
    writeFileSync(path, '')
    workspace.compile()
    writeFileSync(path, text)
    const again = workspace.compile()
    expect([...again.byFile.values()].flat()).toEqual([...clean.byFile.values()].flat())
    expect(again.byId.get('rule_end_the_run')?.number).toBe('6.1.4')
    rmSync(dir, { recursive: true, force: true })
  }, 600_000)
})
