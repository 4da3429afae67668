import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import type { CliIo } from '../cli-io.ts'

export const lspSpec: CommandSpec = {
  name: 'lsp',
  summary: 'Run the rules language server (diagnostics, completion, hover, rename) for any LSP editor',
  usage: 'cr lsp --stdio',
  flags: [
    { name: 'stdio', type: 'boolean', description: 'talk LSP over stdin/stdout (the only transport)' },
    { name: 'cards', type: 'string', value: 'FILE', description: 'card data (default: data/cards.json)' },
  ],
}

/** Runs until the editor closes the connection; stdout belongs to the protocol. */
export async function lspCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(lspSpec, argv)
  if (!values.stdio) throw new UsageError('expected --stdio')
  const [protocol, { startLanguageServer }, { loadCards }] = await Promise.all([
    import('vscode-languageserver/node'),
    import('../../lsp/server.ts'),
    import('../../io/read-sources.ts'),
  ])
  // A CommonJS module: bundled into the compiled CLI's chunk, only its `default` (module.exports) is there.
  const { createConnection, StreamMessageReader, StreamMessageWriter } = ('default' in protocol ? protocol.default : protocol) as typeof protocol
  const connection = createConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout))
  startLanguageServer(connection, { cwd: io.cwd, cards: loadCards(values.cards as string | undefined) })
  // Done at `exit`, or when the editor goes away without one.
  await new Promise<void>((done) => {
    connection.onExit(() => done())
    process.stdin.once('end', () => done())
  })
  return 0
}
