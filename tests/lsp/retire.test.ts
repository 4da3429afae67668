/**
 * Retiring from the editor: the "Retire this rule" code action on a rule's definition makes
 * `cr retire`'s plan (the entry cut, retired.yaml told, its reason left to write and flagged
 * until it is), and the references to a retired ID are one diagnostic, the others as related
 * information, whose quick fix changes them all.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node'
import { runCr } from '../cli/run-cr.ts'
import { applyEdits, startClient, type Client } from './lsp-client.ts'

const repo = join(import.meta.dirname, '../..')
let root: string
let client: Client
const path = (name: string) => join(root, 'rules', name)
const text = (name: string) => readFileSync(path(name), 'utf8')

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cr-lsp-retire-'))
  cpSync(join(repo, 'rules'), join(root, 'rules'), { recursive: true })
  cpSync(join(repo, 'releases'), join(root, 'releases'), { recursive: true })
  client = await startClient({ cwd: root })
}, 600_000)

afterAll(async () => {
  await client?.settle()
  client?.close()
  rmSync(root, { recursive: true, force: true })
})

/** Apply a code action's edit as an editor does, saving every file, and tell the server of the open ones. */
async function apply(action: CodeAction, open: string[]) {
  for (const [uri, edits] of Object.entries(action.edit?.changes ?? {})) {
    const name = uri.split('/').pop()!
    const after = applyEdits(text(name), edits)
    writeFileSync(path(name), after)
    if (open.includes(name)) await client.change(uri, after)
  }
  await client.settle()
}

