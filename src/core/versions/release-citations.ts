/**
 * Every entry of a release resolved to today's rules, in one pass: what
 * `cr cite` needs for `CR v24.03 6.1.4` and what the package embeds for
 * `rule('6.1.4', { version: 'v24.03' })`. Both read this table rather than
 * the version index, so neither compiles releases while scanning or at run time.
 */
import type { RetirementKind } from './retired.ts'
import type { VersionIndex } from './version-index.ts'

/** How an ID went from a release to today's rules (`same`, or how it was retired). */
export type ReleaseStatus = 'same' | RetirementKind

/**
 * An entry of an old release and where it is today: what `CR v24.03 6.1.4`
 * resolves through.
 */
export interface ReleaseRule {
  /** Its ID and number in that release. */
  id: string
  number: string
  /** Today's ID (after renames and merges); absent when the rule was removed. */
  currentId?: string
  currentNumber?: string
  status: ReleaseStatus
  /** Today's text differs from the release's (reference numbers aside). */
  textChanged: boolean
  /** Later releases whose changes reworded, merged or split it (`current` for unreleased edits). */
  changedIn: readonly string[]
  /** The retirement note, or why it was removed. */
  reason?: string
}

/** `resolveRelease(index, 'v24.03')`: every entry of v24.03, in document order. */
export function resolveRelease(index: VersionIndex, version: string): ReleaseRule[] {
  const document = index.document(version)
  if (!document) throw new Error(`Unknown version \`${version}\`, expected one of ${index.versions.join(', ')}`)
  return document.rules.map((r) => {
    const c = index.resolve(version, r.id)
    return {
      id: r.id,
      number: r.number,
      ...(c.id !== undefined ? { currentId: c.id, currentNumber: c.currentNumber! } : {}),
      status: c.status ?? 'same',
      textChanged: c.textChanged ?? false,
      changedIn: c.changedIn ?? [],
      ...(c.reason !== undefined ? { reason: c.reason } : {}),
    }
  })
}
