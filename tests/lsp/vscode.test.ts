/**
 * The README's VS Code setup (editors/vscode/settings.json, for the Generic
 * LSP Client extension): the command it names, run the way the extension
 * runs it (from the workspace folder, over stdio), answers what VS Code's
 * language client sends — its initialize (workspace folders, diagnostics with
 * related information, code descriptions and data), then the YAML files it
 * forwards, every one of them: rules get diagnostics, a CI workflow none.
 * (VS Code itself cannot be installed here; its client library speaks this
 * protocol, which is what is tested.)
 */
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type PublishDiagnosticsParams } from 'vscode-languageserver/node'

const repo = join(import.meta.dirname, '../..')

describe('VS Code (the README setup)', () => {
  it('the configured command serves the rules folder and nothing else', async () => {
    const settings = JSON.parse(readFileSync(join(repo, 'editors/vscode/settings.json'), 'utf8')) as Record<string, unknown>
    expect(settings['glspc.server.languageId']).toEqual(['yaml'])
    expect([settings['glspc.server.command'], ...(settings['glspc.server.commandArguments'] as string[])]).toEqual(['npx', 'cr', 'lsp', '--stdio'])

    // A project with the package installed, as `npx cr` finds it.
    const project = mkdtempSync(join(tmpdir(), 'cr-vscode-'))
    cpSync(join(repo, 'rules'), join(project, 'rules'), { recursive: true })
    mkdirSync(join(project, 'node_modules/.bin'), { recursive: true })
    symlinkSync(join(repo, 'bin/cr.js'), join(project, 'node_modules/.bin/cr'))
    mkdirSync(join(project, '.github/workflows'), { recursive: true })
    writeFileSync(join(project, '.github/workflows/ci.yaml'), 'on: [push\n')
    const child = spawn('npx', ['--no-install', ...(settings['glspc.server.commandArguments'] as string[])], { cwd: project, stdio: ['pipe', 'pipe', 'inherit'] })
    const client = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
    const published = new Map<string, PublishDiagnosticsParams['diagnostics']>()
    let resolveRules: () => void
    const rulesPublished = new Promise<void>((ok) => (resolveRules = ok))
    client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      published.set(p.uri, p.diagnostics)
      if (p.uri.endsWith('/rules/06_runs.yaml') && p.diagnostics.length > 0) resolveRules()
    })
    client.listen()
    try {
      const root = pathToFileURL(project).href
      const init = (await client.sendRequest('initialize', {
        processId: process.pid,
        clientInfo: { name: 'Visual Studio Code', version: '1.96.0' },
        rootUri: root,
        workspaceFolders: [{ uri: root, name: 'project' }],
        capabilities: {
          workspace: { workspaceFolders: true, workspaceEdit: { documentChanges: true }, symbol: {} },
          textDocument: {
            synchronization: { didSave: true },
            publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true, dataSupport: true },
            completion: { completionItem: { labelDetailsSupport: true } },
            codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
            rename: { prepareSupport: true },
            documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          },
        },
      })) as { capabilities: Record<string, unknown> }
      expect(init.capabilities).toMatchObject({ referencesProvider: true, documentSymbolProvider: true, workspaceSymbolProvider: true, codeActionProvider: { codeActionKinds: ['quickfix'] } })
      await client.sendNotification('initialized', {})
      const open = (path: string, text: string) => client.sendNotification('textDocument/didOpen', { textDocument: { uri: pathToFileURL(join(project, path)).href, languageId: 'yaml', version: 1, text } })
      await open('.github/workflows/ci.yaml', 'on: [push\n')
      await open('rules/06_runs.yaml', readFileSync(join(project, 'rules/06_runs.yaml'), 'utf8').replace('{ref:rule_end_the_run}', '{ref:rule_end_teh_run}'))
      await rulesPublished
      const runs = published.get(pathToFileURL(join(project, 'rules/06_runs.yaml')).href)!
      expect(runs).toEqual([expect.objectContaining({ code: 'unknown-rule', source: 'cr', codeDescription: { href: expect.stringMatching(/#code-unknown-rule$/) }, data: expect.objectContaining({ suggestions: ['rule_end_the_run'] }) })])
      expect([...published.keys()].filter((u) => u.includes('.github'))).toEqual([])
    } finally {
      client.dispose()
      child.kill()
    }
  }, 120_000)
})
