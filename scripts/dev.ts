/**
 * `npm run dev`: the rules site on Astro's dev server, live from `rules/`:
 * save a YAML file and the open pages reload with it, its diagnostics in the
 * terminal and, for errors, in the page (see site/integration/live-preview.ts).
 *
 * Only the current rules are served unless `CR_RELEASES` says otherwise
 * (`all` adds every release and the histories: a slower start). PORT (default
 * 4321) and HOST as for `npm start`; other arguments go to `astro dev`.
 */
import { spawn } from 'node:child_process'
import { localPort } from '../site/integration/site-url.ts'

const env = { ...process.env, CR_RELEASES: process.env.CR_RELEASES ?? 'none', CR_PDF: '0' }
const args = ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(localPort()), ...(process.env.HOST ? ['--host', process.env.HOST] : []), ...process.argv.slice(2)]
// The Node running this script (Astro needs ≥ 22.12; npm puts the project's first on PATH).
const child = spawn(process.execPath, args, { stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => (process.exitCode = code ?? (signal ? 1 : 0)))
