/**
 * Build what the npm package ships (run by `prepare`, `prepack` and `build`):
 *
 *   lib/                            the `cr` CLI, compiled (esbuild; a chunk per command, loaded when it runs)
 *   dist-index/rules.json           the resolved document (as `cr index` writes it) + index.schema.json
 *   dist-index/examples.json        every worked example, by stable ID (+ schema)
 *   dist-index/timing.json          chapter 11's timing structures as step trees (+ schema)
 *   dist-index/index.js, index.cjs  `src/runtime/` compiled with the release's data, ESM and CommonJS
 *   dist-index/*.d.ts, *.d.cts      its declarations; `release-types.d.ts` holds the generated unions (`RuleId`)
 *
 * Only orchestration lives here: the data comes from `src/core/package/`,
 * the runtime is `src/runtime/`, the CLI `src/cli/`.
 *
 * Run: `npx tsx scripts/build-package.ts [--out DIR] [--rules DIR] [--site URL] [--no-cli]`.
 */
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { build, type Plugin } from 'esbuild'
import ts from 'typescript'
import { compileDir, hasErrors } from '../src/io/compile-dir.ts'
import { PACKAGE_ROOT } from '../src/io/read-sources.ts'
import { writeOutputDir } from '../src/io/write-output.ts'
import { buildNumberHistory } from '../src/core/package/number-history.ts'
import { findReleasesRoot, listReleases, loadRetirements, releaseCitations, releaseIdsKey, storeReleaseIds, type StoredReleaseIds } from '../src/io/releases.ts'
import { readRulesDir } from '../src/io/read-sources.ts'
import { releaseIdsFromFiles } from '../src/core/versions/guard.ts'
import { openCiteContext } from '../src/io/cite-context.ts'
import { buildIndexFiles } from '../src/core/index-json.ts'
import { buildExamples } from '../src/core/package/examples-json.ts'
import { buildReleaseTypes } from '../src/core/package/release-types.ts'
import { buildRuntimeData, type PackageOptions, type RuntimeData } from '../src/core/package/runtime-data.ts'
import { buildTimingTrees } from '../src/core/package/timing-tree.ts'
import examplesSchema from '../schema/examples.schema.json' with { type: 'json' }
import timingSchema from '../schema/timing.schema.json' with { type: 'json' }
import type { ResolvedRelease } from '../src/core/model/types.ts'
import { indexView } from '../src/core/render/document.ts'
import { AJV_OPTIONS, SCHEMAS, type SchemaName } from '../src/core/schema-validators.ts'
import { readBytes, readDirEntries, readText, removePath } from '../src/io/files.ts'

export { DEFAULT_SITE, type PackageOptions } from '../src/core/package/runtime-data.ts'

const RUNTIME = join(PACKAGE_ROOT, 'src/runtime')
/** Runtime modules whose declarations are shipped (`release-types` is generated instead; `release-data` is private). */
const DECLARED = ['index', 'create', 'types', 'data']

/** `src/runtime/` bundled with `data` in place of its stub `release-data.ts`. */
/** A hash of everything the compiler's output depends on: its sources, the schemas, the package version. */
function buildId(): string {
  const h = createHash('sha256')
  const walk = (dir: string): string[] => readDirEntries(dir).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
  for (const file of [...walk(join(PACKAGE_ROOT, 'src')), ...walk(join(PACKAGE_ROOT, 'schema')), join(PACKAGE_ROOT, 'package.json')].sort()) h.update(file.slice(PACKAGE_ROOT.length)).update(readBytes(file))
  return h.digest('hex').slice(0, 16)
}

/**
 * The runtime as ESM and CommonJS. Both load the release's data from one
 * shared `release-data.cjs` (a CommonJS module: `require()` and `import`
 * both read it), so the data, most of the package, is shipped once.
 */
async function compileRuntime(data: RuntimeData): Promise<{ esm: string; cjs: string; data: string }> {
  const json = JSON.stringify(data)
  const releaseData: Plugin = {
    name: 'release-data',
    setup(b) {
      b.onResolve({ filter: /^\.\/release-data\.ts$/ }, () => ({ path: './release-data.cjs', external: true }))
    },
  }
  const banner = `// The Netrunner Comprehensive Rules ${data.version} as a module. Compiled from src/runtime/ by scripts/build-package.ts; do not edit.`
  const one = async (format: 'esm' | 'cjs') => {
    const out = await build({
      entryPoints: [join(RUNTIME, 'index.ts')],
      bundle: true,
      write: false,
      format,
      platform: 'neutral',
      target: 'es2020',
      banner: { js: banner },
      legalComments: 'none',
      plugins: [releaseData],
      logLevel: 'silent',
    })
    return out.outputFiles[0]!.text
  }
  const [esm, cjs] = await Promise.all([one('esm'), one('cjs')])
  // JSON.parse of one string literal loads faster than an object literal this size.
  return { esm, cjs, data: `${banner}\nmodule.exports = JSON.parse(${JSON.stringify(json)})\n` }
}

