/**
 * Invisible and control characters in IDs, terms and file names (issue 24,
 * item 11): refused in rule text and IDs, escaped wherever a name is printed.
 * Before, a zero-width space made a term that reads "run" beside "run", and a
 * colour escape in a file name reached the terminal raw (the CLI's streams
 * let every colour sequence through as "ours").
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, cpSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { compile } from '../../src/core/compile.ts'
import { escapeForTerminal, escapeStreamText } from '../../src/core/terminal-text.ts'
import { runCr } from '../cli/run-cr.ts'

const repo = join(import.meta.dirname, '../..')
const tmp = mkdtempSync(join(tmpdir(), 'cr-names-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const RED = '\u001b[31m'
const chapter = (id: string, text = 'One.') => `chapter: ${id}\ntext: Test Chapter\nsections:\n- section: sec_${id.slice(5)}\n  text: Test Section\n  rules:\n  - rule: rule_${id.slice(5)}\n    text: ${text}\n`

function rules(name: string, files: Record<string, string>): string {
  const dir = join(tmp, name, 'rules')
  mkdirSync(dir, { recursive: true })
  cpSync(join(repo, 'tests/fixtures/diagnostics/yaml-syntax/rules/release.yaml'), join(dir, 'release.yaml'))
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text)
  return dir
}

describe('in rule text and IDs: refused', () => {
  it('a zero-width space inside {term:} is an error: the document it would make has a second "run"', () => {
    const { messages, document } = compile([
      { path: 'rules/release.yaml', content: 'version: v99.01\neffective: "2099-01-01"\n' },
      { path: 'rules/01_a.yaml', content: chapter('chpt_a', '"A {term:run} and a {term:run\\u200B}."') },
    ])
    expect(messages.map((m) => [m.code, m.line, m.column])).toEqual([['text-invisible-char', 8, 40]])
    expect(document!.rules.find((r) => r.id === 'rule_a')!.terms.filter((t) => t.startsWith('run'))).toHaveLength(2)
  })

  it.each([['zero-width space', '\u200b'], ['soft hyphen', '\u00ad'], ['word joiner', '\u2060'], ['variation selector', '\ufe0f'], ['tag character', '\u{e0041}'], ['left-to-right mark', '\u200e']])('%s in rule text is text-invisible-char', (_, c) => {
    const { messages } = compile([{ path: 'rules/01_a.yaml', content: chapter('chpt_a', `"Run${c} now."`) }])
    expect(messages.map((m) => m.code)).toContain('text-invisible-char')
  })

  it('an ID with an invisible character is schema-id-pattern, and printed with the character made visible', async () => {
    const dir = rules('zwsp-id', { '01_a.yaml': chapter('chpt_a').replace('rule: rule_a', 'rule: rule_\u200ba') })
    const r = await runCr(['check', dir], tmp)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('error[schema-id-pattern]')
    expect(r.stdout + r.stderr).not.toContain('\u200b')
  }, 600_000)
})

describe('in file names: escaped wherever printed', () => {
  it('cr check names a file with a colour escape and a zero-width space without sending either raw', async () => {
    const dir = rules('colour-check', { [`02_${RED}red\u200b.yaml`]: 'chapter: [' })
    const r = await runCr(['check', dir], tmp)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('02_␛[31mred\ufffd.yaml')
    expect(r.stdout + r.stderr).not.toMatch(/\u001b|\u200b/)
  }, 600_000)

  it('cr fmt lists a file with a colour escape in its name, escaped', async () => {
    const dir = rules('colour-fmt', { [`02_${RED}red.yaml`]: chapter('chpt_red').replace('text: One.', 'text:    One.') })
    const r = await runCr(['fmt', '--check', 'rules'], join(tmp, 'colour-fmt'))
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/^rules\/02_␛\[31mred\.yaml:\d+:1: not in the canonical layout from line \d+\n$/)
    expect(dir).toBeTruthy()
  }, 600_000)

  it("the CLI's streams pass only the colours cr diff writes", () => {
    expect(escapeStreamText('\u001b[31;9mgone\u001b[0m \u001b[32;4mnew\u001b[0m')).toBe('\u001b[31;9mgone\u001b[0m \u001b[32;4mnew\u001b[0m')
    expect(escapeStreamText(`${RED}file.yaml \u001b[2J \u001b[1;31m`)).toBe('␛[31mfile.yaml ␛[2J ␛[1;31m')
    expect(escapeStreamText('a\u200bb\u{e0041}')).toBe('a\\u200bb\\udb40\\udc41')
    expect(escapeForTerminal('run\u200b')).toBe('run\ufffd')
  })
})
