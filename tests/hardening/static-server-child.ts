/**
 * The static server in a process of its own, for the load test
 * (tests/hardening/static-server-load.test.ts): its descriptors can be counted
 * and limited, and a crash is an exit the test sees. Prints `{"url":…}`.
 */
import { serveStatic } from '../../site/integration/static-server.ts'

const served = await serveStatic(process.argv[2]!, 0, '127.0.0.1', { log: (m) => process.stderr.write(`server error: ${m}\n`) })
process.stdout.write(`${JSON.stringify({ url: served.url })}\n`)
