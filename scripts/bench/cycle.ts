/**
 * One release cycle replayed as a rules editor lives it (issue 21): start the
 * cycle, reword, add, rename twice, delete (and retire), move, and one slip
 * each — unquoted markup, a tab, a half-typed reference — then release.
 * For every step: what the language server published (every file), what
 * `cr check` printed, what the live preview's overlay says (its FolderCheck
 * and overlay payload, the preview's own code), and how long each took.
 * Slips are repeated to give medians, as ratios to a full compile.
 *
 *   npx tsx scripts/bench/cycle.ts [--runs N] [--json]
 */
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createConnection, createProtocolConnection, StreamMessageReader, StreamMessageWriter, type CodeAction, type PublishDiagnosticsParams, type WorkspaceEdit } from 'vscode-languageserver/node'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { main } from '../../src/cli/main.ts'
import { compile } from '../../src/core/compile.ts'
import { FolderCheck } from '../../src/core/folder-check.ts'
import { releaseIdsFromFiles } from '../../src/core/versions/guard.ts'
import { loadCards, PACKAGE_ROOT, readRulesDir, textLookup } from '../../src/io/read-sources.ts'
import { listReleases } from '../../src/io/releases.ts'
import { copyTree, makeTempDir, readText, removePath, writeScratchFile } from '../../src/io/files.ts'
import { startLanguageServer } from '../../src/lsp/server.ts'
import { overlayPayload, retirementChanges } from '../../site/integration/preview-overlay.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' }, json: { type: 'boolean', default: false } } })
const runs = Number(values.runs)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const tree = makeTempDir('cr-cycle-')
copyTree(join(PACKAGE_ROOT, 'rules'), join(tree, 'rules'))
copyTree(join(PACKAGE_ROOT, 'releases'), join(tree, 'releases'))
const rules = join(tree, 'rules')
// `cr check` as an editor runs it, its compile cache in the scratch tree (removed at the end).
const cliEnv = { NO_COLOR: '1', CR_CACHE_DIR: join(tree, '.cache') }
const path = (name: string) => join(rules, name)
const uri = (name: string) => pathToFileURL(path(name)).href
const read = (name: string) => readText(path(name))
const cards = loadCards()

// Baseline: a full compile of the rules, as `cr check` does it without a cache.
const files0 = readRulesDir(rules, tree)
const full: number[] = []
for (let i = 0; i < 5; i++) {
  const t = performance.now()
  compile(files0, { cards })
  full.push(performance.now() - t)
}
const fullMs = median(full)

// The language server, over the real protocol.
const up = new PassThrough()
const down = new PassThrough()
// A round of diagnostics is done when the server has published every file's (`onPublished`); it
// publishes only what changed, so a keystroke that changes nothing shown still ends a round.
let last = 0
let roundDone: (() => void) | undefined
startLanguageServer(createConnection(new StreamMessageReader(up), new StreamMessageWriter(down)), {
  cwd: tree,
  cards,
  onPublished: () => {
    last = performance.now()
    roundDone?.()
  },
})
const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up))
const shown = new Map<string, PublishDiagnosticsParams['diagnostics']>()
const infos: string[] = []
client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
  shown.set(p.uri, p.diagnostics)
  last = performance.now()
})
const nextRound = () => new Promise<void>((done) => (roundDone = () => ((roundDone = undefined), done())))
/** Every message the server sent before now has reached the client (JSON-RPC keeps their order). */
const delivered = () => client.sendRequest('workspace/symbol', { query: 'zzzz_nothing' })
client.onNotification('window/showMessage', (m: { message: string }) => {
  infos.push(m.message)
})
client.listen()
await client.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(tree).href, capabilities: {} })
await client.sendNotification('initialized', {})
const versions = new Map<string, number>()
const settle = async () => {
  while (performance.now() - last < 250) await new Promise((ok) => setTimeout(ok, 80))
}
async function open(name: string) {
  versions.set(uri(name), 1)
  const p = nextRound()
  await client.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(name), languageId: 'yaml', version: 1, text: read(name) } })
  await p
  await delivered()
  await settle()
}
/** An edit as the editor makes it: the buffer changes (timed to the end of the server's round of diagnostics), then it is saved. */
async function type(name: string, text: string): Promise<number> {
  const v = (versions.get(uri(name)) ?? 1) + 1
  versions.set(uri(name), v)
  const p = nextRound()
  const t = performance.now()
  await client.sendNotification('textDocument/didChange', { textDocument: { uri: uri(name), version: v }, contentChanges: [{ text }] })
  await p
  const ms = performance.now() - t
  await delivered()
  writeScratchFile(path(name), text)
  await settle()
  return ms
}
function applyEdits(text: string, edits: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): string {
  const offset = (p: { line: number; character: number }) => {
    let at = 0
    for (let l = 0; l < p.line; l++) at = text.indexOf('\n', at) + 1
    return at + p.character
  }
  let out = text
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end))
  return out
}
/**
 * A WorkspaceEdit as an editor applies it: every file's buffer changed at once (a file not open
 * yet is opened with its new text, as Neovim and VS Code do), then all of them saved. Returns
 * how long the server took to publish the diagnostics that follow.
 */
