/**
 * `cr cite [PATH…]`: find rule citations in an engine's sources (any
 * language), report unknown IDs, stale number/ID pairs, retired IDs and
 * imprecise citations, and how much of the rules the citations cover.
 * The scanning is `src/core/cite`; this file reads files and prints.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import type { CliIo } from '../cli-io.ts'
import { escapeForTerminal } from '../../core/terminal-text.ts'
import { dirname, join, resolve } from 'node:path'
import { DEFAULT_CITE_CONFIG, readCiteConfig, type CiteConfig } from '../../core/cite/config.ts'
import { createScanner } from '../../core/cite/scan.ts'
import { buildCiteTable, withReleases } from '../../core/cite/table.ts'
import type { Citation, CiteProblem, CiteRule, ReleaseRule, Retirement } from '../../core/cite/types.ts'
import { buildCoverageFile, computeCoverage, type CoverageReport } from '../../core/coverage.ts'
import { loadYaml } from '../../core/load-yaml.ts'
import type { ChangelogEntry, CompiledDocument, RuleEntry } from '../../core/types.ts'
import { retirementStatusMap, type Retirements } from '../../core/versions/retired.ts'
import { parseCommandArgs, type CommandSpec } from '../args.ts'
import { compileDir, hasErrors } from '../../io/compile-dir.ts'
import { PACKAGE_ROOT } from '../../io/read-sources.ts'
import { normalizeVersion } from '../../core/versions/release-name.ts'
import { findReleasesRoot, loadRetirementFile, releaseCitations } from '../../io/releases.ts'
import { readSourceText, walkSources } from '../../io/walk-sources.ts'
import { InputError, MAX_DATA_FILE_BYTES, readInputFile } from '../../io/read-input.ts'

export const citeSpec: CommandSpec = {
  name: 'cite',
  summary: 'Check rule citations in source files of any language, and report coverage',
  usage: 'cr cite [options] [PATH…]   (PATH defaults to .; e.g. cr cite src tests --write-coverage coverage.json)',
  flags: [
    { name: 'json', type: 'boolean', description: 'print citations, problems and coverage as JSON (stdout)' },
    { name: 'warn-only', type: 'boolean', description: 'report problems but exit 0' },
    { name: 'strict', type: 'boolean', description: 'fail on warnings (renamed IDs) too' },
    { name: 'quiet', type: 'boolean', description: 'do not print hints' },
    { name: 'uncited', type: 'boolean', description: 'list every uncited rule' },
    { name: 'write-coverage', type: 'string', value: 'FILE', description: 'save which files cite which rules (schema/coverage.schema.json)' },
    { name: 'config', type: 'string', value: 'FILE', description: 'project configuration (default: ./cr.config.json when present)' },
    { name: 'rules', type: 'string', value: 'DIR', description: 'rules to cite against (default: the rules this package ships)' },
    { name: 'index', type: 'string', value: 'FILE', description: 'cite against a rules.json (e.g. a pinned release) instead' },
    { name: 'retired', type: 'string', value: 'FILE', description: 'retired IDs (default: retired.yaml beside the rules)' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'releases for citations that name one, `CR v24.03 6.1.4` (default: releases/ beside the rules, else the package\'s)' },
  ],
}

interface RuleSet {
  version: string
  rules: CiteRule[]
  retired?: ReadonlyMap<string, Retirement>
  /** Every release resolved to these rules. Compiles the releases: called only once a file cites one. */
  releases(): ReadonlyMap<string, readonly ReleaseRule[]>
}

