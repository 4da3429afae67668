/**
 * A child process for tests/io/cache.test.ts: writes cache entries as fast
 * as it can until it is killed, so a SIGKILL lands at a random point of a
 * write (open, write, fsync, verify, rename).
 */
import { createCache } from '../../src/io/cache.ts'

const [dir, size] = process.argv.slice(2)
const cache = createCache(dir!, 'kill-test')
const value = { messages: [], blob: 'x'.repeat(Number(size)) }
process.stdout.write('ready\n')
for (let i = 0; ; i++) cache.set('compile', `key-${i % 3}`, value)