async function applyWorkspaceEdit(edit: WorkspaceEdit): Promise<number> {
  const round = nextRound()
  const t = performance.now()
  const texts: [string, string][] = []
  for (const [u, edits] of Object.entries(edit.changes ?? {})) {
    const name = u.split('/').pop()!
    const text = applyEdits(read(name), edits)
    texts.push([name, text])
    const v = (versions.get(u) ?? 0) + 1
    versions.set(u, v)
    if (v === 1) await client.sendNotification('textDocument/didOpen', { textDocument: { uri: u, languageId: 'yaml', version: 1, text } })
    else await client.sendNotification('textDocument/didChange', { textDocument: { uri: u, version: v }, contentChanges: [{ text }] })
  }
  await round
  const ms = performance.now() - t
  await delivered()
  for (const [name, text] of texts) writeScratchFile(path(name), text)
  await settle()
  return ms
}
/** Files saved outside the editor's buffers: the client's file watcher tells the server, which compiles again. */
async function watched(uris: string[]): Promise<number> {
  const round = nextRound()
  const t = performance.now()
  await client.sendNotification('workspace/didChangeWatchedFiles', { changes: uris.map((u) => ({ uri: u, type: 2 })) })
  await round
  const ms = performance.now() - t
  await delivered()
  await settle()
  return ms
}

/** What each tool shows now. */
const folder = new FolderCheck({ cards, releases: () => listReleases(join(tree, 'releases')).map((r) => releaseIdsFromFiles(r.version, readRulesDir(r.dir, tree))) })
folder.run(readRulesDir(rules, tree))
// The preview's view of retired.yaml: as the last rules that compiled had it (live-preview.ts does the same).
let retiredShown: string | undefined = read('retired.yaml')
async function tools() {
  const lsp = [...shown].filter(([, d]) => d.length > 0).flatMap(([u, d]) => d.map((x) => `${u.slice(u.indexOf('/rules/') >= 0 ? u.indexOf('/rules/') + 1 : u.indexOf('/releases/') + 1)}:${x.range.start.line + 1}:${x.range.start.character + 1} ${x.code}`))
  let t = performance.now()
  const io = memoryIo({ cwd: tree, env: cliEnv })
  await main(['check', '--json', 'rules'], io)
  const checkMs = performance.now() - t
  const check = (JSON.parse(io.out()).messages as { file: string; line: number; column: number; code: string }[]).map((m) => `${m.file}:${m.line}:${m.column} ${m.code}`)
  const files = readRulesDir(rules, tree)
  t = performance.now()
  const result = folder.run(files)
  const previewMs = performance.now() - t
  const retiredNow = textLookup(files)('rules/retired.yaml')
  const changes = retiredNow !== retiredShown ? retirementChanges(retiredShown ?? '', retiredNow ?? '') : []
  const overlay = overlayPayload(result.messages, textLookup(files), tree, rules, changes.length > 0 ? { file: 'rules/retired.yaml', changes } : undefined)
  if (!result.messages.some((m) => m.severity === 'error')) retiredShown = retiredNow
  const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  const said = overlay ? (overlay.err.message as string).split('<br>').map(text) : []
  return { lsp, check, checkMs, preview: overlay ? `${overlay.err.title as string}: ${said.filter((l) => !l.endsWith('now says:')).join(' | ')}` : '(no overlay: the page reloads)', previewMs }
}

