/**
 * A child process for tests/io/cache.test.ts: writes cache entries as fast
 * as it can until it is killed, so a SIGKILL lands at a random point of a
 * write (open, write, fsync, verify, rename).
 *
 * With a third argument `inside`, the writer stops in the middle of its second
 * write instead: the temporary file is written but not yet fsynced or renamed,
 * it prints `inside` and waits to be killed. Random kills land inside a write
 * only by chance (a loaded machine spends most of the writer's time building
 * the value), so the case the test is about is also made certain.
 */
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { createCache } from '../../src/io/cache.ts'

const [dir, size, mode] = process.argv.slice(2)
if (mode === 'inside') {
  // src/io reads node:fs through its ESM namespace; syncBuiltinESMExports makes it see this wrapper.
  const fsync = fs.fsyncSync
  let calls = 0
  fs.fsyncSync = (fd: number) => {
    const file = fs.fstatSync(fd).isFile()
    if (file && ++calls === 2) {
      process.stdout.write('inside\n')
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0) // until SIGKILL
    }
    fsync(fd)
  }
  syncBuiltinESMExports()
}
const cache = createCache(dir!, 'kill-test')
const value = { messages: [], blob: 'x'.repeat(Number(size)) }
process.stdout.write('ready\n')
for (let i = 0; ; i++) cache.set('compile', `key-${i % 3}`, value)