/** Declarations of the runtime's hand-written modules, for ESM (`.d.ts`) and CommonJS (`.d.cts`). */
function runtimeDeclarations(releaseTypes: string): Record<string, string> {
  const out: Record<string, string> = {}
  const sources: Record<string, string> = { 'release-types': releaseTypes }
  for (const name of DECLARED) {
    const r = ts.transpileDeclaration(readText(join(RUNTIME, `${name}.ts`)), {
      fileName: `${name}.ts`,
      compilerOptions: { allowImportingTsExtensions: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext },
      reportDiagnostics: true,
    })
    if (r.diagnostics && r.diagnostics.length > 0) {
      throw new Error(`src/runtime/${name}.ts: ${r.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')).join('; ')}`)
    }
    sources[name] = r.outputText
  }
  for (const [name, text] of Object.entries(sources)) {
    // Relative specifiers name the emitted files: `./types.ts` → `./types.js` (ESM) or `./types.cjs` (CommonJS).
    out[`${name}.d.ts`] = text.replace(/(from\s+'\.\/[\w-]+)\.ts'/g, "$1.js'")
    out[`${name}.d.cts`] = text.replace(/(from\s+'\.\/[\w-]+)\.ts'/g, "$1.cjs'")
  }
  return out
}

/** Every file of the package's `dist-index/`, by relative name. */
export async function buildPackageFiles(model: ResolvedRelease, options: PackageOptions = {}): Promise<Record<string, string>> {
  const document = indexView(model)
  const timing = buildTimingTrees(document)
  const runtime = await compileRuntime(buildRuntimeData(document, options, timing))
  return {
    ...buildIndexFiles(model),
    'examples.json': `${JSON.stringify(buildExamples(document), null, 1)}\n`,
    'timing.json': `${JSON.stringify(timing, null, 1)}\n`,
    // Shipped beside the data so `$schema` resolves offline, as for rules.json.
    'examples.schema.json': `${JSON.stringify(examplesSchema, null, 2)}\n`,
    'timing.schema.json': `${JSON.stringify(timingSchema, null, 2)}\n`,
    'index.js': runtime.esm,
    'index.cjs': runtime.cjs,
    'release-data.cjs': runtime.data,
    ...runtimeDeclarations(buildReleaseTypes(document, options, timing)),
  }
}

/**
 * `src/core/schema-validators.ts` as the CLI ships it: every schema compiled
 * by ajv at build time (its standalone code, ESM), with the same options,
 * behind the same `validatorFor`. The few ajv run-time helpers that code
 * calls (`ucs2length` for `minLength`) are imported, so the CLI's bundle
 * carries them and ajv stays a devDependency.
 */
export function standaloneValidators(): string {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, esm: true } })
  const names = Object.keys(SCHEMAS) as SchemaName[]
  for (const name of names) ajv.addSchema(SCHEMAS[name], name)
  // CommonJS with an `exports.default`: required, so the function is that default under any loader.
  const code = (createRequire(import.meta.url)('ajv/dist/standalone') as { default: (ajv: Ajv2020, refs: Record<string, string>) => string }).default
  // ajv writes `require("ajv/dist/runtime/x").default` even in ESM: made an import of that CommonJS module, whose
  // default import is its `exports` (Node) or, through a loader's interop (esbuild, vite), already its `default`.
  const helpers: string[] = []
  const body = code(ajv, Object.fromEntries(names.map((n) => [n, n]))).replace(/require\("(ajv\/dist\/runtime\/[\w-]+)"\)\.default/g, (_, path: string) => {
    const n = helpers.length / 2
    helpers.push(`import ajvRuntimeModule${n} from ${JSON.stringify(`${path}.js`)}`, `const ajvRuntime${n} = typeof ajvRuntimeModule${n} === 'function' ? ajvRuntimeModule${n} : ajvRuntimeModule${n}.default`)
    return `ajvRuntime${n}`
  })
  if (/\brequire\(/.test(body)) throw new Error(`standaloneValidators: ajv's code requires something other than a run-time helper: ${/.{0,60}\brequire\(.{0,60}/.exec(body)?.[0]}`)
  return [
    "// Every schema the CLI validates against, compiled by ajv at build time (scripts/build-package.ts); do not edit.",
    ...helpers,
    body,
    `const validators = { ${names.join(', ')} }`,
    'export function validatorFor(name) { return validators[name] }',
    '',
  ].join('\n')
}

