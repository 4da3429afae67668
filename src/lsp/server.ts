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
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  ErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  MarkupKind,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type CompletionItem,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type WorkspaceEdit,
} from 'vscode-languageserver/node'
import { TextDocument } from 'vscode-languageserver-textdocument'
import type { CardIndex } from '../core/cards.ts'
import type { Diagnostic, RuleEntry } from '../core/types.ts'
import { createCoalescer } from './coalesce.ts'
import { completionContext, definitionIn, idAt, referencesIn } from '../core/edit/ids-at.ts'
import { ID_PATTERN } from '../core/edit/rename.ts'
import { renameInFolder } from '../core/edit/rename-folder.ts'
import { retireInFolder } from '../core/edit/retire-folder.ts'
import { findEntryBlock } from '../core/edit/retire.ts'
import { RulesWorkspace } from './workspace.ts'
import { isRulesSourcePath } from '../core/editor-files.ts'
import { isRulesFolder, readTextForLine } from './rules-folder.ts'
import { documentSymbols, workspaceSymbols } from './symbols.ts'
import { referencesTo } from './references.ts'
import { quickFixes, type FixData } from './quick-fixes.ts'
import { docsUrl, isDiagnosticCode } from '../core/codes.ts'

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

  const pathOf = (uri: string) => fileURLToPath(uri)
  const uriOf = (path: string) => pathToFileURL(path).href
  const isYaml = (uri: string) => uri.startsWith('file:') && isRulesSourcePath(pathOf(uri))

  // Folders that are not rules folders (a stray notes.yaml, CI files, a frozen release), asked about once per change of the tree.
  const notRules = new Set<string>()

  /** The rules folder a file belongs to: only rules folders get a workspace, never a frozen release. */
  function workspaceFor(uri: string): RulesWorkspace | undefined {
    if (!isYaml(uri)) return undefined
    const dir = dirname(pathOf(uri))
    let ws = workspaces.get(dir)
    if (!ws) {
      if (notRules.has(dir)) return undefined
      if (!isRulesFolder(dir)) {
        notRules.add(dir)
        return undefined
      }
      ws = new RulesWorkspace(dir, options.cwd, options.cards)
      workspaces.set(dir, ws)
    }
    return ws
  }

  /** What each workspace published to, so a message whose cause is gone is withdrawn (even from a file it no longer lists). */
  const owned = new Map<RulesWorkspace, Set<string>>()

  function publish(ws: RulesWorkspace) {
    const state = ws.compile()
    const now = new Set<string>()
    const send = (uri: string, diagnostics: LspDiagnostic[]) => {
      now.add(uri)
      const key = JSON.stringify(diagnostics)
      if (published.get(uri) === key) return
      published.set(uri, key)
      void connection.sendDiagnostics({ uri, diagnostics })
    }
    for (const [path, messages] of state.byFile) {
      const text = messages.length > 0 ? ws.text(path) : undefined
      send(
        uriOf(path),
        messages.map((m) => {
          const d = toLsp(m, text, (p) => uriOf(ws.abs(p)))
          // What the quick fixes need, as data: never read back from the message.
          const data: FixData = {}
          if (m.suggestions?.length) data.suggestions = m.suggestions
          if (m.subject !== undefined) data.subject = m.subject
          if (m.code === 'id-missing' && m.subject !== undefined) data.release = ws.lastReleaseOf(m.subject)
          const repeats = (m.related ?? []).filter((r) => r.repeat)
          if (repeats.length > 0) data.repeats = repeats.map((r) => ({ uri: uriOf(ws.abs(r.file)), line: r.line - 1, character: r.column - 1 }))
          if (Object.keys(data).length > 0) d.data = data
          return d
        }),
      )
    }
    for (const uri of owned.get(ws) ?? []) if (!now.has(uri)) send(uri, [])
    owned.set(ws, new Set([...now].filter((uri) => published.get(uri) !== '[]')))
    options.onPublished?.(ws.dir)
  }

  // Changes queued together, or arriving while a compile runs, are folded into one compile (coalesce.ts).
  const changes = createCoalescer<RulesWorkspace>((list) => {
    for (const w of list) {
      try {
        publish(w)
      } catch (error) {
        connection.console.error(`cr lsp: ${(error as Error).stack ?? error}`)
      }
    }
  })
  const schedule = (ws: RulesWorkspace) => changes.note(ws)

  // Whether the editor asks for a code action's edit when it is chosen (`codeAction/resolve`): the retire plan is then made only then.
  let resolvesEdits = false

  connection.onInitialize((params) => {
    resolvesEdits = params.capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') ?? false
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
        referencesProvider: true,
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite], resolveProvider: true },
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
  connection.onDidChangeWatchedFiles(({ changes }) => {
    notRules.clear()
    for (const ws of workspaces.values()) {
      // A release frozen (or removed) meanwhile: the ID guard reads the releases again.
      if (changes.some((c) => c.uri.startsWith('file:') && ws.isReleaseFile(pathOf(c.uri)))) ws.forgetReleases()
      schedule(ws)
    }
  })

  const lineOf = (uri: string, line: number) => documents.get(uri)?.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, '') ?? ''

  function targetAt(uri: string, line: number, character: number): { ws: RulesWorkspace; rule: RuleEntry | undefined; at: NonNullable<ReturnType<typeof idAt>> } | undefined {
    changes.flush()
    const ws = workspaceFor(uri)
    const at = idAt(lineOf(uri, line), character)
    if (!ws || !at) return undefined
    const state = ws.state ?? ws.compile()
    return { ws, rule: state.byId.get(at.id), at }
  }

  connection.onCompletion(({ textDocument, position }) => {
    changes.flush()
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
    changes.flush()
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

  connection.onReferences(({ textDocument, position, context }) => {
    const ws = workspaceFor(textDocument.uri)
    const at = idAt(lineOf(textDocument.uri, position.line), position.character)
    if (!ws || !at) return null
    const files = ws.files().map((f) => ({ path: ws.abs(f.path), text: ws.text(ws.abs(f.path)) ?? '' }))
    return referencesTo(at.id, files, context.includeDeclaration).map((p) => ({ uri: uriOf(p.path), range: { start: { line: p.line, character: p.start }, end: { line: p.line, character: p.end } } }))
  })

  connection.onDocumentSymbol(({ textDocument }) => {
    const ws = workspaceFor(textDocument.uri)
    if (!ws) return null
    const state = ws.state ?? ws.compile()
    const path = pathOf(textDocument.uri)
    const lines = (ws.text(path) ?? '').split('\n').length
    return documentSymbols(state.document?.rules ?? [], ws.shown(path), lines)
  })

  connection.onWorkspaceSymbol(({ query }) => {
    const out = []
    for (const ws of workspaces.values()) {
      const state = ws.state ?? ws.compile()
      out.push(...workspaceSymbols(state.document?.rules ?? [], query, (file) => uriOf(ws.abs(file))))
    }
    return out
  })

  connection.onCodeAction(({ textDocument, context, range }) => {
    changes.flush()
    const ws = workspaceFor(textDocument.uri) ?? [...workspaces.values()].find((w) => w.isReleaseFile(pathOf(textDocument.uri)))
    if (!ws) return null
    const retiredPath = `${ws.dir}/retired.yaml`
    const retired = { uri: uriOf(retiredPath), text: ws.text(retiredPath) }
    const lineAt = (uri: string, line: number) => lineOf(uri, line) || (ws.text(pathOf(uri)) ?? '').split('\n')[line] || ''
    const fixes = context.diagnostics.flatMap((d) => quickFixes(d, { uri: textDocument.uri, line: lineOf(textDocument.uri, d.range.start.line) || fileLine(d.range.start.line, textDocument.uri), retired, lineAt }))
    const only = context.only
    const wantsRefactor = !only || only.some((k) => CodeActionKind.RefactorRewrite.startsWith(k))
    return wantsRefactor && workspaceFor(textDocument.uri) === ws ? [...fixes, ...retireActions(ws, textDocument.uri, lineOf(textDocument.uri, range.start.line))] : fixes
  })

  /**
   * "Retire this rule" on the line that defines it: as `cr retire` makes it, the reason left for the editor to write (flagged until then).
   * The title is counted cheaply; the plan (a second of YAML editing on the real rules) is made when the action is chosen, if the
   * editor resolves actions, else here.
   */
  function retireActions(ws: RulesWorkspace, uri: string, line: string): CodeAction[] {
    const def = definitionIn(line)
    const rule = def ? (ws.state ?? ws.compile()).byId.get(def.id) : undefined
    if (!def || !rule || rule.kind === 'chapter' || rule.kind === 'timing') return []
    const block = findEntryBlock(ws.text(pathOf(uri)) ?? '', rule.id)
    if (!block) return []
    const ids = new Set([rule.id, ...block.inner])
    let refs = 0
    for (const f of ws.files()) {
      if (f.path.endsWith('retired.yaml')) continue
      const lines = (ws.text(ws.abs(f.path)) ?? '').split('\n')
      lines.forEach((l, n) => {
        if (ws.abs(f.path) === pathOf(uri) && n >= block.first && n <= block.last) return
        if (l.includes('{ref')) refs += referencesIn(l).filter((r) => ids.has(r.id)).length
      })
    }
    const under = block.inner.length
    const released = [...ids].some((id) => ws.lastReleaseOf(id) !== undefined)
    const title = `Retire \`${rule.id}\`${under > 0 ? ` and the ${under} sub-rule${under === 1 ? '' : 's'} under it` : ''}${released ? ', then say why in retired.yaml' : ''}${refs > 0 ? ` (${refs} reference${refs === 1 ? '' : 's'} to rewrite)` : ''}`
    const action: CodeAction = { title, kind: CodeActionKind.RefactorRewrite, data: { retire: { dir: ws.dir, id: rule.id } } }
    return [resolvesEdits ? action : resolveRetire(action)]
  }

  function resolveRetire(action: CodeAction): CodeAction {
    const asked = (action.data as { retire?: { dir: string; id: string } } | undefined)?.retire
    const ws = asked ? workspaces.get(asked.dir) : undefined
    if (!asked || !ws) return action
    const files = ws.files().map((f) => ({ path: ws.abs(f.path), text: ws.text(ws.abs(f.path)) ?? '' }))
    const plan = retireInFolder(files, asked.id, { reason: '', withSubRules: true, lastRelease: (id) => ws.lastReleaseOf(id), retiredPath: `${ws.dir}/retired.yaml` })
    if ('refused' in plan) throw new ResponseError(ErrorCodes.InvalidParams, plan.refused)
    const edit: NonNullable<WorkspaceEdit['changes']> = {}
    const whole = (path: string, text: string) => {
      const before = ws.text(path)
      edit[uriOf(path)] = [{ range: { start: { line: 0, character: 0 }, end: before === undefined ? { line: 0, character: 0 } : endOf(before) }, newText: text }]
    }
    for (const f of plan.files) whole(f.path, f.text)
    if (plan.retired) whole(plan.retired.path, plan.retired.text)
    return { ...action, edit: { changes: edit } }
  }

  connection.onCodeActionResolve((action) => {
    changes.flush()
    return resolveRetire(action)
  })

  /** A line of a file the editor has not opened (a frozen release the guard points into). */
  function fileLine(line: number, uri: string): string {
    try {
      return (readTextForLine(pathOf(uri)) ?? '').split('\n')[line] ?? ''
    } catch {
      return ''
    }
  }

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
    if (!ID_PATTERN.test(newId)) throw new ResponseError(ErrorCodes.InvalidParams, `Invalid ID \`${newId}\`, expected a lowercase letter, then letters, digits and \`_\``)
    if (t.ws.state?.byId.has(newId)) throw new ResponseError(ErrorCodes.InvalidParams, `\`${newId}\` is already the ID of ${t.ws.state.byId.get(newId)!.number}`)
    const changes: NonNullable<WorkspaceEdit['changes']> = {}
    // As `cr rename` makes it (core/edit/rename-folder.ts): every reference, retired.yaml's notes included, then the retirement.
    const path = `${t.ws.dir}/retired.yaml`
    const files = t.ws.files().map((f) => ({ path: t.ws.abs(f.path), text: t.ws.text(t.ws.abs(f.path)) ?? '' }))
    const plan = renameInFolder(files, oldId, newId, t.ws.lastReleaseOf(oldId), path)
    if ('refused' in plan) throw new ResponseError(ErrorCodes.InvalidParams, plan.refused)
    for (const f of plan.files) changes[uriOf(f.path)] = f.edits.map(toLspEdit)
    if (plan.retired) {
      const uri = uriOf(plan.retired.path)
      const retiredText = t.ws.text(plan.retired.path)
      const end = retiredText === undefined ? { line: 0, character: 0 } : endOf(retiredText)
      changes[uri] = [{ range: { start: { line: 0, character: 0 }, end }, newText: plan.retired.text }]
      // A notification, not a request: the editor shows it, nothing waits for an answer.
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: `cr: renamed \`${oldId}\` to \`${newId}\`; retired.yaml: ${plan.retired.changes.join('; ')}` })
    }
    return { changes }
  })

  documents.listen(connection)
  connection.listen()
}

/** The position just past the last character of `text`. */
function endOf(text: string): { line: number; character: number } {
  const lines = text.split('\n')
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length }
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
    severity: m.severity === 'error' ? DiagnosticSeverity.Error : m.severity === 'hint' ? DiagnosticSeverity.Hint : DiagnosticSeverity.Warning,
    code: m.code,
    source: 'cr',
    message,
  }
  // The code's documentation: its row in the README's table.
  if (isDiagnosticCode(m.code)) d.codeDescription = { href: docsUrl(m.code) }
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
