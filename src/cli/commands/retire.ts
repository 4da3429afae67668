/**
 * `cr retire ID [--reason TEXT | --into OTHER] [DIR]`: removing a rule on purpose, in one step —
 * its entry cut from its chapter, `retired.yaml` told where it went, the references to it
 * rewritten (`--into`) or listed. The language server's "Retire this rule" makes the same plan
 * (`core/edit/retire-folder.ts`).
 *
 * Written as `cr rename` writes: every file made in memory first, then each written verified and
 * only while it still holds the bytes read, references first, retired.yaml next, the chapter last.
 * Should a write fail midway, the same command run again finishes it: a rule still defined whose
 * entry retired.yaml already has is a retirement in progress (or one whose entry was written by hand).
 */
import { basename, join } from 'node:path'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import type { CliIo } from '../cli-io.ts'
import { ID_PATTERN } from '../../core/edit/rename.ts'
import { retireInFolder } from '../../core/edit/retire-folder.ts'
import { frozenReleaseOf, lowerFirst } from '../../core/ids.ts'
import type { SourceFile } from '../../core/types.ts'
import { compileDir } from '../../io/compile-dir.ts'
import { commandContext } from '../../io/context.ts'
import { lastReleaseWith } from '../../io/releases.ts'
import { hasRulesFolder, noRulesFolder } from '../../io/shipped-rules.ts'
import { writePlanned } from './edit-writes.ts'

export const retireSpec: CommandSpec = {
  name: 'retire',
  summary: 'Remove a rule on purpose: cut it from its chapter, record why in retired.yaml, fix or list the references',
  usage: 'cr retire [--dry-run] ID (--reason TEXT | --into OTHER_ID) [--with-sub-rules] [DIR]   (ID: an ID or a number such as 6.1.4; DIR defaults to rules/)',
  flags: [
    { name: 'reason', type: 'string', value: 'TEXT', description: 'why it was removed (retired.yaml `removed:`); with --into, the entry\'s `note:`' },
    { name: 'into', type: 'string', value: 'OTHER_ID', description: 'the rule that now holds its content: retired.yaml says `merged_into`, and every {ref:ID} is rewritten to OTHER_ID' },
    { name: 'with-sub-rules', type: 'boolean', description: 'retire its sub-rules and steps with it (a rule with any is refused without it)' },
    { name: 'dry-run', type: 'boolean', description: 'change nothing; print what would be cut, each reference (file:line:col) and what retired.yaml would get' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'releases whose IDs retired.yaml keeps (default: releases/ beside DIR)' },
  ],
}

