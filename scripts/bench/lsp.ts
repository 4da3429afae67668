/**
 * `cr lsp` latencies over the real protocol (an in-memory stream pair):
 * keystroke → diagnostics on the whole CR (budget ≤ 150 ms), and completion
 * inside `{ref:` and `{card:` (budget ≤ 50 ms). Baseline in the same run: a
 * full compile of rules/ without the incremental cache, which is what each
 * keystroke would cost without it.
 *
 *   npx tsx scripts/bench/lsp.ts [--runs N] [--json]
 */
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createConnection, createProtocolConnection, StreamMessageReader, StreamMessageWriter, type PublishDiagnosticsParams } from 'vscode-languageserver/node'
import { compile } from '../../src/core/compile.ts'
import { loadCards, PACKAGE_ROOT, readRulesDir } from '../../src/io/read-sources.ts'
import { startLanguageServer } from '../../src/lsp/server.ts'
import { readText } from '../../src/io/files.ts'

const BUDGET_DIAGNOSTIC_MS = 150
const BUDGET_COMPLETION_MS = 50
const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' }, json: { type: 'boolean', default: false } } })
const runs = Number(values.runs)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const cards = loadCards()
const rulesDir = join(PACKAGE_ROOT, 'rules')

// Baseline: one full compile, as `cr check` does it.
const files = readRulesDir(rulesDir)
const full: number[] = []
for (let i = 0; i < Math.max(5, Math.floor(runs / 3)); i++) {
  const t = performance.now()
  compile(files, { cards })
  full.push(performance.now() - t)
}

const up = new PassThrough()
const down = new PassThrough()
startLanguageServer(createConnection(new StreamMessageReader(up), new StreamMessageWriter(down)), { cwd: PACKAGE_ROOT, cards })
const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up))
let waiting: { uri: string; done: () => void } | undefined
client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
  if (waiting && p.uri === waiting.uri) {
    const w = waiting
    waiting = undefined
    w.done()
  }
})
client.onNotification('window/logMessage', (m: { message: string }) => console.error(m.message))
client.listen()
await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} })
await client.sendNotification('initialized', {})

// The largest chapter, 137 KB.
const path = join(rulesDir, '09_abilities.yaml')
const uri = pathToFileURL(path).href
const original = readText(path)
let version = 1
const published = () => new Promise<void>((done) => (waiting = { uri, done }))
let p = published()
await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text: original } })
await p

const lines = original.split('\n')
const target = lines.findIndex((l) => l.includes('{ref:'))
const ref = /\{ref:([^},]+)/.exec(lines[target]!)!
const refEnd = ref.index + ref[0].length

/** Send one edit (incremental, as editors do) and time it until the diagnostics arrive. */
async function keystroke(range: { start: { line: number; character: number }; end: { line: number; character: number } }, text: string): Promise<number> {
  p = published()
  const t = performance.now()
  await client.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range, text }] })
  await p
  return performance.now() - t
}

// Typing inside a reference: each keystroke changes the ID, so each publishes (`unknown-rule`, then clean).
const typing: number[] = []
for (let i = 0; i < runs; i++) {
  const at = { line: target, character: refEnd }
  typing.push(await keystroke({ start: at, end: at }, 'x'))
  typing.push(await keystroke({ start: at, end: { line: target, character: refEnd + 1 } }, ''))
}

// Editing an ID: the texts that cite it (and any with an unknown ID) are resolved again.
// (One that this file cites, so that the edit changes this file's diagnostics.)
const def = lines.findIndex((l) => {
  const id = /^\s*- (?:rule|subsection): (\S+)$/.exec(l)?.[1]
  return id !== undefined && original.includes(`{ref:${id}}`)
})
const idEnd = lines[def]!.length
const idEdit: number[] = []
for (let i = 0; i < Math.max(5, Math.floor(runs / 3)); i++) {
  const at = { line: def, character: idEnd }
  idEdit.push(await keystroke({ start: at, end: at }, 'x'))
  idEdit.push(await keystroke({ start: at, end: { line: def, character: idEnd + 1 } }, ''))
}

// Completion: `{ref:rule_` (1,500 IDs) and `{card:` (every card).
async function completion(text: string): Promise<[number, number]> {
  const line = lines.length
  const at = { line: line - 1, character: (lines[line - 1] ?? '').length }
  await client.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: at, end: at }, text: `\n# ${text}` }] })
  const times: number[] = []
  let count = 0
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    const r = (await client.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line, character: text.length + 2 } })) as { items: unknown[] }
    times.push(performance.now() - t)
    count = r.items.length
  }
  await client.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: at, end: { line, character: text.length + 2 } }, text: '' }] })
  return [median(times), count]
}
const [refMs, refCount] = await completion('{ref:rule_')
const [cardMs, cardCount] = await completion('{card:')
client.dispose()

const result = {
  fullCompileMs: median(full),
  diagnosticTypingMs: median(typing),
  diagnosticIdEditMs: median(idEdit),
  completionRefMs: refMs,
  completionRefItems: refCount,
  completionCardMs: cardMs,
  completionCardItems: cardCount,
}
if (values.json) console.log(JSON.stringify(result))
else {
  const f = (x: number) => `${x.toFixed(1)} ms`
  console.log(`full compile of rules/ (baseline, no cache): median ${f(result.fullCompileMs)}`)
  console.log(`keystroke → diagnostics, typing in a text of 09_abilities.yaml: median ${f(result.diagnosticTypingMs)} (${(result.diagnosticTypingMs / result.fullCompileMs).toFixed(2)}× a full compile; budget ${BUDGET_DIAGNOSTIC_MS} ms) ${result.diagnosticTypingMs <= BUDGET_DIAGNOSTIC_MS ? 'ok' : 'OVER'}`)
  console.log(`keystroke → diagnostics, editing an ID this file cites (the texts citing it resolved again): median ${f(result.diagnosticIdEditMs)} (${(result.diagnosticIdEditMs / result.fullCompileMs).toFixed(2)}×; budget ${BUDGET_DIAGNOSTIC_MS} ms) ${result.diagnosticIdEditMs <= BUDGET_DIAGNOSTIC_MS ? 'ok' : 'OVER'}`)
  console.log(`completion in {ref: (${refCount} items): median ${f(refMs)} (budget ${BUDGET_COMPLETION_MS} ms) ${refMs <= BUDGET_COMPLETION_MS ? 'ok' : 'OVER'}`)
  console.log(`completion in {card: (${cardCount} items): median ${f(cardMs)} (budget ${BUDGET_COMPLETION_MS} ms) ${cardMs <= BUDGET_COMPLETION_MS ? 'ok' : 'OVER'}`)
}
