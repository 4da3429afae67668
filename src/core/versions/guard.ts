/**
 * The ID guard: an ID any release defined must still be defined, or retired
 * with a destination, so links and citations written against any release
 * keep working ("renamed IDs keep working through redirects").
 */
import { reasonRefs } from './reason.ts'
import { collectEntries, type ChapterInput } from '../collect.ts'
import { roleOf } from '../compile.ts'
import { diagnostic, sortDiagnostics } from '../diagnostics.ts'
import { loadYaml } from '../load-yaml.ts'
import { suggestClosest } from '../ids.ts'
import type { CompiledDocument, Diagnostic, Place, RuleEntry, SourceFile } from '../types.ts'
import type { DiagnosticCode } from '../codes.ts'
import { followRetirement, type Retirements } from './retired.ts'
import { similarity } from './similarity.ts'

/** The IDs one release defines (timing elements excluded: their IDs are positions, not names). */
export interface ReleaseIds {
  version: string
  ids: ReadonlySet<string>
  /** Where each ID is defined, for diagnostics. */
  places?: ReadonlyMap<string, Place>
  /** Each ID's number in that release, for messages. */
  numbers?: ReadonlyMap<string, string>
  /** Files of the release that could not be read or loaded: its IDs are then incomplete. */
  problems?: readonly Diagnostic[]
  /** Each ID's text as its source writes it (markup and all): a rule renamed and moved is found by it. */
  texts?: ReadonlyMap<string, string>
}

export function releaseIds(doc: CompiledDocument): ReleaseIds {
  const rules = doc.rules.filter((r) => r.kind !== 'timing')
  return {
    version: doc.release.version,
    ids: new Set(rules.map((r) => r.id)),
    places: new Map(rules.map((r) => [r.id, { file: r.source.file, line: r.source.line, column: r.source.column }])),
    numbers: new Map(rules.map((r) => [r.id, r.number])),
  }
}

/**
 * The same from source files, without rendering any text: only phase 1 of
 * the compiler runs, which keeps `cr check` fast with six releases beside it.
 */
export function releaseIdsFromFiles(version: string, files: SourceFile[]): ReleaseIds {
  const name = (p: string) => p.split(/[\\/]/).pop() ?? p
  const chapters: ChapterInput[] = []
  const problems: Diagnostic[] = []
  for (const file of [...files].filter((f) => f.unreadable || roleOf(f.path) === 'chapter').sort((x, y) => (name(x.path) < name(y.path) ? -1 : 1))) {
    if (file.unreadable) {
      problems.push(diagnostic(file.unreadable.code, 'error', { file: file.path, line: 1, column: 1 }, `\`${name(file.path)}\` ${file.unreadable.message}`))
      continue
    }
    const { loaded, messages } = loadYaml(file)
    for (const m of messages) if (m.severity === 'error') problems.push(m)
    if (loaded) chapters.push({ file: file.path, loaded })
  }
  const files_ = new Map(chapters.map((c) => [c.file, c.loaded]))
  const { entries } = collectEntries(chapters)
  const ids = new Set<string>()
  const places = new Map<string, Place>()
  const numbers = new Map<string, string>()
  const texts = new Map<string, string>()
  for (const e of entries) {
    if (e.kind === 'timing' || ids.has(e.id)) continue
    ids.add(e.id)
    numbers.set(e.id, e.number)
    if (e.text) texts.set(e.id, e.text.value)
    const at = files_.get(e.file)?.locate(e.idPath, 'value')
    places.set(e.id, { file: e.file, line: at?.line ?? 1, column: at?.column ?? 1 })
  }
  return problems.length > 0 ? { version, ids, places, numbers, texts, problems } : { version, ids, places, numbers, texts }
}

/**
 * A release the guard cannot read in full is an error, not a pass: its
 * missing IDs would go unchecked. One message per problem, where it is.
 */
export function checkReleasesReadable(releases: readonly ReleaseIds[]): Diagnostic[] {
  const messages: Diagnostic[] = []
  for (const r of releases) {
    for (const p of r.problems ?? []) {
      messages.push(
        diagnostic('release-unreadable', 'error', p, `Release ${r.version} cannot be read, so the ID guard cannot check it: ${p.message} [${p.code}]`, {
          related: p.related,
        }),
      )
    }
  }
  return messages
}

/** Diagnostic codes of the guard, with what they mean. */
/** Diagnostic codes of the guard; what each means is in the registry (`src/core/codes.ts`). */
export const RETIREMENT_CODES = ['id-missing', 'retired-unknown-target', 'retired-still-present', 'retired-cycle', 'retired-duplicate', 'retired-unknown-id', 'retired-wrong-release'] as const satisfies readonly DiagnosticCode[]

