import { performance } from 'node:perf_hooks'
let t = performance.now()
const lap = (l: string) => { const n = performance.now(); console.log(l, Math.round(n - t)); t = n }
const { compileDir } = await import('./src/io/compile-dir.ts'); lap('import compile')
const { guardIds } = await import('./src/io/releases.ts'); lap('import releases')
const r = compileDir('rules'); lap('compile')
const g = guardIds('rules', r.document!); lap('guard')
const r2 = compileDir('rules'); lap('compile again')
