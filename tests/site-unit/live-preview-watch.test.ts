/**
 * The live preview's watcher side, in-process: the plugin is given a stand-in
 * for Vite's dev server (its watcher and its client channel), a copy of rules/,
 * and events as chokidar would (or would not) send them. The browser test
 * (tests/site/live-preview.test.ts) drives the real dev server; this one pins
 * the races that made it fail at random on a loaded machine.
 */
import { EventEmitter } from 'node:events'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AstroIntegrationLogger } from 'astro'
import type { Plugin, ViteDevServer } from 'vite'
import { GENERATION_ASK, GENERATION_EVENT, GENERATION_TIMING, livePreview } from '../../site/integration/live-preview.ts'
import { PACKAGE_ROOT } from '../../src/io/read-sources.ts'

interface Sent {
  type?: string
  err?: { message?: string }
}

/** The folder the test's setUp made, removed after it. */
let cleanup: string | undefined

/** `releases`: copy releases/ beside the rules too (the ID guard runs against them). */
function setUp(options: { releases?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'cr-preview-watch-'))
  cpSync(join(PACKAGE_ROOT, 'rules'), join(dir, 'rules'), { recursive: true })
  if (options.releases) cpSync(join(PACKAGE_ROOT, 'releases'), join(dir, 'releases'), { recursive: true })
  const rulesDir = join(dir, 'rules')
  const log: string[] = []
  const logger = {
    info: (m: string) => log.push(`info ${m}`),
    warn: (m: string) => log.push(`warn ${m}`),
    error: (m: string) => log.push(`error ${m}`),
    debug: () => {},
    fork: () => logger,
    label: 'live-preview',
    options: {},
  } as unknown as AstroIntegrationLogger
  const sent: Sent[] = []
  const watcher = Object.assign(new EventEmitter(), { add: () => watcher })
  const listeners = new Map<string, (data: unknown, client: { send(payload: { type: string; event?: string; data?: unknown }): void }) => void>()
  const channel = {
    send: (p: unknown) => sent.push((typeof p === 'string' ? { type: p } : p) as Sent),
    on: (event: string, listener: (data: unknown, client: { send(payload: { type: string; event?: string; data?: unknown }): void }) => void) => listeners.set(event, listener),
  }
  type Middleware = (req: { method: string; headers: Record<string, string> }, res: { setHeader(name: string, value: string): void }, next: () => void) => void
  const middlewares: Middleware[] = []
  const server = {
    watcher,
    middlewares: { use: (m: Middleware) => middlewares.push(m) },
    environments: { client: { hot: channel }, ssr: { hot: { send: () => {} } } },
  } as unknown as ViteDevServer
  /** What a page request gets: the Server-Timing header the plugin sets on HTML. */
  const renderPage = (): string | undefined => {
    let timing: string | undefined
    for (const m of middlewares) m({ method: 'GET', headers: { accept: 'text/html,*/*' } }, { setHeader: (name, value) => name === 'Server-Timing' && (timing = value) }, () => {})
    return timing
  }
  /** What a connected page is told when it asks which rules are current. */
  const ask = (): unknown => {
    let answer: unknown
    listeners.get(GENERATION_ASK)?.({}, { send: (payload) => payload.type === 'custom' && payload.event === GENERATION_EVENT && (answer = payload.data) })
    return answer
  }
  const rebuilt: { errors: number }[] = []
  const plugin: Plugin = livePreview({ root: PACKAGE_ROOT, rulesDir, data: undefined, logger, onRebuilt: (r) => rebuilt.push(r) })
  // The plugin's hook is a plain function (no Rollup context): called as Vite calls it.
  ;(plugin.configureServer as unknown as (s: ViteDevServer) => void)(server)
  const file = join(rulesDir, '06_runs.yaml')
  const original = readFileSync(file, 'utf8')
  const reloads = () => sent.filter((p) => p.type === 'full-reload').length
  /** Save 06_runs.yaml with `word` in a known sentence; `report`: the watcher sends its event. */
  const save = (word: string, report: boolean) => {
    writeFileSync(file, original.replace("halt the Runner's progress", `halt the Runner's ${word} progress`))
    if (report) watcher.emit('change', file)
  }
  cleanup = dir
  return { dir, file, original, watcher, sent, rebuilt, log, reloads, save, renderPage, ask }
}

/** Wait until `ok()`, polling (generous: a loaded machine compiles slowly); the assertion is the caller's. */
async function until(ok: () => boolean, ms = 120_000): Promise<void> {
  const end = Date.now() + ms
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
}
const settle = () => new Promise((r) => setTimeout(r, 600))

