/**
 * Quick fixes for `cr check`'s findings: apply a did-you-mean (an unknown
 * rule ID, card, tag or key, a retirement target), and retire an ID the
 * rules lost (`id-missing`) — as renamed to, or merged into, a likely
 * successor, or as removed. Each fix is a table row: which codes, and the
 * edits. Pure: the diagnostic (with the data the server attached) and the
 * texts in, code actions out.
 */
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type TextEdit } from 'vscode-languageserver/node'
import { isSeq, parseDocument, YAMLMap } from 'yaml'
import { formatYaml, parseForEdit } from '../core/format.ts'

/** What the server attaches to each diagnostic it publishes (`Diagnostic.data`). */
export interface FixData {
  suggestions?: string[]
  /** The ID the message is about. */
  subject?: string
  /** `id-missing`: the last release that defined it. */
  release?: string
  /** The same finding at other places (every reference to one retired ID): the fix is made there too. */
  repeats?: { uri: string; line: number; character: number }[]
}

export interface FixContext {
  uri: string
  /** The diagnostic's line, as the editor has it. */
  line: string
  /** `retired.yaml`: where, and its text (undefined when there is none). */
  retired: { uri: string; text: string | undefined }
  /** A line of any file of the folder, as the editor has it (for the places a fix repeats at). */
  lineAt?: (uri: string, line: number) => string
}

type Fix = (d: LspDiagnostic, data: FixData, ctx: FixContext) => CodeAction[]

const action = (title: string, d: LspDiagnostic, uri: string, edits: TextEdit[], preferred = false): CodeAction => ({
  title,
  kind: CodeActionKind.QuickFix,
  diagnostics: [d],
  ...(preferred ? { isPreferred: true } : {}),
  edit: { changes: { [uri]: edits } },
})

/** The word at the diagnostic's start (an ID, a key), as its range. */
function wordAt(d: LspDiagnostic, line: string): { start: number; end: number; text: string } {
  const start = d.range.start.character
  const word = /^[A-Za-z0-9_+.-]*/.exec(line.slice(start))![0].replace(/[.]$/, '')
  return { start, end: start + word.length, text: word }
}

/** `{card:Name}`, `{trem:x}`: the markup starting at the diagnostic, or just its content. */
function markupAt(d: LspDiagnostic, line: string, inner: boolean): { start: number; end: number } | undefined {
  const start = line.indexOf('{', d.range.start.character) === d.range.start.character ? d.range.start.character : line.lastIndexOf('{', d.range.start.character)
  if (start < 0) return undefined
  const end = line.indexOf('}', start)
  if (end < 0) return undefined
  if (!inner) return { start, end: end + 1 }
  const colon = line.indexOf(':', start)
  return colon > start && colon < end ? { start: colon + 1, end } : undefined
}

const replace = (d: LspDiagnostic, start: number, end: number, newText: string): TextEdit => ({ range: { start: { line: d.range.start.line, character: start }, end: { line: d.range.start.line, character: end } }, newText })

/** The subject ID where it is written at or after the diagnostic (inside `{ref:a,b}`, any of the IDs), else the word there. */
function subjectAt(d: LspDiagnostic, line: string, subject: string | undefined): { start: number; end: number; text: string } {
  if (subject) {
    const re = new RegExp(`(?<![A-Za-z0-9_])[${subject[0]}${subject[0]!.toUpperCase()}]${subject.slice(1).replace(/[.+]/g, '\\$&')}(?![A-Za-z0-9_])`, 'g')
    re.lastIndex = d.range.start.character
    const m = re.exec(line)
    if (m) return { start: m.index, end: m.index + m[0].length, text: m[0] }
  }
  return wordAt(d, line)
}

