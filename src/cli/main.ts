/**
 * `cr` — check, show and index the Comprehensive Rules.
 * Exit codes: 0 clean, 1 errors (or warnings with --strict), 2 usage errors.
 */
import { helpFor, UsageError, type CommandSpec } from './args.ts'
import { checkCommand, checkSpec } from './commands/check.ts'
import { citeCommand, citeSpec } from './commands/cite.ts'
import { diffCommand, diffSpec } from './commands/diff.ts'
import { indexCommand, indexSpec } from './commands/index.ts'
import { showCommand, showSpec } from './commands/show.ts'

export interface Command {
  spec: CommandSpec
  run(argv: string[]): Promise<number> | number
}

export const commands: Command[] = [
  { spec: checkSpec, run: checkCommand },
  { spec: showSpec, run: showCommand },
  { spec: indexSpec, run: indexCommand },
  { spec: citeSpec, run: citeCommand },
  { spec: diffSpec, run: diffCommand },
]

function usage(): string {
  const rows = commands.map((c) => `  ${c.spec.name.padEnd(8)} ${c.spec.summary}`)
  return `cr — the Netrunner Comprehensive Rules toolkit\n\nUsage: cr <command> [options]\n\nCommands:\n${rows.join('\n')}\n\nRun \`cr <command> --help\` for a command's options.\n`
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage())
    return name === undefined ? 2 : 0
  }
  const command = commands.find((c) => c.spec.name === name)
  if (!command) {
    process.stderr.write(`cr: unknown command \`${name}\`, expected one of ${commands.map((c) => c.spec.name).join(', ')}\n`)
    return 2
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(helpFor(command.spec))
    return 0
  }
  try {
    return await command.run(rest)
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`cr ${name}: ${error.message}\n\n${helpFor(command.spec)}`)
      return 2
    }
    // I/O failures (missing directory, unwritable output) are reported, never a stack trace.
    process.stderr.write(`cr ${name}: error: ${(error as Error).message}\n`)
    return 2
  }
}
