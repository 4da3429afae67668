#!/usr/bin/env node
// The `cr` CLI. Sources are TypeScript run through tsx, so the CLI never
// needs a separate build step and always matches `src/`.
import { register } from 'tsx/esm/api'

// `cr diff … | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

register()
const { main } = await import('../src/cli/main.ts')
process.exitCode = await main(process.argv.slice(2))
