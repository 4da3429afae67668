/**
 * The rules as an outline: a file's chapter → section → rule → sub-rule tree
 * (document symbols, what an editor's outline and breadcrumbs show), and a
 * search over every entry of the folder by ID, number or words (workspace
 * symbols). Pure: compiled entries in, LSP shapes out.
 */
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver/node'
import type { RuleEntry } from '../core/types.ts'

type Range = DocumentSymbol['range']

const KIND: Record<RuleEntry['kind'], SymbolKind> = {
  chapter: SymbolKind.Module,
  section: SymbolKind.Namespace,
  rule: SymbolKind.Field,
  subrule: SymbolKind.EnumMember,
  step: SymbolKind.Event,
  timing: SymbolKind.Struct,
}

const WORDS = 8

/** `6.1.4 To end the run is to halt…`: the number, then the title or the first words. */
export function symbolName(r: RuleEntry): string {
  const words = (r.title ?? r.text).split(/\s+/).filter(Boolean)
  const head = words.slice(0, WORDS).join(' ') + (words.length > WORDS ? '…' : '')
  return head ? `${r.number} ${head}` : r.number
}

/** Where an entry's ID is written: its selection range. */
function idRange(r: RuleEntry): Range {
  const line = r.source.line - 1
  const character = r.source.column - 1
  return { start: { line, character }, end: { line, character: character + (r.kind === 'timing' ? 0 : r.id.length) } }
}

/**
 * The outline of one file (`file`: the path as messages name it). An entry's
 * range runs from its line to the line before the next entry that is not
 * inside it.
 */
export function documentSymbols(rules: readonly RuleEntry[], file: string, lineCount: number): DocumentSymbol[] {
  const mine = rules.filter((r) => r.source.file === file)
  const roots: DocumentSymbol[] = []
  const open: { depth: number; symbol: DocumentSymbol }[] = []
  const close = (until: number, line: number) => {
    while (open.length > 0 && open[open.length - 1]!.depth >= until) {
      const done = open.pop()!
      done.symbol.range.end = { line: Math.max(done.symbol.range.start.line, line), character: 0 }
    }
  }
  for (const r of mine) {
    const start = r.source.line - 1
    close(r.depth, start)
    const symbol: DocumentSymbol = {
      name: symbolName(r),
      detail: r.id,
      kind: KIND[r.kind],
      range: { start: { line: start, character: 0 }, end: { line: start, character: 0 } },
      selectionRange: idRange(r),
      children: [],
    }
    const parent = open[open.length - 1]
    if (parent) parent.symbol.children!.push(symbol)
    else roots.push(symbol)
    open.push({ depth: r.depth, symbol })
  }
  close(-1, lineCount)
  return roots
}

/** Entries matching `query` (words of an ID, a number prefix, words of the text), best first. */
export function workspaceSymbols(rules: readonly RuleEntry[], query: string, uriOf: (file: string) => string, limit = 200): SymbolInformation[] {
  const q = query.trim().toLowerCase()
  const byId = new Map(rules.map((r) => [r.id, r]))
  const score = (r: RuleEntry): number => {
    if (q === '') return 1
    if (r.id === q || r.number === q) return 100
    if (r.number.startsWith(q)) return 80 - r.number.length
    if (r.id.includes(q)) return 60 - r.id.length / 100
    const text = (r.title ?? r.text).toLowerCase()
    const words = q.split(/\s+/)
    return words.every((w) => text.includes(w) || r.id.includes(w)) ? 30 : 0
  }
  return rules
    .filter((r) => r.kind !== 'timing')
    .map((r) => ({ r, s: score(r) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s)
    .slice(0, limit)
    .map(({ r }) => {
      const parent = r.parent ? byId.get(r.parent) : undefined
      const info: SymbolInformation = { name: symbolName(r), kind: KIND[r.kind], location: { uri: uriOf(r.source.file), range: idRange(r) } }
      if (parent) info.containerName = symbolName(parent)
      return info
    })
}
