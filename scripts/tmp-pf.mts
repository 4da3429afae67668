import { writeSearchIndexes } from '../site/integration/search-index.ts'
import { prepareSite } from '../site/data/store.ts'
import { execSync } from 'node:child_process'
process.env.CR_SITE_CACHE_DIR = '/tmp/ti/cache'
const site = prepareSite(process.cwd())
const recs = site.releases[0]!.search
let t = performance.now()
await writeSearchIndexes([{ records: recs, outputPath: '/tmp/ti/pf1' }, { records: recs, outputPath: '/tmp/ti/pf2' }])
console.log('two at once', Math.round(performance.now() - t))
t = performance.now()
await writeSearchIndexes([{ records: recs, outputPath: '/tmp/ti/pf3' }])
console.log('one', Math.round(performance.now() - t))
console.log(execSync('diff -rq /tmp/ti/pf1 /tmp/ti/pf2; diff -rq /tmp/ti/pf1 /tmp/ti/pf3; true').toString())