const steps: { step: string; lspMs?: number; shows: Awaited<ReturnType<typeof tools>>; note?: string }[] = []
const record = async (step: string, lspMs?: number, note?: string) => steps.push({ step, lspMs, shows: await tools(), note })

// 0. The day after v26.03's freeze.
{
  const io = memoryIo({ cwd: tree, env: cliEnv })
  await main(['release', '--next-cycle'], io)
  steps.push({ step: 'cr release --next-cycle', shows: await tools(), note: io.err().trim() })
}
await open('06_runs.yaml')
const runs0 = read('06_runs.yaml')
// 1. Reword 6.1.4a.
await record('reword 6.1.4a', await type('06_runs.yaml', read('06_runs.yaml').replace('also ends any breach and/or access taking place.', 'also ends any breach or access in progress.').replace("    - rule: rule_end_run_access_or_breach_during_run\n", "    - rule: rule_end_run_access_or_breach_during_run\n      new:\n")))
// 2. Add a rule after 6.1.4c.
await record('add 6.1.4d', await type('06_runs.yaml', read('06_runs.yaml').replace('  - subsection: rule_jacking_out\n', '    - rule: rule_end_run_twice\n      text: An instruction to end the run that resolves after the run has ended does nothing.\n      new:\n  - subsection: rule_jacking_out\n')))
// 3–4. Rename twice.
async function rename(from: string, to: string) {
  const text = read('06_runs.yaml')
  const line = text.split('\n').findIndex((l) => new RegExp(`- (rule|subsection): ${from}$`).test(l))
  const t = performance.now()
  const edit = await client.sendRequest<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: uri('06_runs.yaml') }, position: { line, character: text.split('\n')[line]!.indexOf(from) + 2 }, newName: to })
  const ms = performance.now() - t
  const applied = await applyWorkspaceEdit(edit)
  return { ms, applied, files: Object.keys(edit.changes ?? {}).length }
}
let r = await rename('rule_jacking_out', 'rule_jack_out')
await record('rename rule_jacking_out → rule_jack_out', r.ms, `${r.files} files edited (their diagnostics ${r.applied.toFixed(0)} ms after the edit); the editor was told: ${infos.pop()}`)
r = await rename('rule_jack_out', 'rule_jacking_out_of_a_run')
await record('rename again → rule_jacking_out_of_a_run', r.ms, `${r.files} files edited (their diagnostics ${r.applied.toFixed(0)} ms after the edit); the editor was told: ${infos.pop()}`)
// 5. Delete a rule, then retire it with the quick fix (and write the reason).
const id = 'rule_jack_out_before_approach'
const deleted = read('06_runs.yaml').split('\n').filter((l, i, all) => !l.includes(`- rule: ${id}`) && !all[i - 1]?.includes(`- rule: ${id}`)).join('\n')
await record(`delete ${id}`, await type('06_runs.yaml', deleted))
{
  const releaseUri = pathToFileURL(join(tree, 'releases/v26.03/06_runs.yaml')).href
  const d = shown.get(releaseUri)!.find((x) => x.code === 'id-missing')!
  const t = performance.now()
  const actions = await client.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: releaseUri }, range: d.range, context: { diagnostics: [d] } })
  const ms = performance.now() - t
  const fix = actions.find((a) => a.title.includes('as removed'))!
  const applied = await applyWorkspaceEdit(fix.edit!)
  await record(`quick fix: ${fix.title}`, ms, `applied: its diagnostics ${applied.toFixed(0)} ms after the edit`)
  const reasoned = read('retired.yaml').replace('removed: ""', 'removed: Covered by 6.1.5a.')
  await record('write the reason in retired.yaml', versions.has(uri('retired.yaml')) ? await type('retired.yaml', reasoned) : (writeScratchFile(path('retired.yaml'), reasoned), await watched([uri('retired.yaml')])))
}
// 6. Move 6.1.3f (rule_pass_after_breaking) to the end of section 6.5.
{
  const text = read('06_runs.yaml')
  const lines = text.split('\n')
  const at = lines.findIndex((l) => l.includes('- rule: rule_pass_after_breaking'))
  let end = at + 1
  while (end < lines.length && /^ {6}/.test(lines[end]!)) end++
  const block = lines.slice(at, end)
  lines.splice(at, end - at)
  const before = lines.findIndex((l) => l.includes('- section: sec_movement_phase'))
  lines.splice(before, 0, ...block.map((l) => l.replace(/^ {4}/, '  ')))
  await record('move 6.1.3f to the end of 6.5', await type('06_runs.yaml', lines.join('\n')))
}
// 7–9. The slips, each repeated for a median, then fixed.
const good = read('06_runs.yaml')
const etr = good.split('\n').find((l) => l.startsWith('    text: To {term:end the run} is to halt'))!
const slips: [string, string][] = [
  ['slip: unquoted text starting with markup', good.replace(etr, etr.replace('text: To {term:end the run}', 'text: {term:end the run}'))],
  ['slip: a tab in the indentation', good.replace(etr, `\t${etr.trimStart()}`)],
  ['slip: {ref: half-typed at the end of a line', good.replace(etr, `${etr} {ref:`)],
]
const slipMedians: Record<string, { slipMs: number; fixMs: number }> = {}
for (const [name, broken] of slips) {
  const slipMs: number[] = []
  const fixMs: number[] = []
  for (let i = 0; i < runs; i++) {
    slipMs.push(await type('06_runs.yaml', broken))
    if (i === 0) await record(name, slipMs[0])
    fixMs.push(await type('06_runs.yaml', good))
  }
  slipMedians[name] = { slipMs: median(slipMs), fixMs: median(fixMs) }
  await record(`${name}: fixed`, median(fixMs))
}
// 10. Release.
writeScratchFile(path('release.yaml'), read('release.yaml').replace('version: v26.03', 'version: v26.09'))
{
  const io = memoryIo({ cwd: tree, env: cliEnv })
  const t = performance.now()
  await main(['release', 'v26.09', '--draft'], io)
  const ms = performance.now() - t
  steps.push({ step: 'cr release v26.09 --draft', shows: await tools(), note: `${io.err().trim().split('\n').slice(-3).join(' | ')} (${Math.round(ms)} ms)\n${read('changelog.yaml').split('\n').filter((l) => l.startsWith('- text')).join('\n')}` })
  const io2 = memoryIo({ cwd: tree, env: cliEnv })
  await main(['release', 'v26.09'], io2)
  steps.push({ step: 'cr release v26.09', shows: await tools(), note: io2.err().trim().split('\n').slice(-2).join(' | ') })
}
client.dispose()

