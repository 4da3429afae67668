/**
 * The language server's reach (issue 21): find references, the file as a
 * chapter → section → rule outline, a search over every entry, and quick
 * fixes — a did-you-mean applied, a lost ID retired — over the real protocol.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CodeAction, DocumentSymbol, Location, SymbolInformation } from 'vscode-languageserver/node'
import { applyEdits, startClient, type Client } from './lsp-client.ts'

const repo = join(import.meta.dirname, '../..')
let root: string
let client: Client
let runs: string
let runsUri: string

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cr-lsp-reach-'))
  cpSync(join(repo, 'rules'), join(root, 'rules'), { recursive: true })
  cpSync(join(repo, 'releases'), join(root, 'releases'), { recursive: true })
  runs = readFileSync(join(root, 'rules/06_runs.yaml'), 'utf8')
  client = await startClient({ cwd: root })
  runsUri = client.uri(join(root, 'rules/06_runs.yaml'))
  const first = client.waitFor(runsUri)
  await client.open(runsUri, runs)
  await first
}, 600_000)

afterAll(() => client?.close())

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle))
const name = (uri: string) => uri.split('/').slice(-2).join('/')

describe('find references', () => {
  it('from a definition: every {ref:} in every file, the definition itself when asked, and retired.yaml', async () => {
    const line = lineOf(runs, '- subsection: rule_end_the_run')
    const at = { line, character: runs.split('\n')[line]!.indexOf('rule_end') + 2 }
    const all = await client.request<Location[]>('textDocument/references', { textDocument: { uri: runsUri }, position: at, context: { includeDeclaration: true } })
    const files = new Set(all.map((l) => name(l.uri)))
    expect([...files].sort()).toEqual(expect.arrayContaining(['rules/06_runs.yaml', 'rules/07_access_breach.yaml', 'rules/changelog.yaml']))
    expect(all.some((l) => name(l.uri) === 'rules/06_runs.yaml' && l.range.start.line === line)).toBe(true)
    const access = readFileSync(join(root, 'rules/07_access_breach.yaml'), 'utf8').split('\n')
    for (const l of all.filter((x) => name(x.uri) === 'rules/07_access_breach.yaml')) expect(access[l.range.start.line]!.slice(l.range.start.character, l.range.end.character)).toBe('rule_end_the_run')
    const refsOnly = await client.request<Location[]>('textDocument/references', { textDocument: { uri: runsUri }, position: at, context: { includeDeclaration: false } })
    expect(refsOnly.length).toBe(all.length - 1)
  })

  it('retired.yaml entries that send an old ID to it count', async () => {
    const line = lineOf(runs, '- rule: rule_position_initial')
    const all = await client.request<Location[]>('textDocument/references', { textDocument: { uri: runsUri }, position: { line, character: runs.split('\n')[line]!.indexOf('rule_position_initial') + 1 }, context: { includeDeclaration: false } })
    const retired = readFileSync(join(root, 'rules/retired.yaml'), 'utf8').split('\n')
    const there = all.filter((l) => name(l.uri) === 'rules/retired.yaml')
    expect(there.length).toBeGreaterThan(0)
    for (const l of there) expect(retired[l.range.start.line]).toMatch(/split_into|renamed_to|merged_into/)
  })
})

describe('outline', () => {
  it('a file is chapter → section → rule → sub-rule, each with its number, its words and its ID', async () => {
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: runsUri } })
    expect(symbols).toHaveLength(1)
    const chapter = symbols[0]!
    expect(chapter).toMatchObject({ name: '6 Runs', detail: 'chpt_runs' })
    expect(chapter.children!.map((s) => s.name.split(' ')[0])).toEqual(['6.1', '6.2', '6.3', '6.4', '6.5', '6.6', '6.7', '6.8', '6.9'])
    const etr = chapter.children![0]!.children!.find((s) => s.detail === 'rule_end_the_run')!
    expect(etr.name).toMatch(/^6\.1\.4 To end the run is to halt/)
    expect(etr.children!.map((s) => s.name.split(' ')[0])).toEqual(['6.1.4a', '6.1.4b', '6.1.4c'])
    // Ranges nest, and the selection is the ID where it is written.
    expect(etr.range.start.line).toBeLessThanOrEqual(etr.children![0]!.range.start.line)
    expect(etr.range.end.line).toBeGreaterThanOrEqual(etr.children![2]!.range.end.line)
    expect(runs.split('\n')[etr.selectionRange.start.line]!.slice(etr.selectionRange.start.character, etr.selectionRange.end.character)).toBe('rule_end_the_run')
  })

  it('the folder searched by number, ID or words', async () => {
    const byNumber = await client.request<SymbolInformation[]>('workspace/symbol', { query: '6.1.4' })
    expect(byNumber[0]).toMatchObject({ name: expect.stringMatching(/^6\.1\.4 /), containerName: expect.stringMatching(/^6\.1 General/) })
    const byWords = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'jacking out' })
    expect(byWords.map((s) => s.name)).toContain(byWords.find((s) => s.name.startsWith('6.1.5 '))?.name)
    const byId = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'rule_end_the_run' })
    expect(name(byId[0]!.location.uri)).toBe('rules/06_runs.yaml')
  })
})

describe('quick fixes', () => {
  it('applies the did-you-mean of an unknown reference, and the diagnostic goes', async () => {
    const typo = runs.replace('{ref:rule_sec_run_run_ends_phase}', '{ref:rule_sec_run_run_ends_phse}')
    const published = client.waitFor(runsUri, (d) => d.length > 0)
    await client.change(runsUri, typo)
    const [d] = await published
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: runsUri }, range: d!.range, context: { diagnostics: [d] } })
    expect(actions[0]).toMatchObject({ title: 'Change to `rule_sec_run_run_ends_phase`', kind: 'quickfix', isPreferred: true })
    const fixed = applyEdits(typo, actions[0]!.edit!.changes![runsUri]!)
    expect(fixed).toBe(runs)
    const cleared = client.waitFor(runsUri, (x) => x.length === 0)
    await client.change(runsUri, fixed)
    await cleared
  })

  it('applies a card name', async () => {
    const typo = runs.replace('{card:Inversificator}', '{card:Inversificatr}')
    const published = client.waitFor(runsUri, (d) => d.some((x) => x.code === 'card-unknown'))
    await client.change(runsUri, typo)
    const d = (await published).find((x) => x.code === 'card-unknown')!
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: runsUri }, range: d.range, context: { diagnostics: [d] } })
    expect(actions[0]!.title).toBe('Change to `{card:Inversificator}`')
    expect(applyEdits(typo, actions[0]!.edit!.changes![runsUri]!)).toBe(runs)
    await client.change(runsUri, runs)
    await client.settle()
  })

  it('retires an ID the rules lost: the missing-ID error goes, and the empty reason asks to be written', async () => {
    const id = 'rule_jack_out_before_approach'
    const without = runs.split('\n').filter((l, i, all) => !l.includes(`- rule: ${id}`) && !all[i - 1]?.includes(`- rule: ${id}`)).join('\n')
    const releaseUri = client.uri(join(root, 'releases/v26.03/06_runs.yaml'))
    const published = client.waitFor(releaseUri, (d) => d.some((x) => x.code === 'id-missing'))
    await client.change(runsUri, without)
    const d = (await published)[0]!
    expect(d.data).toMatchObject({ subject: id, release: 'v26.03' })
    expect(d.codeDescription?.href).toMatch(/#code-id-missing$/)
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: releaseUri }, range: d.range, context: { diagnostics: [d] } })
    const removed = actions.find((a) => a.title.startsWith(`Retire \`${id}\` as removed`))!
    const retiredUri = client.uri(join(root, 'rules/retired.yaml'))
    const retired = applyEdits(readFileSync(join(root, 'rules/retired.yaml'), 'utf8'), removed.edit!.changes![retiredUri]!)
    expect(retired).toMatch(new RegExp(`- id: ${id}\\n {2}release: v26\\.03\\n {2}removed: ""\\n$`))
    const asks = client.waitFor(retiredUri, (x) => x.length > 0)
    await client.open(retiredUri, retired)
    const prompt = await asks
    expect(prompt.map((x) => String(x.message).split('\n')[0])).toEqual(['Unexpected value for `removed`, expected the reason the rule was dropped'])
    await client.settle()
    expect(client.diagnostics.get(releaseUri)).toEqual([])
    const clean = client.waitFor(retiredUri, (x) => x.length === 0)
    await client.change(retiredUri, retired.replace('removed: ""', 'removed: Folded into 6.1.5a.'))
    await clean
    await client.change(retiredUri, readFileSync(join(root, 'rules/retired.yaml'), 'utf8'))
    await client.change(runsUri, runs)
    await client.settle()
  })
})
