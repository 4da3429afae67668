import { parseCommandArgs, type CommandSpec } from '../args.ts'
import { compileDir, hasErrors } from '../compile-dir.ts'

export const checkSpec: CommandSpec = {
  name: 'check',
  summary: 'Validate and resolve a rules directory',
  usage: 'cr check [--strict] [--json] [DIR]   (DIR defaults to rules/)',
  flags: [
    { name: 'strict', type: 'boolean', description: 'fail on warnings too' },
    { name: 'json', type: 'boolean', description: 'print diagnostics as JSON' },
    { name: 'cards', type: 'string', value: 'FILE', description: 'card data (default: data/cards.json)' },
  ],
}

export function checkCommand(argv: string[]): number {
  const { values, positionals } = parseCommandArgs(checkSpec, argv)
  const dir = positionals[0] ?? 'rules'
  const result = compileDir(dir, values.cards as string | undefined)
  const strict = Boolean(values.strict)
  const failed = hasErrors(result.messages, strict)
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ok: !failed, messages: result.messages }, null, 2)}\n`)
  } else if (result.messages.length > 0) {
    process.stderr.write(`${result.report()}\n`)
  } else {
    const n = result.document?.rules.length ?? 0
    process.stderr.write(`${dir}: ${n} entries, no problems\n`)
  }
  return failed ? 1 : 0
}
