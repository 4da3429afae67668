/**
 * `cr lsp`: the rules language server, on `vscode-languageserver`. Any LSP
 * editor gets `cr check`'s diagnostics as they type, completion inside
 * `{ref:`, `{card:` and `{term:`, hover and go to definition on references,
 * and rename of an ID across the folder (recorded in `retired.yaml`).
 *
 * The server is a function of a connection, so tests drive it over an
 * in-memory stream pair with the real protocol.
 */
import { dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  CompletionItemKind,
  DiagnosticSeverity,
  MarkupKind,
  TextDocuments,
  TextDocumentSyncKind,
  type CompletionItem,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type WorkspaceEdit,
} from 'vscode-languageserver/node'
import { TextDocument } from 'vscode-languageserver-textdocument'
import type { CardIndex } from '../core/cards.ts'
import type { Diagnostic, RuleEntry } from '../core/types.ts'
import { completionContext, idAt } from './markup-at.ts'
import { ID_PATTERN, renameInText, retirementEdit } from './rename.ts'
import { RulesWorkspace } from './workspace.ts'
import { isRulesSourcePath } from '../core/editor-files.ts'

export interface ServerOptions {
  /** Paths in messages are relative to this folder (the editor's workspace). */
  cwd: string
  cards: CardIndex | undefined
  /** Called after each publication, for benchmarks and tests. */
  onPublished?: (uri: string) => void
}

