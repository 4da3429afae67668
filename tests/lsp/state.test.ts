/**
 * A language server that survives typing (issue 21): a half-typed edit is one
 * message where it is, every other file stays as it was (per-file last good
 * state), completion keeps every chapter at its number, nothing stays on any
 * file once its cause is gone, and frozen releases and folders that are not
 * rules folders are never diagnosed.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompletionList } from 'vscode-languageserver/node'
import { startClient, type Client } from './lsp-client.ts'

const repo = join(import.meta.dirname, '../..')
let root: string
let client: Client
let runs: string
let runsUri: string
let releaseRunsUri: string

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cr-lsp-state-'))
  cpSync(join(repo, 'rules'), join(root, 'rules'), { recursive: true })
  cpSync(join(repo, 'releases'), join(root, 'releases'), { recursive: true })
  mkdirSync(join(root, '.github/workflows'), { recursive: true })
  writeFileSync(join(root, '.github/workflows/ci.yaml'), 'on: [push]\njobs:\n  test: {runs-on: ubuntu-latest}\n')
  writeFileSync(join(root, 'notes.yaml'), 'todo: [\n')
  runs = readFileSync(join(root, 'rules/06_runs.yaml'), 'utf8')
  client = await startClient({ cwd: root })
  runsUri = client.uri(join(root, 'rules/06_runs.yaml'))
  releaseRunsUri = client.uri(join(root, 'releases/v26.03/06_runs.yaml'))
  const first = client.waitFor(runsUri)
  await client.open(runsUri, runs)
  expect(await first).toEqual([])
  await client.settle()
}, 600_000)

afterAll(() => client?.close())

const ETR_START = "    text: To {term:end the run} is to halt the Runner's progress toward the server."
const etrLine = () => runs.split('\n').findIndex((l) => l.startsWith(ETR_START))
/** The whole line of 6.1.4's text. */
const ETR = runs0().split('\n').find((l) => l.startsWith(ETR_START))!
function runs0() {
  return readFileSync(join(repo, 'rules/06_runs.yaml'), 'utf8')
}
/** Everything published that is not empty, by file name. */
const nonEmpty = () => [...client.diagnostics].filter(([, d]) => d.length > 0).map(([uri, d]) => `${uri.slice(uri.indexOf('/rules/') + 1 || uri.indexOf('/releases/') + 1)}: ${d.map((x) => x.code).join(', ')}`)

describe('typing {ref: at the end of a line (momentarily invalid YAML)', () => {
  it('is one message, where it is; completion offers every ID with its number, chapter 6 and 7 included', async () => {
    const typed = runs.replace(ETR, `${ETR} {ref:`)
    const published = client.waitFor(runsUri, (d) => d.length > 0)
    await client.change(runsUri, typed)
    const d = await published
    await client.settle()
    expect(d).toHaveLength(1)
    expect(d[0]).toMatchObject({ code: 'yaml-syntax', range: { start: { line: etrLine(), character: ETR.length + 5 } } })
    expect(d[0]!.message).toMatch(/^Unfinished `\{ref:` at the end of a line/)
    expect(nonEmpty()).toEqual([expect.stringMatching(/^rules\/06_runs\.yaml: yaml-syntax$/)])

    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: runsUri }, position: { line: etrLine(), character: ETR.length + 6 } })
    const number = (id: string) => list.items.find((i) => i.label === id)?.labelDetails?.detail
    expect(number('rule_end_the_run')).toBe(' 6.1.4')
    expect(number('rule_jacking_out')).toBe(' 6.1.5')
    expect(number('chpt_access_breach')).toBe(' 7')
    expect(number('chpt_appendix_timing_structures')).toBe(' 11')

    // Typing on: the reference is complete, the file parses, every message is gone.
    const cleared = client.waitFor(runsUri, (x) => x.length === 0)
    await client.change(runsUri, runs.replace(ETR, `${ETR} See {ref:rule_jacking_out}.`))
    await cleared
    await client.settle()
    expect(nonEmpty()).toEqual([])
    await client.change(runsUri, runs)
    await client.settle()
  })
})

describe('diagnostics never outlive their cause', () => {
  it('a rule deleted: unknown references and the guard\'s missing ID on the frozen release; restored: all withdrawn, the release file included', async () => {
    const id = 'rule_jack_out_before_approach'
    const without = runs.split('\n').filter((l, i, all) => !l.includes(`- rule: ${id}`) && !(all[i - 1]?.includes(`- rule: ${id}`))).join('\n')
    const onRelease = client.waitFor(releaseRunsUri, (d) => d.some((x) => x.code === 'id-missing'))
    await client.change(runsUri, without)
    expect((await onRelease).map((x) => x.message)).toEqual([expect.stringContaining(`Missing ID \`${id}\``)])
    await client.settle()
    const withdrawn = client.waitFor(releaseRunsUri, (d) => d.length === 0)
    await client.change(runsUri, runs)
    await withdrawn
    await client.settle()
    expect(nonEmpty()).toEqual([])
  })

  it('a tab typed in 06: one message, no id-missing on the frozen release; fixed: nothing anywhere', async () => {
    const published = client.waitFor(runsUri, (d) => d.length > 0)
    await client.change(runsUri, runs.replace(ETR, `\t${ETR.trimStart()}`))
    await published
    await client.settle()
    expect(nonEmpty()).toEqual([expect.stringMatching(/^rules\/06_runs\.yaml: yaml-syntax$/)])
    const cleared = client.waitFor(runsUri, (d) => d.length === 0)
    await client.change(runsUri, runs)
    await cleared
    await client.settle()
    expect(nonEmpty()).toEqual([])
  })
})

describe('only rules folders', () => {
  it('a frozen release opened to read, a stray notes.yaml and a CI workflow get no diagnostics and no answers', async () => {
    for (const path of ['releases/v26.03/06_runs.yaml', 'notes.yaml', '.github/workflows/ci.yaml']) {
      const uri = client.uri(join(root, path))
      const text = readFileSync(join(root, path), 'utf8')
      await client.open(uri, `${text}\n\tbroken: [`)
      expect(await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } })).toBeNull()
      expect(await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 1 } })).toEqual([])
    }
    await client.settle()
    expect(nonEmpty()).toEqual([])
    expect([...client.diagnostics.keys()].filter((u) => u.includes('notes.yaml') || u.includes('.github') || u === releaseRunsUri).every((u) => client.diagnostics.get(u)!.length === 0)).toBe(true)
  })
})
