import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompletionItem, CompletionList, Hover, Location, TextEdit, WorkspaceEdit } from 'vscode-languageserver/node'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { main } from '../../src/cli/main.ts'
import { startClient, type Client } from './lsp-client.ts'

const repo = join(import.meta.dirname, '../..')
let root: string
let rules: string
let client: Client
let runs: string
let runsUri: string

/** A rules folder with the newest release beside it, so the ID guard runs as in the repository. */
function makeTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cr-lsp-'))
  cpSync(join(repo, 'rules'), join(dir, 'rules'), { recursive: true })
  mkdirSync(join(dir, 'releases'))
  cpSync(join(repo, 'releases/v26.03'), join(dir, 'releases/v26.03'), { recursive: true })
  return dir
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle))

function applyEdits(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n')
  const sorted = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character)
  for (const e of sorted) {
    const { start, end } = e.range
    const before = lines.slice(0, start.line).join('\n') + (start.line > 0 ? '\n' : '') + lines[start.line]!.slice(0, start.character)
    const after = (lines[end.line] ?? '').slice(end.character) + (end.line + 1 < lines.length ? '\n' + lines.slice(end.line + 1).join('\n') : '')
    const joined = before + e.newText + after
    lines.splice(0, lines.length, ...joined.split('\n'))
  }
  return lines.join('\n')
}

async function check(dir: string) {
  const io = memoryIo()
  const code = await main(['check', '--json', dir], io)
  return { code, messages: JSON.parse(io.out()).messages as { code: string; message: string; line: number; column: number; file: string; severity: string }[] }
}

beforeAll(async () => {
  root = makeTree()
  rules = join(root, 'rules')
  runs = readFileSync(join(rules, '06_runs.yaml'), 'utf8')
  client = await startClient()
  runsUri = client.uri(join(rules, '06_runs.yaml'))
  const first = client.waitFor(runsUri)
  await client.open(runsUri, runs)
  expect(await first).toEqual([])
}, 600_000)

afterAll(() => client?.close())

describe('cr lsp: diagnostics as you type', () => {
  it("publishes cr check's code, message and place for a mistake, and clears it when fixed", async () => {
    const broken = runs.replace('{ref:rule_sec_run_run_ends_phase}', '{ref:rule_sec_run_run_ends_phse}')
    const published = client.waitFor(runsUri, (d) => d.length > 0)
    await client.change(runsUri, broken)
    const diagnostics = await published

    // The same message `cr check` prints for the same file saved.
    const saved = mkdtempSync(join(tmpdir(), 'cr-lsp-check-'))
    cpSync(rules, join(saved, 'rules'), { recursive: true })
    writeFileSync(join(saved, 'rules/06_runs.yaml'), broken)
    const expected = (await check(join(saved, 'rules'))).messages
    expect(expected).toHaveLength(1)
    expect(diagnostics).toHaveLength(1)
    const [d] = diagnostics
    expect(d).toMatchObject({ code: 'unknown-rule', source: 'cr', severity: 1 })
    expect((d!.message as string).split('\n')[0]).toBe(expected[0]!.message)
    expect(d!.message).toContain('did you mean `rule_sec_run_run_ends_phase`')
    expect(d!.range.start).toEqual({ line: expected[0]!.line - 1, character: expected[0]!.column - 1 })
    expect(d!.range.end.line).toBe(d!.range.start.line)
    expect(d!.range.end.character).toBeGreaterThan(d!.range.start.character)

    const cleared = client.waitFor(runsUri, (x) => x.length === 0)
    await client.change(runsUri, runs)
    expect(await cleared).toEqual([])
  })

  it('reports a duplicate ID in another file with the related place', async () => {
    const access = join(rules, '07_access_breach.yaml')
    const accessUri = client.uri(access)
    const text = readFileSync(access, 'utf8')
    const published = client.waitFor(accessUri, (d) => d.some((x) => x.code === 'id-duplicate'))
    // 07 is not open: the server reads it from disk, and publishes for every file of the folder.
    await client.change(runsUri, runs.replace('- rule: rule_run_initiation_phase', '- rule: rule_accessing_who_can_look'))
    const d = (await published).find((x) => x.code === 'id-duplicate')
    expect(text.split('\n')[d!.range.start.line]).toContain('rule_accessing_who_can_look')
    const back = client.waitFor(accessUri, (x) => x.length === 0)
    await client.change(runsUri, runs)
    await back
  })
})

