/**
 * Golden files: `UPDATE=1` rewrites them (review the diff); a missing one is
 * written on a developer's machine so a new fixture starts from what the code
 * does, but FAILS under `CI=true`, where a fixture without its golden file
 * would otherwise pass without checking anything.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'

export const isCi = (env: Record<string, string | undefined> = process.env): boolean => env.CI === 'true' || env.CI === '1'

/** The golden file's text; `actual` is what is written when it is missing (never under CI) or with UPDATE=1. */
export function readGolden(file: string, actual: string, env: Record<string, string | undefined> = process.env): string {
  if (env.UPDATE) writeFileSync(file, actual)
  else if (!existsSync(file)) {
    if (isCi(env)) throw new Error(`Missing golden file ${relative(process.cwd(), file)}, expected it committed: run the test locally (or with UPDATE=1) to write it, review it, and commit it`)
    writeFileSync(file, actual)
  }
  return readFileSync(file, 'utf8')
}