/** `v22.12 through v26.03` for consecutive releases, else a list. */
function span(list: string[], all: readonly ReleaseIds[]): string {
  if (list.length <= 2) return list.join(' and ')
  const from = all.findIndex((r) => r.version === list[0])
  const consecutive = list.every((v, k) => all[from + k]?.version === v)
  return consecutive ? `${list[0]} through ${list[list.length - 1]}` : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`
}

/** How alike two source texts must be for a new ID to be taken for a lost one renamed and moved. */
const SAME_TEXT = 0.9
/** Shorter texts (`General`, `Overview`) are alike by chance. */
const MIN_TEXT = 24

const comparable = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim()

/**
 * Check the current rules against every release's IDs and the retirement
 * file. `releases` are in chronological order. `texts`: the current rules'
 * source texts by ID (`releaseIdsFromFiles(…).texts`), asked for only when an
 * ID is missing: a new ID with (nearly) the lost one's text, at another
 * number, is taken for it renamed, as a new ID at its number is.
 */
export function checkRetirements(current: CompiledDocument, releases: readonly ReleaseIds[], retired: Retirements, options: { texts?: () => ReadonlyMap<string, string> } = {}): Diagnostic[] {
  const messages: Diagnostic[] = []
  // Maps, not a search per item: the check stays linear in the size of the rules.
  const byId = new Map(current.rules.map((r) => [r.id, r]))
  const currentIds = new Set(byId.keys())
  const exists = (id: string) => currentIds.has(id)
  const newIds = [...currentIds].filter((id) => !releases.some((r) => r.ids.has(id)))
  const isNew = new Set(newIds)
  // Today's entry at each number: an ID no release had, where the lost one was, is most likely that ID renamed.
  const byNumber = new Map(current.rules.filter((r) => r.kind !== 'timing').map((r) => [r.number, r]))
  const retiredFile = { file: retired.file, line: 1, column: 1 }
  // Where a new entry is appended: the end of the file, not its first line (the modeline).
  const retiredEnd = { file: retired.file, ...(retired.appendAt ?? { line: 1, column: 1 }) }

  // New IDs taken for a lost one: each is the successor of one lost ID at most.
  const claimed = new Set<string>()
  let texts: ReadonlyMap<string, string> | undefined
  /** The new ID whose text is (nearly) the lost one's, wherever it is now. */
  const sameText = (lost: string | undefined): RuleEntry | undefined => {
    if (lost === undefined || comparable(lost).length < MIN_TEXT || !options.texts) return undefined
    texts ??= options.texts()
    let best: { entry: RuleEntry; score: number } | undefined
    for (const candidate of newIds) {
      const text = texts.get(candidate)
      const entry = byId.get(candidate)
      if (text === undefined || !entry || entry.kind === 'timing' || claimed.has(candidate)) continue
      const score = similarity(comparable(lost), comparable(text))
      if (score >= SAME_TEXT && (!best || score > best.score)) best = { entry, score }
    }
    return best?.entry
  }

  const reported = new Set<string>()
  for (const release of releases) {
    for (const id of release.ids) {
      if (retired.unreadable || reported.has(id) || exists(id) || retired.byId.has(id) || retired.invalid?.has(id)) continue
      reported.add(id)
      const inReleases = releases.filter((r) => r.ids.has(id))
      const last = inReleases[inReleases.length - 1]!
      const number = last.numbers?.get(id)
      const releasePlace = last.places?.get(id)
      // Renamed (the edit is in the rules, not in the frozen release): a new ID at its number, else one with its text
      // wherever it moved; reported at the new ID's definition.
      const atNumber = number !== undefined ? byNumber.get(number) : undefined
      const byNumberSuccessor = atNumber && isNew.has(atNumber.id) && !claimed.has(atNumber.id) ? atNumber : undefined
      // Its text is the stronger sign: a rule inserted at its old number, the lost one moved down, is no successor.
      const successor = sameText(last.texts?.get(id)) ?? byNumberSuccessor
      if (successor) claimed.add(successor.id)
      const place = successor ? { file: successor.source.file, line: successor.source.line, column: successor.source.column } : (releasePlace ?? retiredFile)
      const closest = suggestClosest(id, newIds)
      const moved = successor !== undefined && successor.number !== number
      const why = moved ? `has its text, at ${successor.number}` : `is ${number} now`
      const also = successor
        ? `; \`${successor.id}\`, which no release had, ${why}: if it is \`${id}\` renamed, retire \`${id}\` with \`renamed_to: ${successor.id}\` (\`cr rename ${id} ${successor.id}\` writes it and renames the references left)`
        : ` (\`cr retire ${id} --reason TEXT\` or \`--into ID\` writes it and finds the references left)`
      messages.push(
        diagnostic(
          'id-missing',
          'error',
          place,
          `Missing ID \`${id}\` of ${span(inReleases.map((r) => r.version), releases)}${number ? ` (${number} in ${last.version})` : ''}, expected it in the rules or retired in ${retired.file}${also}`,
          {
            // Likely successors: IDs no release had yet (the one at its number first).
            suggestions: successor ? [successor.id, ...closest.filter((x) => x !== successor.id)].slice(0, 3) : closest,
            subject: id,
            related: [
              ...(successor && releasePlace ? [{ ...releasePlace, message: `\`${id}\` was ${number} in ${last.version}${moved ? ', with that text' : ''}` }] : []),
              { ...retiredEnd, message: `retire it here with \`- id: ${id}\`, \`release: ${last.version}\` and ${successor ? `\`renamed_to: ${successor.id}\`` : 'one of `renamed_to`, `merged_into`, `split_into` or `removed`'}` },
            ],
          },
        ),
      )
    }
  }

  for (const entry of retired.entries) {
    const definition = byId.get(entry.id)
    if (definition) {
      messages.push(
        diagnostic('retired-still-present', 'error', entry.source, `Unexpected retirement of \`${entry.id}\`, which the current rules define as ${definition.number}, expected the entry removed or the ID renamed`, {
          related: [{ ...definition.source, message: `\`${entry.id}\` defined here` }],
        }),
      )
      continue
    }
    entry.targets.forEach((target, k) => {
      if (exists(target) || retired.byId.has(target)) return
      messages.push(
        diagnostic('retired-unknown-target', 'error', entry.targetSources[k] ?? entry.source, `Unknown ID \`${target}\` as where \`${entry.id}\` went, expected an ID of the current rules or a retired one`, {
          suggestions: suggestClosest(target, currentIds),
          subject: target,
        }),
      )
    })
    // A reason names rules as the rules' text does; one it cannot find is the rules' own `unknown-rule`.
    const refs = entry.reason !== undefined ? reasonRefs(entry.reason) : []
    refs.forEach((ref, k) => {
      if (exists(ref) || retired.byId.has(ref)) return
      messages.push(
        diagnostic('unknown-rule', 'error', entry.reasonRefSources?.[k] ?? entry.reasonSource ?? entry.source, `Unknown rule \`{ref:${ref}}\` in the reason for \`${entry.id}\`, expected an ID of the current rules or a retired one`, {
          suggestions: suggestClosest(ref, currentIds),
          subject: ref,
        }),
      )
    })
    if (followRetirement(entry.id, retired, exists).end === 'cycle') {
      messages.push(diagnostic('retired-cycle', 'error', entry.source, `Unexpected cycle of retirements from \`${entry.id}\`, expected the chain to end at a current ID or at \`removed\``))
    }
    if (releases.length === 0) continue
    const inReleases = releases.filter((r) => r.ids.has(entry.id))
    const last = inReleases[inReleases.length - 1]
    if (!last) {
      messages.push(
        diagnostic('retired-unknown-id', 'warning', entry.source, `Unexpected retirement of \`${entry.id}\`, which no release defines, expected an ID of ${span(releases.map((r) => r.version), releases)}`, {
          suggestions: suggestClosest(entry.id, new Set(releases.flatMap((r) => [...r.ids]).filter((id) => !exists(id)))),
        }),
      )
    } else if (last.version !== entry.release) {
      messages.push(
        diagnostic('retired-wrong-release', 'warning', entry.releaseSource, `Unexpected \`release: ${entry.release}\` for \`${entry.id}\`, expected \`${last.version}\`, the last release that defines it`),
      )
    }
  }
  return sortDiagnostics(messages)
}

