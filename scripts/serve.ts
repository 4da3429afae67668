/**
 * `npm start`: build the site if asked (`--build`), then serve `dist/` on
 * http://localhost:4321 (PORT to change it).
 */
import { spawnSync } from 'node:child_process'
import { serveStatic } from '../site/integration/static-server.ts'
import { builtOrigin, localPort } from '../site/integration/site-url.ts'
import { pathExists, readHead } from '../src/io/files.ts'

const port = localPort()
if (process.argv.includes('--build') || !pathExists('dist/index.html')) {
  // The Node running this script (Astro needs ≥ 22.12; npm puts the project's first on PATH).
  const built = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
const { url } = await serveStatic('dist', port, process.env.HOST ?? '127.0.0.1')
const served = url.replace('127.0.0.1', 'localhost')
console.log(`Serving the rules site at ${served}/ (Ctrl-C to stop)`)
// A dist/ built for another local port (`npm run build`, then PORT=5000 here) links and canonicalises there: say how to match.
const built = builtOrigin(readHead('dist/index.html', 4096).toString('utf8'))
if (built && /^http:\/\/localhost:\d+$/.test(built) && built !== served) {
  console.warn(`dist/ was built for ${built}: its canonical, Open Graph and OpenSearch URLs point there. \`PORT=${port} npm start\` rebuilds it for ${served}.`)
}
