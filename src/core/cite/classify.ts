/**
 * What a scanned file is, for coverage: an engine's code counts, its tests
 * count as verification, and nothing else counts.
 *
 * - never read: lock files (`Cargo.lock`, `package-lock.json`, …), cr's own
 *   configuration and outputs (`cr.config.json`, a coverage file, a
 *   traceability matrix, SARIF), test results (JUnit XML) — by name, and by
 *   their first bytes whatever they are called;
 * - documentation (`cite.docs`: `docs/`, `*.md`, `*.txt`, …): checked, never
 *   coverage;
 * - a copy of the CR (documentation citing 100 rules or more, any file 300
 *   or more): neither checked nor counted — an old edition's numbers are not
 *   today's, and a copy covers everything while testing nothing.
 * Pure.
 */

/** Where documentation lives unless `cite.docs` says otherwise (.gitignore syntax). */
export const DEFAULT_DOC_GLOBS = ['docs/', 'doc/', '*.md', '*.markdown', '*.mdx', '*.rst', '*.txt', '*.adoc', '*.asciidoc', '*.org', '*.tex', '*.html', '*.htm']

/** Lock files of package managers: versions, never citations. */
const LOCK_FILES = new Set([
  'Cargo.lock', 'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock', 'poetry.lock', 'Pipfile.lock', 'uv.lock', 'pdm.lock',
  'Gemfile.lock', 'composer.lock', 'go.sum', 'flake.lock', 'mix.lock', 'deps.lock', 'packages.lock.json', 'pubspec.lock', 'Podfile.lock', 'gradle.lockfile',
  'conan.lock', 'cabal.project.freeze', 'stack.yaml.lock', 'shard.lock', 'Package.resolved', 'MODULE.bazel.lock',
])

/** cr's own files, by name. */
const OWN_FILES = new Set(['cr.config.json', 'cr-exceptions.json', 'cr-exceptions.yaml', 'cr-exceptions.yml'])

export type SkipReason = 'lock file' | "cr's configuration" | "cr's output" | 'test results' | 'a SARIF report'

/** Why a file is never read, by its name; undefined when it is read. */
export function skippedByName(path: string): SkipReason | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1)
  if (LOCK_FILES.has(base) || /\.lock$/.test(base) || /\.lockfile$/.test(base)) return 'lock file'
  if (OWN_FILES.has(base)) return "cr's configuration"
  if (/\.sarif(?:\.json)?$/i.test(base)) return 'a SARIF report'
  return undefined
}

/** Why a file is never counted, by its first bytes: test results and reports whatever their names. */
export function skippedByContent(head: string): SkipReason | undefined {
  const start = head.replace(/^\uFEFF/, '').trimStart().slice(0, 2048)
  if (start.startsWith('<')) {
    if (/<testsuites?[\s>]/.test(start)) return 'test results'
    return undefined
  }
  if (!start.startsWith('{')) return undefined
  if (/"generator"\s*:\s*"cr cite/.test(start)) return "cr's output"
  if (/"format"\s*:\s*[12]\s*,\s*"version"\s*:\s*"v\d/.test(start) && /"files"\s*:/.test(start)) return "cr's output"
  if (/sarif/i.test(start) && /"version"\s*:\s*"2\.1\.0"/.test(start)) return 'a SARIF report'
  return undefined
}

/** Distinct rules a file must cite to be a copy of the CR: documentation, anything else. */
export const CR_COPY_RULES = { doc: 100, other: 300 } as const

export function isCrCopy(kind: 'test' | 'impl' | 'doc', distinctRules: number): boolean {
  return distinctRules >= (kind === 'doc' ? CR_COPY_RULES.doc : CR_COPY_RULES.other)
}