const result = { fullCompileMs: fullMs, slipMedians, steps }
if (values.json) console.log(JSON.stringify(result, null, 2))
else {
  console.log(`full compile of rules/ (baseline): median ${fullMs.toFixed(0)} ms`)
  for (const s of steps) {
    console.log(`\n## ${s.step}${s.lspMs !== undefined ? ` — language server ${s.lspMs.toFixed(0)} ms (${(s.lspMs / fullMs).toFixed(2)}× a full compile)` : ''}`)
    if (s.note) console.log(s.note)
    console.log(`  language server: ${s.shows.lsp.length === 0 ? 'nothing' : s.shows.lsp.join('; ')}`)
    console.log(`  cr check (${s.shows.checkMs.toFixed(0)} ms): ${s.shows.check.length === 0 ? 'no problems' : s.shows.check.join('; ')}`)
    console.log(`  preview (recompile ${s.shows.previewMs.toFixed(0)} ms): ${s.shows.preview}`)
  }
  console.log('\nslips, medians of', runs, 'runs: keystroke → diagnostics')
  for (const [name, m] of Object.entries(slipMedians)) console.log(`  ${name}: ${m.slipMs.toFixed(0)} ms (${(m.slipMs / fullMs).toFixed(2)}×), fixed ${m.fixMs.toFixed(0)} ms (${(m.fixMs / fullMs).toFixed(2)}×)`)
}
removePath(tree)
