// `cr` from the sources (no build needed), for tests that start it the way an editor does:
// `node --import tsx tests/lsp/cr-from-source.ts lsp --stdio` is `npx cr lsp --stdio` on the current sources.
import { main } from '../../src/cli/main.ts'

process.exitCode = await main(process.argv.slice(2))