const didYouMean: Fix = (d, data, ctx) => {
  const w = subjectAt(d, ctx.line, data.subject)
  if (!w.text) return []
  // `{ref:Rule_x}` capitalises the printed word: keep the capital.
  const cased = (written: string, s: string) => (written[0] !== written[0]!.toLowerCase() ? s[0]!.toUpperCase() + s.slice(1) : s)
  // Every reference to a retired ID is one message: its fix changes them all.
  const repeats = (data.repeats ?? []).flatMap((r) => {
    const at = { ...d, range: { start: { line: r.line, character: r.character }, end: { line: r.line, character: r.character } } }
    const x = subjectAt(at, ctx.lineAt?.(r.uri, r.line) ?? '', data.subject)
    return x.text && data.subject && x.text.toLowerCase() === data.subject.toLowerCase() ? [{ uri: r.uri, at, x }] : []
  })
  return (data.suggestions ?? []).map((s, i) => {
    const newText = cased(w.text, s)
    if (repeats.length === 0) return action(`Change to \`${newText}\``, d, ctx.uri, [replace(d, w.start, w.end, newText)], i === 0)
    const changes: Record<string, TextEdit[]> = { [ctx.uri]: [replace(d, w.start, w.end, newText)] }
    for (const r of repeats) (changes[r.uri] ??= []).push(replace(r.at, r.x.start, r.x.end, cased(r.x.text, s)))
    return { ...action(`Change all ${repeats.length + 1} to \`${s}\``, d, ctx.uri, [], i === 0), edit: { changes } }
  })
}

const cardName: Fix = (d, data, ctx) => {
  const at = markupAt(d, ctx.line, true)
  if (!at) return []
  return (data.suggestions ?? []).map((s, i) => action(`Change to \`{card:${s}}\``, d, ctx.uri, [replace(d, at.start, at.end, s)], i === 0))
}

const wholeMarkup: Fix = (d, data, ctx) => {
  const at = markupAt(d, ctx.line, false)
  if (!at) return []
  return (data.suggestions ?? []).map((s, i) => action(`Change to \`${s}\``, d, ctx.uri, [replace(d, at.start, at.end, s)], i === 0))
}

/** `retired.yaml` with one more entry, in `cr fmt`'s layout (comments kept). */
export function withRetirement(text: string | undefined, entry: Record<string, string>): string {
  // Parsed as cr fmt parses it, so a comment the editor wrote on its own line stays on its own line.
  const source = text && text.trim() !== '' ? text : '# yaml-language-server: $schema=../schema/retired.schema.json\nretired: []\n'
  const doc = parseForEdit(source) ?? parseDocument(source)
  let list = doc.get('retired', true)
  if (!isSeq(list)) {
    doc.set('retired', doc.createNode([]))
    list = doc.get('retired', true)
  }
  if (isSeq(list)) {
    const item = new YAMLMap()
    for (const [k, v] of Object.entries(entry)) item.set(k, v)
    list.items.push(item)
    list.flow = false
  }
  const formatted = formatYaml(doc.toString())
  return formatted.ok ? formatted.text : doc.toString()
}

const retire: Fix = (d, data, ctx) => {
  const id = data.subject
  const release = data.release
  if (!id || !release) return []
  const end = endOf(ctx.retired.text ?? '')
  const edit = (entry: Record<string, string>): TextEdit[] => [{ range: { start: { line: 0, character: 0 }, end }, newText: withRetirement(ctx.retired.text, { id, release, ...entry }) }]
  const fixes: CodeAction[] = []
  ;(data.suggestions ?? []).forEach((s, i) => {
    fixes.push(action(`Retire \`${id}\` as renamed to \`${s}\` (retired.yaml)`, d, ctx.retired.uri, edit({ renamed_to: s }), i === 0))
    fixes.push(action(`Retire \`${id}\` as merged into \`${s}\` (retired.yaml)`, d, ctx.retired.uri, edit({ merged_into: s })))
  })
  // The reason is the editors' to write: the empty one is flagged until they do.
  fixes.push(action(`Retire \`${id}\` as removed, then say why (retired.yaml)`, d, ctx.retired.uri, edit({ removed: '' })))
  return fixes
}

const FIXES: Record<string, Fix> = {
  'unknown-rule': didYouMean,
  'retired-unknown-target': didYouMean,
  'schema-unknown-key': didYouMean,
  'card-unknown': cardName,
  'card-spelling': cardName,
  'markup-unknown-tag': wholeMarkup,
  'id-missing': retire,
}

export function quickFixes(d: LspDiagnostic, ctx: FixContext): CodeAction[] {
  const fix = typeof d.code === 'string' ? FIXES[d.code] : undefined
  if (!fix || d.source !== 'cr') return []
  return fix(d, (d.data ?? {}) as FixData, ctx)
}

function endOf(text: string): { line: number; character: number } {
  const lines = text.split('\n')
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length }
}


