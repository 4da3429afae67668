/**
 * `cr rename OLD NEW [DIR]`: the language server's rename, for editors without one and for
 * scripts. The definition and every `{ref:…}` to it in the folder, and `retired.yaml` kept
 * consistent (`core/edit/retirement.ts`: the old ID retired as renamed when a release had it,
 * chains collapsed, a rename undone removes its entry, a retired ID never given out again).
 *
 * All or nothing as far as a disk allows: every file is made in memory first, then each is
 * written verified and only while it still holds the bytes read (`replaceFileVerified`). Should
 * a write fail midway, running the same command again finishes the rename: a folder where NEW
 * is defined and OLD is still referenced is a rename in progress.
 */
import { basename, join } from 'node:path'
import { parseCommandArgs, UsageError, didYouMean, type CommandSpec } from '../args.ts'
import type { CliIo } from '../cli-io.ts'
import { applyEdits, ID_PATTERN, type TextEdit } from '../../core/edit/rename.ts'
import { renamePhrasingKey } from '../../core/phrasings.ts'
import { renameInFolder } from '../../core/edit/rename-folder.ts'
import { frozenReleaseOf, lowerFirst, suggestClosest } from '../../core/ids.ts'
import type { SourceFile } from '../../core/types.ts'
import { compileDir } from '../../io/compile-dir.ts'
import { commandContext } from '../../io/context.ts'
import { readPhrasingsBeside } from '../../io/phrasings.ts'
import { lastReleaseWith } from '../../io/releases.ts'
import { hasRulesFolder, noRulesFolder } from '../../io/shipped-rules.ts'
import { writePlanned } from './edit-writes.ts'

export const renameSpec: CommandSpec = {
  name: 'rename',
  summary: 'Rename a rule ID everywhere in the sources, and record it in retired.yaml',
  usage: 'cr rename [--dry-run] OLD NEW [DIR]   (OLD: an ID or a number such as 6.1.4; DIR defaults to rules/)',
  flags: [
    { name: 'dry-run', type: 'boolean', description: 'change nothing; print each edit (file:line:col) and what retired.yaml would get' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'releases whose IDs are kept by retirement (default: releases/ beside DIR)' },
  ],
}

const textOf = (f: SourceFile) => (typeof f.content === 'string' ? f.content : new TextDecoder('utf-8', { ignoreBOM: true }).decode(f.content))
const bytesOf = (f: SourceFile) => (typeof f.content === 'string' ? new TextEncoder().encode(f.content) : f.content)

