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
import { loadYaml, type LoadedYaml } from '../load-yaml.ts'
import { diagnostic } from '../diagnostics.ts'
import { roleOf } from '../file-roles.ts'
import type { BrokenFile, Diagnostic, MistakenDefinition, Recovery, SourceFile } from '../types.ts'

export type { BrokenFile, MistakenDefinition, Recovery } from '../types.ts'
import { rootCause } from './root-cause.ts'
import { idsDefinedInText, intendedDefinition } from './scan-ids.ts'

/**
 * One source file read as every tool that reads a rules folder reads it
 * (`cr check`, `cr fmt`, the language server, the live preview): loaded, or,
 * when it does not load, its messages as `cr check` reports them — the root
 * cause, re-worded and re-placed for the slips editors make, and the
 * standalone mistakes before it; what the parser said after it is left out.
 */
export function readSource(file: SourceFile): { loaded?: LoadedYaml; messages: Diagnostic[] } {
  const { loaded, messages } = loadYaml(file)
  // A file that loads keeps every message (a duplicate key loads: the last one wins).
  if (loaded) return { loaded, messages }
  return { messages: reportedCause(file, messages) }
}

/** A broken file's messages as `cr check` prints them (its `before`, then its cause). */
export function reportedCause(file: SourceFile, messages: readonly Diagnostic[]): Diagnostic[] {
  const found = rootCause(file.path, decoded(file), messages)
  return found ? [...found.before, found.cause] : [...messages]
}

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

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path

/**
 * What a chapter that cannot be read held, from the newest release's file of
 * the same name. A file that is not UTF-8, empty, too large or a link out of
 * the folder yields no IDs of its own, and a deleted one none at all, yet the
 * references to its IDs, the ID guard's missing IDs and the retirements
 * pointing into it fail only because it is absent: they are withheld like a
 * broken file's own IDs, so its cause is the one message. A chapter of that
 * release gone from the folder while some of its IDs are neither defined nor
 * retired (`resolved`) becomes a broken file too, reported once by its ID
 * guard message; a chapter deleted on purpose, its IDs retired, says nothing.
 */
export function withholdReleasedIds(
  recovery: Recovery | undefined,
  rulesFiles: readonly SourceFile[],
  release: { version: string; files: readonly SourceFile[] } | undefined,
  resolved: (id: string) => boolean,
): Recovery | undefined {
  if (!release) return recovery
  const released = new Map(release.files.filter((f) => !f.unreadable && roleOf(f.path) === 'chapter').map((f) => [baseName(f.path), f]))
  const idsOf = (f: SourceFile) => [...idsDefinedInText(decoded(f) ?? '')].filter((id) => !resolved(id))
  const present = new Set(rulesFiles.map((f) => baseName(f.path)))
  const broken = (recovery?.broken ?? []).map((b): BrokenFile => {
    const old = b.role === 'chapter' && !b.stale ? released.get(baseName(b.file)) : undefined
    if (!old) return b
    const more = idsOf(old).filter((id) => !b.withheld.includes(id))
    return more.length === 0 ? b : { ...b, withheld: [...b.withheld, ...more], from: release.version }
  })
  for (const [name, old] of released) {
    if (present.has(name)) continue
    const ids = idsOf(old)
    if (ids.length === 0) continue
    const shown = rulesFiles.find((f) => roleOf(f.path) === 'chapter')?.path.replace(/[^\\/]*$/, name) ?? name
    const cause = diagnostic(
      'id-missing',
      'error',
      { file: old.path, line: 1, column: 1 },
      `Missing chapter file \`${shown}\` of ${release.version}: ${ids.length} of its IDs are neither in the rules nor retired, expected the file restored, or its IDs retired in retired.yaml`,
    )
    broken.push({ file: old.path, role: 'chapter', cause, before: [], stale: false, withheld: ids, from: release.version, missing: true })
  }
  if (broken.length === 0) return recovery
  return { ...(recovery ?? NO_RECOVERY), broken, withheld: [...new Set(broken.flatMap((b) => b.withheld))] }
}

/** What the schema says of a definition line with a mistake in it. */
const DEFINITION_MISTAKES = new Set(['schema-id-pattern', 'schema-unknown-key', 'schema-type', 'schema-invalid'])

/**
 * Definitions whose own line has a mistake (a misspelled key, an ID outside
 * the grammar), with the ID each means when nothing defines it: references
 * to it, and the ID guard's check of it, follow from that one mistake.
 */
export function mistakenDefinitions(messages: readonly Diagnostic[], textOf: (file: string) => string | undefined, defined: (id: string) => boolean): MistakenDefinition[] {
  const out: MistakenDefinition[] = []
  const lines = new Map<string, string[]>()
  for (const m of messages) {
    if (m.severity !== 'error' || !DEFINITION_MISTAKES.has(m.code)) continue
    if (!lines.has(m.file)) lines.set(m.file, textOf(m.file)?.split(/\r?\n|\r/) ?? [])
    const text = lines.get(m.file)!
    const meant = intendedDefinition(text[m.line - 1] ?? '')?.filter((x) => !defined(x))
    const id = meant?.[0]
    if (!id || out.some((d) => d.id === id)) continue
    // Its entry: the lines below it indented at least as far as its key (a misspelled key loses the sub-rules too).
    const key = text[m.line - 1]!.length - text[m.line - 1]!.replace(/^[\s-]*/, '').length
    const spaces = (l: string) => l.length - l.trimStart().length
    let last = m.line
    while (last < text.length && (text[last]!.trim() === '' || spaces(text[last]!) >= key)) last++
    const below = [...idsDefinedInText(text.slice(m.line, last).join('\n'))].filter((x) => !defined(x))
    out.push({ id, ids: [...new Set([...meant!, ...below])], file: m.file, line: m.line, lastLine: last })
  }
  return out
}

