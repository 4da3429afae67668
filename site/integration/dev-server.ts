/**
 * Start `npm run dev` (Astro's dev server with the live preview) on a port,
 * for the browser tests and the bench: resolves once it answers, with its
 * output so far and a way to stop it. Port 0 takes any free port (read from
 * what Astro prints); `args` go to `astro dev`.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export interface DevServer {
  url: string
  /** Everything the server printed (terminal diagnostics included), ANSI colours removed. */
  output(): string
  stop(): Promise<void>
}

export async function startDevServer(options: { root: string; port: number; env?: NodeJS.ProcessEnv; args?: string[]; timeoutMs?: number }): Promise<DevServer> {
  // A test runner's environment (NODE_ENV=test, VITEST…) is not a developer's: Vite would take it for its own.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST') && k !== 'TEST'))
  const child = spawn(process.execPath, ['--import', 'tsx', join(options.root, 'scripts/dev.ts'), ...(options.args ?? [])], {
    cwd: options.root,
    env: { ...env, PORT: String(options.port), HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  // Astro prints `Local    http://127.0.0.1:4321/` once it listens.
  const listening = () => (options.port === 0 ? /Local\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out.replace(/\u001b\[[0-9;]*m/g, ''))?.[1] : `http://127.0.0.1:${options.port}`)
  let url = listening() ?? `http://127.0.0.1:${options.port}`
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((done) => child.once('exit', done))
    // The whole group: scripts/dev.ts and the astro process it spawned.
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      child.kill('SIGTERM')
    }
    await Promise.race([exited, sleep(5000)])
  }
  const deadline = Date.now() + (options.timeoutMs ?? 180_000)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the dev server exited (${child.exitCode}):\n${out}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the dev server did not answer on ${url}:\n${out}`)
    }
    const at = listening()
    if (!at) {
      await sleep(500)
      continue
    }
    url = at
    try {
      // The first request can wait on Vite's dependency optimizer: ask again rather than wait forever.
      const r = await fetch(`${url}/`, { signal: AbortSignal.timeout(20_000) })
      if (r.ok) break
    } catch {
      // not listening yet
    }
    await sleep(500)
  }
  return { url, output: () => out.replace(/\u001b\[[0-9;]*m/g, ''), stop }
}