/** The rename an `id-missing` message found (a new ID at the lost one's number, or with its text), if any. */
export function renameOf(m: Diagnostic): { from: string; to: string } | undefined {
  const to = m.suggestions?.[0]
  if (m.code !== 'id-missing' || m.subject === undefined || to === undefined) return undefined
  return m.related?.some((r) => r.message.endsWith(`\`renamed_to: ${to}\``)) ? { from: m.subject, to } : undefined
}

/**
 * One message per rename: a reference to an ID the guard found renamed fails only because of the
 * rename, so it is folded into the guard's message, which lists each with its fix (write the new ID)
 * beside the retirement to add. Run on all of `cr check`'s messages once the guard's are in (the
 * language server and the live preview too). Idempotent.
 */
export function foldRenames(messages: readonly Diagnostic[]): Diagnostic[] {
  const renames = new Map<string, string>()
  for (const m of messages) {
    const r = renameOf(m)
    if (r) renames.set(r.from, r.to)
  }
  if (renames.size === 0) return [...messages]
  const refs = new Map<string, Diagnostic[]>()
  const kept: Diagnostic[] = []
  for (const m of messages) {
    const to = m.code === 'unknown-rule' && m.subject !== undefined ? renames.get(m.subject) : undefined
    if (to === undefined) kept.push(m)
    else refs.set(m.subject!, [...(refs.get(m.subject!) ?? []), m])
  }
  return kept.map((m) => {
    const r = renameOf(m)
    const folded = r ? refs.get(r.from) : undefined
    if (!r || !folded) return m
    const n = folded.length
    return {
      ...m,
      message: `${m.message}, and write \`${r.to}\` in its ${n} reference${n === 1 ? '' : 's'} to \`${r.from}\``,
      related: [...(m.related ?? []), ...folded.map((f) => ({ file: f.file, line: f.line, column: f.column, message: `\`${r.from}\` referred to here: write \`${r.to}\`` }))],
    }
  })
}
