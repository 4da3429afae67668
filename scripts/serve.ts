/**
 * `npm start`: build the site if asked (`--build`), then serve `dist/` on
 * http://localhost:4321 (PORT to change it).
 */
import { spawnSync } from 'node:child_process'
import { serveStatic } from '../site/integration/static-server.ts'
import { pathExists } from '../src/io/files.ts'

const port = Number(process.env.PORT ?? 4321)
if (process.argv.includes('--build') || !pathExists('dist/index.html')) {
  // The Node running this script (Astro needs ≥ 22.12; npm puts the project's first on PATH).
  const built = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
const { url } = await serveStatic('dist', port, process.env.HOST ?? '127.0.0.1')
console.log(`Serving the rules site at ${url.replace('127.0.0.1', 'localhost')}/ (Ctrl-C to stop)`)
