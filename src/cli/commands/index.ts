import { buildIndexFiles } from '../../core/index-json.ts'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import { compileDir, hasErrors } from '../compile-dir.ts'
import { writeDirAtomically } from '../io.ts'

export const indexSpec: CommandSpec = {
  name: 'index',
  summary: 'Write the rule-ID index (rules.json) for a rules directory',
  usage: 'cr index --out DIR [RULES_DIR]',
  flags: [
    { name: 'out', type: 'string', value: 'DIR', description: 'output directory (replaced atomically)' },
    { name: 'strict', type: 'boolean', description: 'refuse to write when there are warnings' },
  ],
}

export function indexCommand(argv: string[]): number {
  const { values, positionals } = parseCommandArgs(indexSpec, argv)
  const out = values.out as string | undefined
  if (!out) throw new UsageError('missing --out DIR')
  const dir = positionals[0] ?? 'rules'
  const result = compileDir(dir)
  if (result.messages.length > 0) process.stderr.write(`${result.report()}\n`)
  if (!result.document || hasErrors(result.messages, Boolean(values.strict))) {
    process.stderr.write(`cr index: nothing written to ${out}\n`)
    return 1
  }
  writeDirAtomically(out, buildIndexFiles(result.document))
  process.stderr.write(`cr index: wrote ${result.document.rules.length} entries to ${out}/rules.json\n`)
  return 0
}
