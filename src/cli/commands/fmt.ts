import { basename, dirname, join, relative, resolve } from 'node:path'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import type { CliIo } from '../cli-io.ts'
import { formatYaml } from '../../core/format.ts'
import { isRulesSourceName } from '../../core/editor-files.ts'
import { roleOf } from '../../core/file-roles.ts'
import { frozenReleaseOf, RELEASE_NAME } from '../../core/ids.ts'
import { readSource, reportedCause } from '../../core/recovery/recover.ts'
import type { Diagnostic } from '../../core/types.ts'
import { FORMAT_FLAG, formatOption, ioAdvice, writeDiagnostics, writeFailure, writeFailures } from '../report.ts'
import { hasRulesFolder, noRulesFolder } from '../../io/shipped-rules.ts'
import { FileChangedError, replaceFileVerified, WriteFailedError } from '../../io/durable-write.ts'
import { isDirectory, listDir, pathExists, realPath, statPath } from '../../io/files.ts'
import { InputError, MAX_RULE_FILE_BYTES, readInputFile } from '../../io/read-input.ts'

export const fmtSpec: CommandSpec = {
  name: 'fmt',
  summary: 'Rewrite the YAML sources in one canonical layout (comments kept); --check for CI',
  usage: 'cr fmt [--check] [--format text|json|github|sarif] [PATH…]   (PATH: folders or .yaml files; default rules/)',
  flags: [
    { name: 'check', type: 'boolean', description: 'change nothing; list the files not in the canonical layout and exit 1 if there are any' },
    { name: 'frozen', type: 'boolean', description: 'also format frozen releases (releases/vYY.MM/), which are kept byte for byte as published: only to repair one' },
    FORMAT_FLAG,
  ],
}

export function fmtCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(fmtSpec, argv)
  const format = formatOption(values)
  if (positionals.length === 0 && !hasRulesFolder(io)) throw new UsageError(noRulesFolder('format', 'cr fmt DIR'))
  const files = expand(positionals.length > 0 ? positionals : ['rules'], io.cwd, Boolean(values.frozen))
  const messages: Diagnostic[] = []
  const sources: { path: string; text: string }[] = []
  const changed: { abs: string; shown: string; text: string; before: string; bytes: Uint8Array }[] = []
  for (const { abs, within } of files) {
    const shown = relative(io.cwd, abs) || abs
    let bytes: Buffer
    try {
      // As cr check reads: regular files only (a FIFO would hang us), links kept inside the folder, bounded.
      bytes = readInputFile(abs, { shown, maxBytes: MAX_RULE_FILE_BYTES, within })
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      messages.push({ code: error.code, severity: 'error', file: shown, line: 1, column: 1, message: `\`${basename(shown)}\` ${error.reason}` })
      continue
    }
    // Decoding and syntax errors are reported exactly as `cr check` reports them: one reader, one root cause.
    const source = { path: shown, content: bytes }
    const { loaded, messages: load } = readSource(source)
    const text = loaded?.text
    if (text === undefined || load.some((m) => m.severity === 'error')) {
      messages.push(...load.filter((m) => m.severity === 'error'))
      sources.push({ path: shown, text: new TextDecoder().decode(bytes) })
      continue
    }
    const result = formatYaml(text)
    if (!result.ok) {
      // What our reader accepts, the formatter's parser does too; should they ever disagree, the same wording.
      const refused = { code: 'yaml-syntax' as const, severity: 'error' as const, file: shown, line: result.line, column: result.column, message: `Invalid YAML: ${result.message}` }
      messages.push(...reportedCause(source, [refused]))
      sources.push({ path: shown, text })
      continue
    }
    // A byte-order mark or CRLF line ends are not the canonical layout either.
    const before = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    if (result.text !== before) changed.push({ abs, shown, text: result.text, before, bytes })
  }
  // A symbolic link is never rewritten (that would turn it into a copy of what it points to, and a
  // link out of the tree into a committed copy): its target is formatted as itself, or not at all.
  const links = values.check ? [] : changed.filter((c) => statPath(c.abs)?.isSymbolicLink())
  for (const c of links) {
    messages.push({ code: 'write-failed', severity: 'error', file: c.shown, line: 1, column: 1, message: `\`${c.shown}\` is a symbolic link to \`${relative(io.cwd, realPath(c.abs) ?? c.abs)}\`; cr fmt never replaces a link with a copy: format the file it points to` })
  }
  if (messages.length > 0) {
    // Nothing is written when any file is broken: fix it, then format.
    // With --check the findings are the report (stdout); rewriting, stdout lists the files written.
    writeDiagnostics(io, messages, { format, command: 'fmt', files: sources.map((s) => ({ path: s.path, content: s.text })), ok: false })
    return 1
  }
  const rerun = values.frozen ? 'cr fmt --frozen' : 'cr fmt'
  if (values.check && format !== 'text') {
    // For CI: each file out of layout is a finding, at its first line that differs.
    const found = changed.map((c) => {
      const line = firstDifferentLine(c.before, c.text)
      return { code: 'fmt-layout', severity: 'error' as const, file: c.shown, line, column: 1, message: `\`${c.shown}\` is not in the canonical layout from line ${line}; run \`${rerun}\`` }
    })
    writeDiagnostics(io, found, { format, command: 'fmt', ok: found.length === 0 })
    return found.length > 0 ? 1 : 0
  }
  if (values.check) {
    // Each file with its first line out of layout, as the other formats say it.
    for (const c of changed) {
      const line = firstDifferentLine(c.before, c.text)
      io.stdout.write(`${c.shown}:${line}:1: not in the canonical layout from line ${line}\n`)
    }
    io.stderr.write(changed.length > 0 ? `cr fmt: ${changed.length} of ${files.length} files not in the canonical layout; run \`${rerun}\`\n` : `cr fmt: ${files.length} files in the canonical layout\n`)
    return changed.length > 0 ? 1 : 0
  }
  let written = 0
  const left: Diagnostic[] = []
  for (const c of changed) {
    try {
      // Verified before it replaces anything (a full disk leaves the source as it was), and only
      // while the file still holds the bytes it was formatted from: an edit saved meanwhile is kept.
      replaceFileVerified(c.abs, c.text, { expected: c.bytes })
    } catch (error) {
      if (!(error instanceof WriteFailedError)) throw error
      left.push(writeFailure(c.shown, error, 'cr fmt', rerun))
      if (error instanceof FileChangedError) continue
      // The disk itself failed: stop, and say how far it got.
      writeFailures(io, left, format, 'fmt')
      io.stderr.write(`cr fmt: ${written} of ${changed.length} files reformatted before the failure; the others are unchanged: ${ioAdvice(error.errno, rerun)}\n`)
      return 1
    }
    written++
    io.stdout.write(`${c.shown}\n`)
  }
  if (left.length > 0) {
    writeFailures(io, left, format, 'fmt')
    io.stderr.write(`cr fmt: ${written} of ${files.length} files reformatted; ${left.length} changed while cr fmt ran and ${left.length === 1 ? 'was' : 'were'} left as ${left.length === 1 ? 'it is' : 'they are'}: run \`${rerun}\` again\n`)
    return 1
  }
  io.stderr.write(`cr fmt: ${changed.length} of ${files.length} files reformatted\n`)
  return 0
}