export function startLanguageServer(connection: Connection, options: ServerOptions): void {
  const documents = new TextDocuments(TextDocument)
  const workspaces = new Map<string, RulesWorkspace>()
  const published = new Map<string, string>()
  const pending = new Set<RulesWorkspace>()
  let scheduled = false

  const pathOf = (uri: string) => fileURLToPath(uri)
  const uriOf = (path: string) => pathToFileURL(path).href
  const isYaml = (uri: string) => uri.startsWith('file:') && isRulesSourcePath(pathOf(uri))

  function workspaceFor(uri: string): RulesWorkspace | undefined {
    if (!isYaml(uri)) return undefined
    const dir = dirname(pathOf(uri))
    let ws = workspaces.get(dir)
    if (!ws) {
      ws = new RulesWorkspace(dir, options.cwd, options.cards)
      workspaces.set(dir, ws)
    }
    return ws
  }

  function publish(ws: RulesWorkspace) {
    const state = ws.compile()
    for (const [path, messages] of state.byFile) {
      const uri = uriOf(path)
      const text = messages.length > 0 ? ws.text(path) : undefined
      const diagnostics = messages.map((m) => toLsp(m, text, (p) => uriOf(ws.abs(p))))
      const key = JSON.stringify(diagnostics)
      if (published.get(uri) === key) continue
      published.set(uri, key)
      void connection.sendDiagnostics({ uri, diagnostics })
    }
    options.onPublished?.(ws.dir)
  }

  // Keystrokes that arrive while a compile runs are folded into the next one.
  function schedule(ws: RulesWorkspace) {
    pending.add(ws)
    if (scheduled) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      const list = [...pending]
      pending.clear()
      for (const w of list) {
        try {
          publish(w)
        } catch (error) {
          connection.console.error(`cr lsp: ${(error as Error).stack ?? error}`)
        }
      }
    })
  }

  connection.onInitialize((params) => {
    // Messages name files relative to the workspace, as `cr check` run there does.
    const root = params.workspaceFolders?.[0]?.uri ?? params.rootUri
    if (root?.startsWith('file:')) options.cwd = fileURLToPath(root)
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        // The rule text comes on resolve: 1,500 items stay a small message.
        completionProvider: { triggerCharacters: [':', ','], resolveProvider: true },
        hoverProvider: true,
        definitionProvider: true,
        renameProvider: { prepareProvider: true },
      },
      serverInfo: { name: 'cr lsp' },
    }
  })

  documents.onDidChangeContent(({ document }) => {
    const ws = workspaceFor(document.uri)
    if (!ws) return
    ws.overlay.set(pathOf(document.uri), document.getText())
    schedule(ws)
  })
  documents.onDidClose(({ document }) => {
    const ws = workspaceFor(document.uri)
    if (!ws) return
    ws.overlay.delete(pathOf(document.uri))
    schedule(ws)
  })
  connection.onDidChangeWatchedFiles(() => {
    for (const ws of workspaces.values()) schedule(ws)
  })

  const lineOf = (uri: string, line: number) => documents.get(uri)?.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, '') ?? ''

  function targetAt(uri: string, line: number, character: number): { ws: RulesWorkspace; rule: RuleEntry | undefined; at: NonNullable<ReturnType<typeof idAt>> } | undefined {
    const ws = workspaceFor(uri)
    const at = idAt(lineOf(uri, line), character)
    if (!ws || !at) return undefined
    const state = ws.state ?? ws.compile()
    return { ws, rule: state.byId.get(at.id), at }
  }

  connection.onCompletion(({ textDocument, position }) => {
    const ws = workspaceFor(textDocument.uri)
    if (!ws) return []
    const context = completionContext(lineOf(textDocument.uri, position.line).slice(0, position.character))
    if (!context) return []
    const state = ws.state ?? ws.compile()
    const range = { start: { line: position.line, character: context.start }, end: position }
    if (context.tag === 'ref') return { isIncomplete: false, items: refItems(state.byId, range, ws.dir) }
    if (context.tag === 'term') return state.terms.map((t): CompletionItem => ({ label: t, kind: CompletionItemKind.Text, textEdit: { range, newText: t } }))
    return { isIncomplete: false, items: cardItems(options.cards, range) }
  })

  connection.onCompletionResolve((item) => {
    const data = item.data as { dir?: string; id?: string } | undefined
    const rule = data?.dir && data.id ? workspaces.get(data.dir)?.state?.byId.get(data.id) : undefined
    if (rule) item.documentation = { kind: MarkupKind.Markdown, value: describe(rule) }
    return item
  })

  connection.onHover(({ textDocument, position }) => {
    const t = targetAt(textDocument.uri, position.line, position.character)
    if (!t?.rule) return null
    return {
      contents: { kind: MarkupKind.Markdown, value: describe(t.rule) },
      range: { start: { line: position.line, character: t.at.start }, end: { line: position.line, character: t.at.end } },
    }
  })

  connection.onDefinition(({ textDocument, position }) => {
    const t = targetAt(textDocument.uri, position.line, position.character)
    if (!t?.rule) return null
    const at = { line: t.rule.source.line - 1, character: t.rule.source.column - 1 }
    return { uri: uriOf(t.ws.abs(t.rule.source.file)), range: { start: at, end: { line: at.line, character: at.character + t.rule.id.length } } }
  })

  connection.onPrepareRename(({ textDocument, position }) => {
    const t = targetAt(textDocument.uri, position.line, position.character)
    if (!t?.rule || t.rule.kind === 'timing') return null
    return { range: { start: { line: position.line, character: t.at.start }, end: { line: position.line, character: t.at.end } }, placeholder: t.rule.id }
  })

  connection.onRenameRequest(({ textDocument, position, newName }) => {
    const t = targetAt(textDocument.uri, position.line, position.character)
    if (!t?.rule || t.rule.kind === 'timing') return null
    const oldId = t.rule.id
    const newId = newName.trim()
    if (!ID_PATTERN.test(newId)) throw new Error(`Invalid ID \`${newId}\`, expected a lowercase letter, then letters, digits and \`_\``)
    if (t.ws.state?.byId.has(newId)) throw new Error(`\`${newId}\` is already the ID of ${t.ws.state.byId.get(newId)!.number}`)
    const changes: NonNullable<WorkspaceEdit['changes']> = {}
    for (const f of t.ws.files()) {
      const path = t.ws.abs(f.path)
      const text = t.ws.text(path) ?? ''
      const edits = renameInText(text, oldId, newId)
      if (edits.length > 0) changes[uriOf(path)] = edits.map(toLspEdit)
    }
    // Citations and links made against a release must keep working.
    const release = t.ws.lastReleaseOf(oldId)
    if (release) {
      const path = `${t.ws.dir}/retired.yaml`
      const uri = uriOf(path)
      ;(changes[uri] ??= []).push(toLspEdit(retirementEdit(t.ws.text(path), oldId, newId, release)))
    }
    return { changes }
  })

  documents.listen(connection)
  connection.listen()
}

