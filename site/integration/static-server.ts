/**
 * A tiny static file server for `dist/`: what `npm start`, the PDF step, the
 * bench and the browser tests use. Serves `index.html` for directories,
 * redirects `/dir` to `/dir/`, and gzips text like a real host would.
 * Pagefind's index files are gzip already: they go out as they are, marked
 * `Content-Encoding: gzip`, so the browser inflates them natively instead
 * of Pagefind doing it in JavaScript (a third of its start on a slow phone;
 * the README shows the same setting for nginx, Caddy and Apache).
 */
import { closeSync, createReadStream, existsSync, openSync, readSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { createGzip } from 'node:zlib'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/opensearchdescription+xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|opensearch|manifest))|svg/
/** Pagefind's gzipped files: `.pf_meta`, `.pf_index`, `.pf_fragment`, `.pf_filter`. */
const PAGEFIND_GZIP = /\.pf_[a-z]+$/

/** Does the file start with gzip's magic bytes? */
function isGzip(file: string): boolean {
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(2)
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b
  } finally {
    closeSync(fd)
  }
}

export interface StaticServer {
  server: Server
  url: string
  close: () => Promise<void>
}

export interface ServeOptions {
  /** Send Pagefind's files as `Content-Encoding: gzip` (default); off, like a host that can't (GitHub Pages). */
  pagefindGzip?: boolean
}

export function serveStatic(dir: string, port = 0, host = '127.0.0.1', options: ServeOptions = {}): Promise<StaticServer> {
  const { pagefindGzip = true } = options
  const root = resolve(dir)
  const server = createServer((req, res) => {
    let path: string
    let raw: string
    try {
      raw = new URL(req.url ?? '/', 'http://x').pathname
      path = decodeURIComponent(raw)
    } catch {
      res.writeHead(400).end('Bad request')
      return
    }
    let file = normalize(join(root, path))
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end('Forbidden')
      return
    }
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!path.endsWith('/')) {
        // From the still-encoded path, with one leading slash: `/%2Fcards` must not become
        // `Location: //cards/`, which a browser reads as another host (an open redirect).
        res.writeHead(301, { location: `/${raw.replace(/^[/\\]+/, '')}/` }).end()
        return
      }
      file = join(file, 'index.html')
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      const notFound = join(root, '404.html')
      res.writeHead(404, { 'content-type': TYPES['.html']! })
      if (existsSync(notFound)) createReadStream(notFound).pipe(res)
      else res.end('Not found')
      return
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-cache' }
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    const gzip = COMPRESSIBLE.test(type) && acceptsGzip
    const pregzipped = !gzip && acceptsGzip && pagefindGzip && PAGEFIND_GZIP.test(file) && isGzip(file)
    if (gzip || pregzipped) headers['content-encoding'] = 'gzip'
    if (COMPRESSIBLE.test(type) || (pagefindGzip && PAGEFIND_GZIP.test(file))) headers.vary = 'accept-encoding'
    res.writeHead(200, headers)
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    const stream = createReadStream(file)
    if (gzip) stream.pipe(createGzip()).pipe(res)
    else stream.pipe(res)
  })
  return new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => {
      const address = server.address()
      const actual = typeof address === 'object' && address ? address.port : port
      ok({
        server,
        url: `http://${host}:${actual}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })
}
