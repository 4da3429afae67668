import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

export const repoRoot = join(import.meta.dirname, '../..')

/** Spawn the real binary, as a user would; returns [exit code, stdout, stderr]. */
export function runCr(args: string[], cwd = repoRoot): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(repoRoot, 'bin/cr.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr }
}
