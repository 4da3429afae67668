/**
 * The language server on hostile folders and floods of edits (issue 24,
 * case 5 and item 11). It reads through src/io (rules-folder.ts): a FIFO
 * hung it, a link to /dev/zero ate gigabytes, one unreadable file threw and
 * stopped every diagnostic; and 300 queued changes cost 300 compiles.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createConnection, createProtocolConnection, StreamMessageReader, StreamMessageWriter, type PublishDiagnosticsParams } from 'vscode-languageserver/node'
import { startLanguageServer } from '../../src/lsp/server.ts'

const repo = join(import.meta.dirname, '../..')
const tmp = mkdtempSync(join(tmpdir(), 'cr-lsp-hostile-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const CHAPTER = 'chapter: chpt_test\ntext: Test Chapter\nsections:\n- section: sec_test\n  text: Test Section\n  rules:\n  - rule: rule_one\n    text: One, see {ref:rule_too}.\n'

function folder(name: string): string {
  const dir = join(tmp, name, 'rules')
  mkdirSync(dir, { recursive: true })
  cpSync(join(repo, 'tests/fixtures/diagnostics/unknown-rule/rules/release.yaml'), join(dir, 'release.yaml'))
  writeFileSync(join(dir, '01_test.yaml'), CHAPTER)
  return dir
}

/** A server and a client over an in-memory stream pair, counting compiles (one publication pass each). */
async function serve(cwd: string) {
  const up = new PassThrough()
  const down = new PassThrough()
  let compiles = 0
  const server = createConnection(new StreamMessageReader(up), new StreamMessageWriter(down))
  startLanguageServer(server, { cwd, cards: undefined, onPublished: () => compiles++ })
  const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up))
  const published = new Map<string, PublishDiagnosticsParams['diagnostics']>()
  const listeners: (() => void)[] = []
  client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.set(p.uri, p.diagnostics)
    for (const l of [...listeners]) l()
  })
  client.listen()
  await client.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(cwd).href, capabilities: {} })
  await client.sendNotification('initialized', {})
  return {
    client,
    /** Raw bytes into the server's input, as a pipe delivers what piled up while it was busy. */
    raw: (bytes: Buffer) => up.write(bytes),
    published,
    compiles: () => compiles,
    /** Resolves when `test` holds after a publication (or already holds). */
    until(test: () => boolean): Promise<void> {
      if (test()) return Promise.resolve()
      return new Promise((done) => {
        const l = () => {
          if (!test()) return
          listeners.splice(listeners.indexOf(l), 1)
          done()
        }
        listeners.push(l)
      })
    },
    close() {
      client.dispose()
      server.dispose()
    },
  }
}

const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0

describe('the server reads through src/io', () => {
  it('a FIFO, a link to /dev/zero, a folder named like a chapter and a dangling link are each reported at their file, and the rest still gets diagnostics', async () => {
    if (!hasMkfifo) console.warn('tests/hardening/lsp-inputs.test.ts: mkfifo is not installed: the FIFO is left out of this case')
    const dir = folder('hostile')
    if (hasMkfifo) expect(spawnSync('mkfifo', [join(dir, '02_fifo.yaml')]).status).toBe(0)
    symlinkSync('/dev/zero', join(dir, '03_zero.yaml'))
    mkdirSync(join(dir, '04_folder.yaml'))
    symlinkSync(join(dir, 'gone.yaml'), join(dir, '05_dangling.yaml'))
    const s = await serve(join(tmp, 'hostile'))
    try {
      const uri = pathToFileURL(join(dir, '01_test.yaml')).href
      await s.client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: CHAPTER } })
      const codeAt = (name: string) => s.published.get(pathToFileURL(join(dir, name)).href)?.map((d) => d.code)
      await s.until(() => codeAt('01_test.yaml') !== undefined && codeAt('05_dangling.yaml') !== undefined)
      // The open file's own mistake, as `cr check` reports it: nothing else stopped it.
      expect(codeAt('01_test.yaml')).toEqual(['unknown-rule'])
      if (hasMkfifo) expect(codeAt('02_fifo.yaml')).toEqual(['file-not-regular'])
      expect(codeAt('03_zero.yaml')).toEqual(['file-not-regular'])
      expect(codeAt('04_folder.yaml')).toEqual(['file-not-regular'])
      expect(codeAt('05_dangling.yaml')).toEqual(['file-unreadable'])
    } finally {
      s.close()
    }
  }, 600_000)

  it('a chapter over the size cap is refused unread', async () => {
    const dir = folder('huge')
    writeFileSync(join(dir, '02_huge.yaml'), '')
    // Sparse: 40 MiB that take no disk.
    spawnSync('truncate', ['-s', String(40 * 1024 * 1024), join(dir, '02_huge.yaml')])
    const s = await serve(join(tmp, 'huge'))
    try {
      const uri = pathToFileURL(join(dir, '01_test.yaml')).href
      await s.client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: CHAPTER } })
      const huge = pathToFileURL(join(dir, '02_huge.yaml')).href
      await s.until(() => s.published.has(huge))
      expect(s.published.get(huge)!.map((d) => [d.code, d.message])).toEqual([['file-too-large', expect.stringMatching(/40\.0 MiB, over the limit of 32\.0 MiB/)]])
    } finally {
      s.close()
    }
  }, 600_000)
})

describe('edits are coalesced', () => {
  it('300 changes queued at once cost a handful of compiles, and the last one wins', async () => {
    const dir = folder('flood')
    const s = await serve(join(tmp, 'flood'))
    try {
      const uri = pathToFileURL(join(dir, '01_test.yaml')).href
      await s.client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: CHAPTER } })
      await s.until(() => s.published.has(uri))
      const before = s.compiles()
      // One chunk holding 300 framed messages: what a pipe holds after the editor sent them while the server compiled.
      const frames = []
      for (let v = 2; v <= 301; v++) {
        const text = v === 301 ? CHAPTER.replace('{ref:rule_too}', '{ref:rule_one}') : CHAPTER.replace('rule_too', `rule_t${v}`)
        const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version: v }, contentChanges: [{ text }] } }))
        frames.push(Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body)
      }
      s.raw(Buffer.concat(frames))
      await s.until(() => s.published.get(uri)?.length === 0)
      // The last text is what was compiled last: no stale diagnostics.
      expect(s.published.get(uri)).toEqual([])
      expect(s.compiles() - before).toBeLessThanOrEqual(5)
    } finally {
      s.close()
    }
  }, 600_000)

  it('a change that arrives alone is compiled at once', async () => {
    const dir = folder('single')
    const s = await serve(join(tmp, 'single'))
    try {
      const uri = pathToFileURL(join(dir, '01_test.yaml')).href
      await s.client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: CHAPTER } })
      await s.until(() => s.published.get(uri)?.length === 1)
      const before = s.compiles()
      await s.client.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: readFileSync(join(dir, '01_test.yaml'), 'utf8').replace('rule_too', 'rule_one') }] })
      await s.until(() => s.published.get(uri)?.length === 0)
      expect(s.compiles() - before).toBe(1)
    } finally {
      s.close()
    }
  }, 600_000)
})
