import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import { hasRulesFolder, noRulesFolder } from '../../io/shipped-rules.ts'
import { compileDir, hasErrors } from '../../io/compile-dir.ts'
import type { CliIo } from '../cli-io.ts'
import { guardIds } from '../../io/releases.ts'
import { FORMAT_FLAG, formatOption, writeDiagnostics } from '../report.ts'
import { commandContext } from '../../io/context.ts'
import { sortDiagnostics } from '../../core/diagnostics.ts'
import { foldCascades } from '../../core/recovery/recover.ts'
import { foldRenames } from '../../core/versions/guard.ts'
import { foldRetiredReferences } from '../../core/versions/retired-references.ts'
import { checkPhrasingsBeside } from '../../io/phrasings.ts'

export const checkSpec: CommandSpec = {
  name: 'check',
  summary: 'Validate and resolve a rules directory',
  usage: 'cr check [--strict] [--format text|json|github|sarif] [DIR]   (DIR defaults to rules/)',
  flags: [
    { name: 'strict', type: 'boolean', description: 'fail on warnings too' },
    FORMAT_FLAG,
    { name: 'json', type: 'boolean', description: 'the same as --format json' },
    { name: 'cards', type: 'string', value: 'FILE', description: 'card data (default: data/cards.json)' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'releases whose IDs must survive (default: releases/ beside DIR)' },
  ],
}

export function checkCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(checkSpec, argv)
  const format = formatOption(values)
  const ctx = commandContext(io)
  if (positionals[0] === undefined && !hasRulesFolder(ctx)) throw new UsageError(noRulesFolder('check', 'cr check DIR'))
  const dir = positionals[0] ?? 'rules'
  const result = compileDir(dir, values.cards as string | undefined, ctx)
  // The ID guard: every ID of every release is still defined or retired (rules/retired.yaml).
  const guard = result.document ? guardIds(dir, result.document, values.releases as string | undefined, ctx, { recovery: result.recovery, files: result.files }) : undefined
  // The guard's messages that follow from a file that does not parse are folded under its cause, as the compiler's are;
  // with the releases at hand, a chapter that cannot be read (or is gone) withholds the IDs its last released copy has.
  const all = [...result.messages, ...(guard?.messages ?? [])]
  const recovery = guard?.recovery ?? result.recovery
  // A rename is one message: the references to the old ID are folded into the guard's, each with its fix;
  // and so is each retired ID: its references, one message saying where it went.
  const renamed = foldRenames(recovery ? sortDiagnostics(foldCascades(all, recovery)) : all)
  const defined = new Set(result.document?.rules.map((r) => r.id))
  const folded = guard ? foldRetiredReferences(renamed, guard.retirements, (id) => defined.has(id)) : renamed
  // data/phrasings/ beside the rules: a phrasing left behind by a removal fails the site build, so it is said here first.
  const phrasings = result.document ? checkPhrasingsBeside(dir, defined, guard?.retirements, ctx) : { messages: [], files: [] }
  const messages = [...folded, ...phrasings.messages]
  const strict = Boolean(values.strict)
  const failed = hasErrors(messages, strict)
  writeDiagnostics(io, messages, {
    format,
    command: 'check',
    files: [...result.files, ...(guard?.files ?? []), ...phrasings.files],
    ok: !failed,
    textWhenClean: `${dir}: ${result.document?.rules.length ?? 0} entries, no problems`,
  })
  return failed ? 1 : 0
}
