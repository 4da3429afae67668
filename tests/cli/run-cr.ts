import { join } from 'node:path'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { main } from '../../src/cli/main.ts'

export const repoRoot = join(import.meta.dirname, '../..')

/**
 * Run `cr` in-process, as `main(argv, io)` with in-memory streams and `cwd`;
 * returns [exit code, stdout, stderr]. The compiled binary is exercised by a
 * few spawned smoke tests in tests/package/.
 */
export async function runCr(args: string[], cwd = repoRoot, env: Record<string, string | undefined> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = memoryIo({ cwd, env: { NO_COLOR: '1', ...env } })
  const code = await main(args, io)
  return { code, stdout: io.out(), stderr: io.err() }
}
