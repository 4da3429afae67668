/**
 * Hook for the coverage issue: `CR_COVERAGE=FILE npm run build` shows how
 * often each rule is cited. Accepted for now: a JSON object mapping rule ID to
 * a count, either at the top level or under `counts`.
 */
import { readFileSync } from 'node:fs'

export function loadCoverage(file: string | undefined): Map<string, number> | undefined {
  if (!file) return undefined
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'))
  const obj = (data && typeof data === 'object' && 'counts' in data ? (data as { counts: unknown }).counts : data) as Record<string, unknown>
  if (!obj || typeof obj !== 'object') throw new Error(`Unexpected coverage data in ${file}, expected an object of rule ID → count`)
  return new Map(Object.entries(obj).filter((e): e is [string, number] => typeof e[1] === 'number'))
}
