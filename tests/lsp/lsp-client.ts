/**
 * The language server on one side of an in-memory stream pair and a protocol
 * client on the other: tests speak real LSP (JSON-RPC with Content-Length
 * framing) to it, in-process.
 */
import { PassThrough } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { createConnection, createProtocolConnection, StreamMessageReader, StreamMessageWriter, type PublishDiagnosticsParams } from 'vscode-languageserver/node'
import { loadCards } from '../../src/io/read-sources.ts'
import { startLanguageServer } from '../../src/lsp/server.ts'

export type Client = Awaited<ReturnType<typeof startClient>>

/** A text with LSP edits applied (as an editor applies a WorkspaceEdit). */
export function applyEdits(text: string, edits: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): string {
  const offset = (p: { line: number; character: number }) => {
    let at = 0
    for (let l = 0; l < p.line; l++) {
      const next = text.indexOf('\n', at)
      if (next === -1) return text.length
      at = next + 1
    }
    return Math.min(at + p.character, text.length)
  }
  const sorted = [...edits].map((e) => ({ ...e, from: offset(e.range.start), to: offset(e.range.end) })).sort((a, b) => b.from - a.from)
  let out = text
  for (const e of sorted) out = out.slice(0, e.from) + e.newText + out.slice(e.to)
  return out
}

export async function startClient(options: { cwd?: string; capabilities?: object } = {}) {
  const up = new PassThrough()
  const down = new PassThrough()
  const server = createConnection(new StreamMessageReader(up), new StreamMessageWriter(down))
  startLanguageServer(server, { cwd: options.cwd ?? process.cwd(), cards: loadCards() })
  const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up))
  const diagnostics = new Map<string, PublishDiagnosticsParams['diagnostics']>()
  const waiters: { uri: string; test: (d: PublishDiagnosticsParams['diagnostics']) => boolean; done: (d: PublishDiagnosticsParams['diagnostics']) => void }[] = []
  let lastNotification = Date.now()
  client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    lastNotification = Date.now()
    diagnostics.set(p.uri, p.diagnostics)
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.test(p.diagnostics)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.done(p.diagnostics)
      }
    }
  })
  client.listen()
  await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: options.capabilities ?? {} })
  await client.sendNotification('initialized', {})
  const versions = new Map<string, number>()
  return {
    connection: client,
    diagnostics,
    uri: (path: string) => pathToFileURL(path).href,
    /** The next publication for `uri` that passes `test`. */
    waitFor(uri: string, test: (d: PublishDiagnosticsParams['diagnostics']) => boolean = () => true) {
      return new Promise<PublishDiagnosticsParams['diagnostics']>((done) => waiters.push({ uri, test, done }))
    },
    /** Resolves once no publication has arrived for `quietMs`: everything one compile publishes is in. */
    async settle(quietMs = 300) {
      while (Date.now() - lastNotification < quietMs) await new Promise((ok) => setTimeout(ok, quietMs / 3))
    },
    async open(uri: string, text: string) {
      versions.set(uri, 1)
      await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } })
    },
    async change(uri: string, text: string) {
      const v = (versions.get(uri) ?? 1) + 1
      versions.set(uri, v)
      await client.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ text }] })
    },
    request<T>(method: string, params: unknown): Promise<T> {
      return client.sendRequest(method, params) as Promise<T>
    },
    close() {
      client.dispose()
      server.dispose()
    },
  }
}