describe('cr lsp: completion, hover, definition', () => {
  const position = (needle: string, after: string) => {
    const line = lineOf(runs, needle)
    return { line, character: runs.split('\n')[line]!.indexOf(after) + after.length }
  }

  it('completes rule IDs inside {ref: with their number and first words', async () => {
    const line = lineOf(runs, '{ref:rule_sec_run_run_ends_phase}')
    const typed = runs.split('\n').map((l, i) => (i === line ? l.replace('{ref:rule_sec_run_run_ends_phase}', '{ref:rule_end_th') : l)).join('\n')
    await client.change(runsUri, typed)
    const character = typed.split('\n')[line]!.indexOf('{ref:rule_end_th') + '{ref:rule_end_th'.length
    const result = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: runsUri }, position: { line, character } })
    const item = result.items.find((i) => i.label === 'rule_end_the_run')!
    expect(item.labelDetails?.detail).toBe(' 6.1.4')
    expect(item.labelDetails?.description).toMatch(/^To end the run is to halt/)
    expect((item.textEdit as TextEdit).range.start.character).toBe(character - 'rule_end_th'.length)
    expect(result.items.length).toBeGreaterThan(1000)
    // The text itself comes on resolve.
    const resolved = await client.request<CompletionItem>('completionItem/resolve', item)
    expect((resolved.documentation as { value: string }).value).toMatch(/^\*\*6\.1\.4\*\* `rule_end_the_run`\n\nTo end the run/)
    await client.change(runsUri, runs)
  })

  it('completes after a comma in a reference list, card names and defined terms', async () => {
    const line = lineOf(runs, '{ref:rule_sec_run_run_ends_phase}')
    for (const [typed, expected] of [
      ['{ref:rule_run, sec_', 'sec_run_general'],
      ['{card:Sneakd', 'Sneakdoor Beta'],
      ['{term:Jack', 'Jacking out'],
    ] as const) {
      const text = runs.split('\n').map((l, i) => (i === line ? l.replace('{ref:rule_sec_run_run_ends_phase}', typed) : l)).join('\n')
      await client.change(runsUri, text)
      const character = text.split('\n')[line]!.indexOf(typed) + typed.length
      const result = await client.request<CompletionList | CompletionItem[]>('textDocument/completion', { textDocument: { uri: runsUri }, position: { line, character } })
      const items = Array.isArray(result) ? result : result.items
      expect(items.map((i) => i.label)).toContain(expected)
    }
    await client.change(runsUri, runs)
  })

  it('shows the number and text on hover, and goes to the definition', async () => {
    const at = position('See {ref:rule_end_the_run}', '{ref:rule_end')
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: runsUri }, position: at })
    expect((hover.contents as { value: string }).value).toMatch(/^\*\*6\.1\.4\*\* `rule_end_the_run`\n\nTo end the run is to halt/)

    const def = await client.request<Location>('textDocument/definition', { textDocument: { uri: runsUri }, position: at })
    expect(def.uri).toBe(runsUri)
    expect(runs.split('\n')[def.range.start.line]).toBe('  - subsection: rule_end_the_run')
    expect(def.range.start.character).toBe('  - subsection: '.length)

    // From another file too.
    const accessUri = client.uri(join(rules, '07_access_breach.yaml'))
    const access = readFileSync(join(rules, '07_access_breach.yaml'), 'utf8')
    await client.open(accessUri, access)
    const line = lineOf(access, 'See {ref:rule_end_the_run}')
    const fromAccess = await client.request<Location>('textDocument/definition', { textDocument: { uri: accessUri }, position: { line, character: access.split('\n')[line]!.indexOf('rule_end_the_run') + 3 } })
    expect(fromAccess.uri).toBe(runsUri)
  })
})