const precompiledValidators: Plugin = {
  name: 'precompiled-validators',
  setup(b) {
    b.onResolve({ filter: /\/schema-validators\.ts$/ }, () => ({ path: 'schema-validators', namespace: 'cr-validators' }))
    b.onLoad({ filter: /.*/, namespace: 'cr-validators' }, () => ({ contents: standaloneValidators(), loader: 'js', resolveDir: PACKAGE_ROOT }))
  },
}

/**
 * The `cr` CLI as plain JavaScript in `lib/`: one entry (`main.js`, all
 * `cr --help` loads) and a chunk per command, split at the command table's
 * dynamic imports. Dependencies stay external (the package's `dependencies`,
 * installed beside it), except the language server's libraries: only
 * `cr lsp` (run by rules editors) needs them, so they are bundled into its
 * chunk instead of being installed for every engine (about 1.8 MB).
 */
export async function buildCli(outDir = join(PACKAGE_ROOT, 'lib')): Promise<void> {
  removePath(outDir)
  const packageJson = JSON.parse(readText(join(PACKAGE_ROOT, 'package.json'))) as { dependencies?: Record<string, string> }
  await build({
    // The compile cache's key (src/io/cache.ts): a new build never reads an older one's entries.
    define: { __CR_BUILD__: JSON.stringify(buildId()) },
    entryPoints: { main: join(PACKAGE_ROOT, 'src/cli/main.ts') },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: Object.keys(packageJson.dependencies ?? {}),
    // Bundled CommonJS (vscode-languageserver) calls require() for Node's built-ins.
    banner: { js: "import { createRequire as __crRequire } from 'node:module'; const require = __crRequire(import.meta.url);" },
    chunkNames: 'chunks/[name]-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [precompiledValidators],
  })
}

function shippedReleaseIds(root: string | undefined): Record<string, StoredReleaseIds> {
  const out: Record<string, StoredReleaseIds> = {}
  for (const r of root ? listReleases(root) : []) {
    const files = readRulesDir(r.dir)
    out[r.version] = storeReleaseIds(releaseIdsFromFiles(r.version, files), releaseIdsKey(r.version, files))
  }
  return out
}

export interface BuildOptions {
  /** The rules to compile (default `rules`). */
  rules?: string
  /** Where `dist-index/` goes (default `dist-index`). */
  out?: string
  /** Where the CLI goes (default `lib/`); false for none. */
  cli?: string | false
  site?: string
}

/** Build the CLI and the index; returns a one-line summary, or throws with the rules' report. */
export async function buildPackage(options: BuildOptions = {}): Promise<string> {
  const rules = options.rules ?? 'rules'
  const out = options.out ?? 'dist-index'
  if (options.cli !== false) await buildCli(options.cli)
  const result = compileDir(rules)
  if (!result.document || !result.model || hasErrors(result.messages)) throw new Error(`${result.report()}\nbuild-package: the rules do not compile; nothing written`)
  const pkg: PackageOptions = {}
  if (options.site) pkg.site = options.site.endsWith('/') ? options.site : `${options.site}/`
  // Renamed IDs keep working in `rule()`, as redirects (chains followed).
  // The same context `cr cite` resolves against (src/io/cite-context.ts): one retirement model.
  const context = openCiteContext({ rules, model: result.model })
  pkg.retired = context.table.retired
  // `rule('6.1.4', { version: 'v24.03' })`: every release, resolved to these rules.
  pkg.releases = context.releases()
  const files = await buildPackageFiles(result.model, pkg)
  // The frozen releases' IDs, for `cr check`'s ID guard: a release shipped byte for byte is never parsed again.
  files['release-ids.json'] = `${JSON.stringify(shippedReleaseIds(findReleasesRoot(rules)))}\n`
  // `cr show 10.5.5` in an engine's project: what old numbers named, without compiling a release.
  files['number-history.json'] = `${JSON.stringify(buildNumberHistory(result.document.release.version, result.document.rules, pkg.releases))}\n`
  writeOutputDir(out, files, { inputs: [rules, PACKAGE_ROOT] })
  const kb = (name: string) => `${Math.round(Buffer.byteLength(files[name]!) / 1024)} KB`
  return `wrote ${result.document.rules.length} rules of ${result.document.release.version} (and ${pkg.releases.size} releases) to ${out}/; index.js ${kb('index.js')}, release-types.d.ts ${kb('release-types.d.ts')}${options.cli === false ? '' : `; the CLI to ${options.cli ?? 'lib'}/`}`
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string', default: 'dist-index' },
      rules: { type: 'string', default: 'rules' },
      site: { type: 'string' },
      'no-cli': { type: 'boolean', default: false },
    },
  })
  try {
    const site = values.site ?? process.env.CR_SITE_URL
    const summary = await buildPackage({ rules: values.rules!, out: values.out!, cli: values['no-cli'] ? false : undefined, ...(site ? { site } : {}) })
    process.stderr.write(`build-package: ${summary}\n`)
    return 0
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    return 1
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2))
