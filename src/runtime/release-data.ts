/**
 * The release's data. This stub keeps the runtime's source type-checked in
 * the repository; `scripts/build-package.ts` compiles the runtime with this
 * module replaced by the compiled rules (`JSON.parse` of one string literal,
 * which loads faster than an object literal this size).
 */
import type { RuntimeData } from './data.ts'

const data: RuntimeData = { version: 'unbuilt', effective: '', site: '/', rules: [], redirects: {}, removed: {}, timing: {}, releases: {} }

export default data
