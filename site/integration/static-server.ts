/**
 * The static file server for `dist/`: what `npm start`, the PDF step, the
 * bench and the browser tests use. A kept server does the file work:
 * `serve-static` (Express's, on `send`), which stats every request, handles
 * stream errors (a file that vanishes mid-request during a rebuild is a 404
 * or a cut connection, never an unhandled `'error'`), closes the file as
 * soon as the response ends or is aborted, answers ranges and conditional
 * requests, and redirects `/dir` to `/dir/` on the same host. `compression`
 * gzips text like a real host would.
 *
 * Ours on top: the content types (`.xml` is our OpenSearch description),
 * `Cache-Control: no-cache`, the 404 page, a permalink typed in another
 * form redirected to its rule without script (permalink-fold.ts), and Pagefind's index files, which
 * are gzip already: they go out as they are, marked `Content-Encoding:
 * gzip`, so the browser inflates them natively instead of Pagefind doing it
 * in JavaScript (a third of its start on a slow phone; the README shows the
 * same setting for nginx). And the server as a server: an error on the
 * listening socket (out of file descriptors: accept(2) fails with EMFILE) is
 * logged and the server goes on, a failed request is answered or closed.
 *
 * Why not the hand-written server it replaces (issue 24, case 2): a file
 * stream without an error handler crashed the process, and an aborted
 * download left its descriptor open. Why not sirv: its 3.0 pipes
 * `createReadStream` without an error handler too, and in production mode
 * lists the folder once at start, so a rebuild under it is not seen.
 */
import compression from 'compression'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, resolve } from 'node:path'
import { constants, gunzipSync } from 'node:zlib'
import serveStaticFiles from 'serve-static'
import { readBytes, readHead } from '../../src/io/files.ts'
import { foldPermalink } from './permalink-fold.ts'

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
/** Pagefind's gzipped files: `.pf_meta`, `.pf_index`, `.pf_fragment`, `.pf_filter`, and its WebAssembly (`wasm.en.pagefind`). */
const PAGEFIND_GZIP = /\.pf_[a-z]+$|\/wasm\.[\w-]+\.pagefind$/
/** The 404 page is ours and small; a larger file there is not served whole. */
const MAX_404_BYTES = 1024 * 1024

/**
 * Is the file gzip of Pagefind's signed payload? Pagefind reads a file as
 * gzip or, inflated, as a payload starting `pagefind_dcd` (its WebAssembly
 * too: gzip of the signature and the module), so only such a file may
 * arrive inflated; one named like Pagefind's that is not goes out as it is.
 */
function isSignedGzip(file: string): boolean {
  const head = readHead(file, 1024)
  if (head.length < 2 || head[0] !== 0x1f || head[1] !== 0x8b) return false
  try {
    // The start of the payload: the flush keeps a partial stream from being an error.
    return gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH }).subarray(0, SIGNATURE.length).toString('latin1') === SIGNATURE
  } catch {
    return false
  }
}
const SIGNATURE = 'pagefind_dcd'

export interface StaticServer {
  server: Server
  url: string
  close: () => Promise<void>
}

export interface ServeOptions {
  /** Send Pagefind's files as `Content-Encoding: gzip` (default); off, like a host that can't (GitHub Pages). */
  pagefindGzip?: boolean
  /** Redirect a permalink typed in another form to its rule (default); off, like a host that folds nothing (GitHub Pages). */
  foldPermalinks?: boolean
  /** Where a server error is reported (default: stderr). */
  log?: (message: string) => void
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void

/** The request handler: compression, then the files, then the 404 page. */
export function staticHandler(dir: string, options: ServeOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const { pagefindGzip = true, foldPermalinks = true } = options
  const root = resolve(dir)
  const files = serveStaticFiles(root, {
    index: ['index.html'],
    redirect: true,
    cacheControl: false,
    // Its 403 (a `..` after decoding) and 404 come to us as errors, so each keeps its status.
    fallthrough: false,
    setHeaders(res, path) {
      const type = TYPES[extname(path)]
      if (type) res.setHeader('Content-Type', type)
      res.setHeader('Cache-Control', 'no-cache')
      if (pagefindGzip && PAGEFIND_GZIP.test(path)) {
        res.setHeader('Vary', 'Accept-Encoding')
        const accepts = /\bgzip\b/.test(String(res.req.headers['accept-encoding'] ?? ''))
        // Labelled gzip only when it is, of what Pagefind reads inflated (a file named like Pagefind's may not be).
        if (accepts && isSignedGzip(path)) res.setHeader('Content-Encoding', 'gzip')
      }
    },
  }) as unknown as Handler
  // The stored gzip of Pagefind's files is left alone: compression skips what already has a Content-Encoding.
  const gzip = compression() as unknown as Handler

  const notFound = (res: ServerResponse) => {
    // `/r/6.1.4A/` has no file: where it lands, as the 404 page's script would find it (a 302: the rules move).
    const req = res.req
    const to = foldPermalinks && (req.method === 'GET' || req.method === 'HEAD') ? foldPermalink(root, new URL(req.url ?? '/', 'http://x').pathname) : undefined
    if (to) {
      res.writeHead(302, { location: to, 'cache-control': 'no-cache' })
      res.end()
      return
    }
    let body: Buffer | string = 'Not found'
    try {
      body = readBytes(join(root, '404.html'), MAX_404_BYTES)
    } catch {
      // no 404 page: the plain words
    }
    res.writeHead(404, { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' })
    res.end(body)
  }

  return (req, res) => {
    // What the WHATWG URL parser makes of the path, dot segments resolved: `/%2e%2e/etc/passwd`
    // asks for /etc/passwd inside the folder (a 404), and a `..` left after decoding is send's 403.
    let path: string
    try {
      const url = new URL(req.url ?? '/', 'http://x')
      path = url.pathname
      req.url = `${path}${url.search}`
    } catch {
      res.writeHead(400).end('Bad request')
      return
    }
    const fail = (error: unknown) => {
      if (res.headersSent) {
        res.destroy()
        return
      }
      const code = (error as NodeJS.ErrnoException)?.code
      if (code === 'EMFILE' || code === 'ENFILE') {
        // Out of descriptors for now: the client may try again in a moment.
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' }).end('Busy: try again')
        return
      }
      const status = (error as { status?: number; statusCode?: number })?.status ?? (error as { statusCode?: number })?.statusCode ?? 500
      if (status === 404) notFound(res)
      else res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(status === 403 ? 'Forbidden' : 'Server error')
    }
    gzip(req, res, (error) => {
      if (error) return fail(error)
      files(req, res, (error2) => {
        if (error2) return fail(error2)
        notFound(res)
      })
    })
  }
}

export function serveStatic(dir: string, port = 0, host = '127.0.0.1', options: ServeOptions = {}): Promise<StaticServer> {
  const log = options.log ?? ((message: string) => process.stderr.write(`static server: ${message}\n`))
  const server = createServer(staticHandler(dir, options))
  // Headers must come within 30 s and a request within 2 minutes: a client that never finishes is let go.
  server.headersTimeout = 30_000
  server.requestTimeout = 120_000
  return new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => {
      server.off('error', fail)
      // After listening, an error is one connection's (EMFILE from accept(2) when descriptors run out):
      // said, and the server goes on; the kernel keeps the connection queued until there is room.
      server.on('error', (error) => log(`${(error as NodeJS.ErrnoException).code ?? ''} ${(error as Error).message}`.trim()))
      server.on('clientError', (_error, socket) => socket.destroy())
      const address = server.address()
      const actual = typeof address === 'object' && address ? address.port : port
      ok({
        server,
        url: `http://${host}:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
