/**
 * Rename keeps history consistent (issue 21): the old ID retired when a
 * release had it, chains collapsed (A→B→C leaves A→C), renaming back removes
 * the entry, a retired ID is refused as a new name; after every rename
 * `cr check` (with its ID guard against every release) is clean.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkspaceEdit } from 'vscode-languageserver/node'
import { runCr } from '../cli/run-cr.ts'
import { applyEdits, startClient, type Client } from './lsp-client.ts'

const repo = join(import.meta.dirname, '../..')
let root: string
let client: Client
let runsUri: string
const messages: string[] = []

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cr-lsp-rename-'))
  cpSync(join(repo, 'rules'), join(root, 'rules'), { recursive: true })
  cpSync(join(repo, 'releases'), join(root, 'releases'), { recursive: true })
  client = await startClient({ cwd: root })
  client.connection.onNotification('window/showMessage', (m: { message: string }) => {
    messages.push(m.message)
  })
  runsUri = client.uri(join(root, 'rules/06_runs.yaml'))
  await client.open(runsUri, readFileSync(join(root, 'rules/06_runs.yaml'), 'utf8'))
}, 600_000)

afterAll(() => client?.close())

const text = (name: string) => readFileSync(join(root, 'rules', name), 'utf8')

/** Rename the ID defined on the line `- <key>: <id>` of 06_runs.yaml, as an editor would: apply the edit, save every file. */
async function rename(id: string, newName: string): Promise<WorkspaceEdit> {
  const runs = text('06_runs.yaml')
  const line = runs.split('\n').findIndex((l) => new RegExp(`^\\s*- (rule|subsection): ${id}$`).test(l))
  expect(line, id).toBeGreaterThan(-1)
  const character = runs.split('\n')[line]!.indexOf(id) + 2
  const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: runsUri }, position: { line, character }, newName })
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) {
    const name = uri.split('/').pop()!
    const after = applyEdits(text(name), edits)
    writeFileSync(join(root, 'rules', name), after)
    if (uri === runsUri) await client.change(runsUri, after)
  }
  await client.settle()
  return edit
}

async function checkIsClean() {
  const r = await runCr(['check', '--json', 'rules'], root)
  expect(JSON.parse(r.stdout).messages).toEqual([])
  expect(r.code).toBe(0)
}

describe('rename and retired.yaml', () => {
  it('A→B retires A; B→C collapses to A→C; C→A removes the entry, leaving retired.yaml as it was', async () => {
    const original = text('retired.yaml')
    await rename('rule_end_the_run', 'rule_ending_the_run')
    expect(text('retired.yaml')).toMatch(/- id: rule_end_the_run\n {2}release: v26\.03\n {2}renamed_to: rule_ending_the_run\n$/)
    expect(messages.pop()).toMatch(/retired\.yaml: `rule_end_the_run` \(v26\.03\) renamed to `rule_ending_the_run`/)
    await checkIsClean()

    await rename('rule_ending_the_run', 'rule_run_ends_now')
    expect(text('retired.yaml')).toMatch(/- id: rule_end_the_run\n {2}release: v26\.03\n {2}renamed_to: rule_run_ends_now\n$/)
    expect(text('retired.yaml')).not.toContain('rule_ending_the_run')
    await checkIsClean()

    await rename('rule_run_ends_now', 'rule_end_the_run')
    expect(text('retired.yaml')).toBe(original)
    expect(messages.pop()).toMatch(/`rule_end_the_run` is current again/)
    await checkIsClean()
  })

  it('retargets merges and splits that pointed at the old name', async () => {
    // v25.08's rule_subroutines_static_ability was split, and two rules merged, into rule_subroutine_origin_static_after (chapter 9).
    const abilities = client.uri(join(root, 'rules/09_abilities.yaml'))
    const source = text('09_abilities.yaml')
    await client.open(abilities, source)
    const line = source.split('\n').findIndex((l) => /- (rule|subsection): rule_subroutine_origin_static_after$/.test(l))
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: abilities }, position: { line, character: source.split('\n')[line]!.indexOf('rule_subroutine_origin') + 3 }, newName: 'rule_subroutines_after_static' })
    for (const [uri, edits] of Object.entries(edit.changes ?? {})) writeFileSync(join(root, 'rules', uri.split('/').pop()!), applyEdits(text(uri.split('/').pop()!), edits))
    const retired = text('retired.yaml')
    expect(retired).not.toMatch(/merged_into: rule_subroutine_origin_static_after|split_into: \[[^\]]*rule_subroutine_origin_static_after/)
    expect(retired.match(/rule_subroutines_after_static/g)!.length).toBeGreaterThanOrEqual(4)
    await checkIsClean()
  })

  it('refuses a retired ID as the new name, saying where it went', async () => {
    await expect(rename('rule_jacking_out', 'rule_position_caveats')).rejects.toThrow(/`rule_position_caveats` is a retired ID \(split into `rule_no_position_outside_run`, `rule_position_initial` after v24\.03\): a retired ID is never given to another rule/)
    await expect(rename('rule_jacking_out', 'rule_run')).rejects.toThrow(/already the ID of 6\.1\.1/)
  })
})