export function citeCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(citeSpec, argv)
  const cwd = io.cwd
  const json = Boolean(values.json)

  const loaded = loadConfig(values.config as string | undefined, cwd)
  if (loaded.problems.length > 0) {
    io.stderr.write(`${loaded.problems.map(formatProblem).join('\n')}\n`)
    return 2
  }
  const ruleSet = loadRules(values as Record<string, string | undefined>)
  if (typeof ruleSet === 'string') {
    io.stderr.write(ruleSet)
    return 2
  }

  let table = buildCiteTable(ruleSet.rules, ruleSet.retired)
  let scanner = createScanner(table, loaded.config)
  const citations: Citation[] = []
  const problems: CiteProblem[] = []
  // Paths that cannot be scanned are reported where they are, and the run goes on.
  const skipped = (path: string, code: CiteProblem['code'], severity: CiteProblem['severity'], message: string) =>
    problems.push({ code, severity, file: path, line: 1, column: 1, message, text: '' })
  const files = walkSources(positionals.length > 0 ? positionals : ['.'], {
    cwd,
    exclude: loaded.config.exclude,
    excludeBase: loaded.base,
    report: (p) => skipped(p.path, p.code, p.severity, p.message),
  })
  const named = new Set(positionals.map((p) => resolve(cwd, p)))
  let scanned = 0
  for (const f of files) {
    let text: string | undefined
    try {
      text = readSourceText(f.abs, f.path)
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      const hint = error.code === 'file-too-large' ? '; add it to `cite.exclude` in cr.config.json' : ''
      skipped(f.path, error.code, 'error', `not scanned: ${error.reason.replace(/^is /, 'it is ')}${hint}`)
      continue
    }
    if (text === undefined) {
      // Binary by content: said as a hint while walking, a warning when the user named the file.
      skipped(f.path, 'file-binary', named.has(f.abs) ? 'warning' : 'hint', 'not scanned: a binary file (NUL bytes near the start)')
      continue
    }
    scanned++
    let result = scanner.scan(text, f.path)
    if (result.needsReleases && !table.releases) {
      // The first file that cites a release (`CR v24.03 6.1.4`): compile the releases, scan it again.
      table = withReleases(table, ruleSet.releases())
      scanner = createScanner(table, loaded.config)
      result = scanner.scan(text, f.path)
    }
    // One by one: `push(...list)` overflows the stack on a file with 200,000 citations.
    for (const c of result.citations) citations.push(c)
    for (const p of result.problems) problems.push(p)
  }

  const coverageFile = buildCoverageFile(citations, ruleSet.version)
  const coverage = computeCoverage(coverageFile, ruleSet.rules)
  const writeTo = values['write-coverage'] as string | undefined
  if (writeTo) {
    mkdirSync(dirname(resolve(cwd, writeTo)), { recursive: true })
    writeFileSync(resolve(cwd, writeTo), `${JSON.stringify(coverageFile, null, 1)}\n`)
  }

  const errors = problems.filter((p) => p.severity === 'error').length
  const warnings = problems.filter((p) => p.severity === 'warning').length
  const failed = !values['warn-only'] && (errors > 0 || (Boolean(values.strict) && warnings > 0))

  if (json) {
    const out = { ok: !failed, version: ruleSet.version, files: scanned, citations, problems, coverage }
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
    return failed ? 1 : 0
  }
  const shown = values.quiet ? problems.filter((p) => p.severity !== 'hint') : problems
  const lines = shown.map(formatProblem)
  lines.push(summaryLine(scanned, citations, problems))
  for (const l of coverageLines(coverage, Boolean(values.uncited))) lines.push(l)
  if (writeTo) lines.push(`cr cite: wrote ${writeTo}`)
  io.stderr.write(`${lines.join('\n')}\n`)
  return failed ? 1 : 0
}

