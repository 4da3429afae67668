/** The six releases and the rules, compiled once per test worker. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compileRelease, listReleases } from '../../src/io/releases.ts'
import { PACKAGE_ROOT } from '../../src/io/read-sources.ts'
import type { ResolvedRelease } from '../../src/core/model/types.ts'
import { parseRetirements, type Retirements } from '../../src/core/versions/retired.ts'
import { createVersionIndex, type VersionIndex } from '../../src/core/versions/version-index.ts'

export const RELEASES_DIR = join(PACKAGE_ROOT, 'releases')
export const RULES_DIR = join(PACKAGE_ROOT, 'rules')
export const VERSIONS = ['v22.12', 'v23.08', 'v24.03', 'v25.04', 'v25.08', 'v26.03'] as const

export function release(version: string): ResolvedRelease {
  const r = listReleases(RELEASES_DIR).find((x) => x.version === version)
  if (!r) throw new Error(`no release ${version}`)
  const c = compileRelease(version, r.dir)
  if (!c.model) throw new Error(`${version} does not compile`)
  return c.model
}

export function current(): ResolvedRelease {
  return compileRelease('current', RULES_DIR).model!
}

let retired: Retirements | undefined
export function retirements(): Retirements {
  retired ??= parseRetirements({ path: 'rules/retired.yaml', content: readFileSync(join(RULES_DIR, 'retired.yaml')) }).retirements
  return retired
}

let index: VersionIndex | undefined
export function versionIndex(): VersionIndex {
  index ??= createVersionIndex({ releases: VERSIONS.map(release), current: current(), retired: retirements() })
  return index
}
