#!/usr/bin/env node
// The `cr` CLI: compiled JavaScript in lib/ (scripts/build-package.ts, run by
// `prepare` after `npm ci` and by `prepack` before `npm pack` and `npm publish`);
// nothing is transpiled at run time.

// `cr diff … | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

let main
try {
  ;({ main } = await import('../lib/main.js'))
} catch (error) {
  if (error.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('lib/main.js')) throw error
  process.stderr.write('cr: the CLI is not built (no lib/main.js); in a checkout of netrunner-cr, run `npm run build:package`\n')
  process.exit(2)
}
process.exitCode = await main(process.argv.slice(2))
