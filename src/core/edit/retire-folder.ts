/**
 * Retiring a rule over a whole rules folder, as `cr retire` and the language server's "Retire
 * this rule" both make it: its entry removed from its chapter (`retire.ts`; its sub-rules with
 * it only when asked), `retired.yaml` told where it went (`retirement.ts`: `removed` with the
 * reason, or `merged_into` another rule; nothing for an ID no release had), and every
 * `{ref:…}` to it found — rewritten to `into` when there is one, else listed for the editor.
 * Refusals say why and what was meant. Pure: texts in, new texts out; the caller writes them.
 */
import { lowerFirst, suggestClosest } from '../ids.ts'
import { parseRetirements } from '../versions/retired.ts'
import { releaseIdsFromFiles } from '../versions/guard.ts'
import { definitionIn, referencesIn } from './ids-at.ts'
import { applyEdits, type TextEdit } from './rename.ts'
import { findEntryBlock, removeEntryBlock } from './retire.ts'
import { retirementForRetire } from './retirement.ts'
import type { FolderText } from './rename-folder.ts'

export interface RetireOptions {
  /** The rule that now holds its content: references follow, `retired.yaml` says `merged_into`. */
  into?: string
  /** Why (`removed:`), or with `into` the entry's `note:`. Undefined: refused when a release had the ID and `into` is not given. */
  reason?: string
  /** Retire its sub-rules (and steps) with it; otherwise a rule with any is refused. */
  withSubRules?: boolean
  /** The last release that defines an ID, if any. */
  lastRelease: (id: string) => string | undefined
  /** Where retired.yaml is, or would be. */
  retiredPath: string
}

/** A `{ref:…}` naming a retired ID, outside the entries that go. */
export interface RetiredReference {
  path: string
  /** 0-based line, and UTF-16 columns of the ID as written. */
  line: number
  start: number
  end: number
  /** The retired ID it names (as the compiler knows it). */
  id: string
  /** What it now says, when it was rewritten (`into`). */
  rewritten?: string
}

export type FolderRetire =
  | { refused: string }
  | {
      /** Every ID retired, the asked one first, then its sub-rules in document order. */
      ids: string[]
      /** IDs no release had: deleted, with no entry in retired.yaml. */
      unreleased: string[]
      /** The chapter that defined it; undefined when it was deleted by hand already (then only retired.yaml and the references change). */
      definitionPath: string | undefined
      /** Files other than retired.yaml that change, with their new texts; the chapter that defined it (if any) last. */
      files: { path: string; text: string }[]
      /** retired.yaml's new text and what changed in it, when it changes. */
      retired: { path: string; text: string; changes: string[] } | undefined
      /** References to the retired IDs, where the files have them now: rewritten with `into`, else left for the editor to fix. */
      references: RetiredReference[]
      /** The references left, where the new texts have them (the chapter's lines after the cut move up). */
      left: RetiredReference[]
    }

