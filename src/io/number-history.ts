/**
 * The number ledger for commands that explain a number (`cr show 10.5.5`):
 * in an engine's project, the package's `dist-index/number-history.json`
 * (no release is compiled); with a rules folder, its releases, resolved as
 * `cr cite` resolves them (`cite-context.ts`, cached).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ledgerOfHistory, type NumberHistoryFile } from '../core/package/number-history.ts'
import type { NumberLedger } from '../core/versions/number-ledger.ts'
import type { IoContext } from './context.ts'
import { PACKAGE_ROOT } from './package-root.ts'
import type { RulesChoice } from './shipped-rules.ts'

export async function readNumberLedger(rules: RulesChoice, ctx: IoContext): Promise<NumberLedger | undefined> {
  const shipped = join(PACKAGE_ROOT, 'dist-index/number-history.json')
  if (rules.shipped && existsSync(shipped)) {
    try {
      return ledgerOfHistory(JSON.parse(readFileSync(shipped, 'utf8')) as NumberHistoryFile)
    } catch {
      // A damaged package file: fall back to the releases themselves.
    }
  }
  const { openCiteContext } = await import('./cite-context.ts')
  try {
    return openCiteContext({ ctx, rules: rules.dir }).tableWithReleases().releases?.ledger
  } catch {
    return undefined
  }
}