/**
 * Folders become their `.yaml` entries, editors' files left out (not recursive: a rules folder is flat), each read within its
 * folder. Every entry is listed, whatever it is: one that is not a regular file is reported, as
 * cr check reports it. A link to a file already listed is the same file, formatted once.
 * A frozen release (`releases/v24.03/` or a file in it, by the path given or the one it resolves to) is
 * refused unless `frozen`: it is kept as published, and formatting it would rewrite history. A folder
 * with no chapter file is refused too (`releases/`, a typo'd folder): a check of nothing is no pass.
 */
function expand(paths: string[], cwd: string, frozen: boolean): { abs: string; within: string }[] {
  // By real path: a link to a listed file is that file.
  const out = new Map<string, { abs: string; within: string }>()
  const add = (abs: string, within: string) => {
    const real = realPath(abs) ?? abs
    if (!out.has(real)) out.set(real, { abs, within })
  }
  for (const p of paths) {
    const abs = resolve(cwd, p)
    if (!pathExists(abs)) throw new UsageError(`no such file or folder: ${p}`)
    const folder = isDirectory(abs) ? abs : dirname(abs)
    const release = frozenReleaseOf(folder) ?? frozenReleaseOf(realPath(folder) ?? folder)
    if (release && !frozen) {
      throw new Error(
        `refusing to format \`${p}\`: it is in the frozen release ${release}, whose files are kept byte for byte as published (\`cr release\` wrote them); format \`rules/\`, or pass --frozen to repair a release committed out of layout`,
      )
    }
    if (isDirectory(abs)) {
      const names = listDir(abs).filter(isRulesSourceName).sort()
      if (!names.some((n) => roleOf(n) === 'chapter')) {
        const releases = listDir(abs).filter((n) => RELEASE_NAME.test(n) && isDirectory(join(abs, n)))
        const hint = releases.length > 0 ? `; its folders ${releases.length === 1 ? 'are a frozen release' : 'are frozen releases'} (${releases.slice(0, 3).join(', ')}${releases.length > 3 ? ', …' : ''}), which cr fmt does not format` : ''
        throw new Error(`no chapter files (\`01_game_concepts.yaml\`, …) in \`${p}\`${hint}`)
      }
      // Regular files first, so that a link to one of them is recognised as the same file.
      const link = (name: string) => statPath(join(abs, name))?.isSymbolicLink() ?? false
      for (const name of [...names.filter((n) => !link(n)), ...names.filter(link)]) add(join(abs, name), abs)
    } else if (/\.ya?ml$/.test(abs)) add(abs, dirname(abs))
    else throw new UsageError(`not a YAML file: ${p}`)
  }
  return [...out.values()].sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0))
}

/** The first line (1-based) where two texts differ. */
function firstDifferentLine(a: string, b: string): number {
  const x = a.split('\n')
  const y = b.split('\n')
  let i = 0
  while (i < x.length && i < y.length && x[i] === y[i]) i++
  return i + 1
}
