import { buildIndexFiles } from '../../core/index-json.ts'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import type { CliIo } from '../cli-io.ts'
import { compileDir, hasErrors } from '../../io/compile-dir.ts'
import { assertWritableOutput, writeOutputDir } from '../../io/write-output.ts'
import { commandContext } from '../../io/context.ts'
import { PACKAGE_ROOT } from '../../io/package-root.ts'
import { chooseRules } from '../../io/shipped-rules.ts'
import { FORMAT_FLAG, formatOption, writeDiagnostics } from '../report.ts'

export const indexSpec: CommandSpec = {
  name: 'index',
  summary: 'Write the rule-ID index (rules.json) for a rules directory',
  usage: 'cr index --out DIR [RULES_DIR]   (RULES_DIR defaults to ./rules when there is one, else the rules this package ships)',
  flags: [
    { name: 'out', type: 'string', value: 'DIR', description: 'output folder: new, empty, or a previous `cr index` output (never the rules folder)' },
    { name: 'strict', type: 'boolean', description: 'refuse to write when there are warnings' },
    FORMAT_FLAG,
  ],
}

export function indexCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(indexSpec, argv)
  const format = formatOption(values)
  const out = values.out as string | undefined
  if (!out) throw new UsageError('missing --out DIR')
  const ctx = commandContext(io)
  // `rules/` here, else the rules the package ships, as `cr show`, `cr diff`, `cr cite` and `cr export` read them.
  const rules = chooseRules(positionals[0], ctx)
  const dir = rules.dir
  // Refuse a dangerous --out before compiling, so the user hears it at once.
  assertWritableOutput(out, [dir], io.cwd)
  // The package's rules are compiled from its own folder, so sources read `rules/…` as in the rules.json it ships.
  const result = rules.shipped ? compileDir('rules', undefined, { ...ctx, cwd: PACKAGE_ROOT }) : compileDir(dir, undefined, ctx)
  const failed = !result.document || hasErrors(result.messages, Boolean(values.strict))
  if (format === 'text') {
    if (result.messages.length > 0) io.stderr.write(`${result.report()}\n`)
  } else writeDiagnostics(io, result.messages, { format, command: 'index', ok: !failed })
  if (failed || !result.document) {
    io.stderr.write(`cr index: nothing written to ${out}\n`)
    return 1
  }
  writeOutputDir(out, buildIndexFiles(result.model!), { inputs: [dir], cwd: io.cwd })
  io.stderr.write(`cr index: wrote ${result.document.rules.length} entries to ${out}/rules.json${rules.shipped ? ` (the rules this package ships, ${result.document.release.version})` : ''}\n`)
  return 0
}