export function renameCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(renameSpec, argv)
  if (positionals.length < 2) throw new UsageError(`expected the ID to rename and its new ID (\`cr rename rule_old_name rule_new_name\`), got ${positionals.length === 0 ? 'neither' : 'one'}`)
  if (positionals.length > 3) throw new UsageError(`expected OLD NEW [DIR], got ${positionals.length} arguments`)
  const [oldGiven, newGiven, dirGiven] = positionals as [string, string, string | undefined]
  const ctx = commandContext(io)
  if (dirGiven === undefined && !hasRulesFolder(ctx)) throw new UsageError(noRulesFolder('rename in', 'cr rename OLD NEW DIR'))
  const dir = dirGiven ?? 'rules'
  const release = frozenReleaseOf(dir)
  if (release) throw new Error(`refusing to rename in \`${dir}\`: it is the frozen release ${release}, kept as published; rename in \`rules/\` (its retired.yaml keeps ${release}'s ID working)`)
  const newId = newGiven.trim()
  if (!ID_PATTERN.test(newId)) throw new UsageError(`\`${newId}\` is not an ID: expected a lowercase letter, then letters, digits and \`_\` (\`rule_jack_out\`)`)

  const compiled = compileDir(dir, undefined, ctx)
  const files = compiled.files
  // A rename must see every reference: a file it cannot read or parse could hold some.
  const broken = [...files.filter((f) => f.unreadable).map((f) => f.path), ...(compiled.recovery?.broken.map((b) => b.file) ?? [])]
  if (broken.length > 0 || !compiled.document) {
    const which = broken.length > 0 ? `\`${[...new Set(broken)].join('`, `')}\` cannot be read as rules` : 'the rules do not compile'
    throw new Error(`${which}, so a rename could miss references there; fix what \`cr check ${dir}\` reports first`)
  }
  const rules = compiled.document.rules
  const byId = new Map(rules.map((r) => [r.id, r]))
  // OLD as an ID (any first-letter case, as references write it) or as the number a reader sees.
  const oldRule = byId.get(lowerFirst(oldGiven.trim())) ?? rules.find((r) => r.number === oldGiven.trim().replace(/\.$/, ''))
  const oldId = oldRule?.id ?? lowerFirst(oldGiven.trim())
  if (oldRule?.kind === 'timing') throw new Error(`\`${oldGiven}\` (${oldRule.number}) is an element of a timing structure: its ID is made from its section's and its labels, so it has none of its own to rename`)
  if (oldId === newId) throw new Error(`\`${oldId}\` is already called that`)

  // The last release that had OLD: its ID is retired as renamed, so links and citations made against it keep working.
  const lastRelease = lastReleaseWith(oldId, dir, values.releases as string | undefined, ctx)
  const retiredFile = files.find((f) => basename(f.path) === 'retired.yaml')
  const retiredPath = retiredFile?.path ?? join(dir, 'retired.yaml')
  const plan = renameInFolder(files.map((f) => ({ path: f.path, text: textOf(f) })), oldId, newId, lastRelease, retiredPath)
  if ('refused' in plan) throw new Error(plan.refused)
  const edits = plan.files.map((x) => ({ file: files.find((f) => f.path === x.path)!, edits: x.edits }))
  const retired = plan.retired
  // The players' phrasings beside the rules (data/phrasings/) are keyed by ID: the key follows the rule.
  const phrasings: { file: SourceFile; edit: TextEdit }[] = []
  const taken: string[] = []
  for (const f of readPhrasingsBeside(dir, ctx)) {
    const edit = renamePhrasingKey(textOf(f), oldId, newId)
    if (edit === 'taken') taken.push(f.path)
    else if (edit) phrasings.push({ file: f, edit })
  }
  const resuming = oldRule === undefined && byId.has(newId) && (edits.length > 0 || retired !== undefined || phrasings.length > 0)
  if (!oldRule && byId.has(newId) && !resuming) {
    // Run again after it finished: nothing refers to OLD any more.
    io.stderr.write(`cr rename: nothing left to rename: \`${oldId}\` is neither defined nor referenced in \`${dir}\`, and \`${newId}\` is ${byId.get(newId)!.number}\n`)
    return 0
  }
  if (!oldRule && !resuming) {
    const meant = didYouMean(suggestClosest(oldId, byId.keys()))
    throw new Error(`no rule \`${oldGiven}\` in \`${dir}\`${meant || `; \`cr show ${oldGiven}\` finds a rule by ID or number`}`)
  }
  if (oldRule && byId.has(newId)) throw new Error(`\`${newId}\` is already the ID of ${byId.get(newId)!.number}; choose another ID`)

  const references = edits.reduce((n, x) => n + x.edits.filter((e) => e.where === 'reference').length, 0)
  const referringFiles = edits.filter((x) => x.edits.some((e) => e.where === 'reference')).length
  // "its definition and 3 references in 2 files": the file of the definition alone is no file of references.
  const scope = `${oldRule ? 'its definition' : 'what was left'}${references > 0 ? ` and ${references} reference${references === 1 ? '' : 's'} in ${referringFiles} file${referringFiles === 1 ? '' : 's'}` : ', no references'}${phrasings.length > 0 ? `, its phrasings' key in ${phrasings.map((p) => p.file.path).join(', ')}` : ''}${retired ? ', and retired.yaml' : ''}`
  const what = `\`${oldId}\`${oldRule ? ` (${oldRule.number})` : ''} → \`${newId}\``
  if (values['dry-run']) {
    for (const { file, edits: list } of edits) {
      const text = textOf(file)
      for (const e of list) io.stdout.write(`${file.path}:${e.line + 1}:${e.start + 1}: ${e.where} ${text.split('\n')[e.line]!.slice(e.start, e.end)} → ${e.newText}\n`)
    }
    for (const { file, edit } of phrasings) io.stdout.write(`${file.path}:${edit.line + 1}:${edit.start + 1}: phrasings ${oldId} → ${newId}\n`)
    for (const change of retired?.changes ?? []) io.stdout.write(`${retiredPath}: ${change}\n`)
    io.stderr.write(`cr rename: would rename ${what}: ${scope}; nothing written (--dry-run)\n`)
    return 0
  }

  // References first, the definition after them, retired.yaml last: a rename cut short is finished by running it again.
  const writes = [
    ...edits.filter((x) => !x.edits.some((e) => e.where === 'definition')),
    ...edits.filter((x) => x.edits.some((e) => e.where === 'definition')),
  ].map((x) => ({ path: x.file.path, text: applyEdits(textOf(x.file), x.edits), expected: bytesOf(x.file) as Uint8Array | undefined }))
  for (const { file, edit } of phrasings) writes.push({ path: file.path, text: applyEdits(textOf(file), [edit]), expected: bytesOf(file) as Uint8Array })
  if (retired) writes.push({ path: retiredPath, text: retired.text, expected: retiredFile ? (bytesOf(retiredFile) as Uint8Array) : undefined })
  const rerun = `cr rename ${oldId} ${newId}${dirGiven !== undefined ? ` ${dirGiven}` : ''}`
  if (!writePlanned(writes, 'rename', 'rename', rerun, io, ctx)) return 1
  for (const change of retired?.changes ?? []) io.stderr.write(`cr rename: ${retiredPath}: ${change}\n`)
  for (const path of taken) io.stderr.write(`cr rename: ${path}: \`${newId}\` has phrasings of its own, so \`${oldId}\`'s are left under their key (read as \`${newId}\`'s, with a warning): merge the two lists\n`)
  io.stderr.write(`cr rename: ${resuming ? 'finished renaming' : 'renamed'} ${what}: ${scope}\n`)
  return 0
}