afterEach(() => {
  if (cleanup) rmSync(cleanup, { recursive: true, force: true })
})

describe('live preview: saves the watcher reports late, twice, or not at all', () => {
  it('a change the watcher never reported (dropped by its 50 ms throttle) is compiled once the folder settles', async () => {
    const t = setUp()
    t.save('first', true)
    await until(() => t.rebuilt.length >= 1)
    // The second save's event is dropped: no emit. The preview must still end on it.
    t.save('second', false)
    await until(() => t.rebuilt.length >= 2)
    expect(t.rebuilt.length).toBe(2)
    expect(t.reloads()).toBe(2)
  }, 600_000)

  it('an event for a save already compiled rebuilds nothing and reloads no page (it would wipe what the save showed)', async () => {
    const t = setUp()
    t.save('only', true)
    await until(() => t.rebuilt.length >= 1)
    await settle()
    const reloads = t.reloads()
    // A late event for the same bytes (another file of the same save, a touch, an editor's chmod).
    t.watcher.emit('change', join(t.file, '../retired.yaml'))
    t.watcher.emit('change', t.file)
    await settle()
    await settle()
    expect(t.rebuilt.length).toBe(1)
    expect(t.reloads()).toBe(reloads)
  }, 600_000)

  it('a save read half-written is compiled again whole, and the error it showed goes away', async () => {
    const t = setUp()
    // The reader caught the file truncated (the writer descheduled between truncate and write).
    writeFileSync(t.file, '')
    t.watcher.emit('change', t.file)
    await until(() => t.rebuilt.length >= 1)
    expect(t.rebuilt[0]!.errors).toBeGreaterThan(0)
    expect(t.sent.some((p) => p.type === 'error')).toBe(true)
    // Then the rest of the write lands; its event fell in the throttle window.
    t.save('whole', false)
    await until(() => t.rebuilt.length >= 2)
    expect(t.rebuilt[1]).toMatchObject({ errors: 0 })
    expect(t.sent[t.sent.length - 1]!.type).toBe('full-reload')
  }, 600_000)
})

describe('live preview: a page that missed a reload', () => {
  it('is told, once connected, that the rules moved on since it was rendered', async () => {
    const t = setUp()
    // Rendered before the save: the page carries the generation it was made from.
    expect(t.renderPage()).toBe(`${GENERATION_TIMING};desc="0"`)
    t.save('later', true)
    await until(() => t.rebuilt.length >= 1)
    expect(t.reloads()).toBe(1)
    // Its connection opens after the reload went out: asked, the server says the rules are newer.
    expect(t.ask()).toEqual({ generation: 1 })
    // A page rendered now is current; a rebuild that fails reloads nothing and moves nothing on.
    expect(t.renderPage()).toBe(`${GENERATION_TIMING};desc="1"`)
    writeFileSync(t.file, t.original.replace('{ref:rule_sec_run_run_ends_phase}', '{ref:rule_sec_run_run_ends_phse}'))
    t.watcher.emit('change', t.file)
    await until(() => t.rebuilt.length >= 2)
    expect([t.rebuilt[1]!.errors > 0, t.ask()]).toEqual([true, { generation: 1 }])
  }, 300_000)
})

describe('live preview: a chapter that becomes unreadable', () => {
  it.each([
    ['deleted', (file: string) => rmSync(file)],
    ['emptied', (file: string) => writeFileSync(file, '')],
  ] as const)('%s: the one message cr check gives, in the terminal and the page, not one per reference to its IDs', async (_, make) => {
    const t = setUp({ releases: true })
    t.save('first', true)
    await until(() => t.rebuilt.length >= 1)
    expect(t.rebuilt[0]).toMatchObject({ errors: 0 })
    make(t.file)
    t.watcher.emit(existsSync(t.file) ? 'change' : 'unlink', t.file)
    await until(() => t.rebuilt.length >= 2)
    // It was 193 errors, the last good parse kept for an emptied file; now the one cause, with the IDs it withholds.
    expect(t.rebuilt[1]).toMatchObject({ errors: 1 })
    const report = t.log.filter((l) => l.startsWith('error ')).at(-1)!
    expect(report).toMatch(/: 1 errors, 0 warnings\n/)
    expect(report).toMatch(/references to its 151 IDs \(as of v26\.03\) from other files are not checked/)
    const page = t.sent.filter((p) => p.type === 'error').at(-1)?.err?.message
    expect(page).toMatch(/06_runs\.yaml/)
    expect(page).not.toMatch(/unknown-rule|retired-unknown-target/)
  }, 600_000)
})