/** Messages inside a mistaken definition's entry that follow from the mistake: its sub-rules read as a `rule:`'s. */
const FOLLOWS_IN_ENTRY = new Set(['schema-rule-children'])

/** Codes whose subject may be an ID a broken file defines: they wait for it to parse. */
const WAITING = new Set(['unknown-rule', 'id-missing', 'retired-unknown-target'])

/**
 * The messages with every cascade of a broken file folded under its cause,
 * which says what was folded. Safe to run again on the result (with the ID
 * guard's messages added, say): it folds the same way.
 */
export function foldCascades(messages: readonly Diagnostic[], recovery: Recovery): Diagnostic[] {
  if (recovery.broken.length === 0 && !recovery.definitions?.length) return [...messages]
  const mistaken = new Map((recovery.definitions ?? []).flatMap((d) => d.ids.map((id) => [id, d] as const)))
  const waited = new Set<MistakenDefinition>()
  const inMistakenEntry = (m: Diagnostic) => recovery.definitions?.some((d) => d.file === m.file && m.line > d.line && m.line <= d.lastLine)
  const brokenFiles = new Map(recovery.broken.map((b) => [b.file, b]))
  const stale = new Set(recovery.broken.filter((b) => b.stale).map((b) => b.file))
  const causes = new Set(recovery.broken.flatMap((b) => [b.cause, ...b.before]))
  const withheld = new Set(recovery.withheld)
  const kept: Diagnostic[] = []
  for (const m of messages) {
    if (causes.has(m)) continue
    if (brokenFiles.has(m.file)) continue
    if (m.subject !== undefined && WAITING.has(m.code) && withheld.has(m.subject)) continue
    const waits = m.subject !== undefined && WAITING.has(m.code) ? mistaken.get(m.subject) : undefined
    if (waits) {
      waited.add(waits)
      continue
    }
    if (FOLLOWS_IN_ENTRY.has(m.code) && inMistakenEntry(m)) continue
    if (m.related?.some((r) => stale.has(r.file))) continue
    // A release.yaml that does not load is not a missing one.
    if (m.code === 'release-missing' && recovery.broken.some((b) => b.role === 'release')) continue
    kept.push(m)
  }
  for (const b of recovery.broken) kept.push(...b.before, withNote(b))
  // The mistaken definition's own message says what waits for it.
  for (const d of recovery.definitions ?? []) {
    const at = kept.findIndex((m) => m.file === d.file && m.line === d.line && DEFINITION_MISTAKES.has(m.code))
    if (at === -1) continue
    const cause = kept[at]!
    // Said only when something waits for it (a note is kept once made: folding again keeps it).
    if (!waited.has(d) && !cause.related?.some((r) => r.message.startsWith('until this definition is fixed'))) continue
    const under = d.ids.length - d.ids.filter((x) => x.toLowerCase() === d.id.toLowerCase()).length
    const what = under === 0 ? `\`${d.id}\` is not defined` : `\`${d.id}\` and the ${under} ID${under === 1 ? '' : 's'} under it are not defined`
    const note = `until this definition is fixed, ${what}, and references to ${under === 0 ? 'it' : 'them'} are not checked`
    if (!cause.related?.some((r) => r.message === note)) kept[at] = { ...cause, related: [...(cause.related ?? []), { file: d.file, line: cause.line, column: cause.column, message: note }] }
  }
  return kept
}

const noted = new WeakMap<BrokenFile, Diagnostic>()

function withNote(b: BrokenFile): Diagnostic {
  let d = noted.get(b)
  if (d) return d
  // A file that is there but cannot be read (not UTF-8, a link out of the folder…) is not one that does not parse.
  const until = b.missing ? 'until it is back or its IDs are retired' : /^yaml-/.test(b.cause.code) ? 'until it parses' : b.cause.code === 'file-empty' ? 'until it has its rules again' : 'until it can be read'
  const ids = `${b.withheld.length} ID${b.withheld.length === 1 ? '' : 's'}${b.from ? ` (as of ${b.from})` : ''}`
  const note =
    b.role !== 'chapter'
      ? undefined
      : b.stale
        ? `${until}, the other files see its last good version`
        : b.withheld.length > 0
          ? `${until}, references to its ${ids} from other files are not checked`
          : undefined
  // (A cause read back from a cache already carries a note, perhaps one counting fewer IDs: it is replaced.)
  const others = (b.cause.related ?? []).filter((r) => !/^until it /.test(r.message))
  d = note ? { ...b.cause, related: [...others, { file: b.cause.file, line: b.cause.line, column: b.cause.column, message: note }] } : b.cause
  noted.set(b, d)
  return d
}