const isRetiredFile = (path: string) => (path.split(/[\\/]/).pop() ?? path) === 'retired.yaml'
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function retireInFolder(files: readonly FolderText[], id: string, options: RetireOptions): FolderRetire {
  const retiredFile = files.find((f) => isRetiredFile(f.path))
  const retirements = parseRetirements({ path: retiredFile?.path ?? options.retiredPath, content: retiredFile?.text ?? '' }).retirements
  const chapters = files.filter((f) => !isRetiredFile(f.path))
  const defined = new Set(chapters.flatMap((f) => f.text.split('\n').map((l) => definitionIn(l)?.id).filter((x): x is string => x !== undefined)))
  const describe = (entry: { kind: string; targets: string[]; release: string; reason?: string }) =>
    entry.kind === 'removed' ? `removed after ${entry.release}${entry.reason ? `: ${entry.reason}` : ''}` : `${entry.kind === 'renamed' ? 'renamed to' : entry.kind === 'merged' ? 'merged into' : 'split into'} \`${entry.targets.join('`, `')}\` after ${entry.release}`

  const home = chapters.find((f) => findEntryBlock(f.text, id) !== undefined)
  // Deleted by hand already: what is left to do is retired.yaml and the references (as the guard's `id-missing` says).
  const deleted = !home && !retirements.byId.has(id) && options.lastRelease(id) !== undefined
  if (!home && !deleted) {
    const entry = retirements.byId.get(id)
    if (entry) return { refused: `\`${id}\` is already retired (${describe(entry)}); nothing to do` }
    const meant = suggestClosest(id, defined)
    return { refused: `no rule \`${id}\` in the rules${meant.length > 0 ? `; did you mean ${meant.map((s) => `\`${s}\``).join(', ')}?` : ''}` }
  }
  const block = home ? findEntryBlock(home.text, id)! : undefined
  if (home && block?.key === 'chapter') return { refused: `\`${id}\` is a chapter, a file of its own: retire its sections one by one, then delete \`${home.path}\`` }
  if (block && block.inner.length > 0 && !options.withSubRules) {
    const shown = block.inner.slice(0, 5).map((s) => `\`${s}\``).join(', ') + (block.inner.length > 5 ? `, … (${block.inner.length - 5} more)` : '')
    return {
      refused: `\`${id}\` has ${plural(block.inner.length, 'sub-rule')} under it (${shown}): retire them with it (\`--with-sub-rules\`), or move the ones to keep out from under it first`,
    }
  }
  const ids = [id, ...(block?.inner ?? [])]
  const retiring = new Set(ids)
  const into = options.into === undefined ? undefined : lowerFirst(options.into.trim())
  if (into !== undefined) {
    if (retiring.has(into)) return { refused: `\`${into}\` is ${into === id ? 'the rule being retired' : `under \`${id}\` and retired with it`}: \`--into\` names the rule that keeps its content` }
    if (!defined.has(into)) {
      const entry = retirements.byId.get(into)
      if (entry) return { refused: `\`${into}\` is retired itself (${describe(entry)}): \`--into\` names a current rule` }
      const meant = suggestClosest(into, [...defined].filter((d) => !retiring.has(d)))
      return { refused: `no rule \`${into}\` to retire \`${id}\` into${meant.length > 0 ? `; did you mean ${meant.map((s) => `\`${s}\``).join(', ')}?` : ''}` }
    }
  }
  const released = ids.map((x) => ({ id: x, release: options.lastRelease(x) }))
  const needsEntry = released.filter((r) => r.release !== undefined && !retirements.byId.has(r.id))
  if (needsEntry.length > 0 && into === undefined && options.reason === undefined) {
    const r = needsEntry[0]!
    return {
      refused: `\`${r.id}\` was in ${r.release}: retired.yaml keeps what became of it, so links and citations made against ${r.release} still say something; give the reason it was removed (\`--reason TEXT\`) or the rule that holds its content now (\`--into ID\`)`,
    }
  }
  const unreleased = released.filter((r) => r.release === undefined).map((r) => r.id)
  // A note or reason in retired.yaml may name the rule: an ID that gets an entry stays a valid name there; one that gets none must follow.
  const vanishing = new Set(unreleased)

  const references: RetiredReference[] = []
  const out: { path: string; text: string; definition: boolean }[] = []
  let retiredBase = retiredFile?.text
  for (const f of files) {
    const inRetired = isRetiredFile(f.path)
    const edits: TextEdit[] = []
    f.text.split('\n').forEach((line, n) => {
      if (block && f === home && n >= block.first && n <= block.last) return
      for (const ref of referencesIn(line)) {
        if (!retiring.has(ref.id) || (inRetired && !vanishing.has(ref.id))) continue
        const rewritten = into === undefined ? undefined : ref.written[0] !== ref.written[0]!.toLowerCase() ? into[0]!.toUpperCase() + into.slice(1) : into
        references.push({ path: f.path, line: n, start: ref.start, end: ref.end, id: ref.id, ...(rewritten ? { rewritten } : {}) })
        if (rewritten) edits.push({ line: n, start: ref.start, end: ref.end, newText: rewritten })
      }
    })
    let text = edits.length > 0 ? dedupeReferences(applyEdits(f.text, edits), new Set(edits.map((e) => e.line))) : f.text
    if (inRetired) {
      retiredBase = text
      continue
    }
    if (block && f === home) text = removeEntryBlock(text, block)
    if (text !== f.text) out.push({ path: f.path, text, definition: f === home })
  }

  // What the chapter defines afterwards is exactly what it defined less what was retired: a slip of the cut would show here.
  const newHome = out.find((x) => x.definition)
  if (home && newHome) {
    const before = releaseIdsFromFiles('before', [{ path: home.path, content: home.text }])
    const after = releaseIdsFromFiles('after', [{ path: home.path, content: newHome.text }])
    const expected = [...before.ids].filter((x) => !retiring.has(x))
    if (after.problems?.length || expected.length !== after.ids.size || expected.some((x) => !after.ids.has(x))) {
      return { refused: `cannot cut \`${id}\` out of \`${home.path}\` cleanly (its layout is not one this command knows); run \`cr fmt\` on it, or delete the entry by hand` }
    }
  }

  const outcome = retirementForRetire(retiredBase, released, { ...(into !== undefined ? { into } : {}), ...(options.reason !== undefined ? { reason: options.reason.trim() } : {}) }, retiredFile?.path ?? options.retiredPath)
  if ('refused' in outcome) return outcome
  const retiredText = outcome.text ?? (retiredBase !== retiredFile?.text ? retiredBase : undefined)
  const rewrittenInNotes = references.filter((r) => isRetiredFile(r.path) && r.rewritten).length
  const changes = [...(rewrittenInNotes > 0 ? [`${plural(rewrittenInNotes, 'reference')} in notes now to \`${into}\``] : []), ...outcome.changes]
  // Where the references left are once the files are written: what `cr retire` lists after it wrote them.
  const newTexts = new Map<string, string>([...out.map((x): [string, string] => [x.path, x.text]), ...(retiredText !== undefined ? [[retiredFile?.path ?? options.retiredPath, retiredText] as [string, string]] : [])])
  const left = references.filter((r) => !r.rewritten).length === 0 ? [] : files.flatMap((f) => {
    const text = newTexts.get(f.path) ?? f.text
    return text.split('\n').flatMap((line, n) =>
      referencesIn(line)
        .filter((ref) => retiring.has(ref.id) && !(isRetiredFile(f.path) && !vanishing.has(ref.id)))
        .map((ref) => ({ path: f.path, line: n, start: ref.start, end: ref.end, id: ref.id })),
    )
  })
  return {
    ids,
    unreleased,
    left,
    definitionPath: home?.path,
    // References first, the definition last: a retirement cut short is finished by running it again.
    files: [...out.filter((x) => !x.definition), ...(newHome ? [newHome] : [])].map(({ path, text }) => ({ path, text })),
    retired: retiredText === undefined ? undefined : { path: retiredFile?.path ?? options.retiredPath, text: retiredText, changes },
    references,
  }
}

/** `{ref:rule_b,rule_b}`, which a rewrite to `into` can make, said once. Only on `lines`. */
function dedupeReferences(text: string, lines: ReadonlySet<number>): string {
  return text
    .split('\n')
    .map((line, n) =>
      !lines.has(n)
        ? line
        : line.replace(/\{ref:([^{}]*)\}/g, (whole, body: string) => {
            const seen = new Set<string>()
            const kept = body.split(',').filter((part) => {
              const key = lowerFirst(part.trim())
              if (seen.has(key)) return false
              seen.add(key)
              return true
            })
            // The first item keeps no leading space it did not have.
            return kept.length === body.split(',').length ? whole : `{ref:${kept.map((p, i) => (i === 0 ? p.trimStart() : p)).join(',')}}`
          }),
    )
    .join('\n')
}