/** One line per problem: `path:line:col: error[code]: message; did you mean …?` */
export function formatProblem(p: CiteProblem): string {
  const help = p.code === 'unknown-rule' && p.suggestions && p.suggestions.length > 0 ? `; did you mean ${p.suggestions.map((s) => `\`${s}\``).join(', ')}?` : ''
  return escapeForTerminal(`${p.file}:${p.line}:${p.column}: ${p.severity}[${p.code}]: ${p.message}${help}`)
}

function summaryLine(files: number, citations: Citation[], problems: CiteProblem[]): string {
  const count = (s: CiteProblem['severity']) => problems.filter((p) => p.severity === s).length
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const rules = new Set(citations.map((c) => c.id)).size
  return `cr cite: ${plural(files, 'file')}, ${plural(citations.length, 'citation')} of ${plural(rules, 'rule')}; ${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('hint'), 'hint')}`
}

function coverageLines(c: CoverageReport, listUncited: boolean): string[] {
  const lines = [`coverage: ${c.cited}/${c.total} citable rules (${c.percent.toFixed(1)}%)`]
  const width = Math.max(...c.chapters.map((ch) => ch.title.length), 10)
  for (const ch of c.chapters) {
    if (ch.total === 0) continue
    lines.push(`  ${ch.number.padStart(2)}  ${ch.title.padEnd(width)}  ${`${ch.cited}/${ch.total}`.padStart(9)}  ${ch.percent.toFixed(1).padStart(5)}%`)
    if (listUncited && ch.uncited.length > 0) for (const id of ch.uncited) lines.push(`        uncited: ${id}`)
  }
  if (!listUncited && c.uncited.length > 0) lines.push(`  ${c.uncited.length} uncited rules; list them with --uncited (or --json)`)
  return lines
}

function loadConfig(explicit: string | undefined, cwd: string): { config: CiteConfig; problems: CiteProblem[]; base: string } {
  const file = explicit ?? (existsSync(join(cwd, 'cr.config.json')) ? 'cr.config.json' : undefined)
  if (!file) return { config: DEFAULT_CITE_CONFIG, problems: [], base: cwd }
  const abs = resolve(cwd, file)
  const base = dirname(abs)
  if (!existsSync(abs)) throw new Error(`No such file: ${file}`)
  const content = readInputFile(abs, { shown: file, maxBytes: MAX_DATA_FILE_BYTES })
  // JSON is YAML: the house loader gives line and column for any key (JSON.parse decides validity).
  const { loaded, messages } = loadYaml({ path: file, content })
  let data: unknown
  try {
    data = JSON.parse(content.toString('utf8'))
  } catch (error) {
    const at = messages[0] ?? { line: 1, column: 1 }
    const message = `Invalid JSON: ${(error as Error).message.replace(/\s+/g, ' ')}`
    return { config: DEFAULT_CITE_CONFIG, problems: [{ code: 'config-invalid', severity: 'error', file, line: at.line, column: at.column, message, text: '' }], base }
  }
  const locate = loaded ? (path: (string | number)[]) => loaded.locate(path, 'key') : undefined
  const { config, problems } = readCiteConfig(data, file, locate)
  return { config, problems, base }
}

/** The rules to cite against; a string is an error report. */
function loadRules(values: Record<string, string | undefined>): RuleSet | string {
  if (values.index) {
    let parsed: unknown
    try {
      parsed = JSON.parse(readInputFile(values.index, { maxBytes: MAX_DATA_FILE_BYTES }).toString('utf8'))
    } catch (error) {
      if (error instanceof InputError) return `cr cite: ${error.message}\n`
      return `cr cite: ${values.index} is not a rules.json: ${(error as Error).message}\n`
    }
    const data = (parsed !== null && typeof parsed === 'object' ? parsed : {}) as { version?: string; effective?: string; rules?: RuleEntry[]; changelog?: ChangelogEntry[] }
    if (!Array.isArray(data.rules) || !data.rules.every((r) => r !== null && typeof r === 'object' && typeof r.id === 'string' && typeof r.number === 'string')) {
      return `cr cite: ${values.index} is not a rules.json (expected an object with a \`rules\` list of entries with \`id\` and \`number\`)\n`
    }
    const version = typeof data.version === 'string' ? data.version : 'unversioned'
    const document: CompiledDocument = { release: { version, effective: data.effective ?? '' }, rules: data.rules, changelog: data.changelog ?? [] }
    // Old releases come from the package; the pinned index is "today", so later releases are left out.
    const packageRules = join(PACKAGE_ROOT, 'rules')
    const retiredFile = values.retired ?? (existsSync(join(packageRules, 'retired.yaml')) ? join(packageRules, 'retired.yaml') : undefined)
    const root = findReleasesRoot(packageRules, values.releases, { fallbackToPackage: true })
    return {
      version,
      rules: data.rules,
      ...(values.retired ? { retired: readRetiredFile(values.retired) } : {}),
      releases: () => releaseCitations(root, document, loadRetiredFile(retiredFile), { upTo: normalizeVersion(version) }),
    }
  }
  const dir = values.rules ?? join(PACKAGE_ROOT, 'rules')
  // An installed package may ship only the built index.
  const built = join(PACKAGE_ROOT, 'dist-index/rules.json')
  if (!values.rules && !existsSync(dir) && existsSync(built)) return loadRules({ ...values, index: built })
  const result = compileDir(dir)
  const document = result.document
  if (!document || hasErrors(result.messages)) {
    return `${result.report()}\ncr cite: the rules in ${dir} do not compile; run \`cr check ${dir}\`\n`
  }
  const retiredFile = values.retired ?? (existsSync(join(dir, 'retired.yaml')) ? join(dir, 'retired.yaml') : undefined)
  const retirements = loadRetiredFile(retiredFile)
  const root = findReleasesRoot(dir, values.releases, { fallbackToPackage: true })
  return {
    version: document.release.version,
    rules: document.rules,
    ...(retiredFile ? { retired: retirementStatusMap(retirements) } : {}),
    // Rules edited from a release (or a release folder itself) are "today": later releases are left out.
    releases: () => releaseCitations(root, document, retirements, { upTo: normalizeVersion(document.release.version) }),
  }
}

/** The retirement file (`rules/retired.yaml`) → the scanner's hook: old ID → status and target. */
export function readRetiredFile(file: string): Map<string, Retirement> {
  return retirementStatusMap(loadRetiredFile(file))
}

/** A broken file reads as empty: `cr check` reports it. */
const loadRetiredFile = (file: string | undefined): Retirements => loadRetirementFile(file).retirements
