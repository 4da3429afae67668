/**
 * `cr` — check, show and index the Comprehensive Rules.
 * Exit codes: 0 clean, 1 errors (or warnings with --strict; a file or disk that failed), 2 usage errors.
 *
 * Commands are loaded only when they run: `cr --help` and `cr show` do not
 * pay for the modules of `cr cite` or `cr diff`.
 */
import { didYouMean, helpFor, UsageError, type CommandSpec } from './args.ts'
import { suggestClosest } from '../core/ids.ts'
import { processIo, type CliIo } from './cli-io.ts'
import { escapeStreamText } from '../core/terminal-text.ts'

type Run = (argv: string[], io: CliIo) => Promise<number> | number

export interface Command {
  name: string
  summary: string
  load(): Promise<{ spec: CommandSpec; run: Run }>
}

// Summaries are repeated here so that `cr --help` loads no command module; a test keeps them in step.
export const commands: Command[] = [
  { name: 'check', summary: 'Validate and resolve a rules directory', load: async () => { const m = await import('./commands/check.ts'); return { spec: m.checkSpec, run: m.checkCommand } } },
  { name: 'show', summary: 'Print a rule by ID or number', load: async () => { const m = await import('./commands/show.ts'); return { spec: m.showSpec, run: m.showCommand } } },
  { name: 'index', summary: 'Write the rule-ID index (rules.json) for a rules directory', load: async () => { const m = await import('./commands/index.ts'); return { spec: m.indexSpec, run: m.indexCommand } } },
  { name: 'cite', summary: 'Check rule citations in source files of any language, and report coverage', load: async () => { const m = await import('./commands/cite.ts'); return { spec: m.citeSpec, run: m.citeCommand } } },
  { name: 'lsp', summary: 'Run the rules language server (diagnostics, completion, hover, rename) for any LSP editor', load: async () => { const m = await import('./commands/lsp.ts'); return { spec: m.lspSpec, run: m.lspCommand } } },
  { name: 'fmt', summary: 'Rewrite the YAML sources in one canonical layout (comments kept); --check for CI', load: async () => { const m = await import('./commands/fmt.ts'); return { spec: m.fmtSpec, run: m.fmtCommand } } },
  { name: 'rename', summary: 'Rename a rule ID everywhere in the sources, and record it in retired.yaml', load: async () => { const m = await import('./commands/rename.ts'); return { spec: m.renameSpec, run: m.renameCommand } } },
  { name: 'retire', summary: 'Remove a rule on purpose: cut it from its chapter, record why in retired.yaml, fix or list the references', load: async () => { const m = await import('./commands/retire.ts'); return { spec: m.retireSpec, run: m.retireCommand } } },
  { name: 'release', summary: 'Check new-marks against the changes since the last release, draft the changelog, freeze rules/ into releases/<version>/', load: async () => { const m = await import('./commands/release.ts'); return { spec: m.releaseSpec, run: m.releaseCommand } } },
  { name: 'diff', summary: 'List what changed between two releases', load: async () => { const m = await import('./commands/diff.ts'); return { spec: m.diffSpec, run: m.diffCommand } } },
  { name: 'export', summary: 'Print the rules in another format (official-json: the official generator\'s rules.json; markdown: a file per section)', load: async () => { const m = await import('./commands/export.ts'); return { spec: m.exportSpec, run: m.exportCommand } } },
]

function usage(): string {
  const rows = commands.map((c) => `  ${c.name.padEnd(8)} ${c.summary}`)
  return `cr — the Netrunner Comprehensive Rules toolkit\n\nUsage: cr <command> [options]\n\nCommands:\n${rows.join('\n')}\n\nRun \`cr <command> --help\` for a command's options; \`cr --version\` prints the version.\n`
}

export async function main(argv: string[], given: CliIo = processIo()): Promise<number> {
  // Rule text and file names are data: no raw control character reaches the terminal (terminal-text.ts).
  const safe = (s: CliIo['stdout']) => ({ write: (t: string) => s.write(escapeStreamText(t)), isTTY: s.isTTY })
  const io: CliIo = { ...given, stdout: safe(given.stdout), stderr: safe(given.stderr) }
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage())
    return name === undefined ? 2 : 0
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    const { toolVersion } = await import('../io/package-root.ts')
    io.stdout.write(`cr ${toolVersion()}\n`)
    return 0
  }
  const command = commands.find((c) => c.name === name)
  if (!command) {
    const names = commands.map((c) => c.name)
    const meant = didYouMean(suggestClosest(name, names))
    io.stderr.write(`cr: error: unknown command \`${name}\`${meant || `, expected one of ${names.join(', ')}`}\nTry \`cr --help\` for the commands.\n`)
    return 2
  }
  const { spec, run } = await command.load()
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(helpFor(spec))
    return 0
  }
  try {
    return await run(rest, io)
  } catch (error) {
    if (error instanceof UsageError) {
      // One line that says what is wrong, and where the options are: not the whole help.
      io.stderr.write(`cr ${name}: error: ${error.message}\nTry \`cr ${name} --help\` for the options.\n`)
      return 2
    }
    // A disk or file that failed us is an error (exit 1, as a README's exit-code table says), with what to
    // do; anything else thrown is a refusal of what was asked (a missing folder, a frozen release): exit 2.
    // Neither is ever a stack trace.
    const { WriteFailedError } = await import('../io/durable-write.ts')
    const { InputError } = await import('../io/read-input.ts')
    if (error instanceof WriteFailedError) {
      const { ioAdvice } = await import('./report.ts')
      io.stderr.write(`cr ${name}: error: ${error.message}; nothing was replaced: ${ioAdvice(error.errno, `cr ${name}`)}\n`)
      return 1
    }
    const errno = (error as NodeJS.ErrnoException)?.code
    if (error instanceof InputError || (typeof errno === 'string' && /^E[A-Z]+$/.test(errno) && typeof (error as NodeJS.ErrnoException).syscall === 'string')) {
      const { ioAdvice } = await import('./report.ts')
      io.stderr.write(`cr ${name}: error: ${(error as Error).message}: ${ioAdvice(errno, `cr ${name}`)}\n`)
      return 1
    }
    io.stderr.write(`cr ${name}: error: ${(error as Error).message}\n`)
    return 2
  }
}
