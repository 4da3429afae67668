#!/usr/bin/env node
// The `cr` CLI: compiled JavaScript in lib/ (scripts/build-package.ts, run by
// `prepare` and `prepack`); nothing is transpiled at run time.

// `cr diff … | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

const { main } = await import('../lib/main.js')
process.exitCode = await main(process.argv.slice(2))
