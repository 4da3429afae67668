/**
 * Fault injection for the suite (issue 24): the machine's own faults where it
 * has them (a tmpfs mounted full, as root; a process killed with SIGKILL; a
 * descriptor limit set with `prlimit`), and what a test can say instead where
 * it does not. Each helper returns why it cannot run, and the caller skips
 * with that reason printed: never silently.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import { join } from 'node:path'

/** Mount a tmpfs of `bytes` at `dir` (root only); undefined, or why it cannot be done here. */
export function mountTmpfs(dir: string, bytes: number): string | undefined {
  if (process.getuid?.() !== 0) return 'not running as root: mount(2) is not allowed (the file-system shim cases cover the same code)'
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { stdio: 'pipe' })
    return undefined
  } catch (error) {
    return `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`
  }
}

export function unmount(dir: string): void {
  execFileSync('umount', [dir])
}

/** Fill the file system at `dir` so that about `keep` bytes are left (a file `filler`). */
export function fillTo(dir: string, keep: number): void {
  const stat = fs.statfsSync(dir)
  const free = stat.bavail * stat.bsize
  if (free > keep) fs.writeFileSync(join(dir, 'filler'), Buffer.alloc(free - keep))
}

/** `prlimit` runs a command with fewer file descriptors; undefined, or why not. */
export function prlimitMissing(): string | undefined {
  return spawnSync('prlimit', ['--version']).status === 0 ? undefined : 'prlimit (util-linux) is not installed: descriptor exhaustion cannot be set up'
}

/** Open descriptors of a process (Linux /proc), or undefined elsewhere. */
export function openDescriptors(pid: number | 'self' = 'self'): number | undefined {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length
  } catch {
    return undefined
  }
}

/** A deterministic pseudo-random sequence (a test's "random" points are reproducible from its seed). */
export function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}
