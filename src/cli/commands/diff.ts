import { hasErrors } from '../../core/diagnostics.ts'
import { phraseText } from '../../core/phrase.ts'
import { reasonPhrase, type NumberOf } from '../../core/versions/reason.ts'
import { CHANGE_KINDS, changeLabel, diffReleases, groupByChapter, type DiffEntry, type ReleaseDiff } from '../../core/versions/diff.ts'
import { scopeDiff } from '../../core/versions/diff-scope.ts'
import type { CliIo } from '../cli-io.ts'
import { formatWordDiffAnsi, formatWordDiffPlain, type WordPart } from '../../core/versions/word-diff.ts'
import { CURRENT } from '../../core/versions/version-index.ts'
import { workingLabel } from '../../io/working-label.ts'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import { commandContext } from '../../io/context.ts'
import { chooseRules, findReleasesRoot, formatReport, loadRetirements, openCurrent, openVersion, type CompiledRelease } from '../../io/releases.ts'

export const diffSpec: CommandSpec = {
  name: 'diff',
  summary: 'List what changed between two releases',
  usage: 'cr diff <from> <to> [--json] [--chapter N]   (e.g. cr diff v24.03 v26.03; `current` is the rules directory)',
  flags: [
    { name: 'json', type: 'boolean', description: 'print the diff as JSON' },
    { name: 'chapter', type: 'string', value: 'N', description: 'only chapter or section N and what is under it (number or ID: 6, 6.2, sec_position), on either side' },
    { name: 'all', type: 'boolean', description: 'also list entries that were only renumbered' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'releases directory (default: releases/ beside the rules, else the package\'s)' },
    { name: 'dir', type: 'string', value: 'DIR', description: 'rules directory, for `current` and retired.yaml (default: ./rules when there is one, else the rules this package ships)' },
  ],
}

export function diffCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(diffSpec, argv)
  if (positionals.length !== 2) throw new UsageError(`expected two releases, got ${positionals.length}`)
  const ctx = commandContext(io)
  const rules = chooseRules(values.dir as string | undefined, ctx)
  const root = findReleasesRoot(rules.dir, values.releases as string | undefined, { fallbackToPackage: true }, ctx)
  const [a, b] = positionals.map((name) => openVersion(name, root, () => openCurrent(rules, ctx, { model: true }), ctx)) as [CompiledRelease, CompiledRelease]
  for (const side of [a, b]) {
    if (!side.model || hasErrors(side.messages)) {
      io.stderr.write(`${formatReport(side.messages, side.files)}\ncr diff: ${side.version} does not compile\n`)
      return 1
    }
  }
  const { retirements, messages } = loadRetirements(rules.dir, ctx.cwd)
  if (hasErrors(messages)) io.stderr.write(`${formatReport(messages, [])}\ncr diff: ignoring the retirement file\n`)
  // Newer to older is the forward diff inverted (`current` is the newest; releases are named by date).
  const age = (v: string) => (v === CURRENT ? '\uffff' : v)
  const backward = age(a.version) > age(b.version)
  let diff = diffReleases(a.model!, b.model!, hasErrors(messages) ? undefined : retirements, { backward })
  // `current` carries the release name of the rules it was edited from; say which side it is.
  if (a.version === CURRENT) diff = { ...diff, from: { ...diff.from, version: CURRENT } }
  if (b.version === CURRENT) diff = { ...diff, to: { ...diff.to, version: CURRENT } }

  const chapter = values.chapter as string | undefined
  if (chapter !== undefined) {
    // A chapter, a section or any heading, by number or ID, as either release names it.
    const scoped = scopeDiff(diff, a.document!.rules, b.document!.rules, chapter)
    if (!scoped.ok) {
      const help = scoped.suggestions.length > 0 ? `; did you mean ${scoped.suggestions.map((x) => `\`${x}\``).join(', ')}?` : `, expected a chapter or section number (\`6\`, \`6.2\`) or ID (\`sec_position\`)`
      throw new UsageError(`unknown chapter or section \`${chapter}\` in ${a.version} and ${b.version}${help}`)
    }
    diff = scoped.diff
  }
  if (values.json) {
    io.stdout.write(`${JSON.stringify(diff, null, 2)}\n`)
    return 0
  }
  const color = Boolean(io.stdout.isTTY) && !io.env.NO_COLOR
  // `current` is the argument and the JSON's key; people read the working text's name, as the site prints it.
  const edited = [a, b].find((x) => x.version === CURRENT)
  const current = edited ? `${workingLabel(rules, edited.document!.release.version, ctx)} (current rules)` : undefined
  // A reason's `{ref:ID}` reads as a number: the newer side's, else the older's (a rule removed with it).
  const numbers = new Map([...a.document!.rules, ...b.document!.rules].map((r) => [r.id, r.number]))
  io.stdout.write(formatDiff(diff, { all: Boolean(values.all), color, numberOf: (id) => numbers.get(id), ...(current !== undefined ? { current } : {}) }))
  return 0
}

/** `22 added, 1 removed, …` in precedence order, zero counts left out. */
export function formatCounts(counts: ReleaseDiff['counts']): string {
  const parts = CHANGE_KINDS.filter((k) => counts[k] > 0).map((k) => `${counts[k]} ${changeLabel(k)}`)
  return parts.length > 0 ? parts.join(', ') : 'no changes'
}

const onlyRenumbered = (e: DiffEntry) => e.changes.length === 1 && e.change === 'renumbered'

/**
 * The text report: a summary line, then chapter by chapter each change with
 * its numbers and IDs and, for changed text, a word diff (`[-old-]{+new+}`,
 * or colours on a terminal).
 */
export function formatDiff(diff: ReleaseDiff, options: { all?: boolean; color?: boolean; current?: string; numberOf?: NumberOf } = {}): string {
  const words = (parts: WordPart[]) => (options.color ? formatWordDiffAnsi(parts) : formatWordDiffPlain(parts))
  const side = (s: ReleaseDiff['from']) => (s.version === CURRENT && options.current !== undefined ? options.current : `${s.version}${s.effective ? ` (${s.effective})` : ''}`)
  const out = [`${side(diff.from)} → ${side(diff.to)}: ${formatCounts(diff.counts)}`]
  const indent = ' '.repeat(4)
  for (const { chapter, entries } of groupByChapter(diff)) {
    out.push('', `${chapter.number}. ${chapter.title}`)
    let hidden = 0
    for (const e of entries) {
      if (onlyRenumbered(e) && !options.all) {
        hidden++
        continue
      }
      const number = e.change === 'added' ? e.newNumber : e.change === 'removed' ? e.oldNumber : e.oldNumber === e.newNumber ? e.newNumber : `${e.oldNumber} → ${e.newNumber}`
      const id = e.oldId !== undefined ? `${e.oldId} → ${e.id}` : e.id
      const label = e.changes.map(changeLabel).join(', ')
      out.push(`  ${label}: ${number}  ${id}${e.inferred ? '  (matched by text)' : ''}`)
      if (e.reason) out.push(`${indent}${e.change === 'removed' ? 'Why' : 'Note'}: ${phraseText(reasonPhrase(e.reason, options.numberOf))}`)
      if (e.wordDiff && !(e.change === 'removed' && e.reason)) out.push(`${indent}${words(e.wordDiff)}`)
      for (const ex of e.examples ?? []) {
        if (e.change === 'added') continue
        out.push(`${indent}Example ${ex.index} ${ex.change}: ${words(ex.wordDiff)}`)
      }
    }
    if (hidden > 0) out.push(`  (${hidden} only renumbered; --all lists them)`)
  }
  return `${out.join('\n')}\n`
}
