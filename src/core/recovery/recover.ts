/**
 * Error recovery, in two steps around the compiler's resolving.
 *
 * Before (`planRecovery`): a file that does not load is reported once, by
 * its root cause (`root-cause.ts`), and decides what the rest of the folder
 * sees of it. With a last good parse of that file (the language server and
 * the live preview keep one, `LastGood`), its entries stay as they were: the
 * same IDs, numbers and texts, so completion, hover and every other file stay
 * as right as they were a keystroke ago. Without one (`cr check`), a chapter
 * keeps its place in the numbering (chapters after it are not renumbered) and
 * its IDs, read from its lines, are withheld: known to exist, not resolvable.
 *
 * After (`foldCascades`): what follows from a broken file is folded under
 * its cause — references elsewhere to its withheld IDs, the ID guard's
 * missing IDs and retirement targets among them, and anything placed in a
 * file shown from its last good parse (those places are stale) or pointing
 * there — so the one mistake is the one message.
 */
import type { LoadedYaml } from '../load-yaml.ts'
import type { BrokenFile, Diagnostic, Recovery, SourceFile } from '../types.ts'

export type { BrokenFile, Recovery } from '../types.ts'
import { rootCause } from './root-cause.ts'
import { idsDefinedInText } from './scan-ids.ts'

/** A file's last successful parse, by path: kept by a caller that compiles the same folder again and again. */
export type LastGood = Map<string, { loaded: LoadedYaml }>

export function createLastGood(): LastGood {
  return new Map()
}

export const NO_RECOVERY: Recovery = { broken: [], withheld: [] }

/** A chapter that keeps its place but has nothing in it: the chapters after it keep their numbers. */
export function placeholder(text: string): LoadedYaml {
  const start = { line: 1, column: 1, offset: 0 }
  return { data: null, text, locate: () => start, locateInString: () => start }
}

function decoded(file: SourceFile): string | undefined {
  if (typeof file.content === 'string') return file.content
  return new TextDecoder('utf-8', { fatal: false }).decode(file.content)
}

/**
 * What the compile uses for a file that did not load (`messages`: what
 * loading it said), and how it is reported. `knownIds` are the IDs its last
 * good parse defined, when there is one.
 */
export function recoverFile(
  file: SourceFile,
  role: BrokenFile['role'],
  messages: readonly Diagnostic[],
  last: LoadedYaml | undefined,
  knownIds: ReadonlySet<string>,
): { broken: BrokenFile; loaded: LoadedYaml | undefined } {
  const text = decoded(file)
  const found = rootCause(file.path, text, messages) ?? { cause: messages[0]!, before: [] }
  const typed = text === undefined ? [] : [...idsDefinedInText(text)]
  const withheld = typed.filter((id) => !knownIds.has(id))
  const loaded = last ?? (role === 'chapter' ? placeholder(text ?? '') : undefined)
  return { broken: { file: file.path, role, cause: found.cause, before: found.before, stale: last !== undefined, withheld }, loaded }
}

/** Codes whose subject may be an ID a broken file defines: they wait for it to parse. */
const WAITING = new Set(['unknown-rule', 'id-missing', 'retired-unknown-target'])

/**
 * The messages with every cascade of a broken file folded under its cause,
 * which says what was folded. Safe to run again on the result (with the ID
 * guard's messages added, say): it folds the same way.
 */
export function foldCascades(messages: readonly Diagnostic[], recovery: Recovery): Diagnostic[] {
  if (recovery.broken.length === 0) return [...messages]
  const brokenFiles = new Map(recovery.broken.map((b) => [b.file, b]))
  const stale = new Set(recovery.broken.filter((b) => b.stale).map((b) => b.file))
  const causes = new Set(recovery.broken.flatMap((b) => [b.cause, ...b.before]))
  const withheld = new Set(recovery.withheld)
  const kept: Diagnostic[] = []
  for (const m of messages) {
    if (causes.has(m)) continue
    if (brokenFiles.has(m.file)) continue
    if (m.subject !== undefined && WAITING.has(m.code) && withheld.has(m.subject)) continue
    if (m.related?.some((r) => stale.has(r.file))) continue
    // A release.yaml that does not load is not a missing one.
    if (m.code === 'release-missing' && recovery.broken.some((b) => b.role === 'release')) continue
    kept.push(m)
  }
  for (const b of recovery.broken) kept.push(...b.before, withNote(b))
  return kept
}

const noted = new WeakMap<BrokenFile, Diagnostic>()

function withNote(b: BrokenFile): Diagnostic {
  let d = noted.get(b)
  if (d) return d
  const note =
    b.role !== 'chapter'
      ? undefined
      : b.stale
        ? 'until it parses, the other files see its last good version'
        : b.withheld.length > 0
          ? `until it parses, references to its ${b.withheld.length} ID${b.withheld.length === 1 ? '' : 's'} from other files are not checked`
          : undefined
  // (A cause read back from a cache already carries the note.)
  const has = b.cause.related?.some((r) => r.message === note)
  d = note && !has ? { ...b.cause, related: [...(b.cause.related ?? []), { file: b.file, line: b.cause.line, column: b.cause.column, message: note }] } : b.cause
  noted.set(b, d)
  return d
}