describe('retiring in the editor', () => {
  it('offers "Retire" on the line that defines a rule, not elsewhere; applied, it leaves only the reason to write', async () => {
    const uri = client.uri(path('06_runs.yaml'))
    await client.open(uri, text('06_runs.yaml'))
    await client.settle()
    const lines = text('06_runs.yaml').split('\n')
    const line = lines.findIndex((l) => /^\s*- subsection: rule_jacking_out$/.test(l))
    const at = (n: number) => ({ textDocument: { uri }, range: { start: { line: n, character: 4 }, end: { line: n, character: 4 } }, context: { diagnostics: [] } })
    const onText = await client.request<CodeAction[]>('textDocument/codeAction', at(line + 1))
    expect(onText.filter((a) => a.title.startsWith('Retire'))).toEqual([])

    // The references outside the entry that goes: to it, or to a sub-rule going with it.
    const chapters = ['05_turns.yaml', '06_runs.yaml', '07_access_breach.yaml', '09_abilities.yaml', '10_additional_rules.yaml'].map(text).join('\n')
    const refs = chapters.match(/\{ref[^}]*\b(rule_jacking_out|rule_jack_out_after_passing_ice|rule_jack_out_before_approach)\b/g)?.length ?? 0
    expect(refs).toBeGreaterThan(0)
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', at(line))
    const retire = actions.find((a) => a.title.startsWith('Retire'))
    expect(retire?.title).toBe(`Retire \`rule_jacking_out\` and the 2 sub-rules under it, then say why in retired.yaml (${refs} reference${refs === 1 ? '' : 's'} to rewrite)`)
    expect(retire?.kind).toBe('refactor.rewrite')
    await apply(retire!, ['06_runs.yaml'])
    expect(text('06_runs.yaml')).not.toMatch(/rule_jack_out_after_passing_ice|- subsection: rule_jacking_out/)
    expect(text('retired.yaml')).toMatch(/- id: rule_jacking_out\n {2}release: v26\.03\n {2}removed: ""\n/)

    // What is left is what the editor must decide: the empty reasons, and the references, one message per ID.
    const check = JSON.parse((await runCr(['check', '--json', 'rules'], root)).stdout) as { messages: { code: string; subject?: string; file: string }[] }
    const left = check.messages.filter((m) => m.code === 'unknown-rule')
    expect(left.map((m) => m.subject)).toEqual(['rule_jacking_out'])
    expect(check.messages.filter((m) => m.code !== 'unknown-rule').every((m) => m.file === 'rules/retired.yaml')).toBe(true)
  })

  it('one diagnostic per retired ID, its other references as related information, and a quick fix that changes them all', async () => {
    // v22.12's rule_swap_score_area was renamed rule_swap_score_areas; two stale references in two open files.
    const turns = text('05_turns.yaml').replace(/(text: [^\n]*?)\.\n/, '$1 (see {ref:rule_swap_score_area}).\n')
    const cards = text('08_card_manipulation.yaml').replace(/(text: [^\n]*?)\.\n/, '$1 (see {ref:Rule_swap_score_area}).\n')
    writeFileSync(path('05_turns.yaml'), turns)
    writeFileSync(path('08_card_manipulation.yaml'), cards)
    const turnsUri = client.uri(path('05_turns.yaml'))
    const cardsUri = client.uri(path('08_card_manipulation.yaml'))
    const published = client.waitFor(turnsUri, (d) => d.some((x) => String(x.message).includes('`rule_swap_score_area`')))
    await client.open(turnsUri, turns)
    await client.open(cardsUri, cards)
    const diagnostics = await published
    await client.settle()
    const d = diagnostics.find((x) => String(x.message).includes('`rule_swap_score_area`')) as Diagnostic
    expect(d.message).toMatch(/^Retired rule ID `rule_swap_score_area` in 2 references \(renamed to `rule_swap_score_areas` after v22\.12\), expected `rule_swap_score_areas`/)
    expect(client.diagnostics.get(cardsUri)?.filter((x) => String(x.message).includes('rule_swap_score_area')) ?? []).toEqual([])
    expect(d.relatedInformation?.map((r) => [r.location.uri, r.message])).toEqual([
      [cardsUri, '`rule_swap_score_area` referred to here too'],
      [client.uri(path('retired.yaml')), '`rule_swap_score_area` retired here'],
    ])

    const fixes = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: turnsUri }, range: d.range, context: { diagnostics: [d] } })
    const all = fixes.find((f) => f.title === 'Change all 2 to `rule_swap_score_areas`')
    expect(all, fixes.map((f) => f.title).join('; ')).toBeDefined()
    await apply(all!, ['05_turns.yaml', '08_card_manipulation.yaml'])
    expect(text('05_turns.yaml')).toContain('(see {ref:rule_swap_score_areas}).')
    expect(text('08_card_manipulation.yaml')).toContain('(see {ref:Rule_swap_score_areas}).')
    expect(text('05_turns.yaml') + text('08_card_manipulation.yaml')).not.toMatch(/\{ref:[Rr]ule_swap_score_area\}/)
  })

  it('to an editor that resolves code actions, the title comes at once and the edit only when the action is chosen', async () => {
    const resolving = await startClient({ cwd: root, capabilities: { textDocument: { codeAction: { resolveSupport: { properties: ['edit'] } } } } })
    try {
      const name = '07_access_breach.yaml'
      const uri = resolving.uri(path(name))
      await resolving.open(uri, text(name))
      await resolving.settle()
      const lines = text(name).split('\n')
      const line = lines.findIndex((l) => /^\s*- rule: rule_\w+$/.test(l))
      const id = /rule_\w+/.exec(lines[line]!)![0]
      const actions = await resolving.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line, character: 6 }, end: { line, character: 6 } }, context: { diagnostics: [] } })
      const retire = actions.find((a) => a.title.startsWith(`Retire \`${id}\``))
      expect(retire).toBeDefined()
      expect(retire!.edit).toBeUndefined()
      const resolved = await resolving.request<CodeAction>('codeAction/resolve', retire)
      const after = applyEdits(text(name), resolved.edit!.changes![uri]!)
      expect(after.split('\n').some((l) => new RegExp(`- (rule|subsection): ${id}$`).test(l))).toBe(false)
      expect(Object.keys(resolved.edit!.changes!)).toContain(resolving.uri(path('retired.yaml')))
    } finally {
      await resolving.settle()
      resolving.close()
    }
  })
})
