/**
 * The static server behind `npm start` (issue 11): no open redirect, no
 * escape from `dist/`. And Pagefind's gzip files sent gzip-encoded, so the
 * browser inflates them (issue 12).
 */
import { gunzipSync, gzipSync } from 'node:zlib'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveStatic, type StaticServer } from '../../site/integration/static-server.ts'

let dir: string
let server: StaticServer
/** A WebAssembly module's header and some bytes that do not compress to nothing. */
const WASM = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251))])

/** A raw GET: fetch() would normalise the path before sending it. */
function get(path: string, on = server, headers: Record<string, string> = {}): Promise<{ status: number; location?: string; encoding?: string; body: Buffer }> {
  const url = new URL(on.url)
  return new Promise((ok, fail) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        ok({
          status: res.statusCode ?? 0,
          ...(res.headers.location ? { location: res.headers.location } : {}),
          ...(res.headers['content-encoding'] ? { encoding: res.headers['content-encoding'] } : {}),
          body: Buffer.concat(chunks),
        }),
      )
    })
    req.on('error', fail)
    req.end()
  })
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cr-serve-'))
  mkdirSync(join(dir, 'cards'))
  writeFileSync(join(dir, 'cards/index.html'), '<p>cards</p>')
  writeFileSync(join(dir, 'index.html'), '<p>home</p>')
  mkdirSync(join(dir, 'pagefind/fragment'), { recursive: true })
  writeFileSync(join(dir, 'pagefind/fragment/en_1.pf_fragment'), gzipSync(Buffer.from('pagefind_dcd{"url":"/runs/"}')))
  // A file named like Pagefind's that is not gzip is never labelled gzip.
  writeFileSync(join(dir, 'pagefind/fragment/en_2.pf_fragment'), 'pagefind_dcd{}')
  // Pagefind's WebAssembly (gzip of its signature and the module), and a file named like it holding the bare module: only the first may arrive inflated.
  writeFileSync(join(dir, 'pagefind/wasm.en.pagefind'), gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), WASM])))
  mkdirSync(join(dir, 'old/pagefind'), { recursive: true })
  writeFileSync(join(dir, 'old/pagefind/wasm.en.pagefind'), gzipSync(WASM))
  server = await serveStatic(dir, 0)
})
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('static server', () => {
  it('redirects a folder to itself with a slash, on the same host', async () => {
    expect(await get('/cards')).toMatchObject({ status: 301, location: '/cards/' })
  })

  it.each(['/%2Fcards', '//cards', '/%2F%2Fcards', '/%5Ccards', '/\\cards'])('never redirects %s to another host', async (path) => {
    const r = await get(path)
    if (r.location !== undefined) {
      expect(r.location).toMatch(/^\/[^/\\]/)
      // What a browser would do with it: stay on this server.
      expect(new URL(r.location, server.url).host).toBe(new URL(server.url).host)
    }
    expect([200, 301, 404]).toContain(r.status)
  })

  it('refuses paths out of the folder', async () => {
    expect((await get('/..%2f..%2f..%2fetc%2fpasswd')).status).toBe(403)
    // The URL parser resolves dot segments first: this one asks for /etc/passwd inside the folder.
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404)
  })
})

describe('Pagefind’s files', () => {
  const gzip = { 'accept-encoding': 'gzip, deflate, br' }

  it('go out as they are, gzip-encoded, to a browser that accepts gzip', async () => {
    const r = await get('/pagefind/fragment/en_1.pf_fragment', server, gzip)
    expect(r.encoding).toBe('gzip')
    // The bytes on disk, not gzipped twice: one inflate gives Pagefind's signature.
    expect(gunzipSync(r.body).toString()).toBe('pagefind_dcd{"url":"/runs/"}')
  })

  it('go out as plain bytes without gzip in Accept-Encoding, or when the server is told not to', async () => {
    const plain = await get('/pagefind/fragment/en_1.pf_fragment')
    expect(plain.encoding).toBeUndefined()
    expect(gunzipSync(plain.body).toString()).toMatch(/^pagefind_dcd/)
    const other = await serveStatic(dir, 0, '127.0.0.1', { pagefindGzip: false })
    try {
      const r = await get('/pagefind/fragment/en_1.pf_fragment', other, gzip)
      expect(r.encoding).toBeUndefined()
      expect(r.body[0]).toBe(0x1f)
    } finally {
      await other.close()
    }
  })

  it('are labelled gzip only when they are gzip', async () => {
    const r = await get('/pagefind/fragment/en_2.pf_fragment', server, gzip)
    expect(r.encoding).toBeUndefined()
    expect(r.body.toString()).toBe('pagefind_dcd{}')
  })

  it('the WebAssembly goes out gzip-encoded (its payload carries Pagefind’s signature); a file named like it that does not goes out as it is', async () => {
    const signed = await get('/pagefind/wasm.en.pagefind', server, gzip)
    expect(signed.encoding).toBe('gzip')
    expect(gunzipSync(signed.body).equals(Buffer.concat([Buffer.from('pagefind_dcd'), WASM]))).toBe(true)
    // Inflated, a bare module is what Pagefind cannot read (it expects gzip or its signature): sent as the gzip it is.
    const bare = await get('/old/pagefind/wasm.en.pagefind', server, gzip)
    expect(bare.encoding).toBeUndefined()
    expect(gunzipSync(bare.body).equals(WASM)).toBe(true)
  })
})
