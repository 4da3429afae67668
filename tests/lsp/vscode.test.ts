/**
 * The README's VS Code setup (editors/vscode/settings.json, for the Generic
 * LSP Client extension). VS Code itself cannot run here (no binary, no
 * network to fetch one), so what is tested is everything but its window:
 * the command the settings name is run the way the extension runs it
 * (`npx` from the workspace folder, over stdio; `cr` in the workspace's
 * node_modules/.bin is the CLI on the current sources), and spoken to as
 * VS Code's language client speaks: its initialize (workspace folders and
 * the client capabilities VS Code sends), every YAML file it forwards (the
 * extension's selector is the language, so a CI workflow comes too),
 * incremental changes, and the requests behind its UI (hover, completion,
 * quick fix, prepare rename and rename, the outline).
 */
import { spawn } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type CodeAction,
  type CompletionList,
  type DocumentSymbol,
  type Hover,
  type PublishDiagnosticsParams,
  type WorkspaceEdit,
} from 'vscode-languageserver/node'
import { applyEdits } from './lsp-client.ts'

const repo = join(import.meta.dirname, '../..')

describe('VS Code (the README setup, its client protocol)', () => {
  it('the configured command serves the rules folder, and nothing else, as VS Code asks', async () => {
    const settings = JSON.parse(readFileSync(join(repo, 'editors/vscode/settings.json'), 'utf8')) as Record<string, unknown>
    expect(settings['glspc.server.languageId']).toEqual(['yaml'])
    const args = settings['glspc.server.commandArguments'] as string[]
    expect([settings['glspc.server.command'], ...args]).toEqual(['npx', 'cr', 'lsp', '--stdio'])

    // A checkout with the rules, the releases and a CI workflow; `npx cr` finds the workspace's own `cr`.
    const project = mkdtempSync(join(tmpdir(), 'cr-vscode-'))
    cpSync(join(repo, 'rules'), join(project, 'rules'), { recursive: true })
    cpSync(join(repo, 'releases'), join(project, 'releases'), { recursive: true })
    mkdirSync(join(project, 'node_modules/.bin'), { recursive: true })
    const shim = join(project, 'node_modules/.bin/cr')
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" --import "${join(repo, 'node_modules/tsx/dist/esm/index.mjs')}" "${join(repo, 'tests/lsp/cr-from-source.ts')}" "$@"\n`)
    chmodSync(shim, 0o755)
    mkdirSync(join(project, '.github/workflows'), { recursive: true })
    writeFileSync(join(project, '.github/workflows/ci.yaml'), 'on: [push\n')

    const child = spawn(settings['glspc.server.command'] as string, ['--no-install', ...args], { cwd: project, stdio: ['pipe', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
    const client = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
    const published = new Map<string, PublishDiagnosticsParams['diagnostics']>()
    const waiters: { uri: string; test: (d: PublishDiagnosticsParams['diagnostics']) => boolean; done: () => void }[] = []
    const shown: string[] = []
    client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      published.set(p.uri, p.diagnostics)
      for (const w of [...waiters]) if (w.uri === p.uri && w.test(p.diagnostics)) waiters.splice(waiters.indexOf(w), 1) && w.done()
    })
    client.onNotification('window/showMessage', (m: { message: string }) => {
      shown.push(m.message)
    })
    const waitFor = (uri: string, test: (d: PublishDiagnosticsParams['diagnostics']) => boolean) => new Promise<void>((done) => waiters.push({ uri, test, done }))
    client.listen()
    try {
      const root = pathToFileURL(project).href
      const init = (await client.sendRequest('initialize', {
        processId: process.pid,
        clientInfo: { name: 'Visual Studio Code', version: '1.96.0' },
        locale: 'en',
        rootPath: project,
        rootUri: root,
        workspaceFolders: [{ uri: root, name: 'project' }],
        capabilities: {
          workspace: { applyEdit: true, workspaceFolders: true, workspaceEdit: { documentChanges: true }, symbol: {}, didChangeWatchedFiles: { dynamicRegistration: true } },
          textDocument: {
            synchronization: { didSave: true, willSave: true, dynamicRegistration: true },
            publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true, dataSupport: true, versionSupport: false },
            completion: { completionItem: { labelDetailsSupport: true, snippetSupport: true, resolveSupport: { properties: ['documentation', 'detail'] } }, contextSupport: true },
            hover: { contentFormat: ['markdown', 'plaintext'] },
            codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor'] } }, isPreferredSupport: true, dataSupport: true },
            rename: { prepareSupport: true },
            documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          },
        },
      })) as { capabilities: Record<string, unknown> }
      expect(init.capabilities).toMatchObject({ hoverProvider: true, referencesProvider: true, documentSymbolProvider: true, workspaceSymbolProvider: true, codeActionProvider: { codeActionKinds: ['quickfix', 'refactor.rewrite'] }, renameProvider: { prepareProvider: true } })
      await client.sendNotification('initialized', {})

      const ci = pathToFileURL(join(project, '.github/workflows/ci.yaml')).href
      const runs = pathToFileURL(join(project, 'rules/06_runs.yaml')).href
      let text = readFileSync(join(project, 'rules/06_runs.yaml'), 'utf8')
      await client.sendNotification('textDocument/didOpen', { textDocument: { uri: ci, languageId: 'yaml', version: 1, text: 'on: [push\n' } })
      const first = waitFor(runs, () => true)
      await client.sendNotification('textDocument/didOpen', { textDocument: { uri: runs, languageId: 'yaml', version: 1, text } })
      await first
      expect(published.get(runs)).toEqual([])

      // A typo, sent as VS Code sends a keystroke: an incremental change of a range.
      const lines = text.split('\n')
      const line = lines.findIndex((l) => l.includes('{ref:rule_end_the_run}'))
      const character = lines[line]!.indexOf('{ref:rule_end_the_run}') + '{ref:rule_end_'.length
      const typo = waitFor(runs, (d) => d.length > 0)
      await client.sendNotification('textDocument/didChange', { textDocument: { uri: runs, version: 2 }, contentChanges: [{ range: { start: { line, character }, end: { line, character: character + 3 } }, text: 'teh' }] })
      await typo
      text = applyEdits(text, [{ range: { start: { line, character }, end: { line, character: character + 3 } }, newText: 'teh' }])
      const [d] = published.get(runs)!
      expect(published.get(runs)).toHaveLength(1)
      expect(d).toMatchObject({ code: 'unknown-rule', source: 'cr', severity: 1, codeDescription: { href: expect.stringMatching(/#code-unknown-rule$/) }, data: expect.objectContaining({ suggestions: ['rule_end_the_run'] }) })
      expect(d!.range.start).toEqual({ line, character: character - '{ref:rule_end_'.length })
      // The lightbulb: the quick fix VS Code lists for the diagnostic under the cursor, applied.
      const actions = (await client.sendRequest('textDocument/codeAction', { textDocument: { uri: runs }, range: d!.range, context: { diagnostics: [d], only: ['quickfix'], triggerKind: 1 } })) as CodeAction[]
      expect(actions[0]).toMatchObject({ title: 'Change to `rule_end_the_run`', kind: 'quickfix' })
      const fixed = applyEdits(text, actions[0]!.edit!.changes![runs]!)
      expect(fixed).toBe(readFileSync(join(repo, 'rules/06_runs.yaml'), 'utf8'))
      const clean = waitFor(runs, (x) => x.length === 0)
      await client.sendNotification('textDocument/didChange', { textDocument: { uri: runs, version: 3 }, contentChanges: [{ text: fixed }] })
      await clean
      text = fixed

      // Hover and completion (the list, then one item resolved as VS Code does when it is selected).
      const hover = (await client.sendRequest('textDocument/hover', { textDocument: { uri: runs }, position: { line, character } })) as Hover
      expect((hover.contents as { value: string }).value).toMatch(/^\*\*6\.1\.4\*\* `rule_end_the_run`/)
      const list = (await client.sendRequest('textDocument/completion', { textDocument: { uri: runs }, position: { line, character: character - 'rule_end_'.length }, context: { triggerKind: 2, triggerCharacter: ':' } })) as CompletionList
      const item = list.items.find((i) => i.label === 'rule_jacking_out')!
      expect(item.labelDetails?.detail).toBe(' 6.1.5')
      const resolved = (await client.sendRequest('completionItem/resolve', item)) as { documentation?: { value: string } }
      expect(resolved.documentation?.value).toContain('6.1.5')

      // The outline (breadcrumbs, Go to Symbol) and F2: prepare, then rename, with the retirement said.
      const outline = (await client.sendRequest('textDocument/documentSymbol', { textDocument: { uri: runs } })) as DocumentSymbol[]
      expect(outline[0]!.name).toBe('6 Runs')
      const def = text.split('\n').findIndex((l) => l.includes('- subsection: rule_end_the_run'))
      const at = { textDocument: { uri: runs }, position: { line: def, character: text.split('\n')[def]!.indexOf('rule_end_the_run') + 3 } }
      const prepared = (await client.sendRequest('textDocument/prepareRename', at)) as { placeholder?: string } | null
      expect(prepared).toMatchObject({ placeholder: 'rule_end_the_run' })
      const edit = (await client.sendRequest('textDocument/rename', { ...at, newName: 'rule_ending_the_run' })) as WorkspaceEdit
      const changed = Object.keys(edit.changes ?? {})
      expect(changed).toContain(runs)
      expect(changed.some((u) => u.endsWith('/rules/retired.yaml'))).toBe(true)
      expect(shown.some((m) => m.includes('rule_ending_the_run') && m.includes('retired.yaml'))).toBe(true)

      // The workflow VS Code forwarded got nothing: no diagnostics, no completion.
      expect(published.has(ci)).toBe(false)
      expect(await client.sendRequest('textDocument/completion', { textDocument: { uri: ci }, position: { line: 0, character: 4 } })).toEqual([])
      // Nothing from the server on stderr (npm's own notices about this machine's config aside).
      expect(stderr.split('\n').filter((l) => l !== '' && !l.startsWith('npm warn'))).toEqual([])
    } finally {
      client.dispose()
      child.kill()
      rmSync(project, { recursive: true, force: true })
    }
  }, 180_000)
})
