// `cr lsp --stdio` from the sources (no build needed), for tests that start the server the way an editor does.
import { main } from '../../src/cli/main.ts'

process.exitCode = await main(['lsp', '--stdio'])