const textOf = (f: SourceFile) => (typeof f.content === 'string' ? f.content : new TextDecoder('utf-8', { ignoreBOM: true }).decode(f.content))
const bytesOf = (f: SourceFile) => (typeof f.content === 'string' ? new TextEncoder().encode(f.content) : f.content)
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function retireCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(retireSpec, argv)
  if (positionals.length < 1) throw new UsageError('expected the ID to retire (`cr retire rule_x --reason "…"`), got none')
  if (positionals.length > 2) throw new UsageError(`expected ID [DIR], got ${positionals.length} arguments${positionals.length === 3 ? ' (a reason of several words is quoted: `--reason "…"`)' : ''}`)
  const [given, dirGiven] = positionals as [string, string | undefined]
  const reason = values.reason as string | undefined
  if (reason !== undefined && reason.trim() === '') throw new UsageError('--reason is empty: say in a sentence why the rule was removed')
  const into = values.into as string | undefined
  if (into !== undefined && !ID_PATTERN.test(lowerFirst(into.trim()))) throw new UsageError(`--into \`${into}\` is not an ID: expected a lowercase letter, then letters, digits and \`_\` (\`rule_jack_out\`)`)
  const ctx = commandContext(io)
  if (dirGiven === undefined && !hasRulesFolder(ctx)) throw new UsageError(noRulesFolder('retire in', 'cr retire ID DIR'))
  const dir = dirGiven ?? 'rules'
  const release = frozenReleaseOf(dir)
  if (release) throw new Error(`refusing to retire in \`${dir}\`: it is the frozen release ${release}, kept as published; retire in \`rules/\` (its retired.yaml says what became of ${release}'s rule)`)

  const compiled = compileDir(dir, undefined, ctx)
  const files = compiled.files
  // Like a rename, a retirement must see every reference: a file it cannot read or parse could hold some.
  const broken = [...files.filter((f) => f.unreadable).map((f) => f.path), ...(compiled.recovery?.broken.map((b) => b.file) ?? [])]
  if (broken.length > 0 || !compiled.document) {
    const which = broken.length > 0 ? `\`${[...new Set(broken)].join('`, `')}\` cannot be read as rules` : 'the rules do not compile'
    throw new Error(`${which}, so references to the rule could be missed there; fix what \`cr check ${dir}\` reports first`)
  }
  const rules = compiled.document.rules
  const byId = new Map(rules.map((r) => [r.id, r]))
  // The ID (any first-letter case, as references write it) or the number a reader sees.
  const rule = byId.get(lowerFirst(given.trim())) ?? rules.find((r) => r.number === given.trim().replace(/^CR\s+/i, '').replace(/\.$/, ''))
  if (rule?.kind === 'timing') throw new Error(`\`${given}\` (${rule.number}) is an element of a timing structure, which has no ID to retire: edit its list in \`${rule.source.file}\``)
  const id = rule?.id ?? lowerFirst(given.trim())

  const retiredFile = files.find((f) => basename(f.path) === 'retired.yaml')
  const retiredPath = retiredFile?.path ?? join(dir, 'retired.yaml')
  const releasesDir = values.releases as string | undefined
  const plan = retireInFolder(
    files.filter((f) => !f.unreadable).map((f) => ({ path: f.path, text: textOf(f) })),
    id,
    {
      ...(into !== undefined ? { into } : {}),
      ...(reason !== undefined ? { reason } : {}),
      withSubRules: Boolean(values['with-sub-rules']),
      lastRelease: (x) => lastReleaseWith(x, dir, releasesDir, ctx),
      retiredPath,
    },
  )
  if ('refused' in plan) throw new Error(plan.refused)

  const what = `\`${id}\`${rule ? ` (${rule.number})` : plan.definitionPath === undefined ? ' (deleted from the rules already)' : ''}${plan.ids.length > 1 ? ` and ${plural(plan.ids.length - 1, 'sub-rule')} under it` : ''}`
  const left = plan.references.filter((r) => !r.rewritten)
  const rewritten = plan.references.length - left.length
  const lineOf = (path: string, line: number) => textOf(files.find((f) => f.path === path)!).split('\n')[line] ?? ''
  const dry = Boolean(values['dry-run'])
  const summary = [
    rewritten > 0 ? `${plural(rewritten, 'reference')} ${dry ? 'would be' : 'now'} to \`${lowerFirst(into!.trim())}\`` : '',
    plan.retired ? `retired.yaml ${dry ? 'would change' : 'updated'} (listed above)` : '',
    plan.unreleased.length === plan.ids.length ? 'no release had it, so retired.yaml needs no entry' : '',
  ].filter(Boolean)
  // Before writing, where the files have them; after, the ones left where the new texts have them.
  const reportRefs = (refs: typeof plan.references, verb: string, textAt: (path: string, line: number) => string) => {
    for (const r of refs) {
      const written = textAt(r.path, r.line).slice(r.start, r.end)
      io.stdout.write(`${r.path}:${r.line + 1}:${r.start + 1}: reference ${written}${r.rewritten ? ` → ${r.rewritten}` : ` ${verb}`}\n`)
    }
  }
  const leftNote = () => {
    if (left.length === 0) return
    const ids = [...new Set(left.map((r) => r.id))]
    io.stderr.write(`cr retire: ${plural(left.length, 'reference')} to ${ids.map((x) => `\`${x}\``).join(', ')} left to rewrite (listed above; \`cr check ${dir}\` reports them as one message${ids.length === 1 ? '' : ' per ID'}), or run again with \`--into ID\` where its content went\n`)
  }

  if (values['dry-run']) {
    if (plan.definitionPath) io.stdout.write(`${plan.definitionPath}:${rule?.source.line ?? 1}:${rule?.source.column ?? 1}: cut ${plan.ids.map((x) => `\`${x}\``).join(', ')}\n`)
    reportRefs(plan.references, 'would be left', lineOf)
    for (const change of plan.retired?.changes ?? []) io.stdout.write(`${plan.retired!.path}: ${change}\n`)
    io.stderr.write(`cr retire: would retire ${what}${summary.length > 0 ? `: ${summary.join('; ')}` : ''}; nothing written (--dry-run)\n`)
    leftNote()
    return 0
  }

  // References first, retired.yaml next, the chapter last (plan.files ends with it, when it is still there).
  const chapter = plan.definitionPath !== undefined ? plan.files.slice(-1) : []
  const writes = [...plan.files.slice(0, plan.files.length - chapter.length), ...(plan.retired ? [plan.retired] : []), ...chapter].map((w) => {
    const before = files.find((f) => f.path === w.path)
    return { path: w.path, text: w.text, expected: before ? (bytesOf(before) as Uint8Array) : undefined }
  })
  const how = into !== undefined ? ` --into ${into}` : ''
  const why = reason !== undefined ? ` --reason ${JSON.stringify(reason)}` : ''
  const rerun = `cr retire ${id}${how}${why}${values['with-sub-rules'] ? ' --with-sub-rules' : ''}${dirGiven !== undefined ? ` ${dirGiven}` : ''}`
  if (!writePlanned(writes, 'retire', 'retirement', rerun, io, ctx)) return 1
  const newText = new Map([...plan.files, ...(plan.retired ? [plan.retired] : [])].map((f) => [f.path, f.text]))
  reportRefs(plan.left, 'left', (path, line) => newText.get(path)?.split('\n')[line] ?? lineOf(path, line))
  for (const change of plan.retired?.changes ?? []) io.stderr.write(`cr retire: ${plan.retired!.path}: ${change}\n`)
  io.stderr.write(`cr retire: retired ${what}${summary.length > 0 ? `: ${summary.join('; ')}` : ''}\n`)
  leftNote()
  return 0
}