describe('cr lsp: rename', () => {
  it('renames an ID in every file and records the old one in retired.yaml, leaving cr check clean', async () => {
    const at = { line: lineOf(runs, '  - subsection: rule_end_the_run'), character: '  - subsection: rule_e'.length }
    const prepared = await client.request<{ placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: runsUri }, position: at })
    expect(prepared.placeholder).toBe('rule_end_the_run')
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: runsUri }, position: at, newName: 'rule_ending_the_run' })
    const files = Object.keys(edit.changes!).map((u) => u.split('/').pop()).sort()
    expect(files).toEqual(expect.arrayContaining(['06_runs.yaml', '07_access_breach.yaml', 'changelog.yaml', 'retired.yaml']))

    // Apply to a copy, then `cr check` (with its ID guard against v26.03) passes.
    const copy = makeTree()
    for (const [uri, edits] of Object.entries(edit.changes!)) {
      const name = uri.split('/').pop()!
      const path = join(copy, 'rules', name)
      writeFileSync(path, applyEdits(readFileSync(path, 'utf8'), edits))
    }
    const retired = readFileSync(join(copy, 'rules/retired.yaml'), 'utf8')
    expect(retired).toMatch(/^( *)- id: rule_end_the_run\n\1  release: v26\.03\n\1  renamed_to: rule_ending_the_run\n/m)
    const after = await check(join(copy, 'rules'))
    // (Only v26.03 is beside the copy: older releases' retirements warn, as they would in any such tree.)
    expect(after.messages.filter((m) => m.code !== 'retired-unknown-id')).toEqual([])
    expect(after.messages.filter((m) => /rule_end(ing)?_the_run/.test(m.message))).toEqual([])
    expect(after.code).toBe(0)
    const runsAfter = readFileSync(join(copy, 'rules/06_runs.yaml'), 'utf8')
    expect(runsAfter).not.toContain('rule_end_the_run')
    expect(runsAfter).toContain('  - subsection: rule_ending_the_run')
  })

  it('keeps a capital first letter, and adds no retirement for an ID no release had', async () => {
    const line = lineOf(runs, '- rule: rule_run_initiation_phase')
    const id = /rule: (\S+)/.exec(runs.split('\n')[line]!)![1]!
    const text = runs.replace(`{ref:rule_end_the_run}`, `{ref:Rule_end_the_run}`).replace(`- rule: ${id}`, '- rule: rule_brand_new')
    await client.change(runsUri, text)
    const newLine = lineOf(text, '- rule: rule_brand_new')
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: runsUri }, position: { line: newLine, character: 12 }, newName: 'rule_newer' })
    expect(Object.keys(edit.changes!).some((u) => u.endsWith('retired.yaml'))).toBe(false)
    const capital = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: runsUri }, position: { line: lineOf(text, 'Rule_end_the_run'), character: text.split('\n')[lineOf(text, 'Rule_end_the_run')]!.indexOf('Rule_end') + 2 }, newName: 'rule_stop' })
    expect(capital.changes![runsUri]!.map((e) => e.newText)).toContain('Rule_stop')
    await expect(client.request('textDocument/rename', { textDocument: { uri: runsUri }, position: { line: newLine, character: 12 }, newName: 'rule_run' })).rejects.toThrow(/already the ID of 6\.1\.1/)
    await client.change(runsUri, runs)
  })
})

describe('cr lsp --stdio', () => {
  it('answers initialize over stdin/stdout with Content-Length framing and exits 0 on exit', async () => {
    const { spawn } = await import('node:child_process')
    const child = spawn(process.execPath, [join(repo, 'bin/cr.js'), 'lsp', '--stdio'], { cwd: repo })
    const frame = (message: object) => {
      const body = JSON.stringify({ jsonrpc: '2.0', ...message })
      return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    }
    let out = ''
    const answered = new Promise<void>((done) => child.stdout.on('data', (d: Buffer) => ((out += d.toString()), out.includes('"id":1') && done())))
    child.stdin.write(frame({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }))
    await answered
    expect(out).toMatch(/^Content-Length: \d+\r\n\r\n/)
    expect(out).toContain('"renameProvider":{"prepareProvider":true}')
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
    child.stdin.write(frame({ id: 2, method: 'shutdown' }) + frame({ method: 'exit' }))
    expect(await exited).toBe(0)
  }, 600_000)
})
