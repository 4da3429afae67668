/**
 * The static server behind `npm start` (issue 11): no open redirect, no
 * escape from `dist/`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveStatic, type StaticServer } from '../../site/integration/static-server.ts'

let dir: string
let server: StaticServer

/** A raw GET: fetch() would normalise the path before sending it. */
function get(path: string): Promise<{ status: number; location?: string }> {
  const url = new URL(server.url)
  return new Promise((ok, fail) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      res.resume()
      ok({ status: res.statusCode ?? 0, ...(res.headers.location ? { location: res.headers.location } : {}) })
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
  // Port in this helper's range (4480-4499), not an ephemeral one.
  server = await serveStatic(dir, 4481)
})
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('static server', () => {
  it('redirects a folder to itself with a slash, on the same host', async () => {
    expect(await get('/cards')).toEqual({ status: 301, location: '/cards/' })
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