function toLspEdit(e: { line: number; start: number; end: number; newText: string }) {
  return { range: { start: { line: e.line, character: e.start }, end: { line: e.line, character: e.end } }, newText: e.newText }
}

/** `cr check`'s message; the range runs to the end of the word it points at. */
export function toLsp(m: Diagnostic, text: string | undefined, uriFor: (file: string) => string): LspDiagnostic {
  const line = Math.max(0, m.line - 1)
  const start = Math.max(0, m.column - 1)
  const lineText = text?.split('\n')[line] ?? ''
  const word = /^[^\s,}]*/.exec(lineText.slice(start))?.[0].length ?? 0
  let message = m.message
  if (m.suggestions?.length) message += `\nhelp: did you mean ${m.suggestions.map((s) => `\`${s}\``).join(', ')}?`
  const d: LspDiagnostic = {
    range: { start: { line, character: start }, end: { line, character: start + Math.max(1, word) } },
    severity: m.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: m.code,
    source: 'cr',
    message,
  }
  if (m.related?.length) {
    d.relatedInformation = m.related.map((r) => ({
      location: { uri: uriFor(r.file), range: { start: { line: r.line - 1, character: r.column - 1 }, end: { line: r.line - 1, character: r.column - 1 } } },
      message: r.message,
    }))
  }
  return d
}

const FIRST_WORDS = 8

function firstWords(text: string): string {
  const words = text.split(/\s+/).filter(Boolean)
  return words.slice(0, FIRST_WORDS).join(' ') + (words.length > FIRST_WORDS ? '…' : '')
}

/** `**6.1.4** rule_end_the_run` and the text, as hover shows it. */
export function describe(rule: RuleEntry): string {
  return `**${rule.number}** \`${rule.id}\`\n\n${rule.text}`
}

type Range = { start: { line: number; character: number }; end: { line: number; character: number } }

// Item lists are rebuilt only when the ID table changes: completion stays well under 50 ms.
const refCache = new WeakMap<Map<string, RuleEntry>, CompletionItem[]>()

function refItems(byId: Map<string, RuleEntry>, range: Range, dir: string): CompletionItem[] {
  let base = refCache.get(byId)
  if (!base) {
    base = [...byId.values()]
      .filter((r) => r.kind !== 'timing')
      .map((r, i) => ({
        label: r.id,
        kind: r.kind === 'chapter' || r.kind === 'section' ? CompletionItemKind.Module : CompletionItemKind.Reference,
        labelDetails: { detail: ` ${r.number}`, description: firstWords(r.text) },
        data: { dir, id: r.id },
        // Typing a number (`6.1.4`) finds the rule too.
        filterText: `${r.id} ${r.number}`,
        sortText: String(i).padStart(5, '0'),
      }))
    refCache.set(byId, base)
  }
  return base.map((item) => ({ ...item, textEdit: { range, newText: item.label } }))
}

const cardCache = new WeakMap<CardIndex, CompletionItem[]>()

function cardItems(cards: CardIndex | undefined, range: Range): CompletionItem[] {
  if (!cards) return []
  let base = cardCache.get(cards)
  if (!base) {
    base = cards.cards.map((c) => ({ label: c.title, kind: CompletionItemKind.Value, detail: `${c.side} ${c.type}` }))
    cardCache.set(cards, base)
  }
  return base.map((item) => ({ ...item, textEdit: { range, newText: item.label } }))
}
