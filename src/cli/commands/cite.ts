/**
 * `cr cite [PATH…]`: find rule citations in an engine's sources (any
 * language), report unknown IDs, stale number/ID pairs, retired IDs, editions
 * not held, rules changed since a baseline, and how much of the rules the
 * citations cover, separately for tests and implementation. The report goes
 * to stdout in the format asked for (`text`, `github`, `sarif`, `json`).
 * The scanning is `src/core/cite`; the rules context is `src/io/cite-context.ts`.
 */
import { replaceFileVerified, WriteFailedError } from '../../io/durable-write.ts'
import { makeDir, pathExists } from '../../io/files.ts'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ignore from 'ignore'
import type { CliIo } from '../cli-io.ts'
import { changedCitations, readBaseline } from '../../core/cite/baseline.ts'
import { configFor, DEFAULT_CITE_CONFIG, readCiteConfig, type CiteConfig } from '../../core/cite/config.ts'
import { formatGithub, formatProblemLine, formatSarif, orderProblems, REPORT_FORMATS, type ReportFormat } from '../../core/cite/report.ts'
import { createScanner, type Scanner } from '../../core/cite/scan.ts'
import type { CiteTable } from '../../core/cite/table.ts'
import type { Citation, CiteProblem } from '../../core/cite/types.ts'
import { buildCoverageFile, computeCoverage, type CoverageReport } from '../../core/coverage.ts'
import { loadYaml } from '../../core/load-yaml.ts'
import type { RuleEntry } from '../../core/types.ts'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import { CiteContextError, openCiteContext, type CiteContext } from '../../io/cite-context.ts'
import { commandContext } from '../../io/context.ts'
import { readSourceText, walkSources } from '../../io/walk-sources.ts'
import { InputError, MAX_DATA_FILE_BYTES, readInputFile } from '../../io/read-input.ts'

export const citeSpec: CommandSpec = {
  name: 'cite',
  summary: 'Check rule citations in source files of any language, and report coverage',
  usage: 'cr cite [options] [PATH…]   (PATH defaults to .; e.g. cr cite src tests --format github --write-coverage coverage.json)',
  flags: [
    { name: 'format', type: 'string', value: 'FORMAT', description: 'text (default: `file:line:col: error: message [code]`), github (workflow annotations), sarif (code scanning), json' },
    { name: 'json', type: 'boolean', description: 'the same as --format json' },
    { name: 'warn-only', type: 'boolean', description: 'report problems but exit 0' },
    { name: 'strict', type: 'boolean', description: 'fail on warnings (renamed IDs, editions not held, changed rules) too' },
    { name: 'quiet', type: 'boolean', description: 'do not print hints (the default when the CI variable is set)' },
    { name: 'hints', type: 'boolean', description: 'print hints even in CI' },
    { name: 'uncited', type: 'boolean', description: 'list every uncited rule, with its number and title' },
    { name: 'baseline', type: 'string', value: 'FILE', description: 'a coverage file or rules.json from before: warn about citations of rules whose text changed since' },
    { name: 'write-coverage', type: 'string', value: 'FILE', description: 'save which files cite which rules, and the cited rules\' text hashes (schema/coverage.schema.json)' },
    { name: 'config', type: 'string', value: 'FILE', description: 'project configuration (default: ./cr.config.json when present)' },
    { name: 'rules', type: 'string', value: 'DIR', description: 'rules to cite against (default: the rules this package ships)' },
    { name: 'index', type: 'string', value: 'FILE', description: 'cite against a rules.json (e.g. a pinned release) instead' },
    { name: 'retired', type: 'string', value: 'FILE', description: 'retired IDs (default: retired.yaml beside the rules, else the package\'s)' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'releases for citations that name one, `CR v24.03 6.1.4` (default: releases/ beside the rules, else the package\'s)' },
  ],
}

export function citeCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(citeSpec, argv)
  const cwd = io.cwd
  const format = (values.json ? 'json' : ((values.format as string | undefined) ?? 'text')) as ReportFormat
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`unknown format \`${format}\`, expected one of ${REPORT_FORMATS.join(', ')}`)
  const ci = Boolean(io.env.CI) && io.env.CI !== 'false' && io.env.CI !== '0'
  const showHints = Boolean(values.hints) || (!values.quiet && !ci)

  const loaded = loadConfig(values.config as string | undefined, cwd)
  if (loaded.problems.length > 0) {
    io.stderr.write(`${loaded.problems.map(formatProblemLine).join('\n')}\n`)
    return 2
  }
  let context: CiteContext
  try {
    context = openCiteContext({
      ctx: commandContext(io),
      ...(values.rules !== undefined ? { rules: values.rules as string } : {}),
      ...(values.index !== undefined ? { index: values.index as string } : {}),
      ...(values.retired !== undefined ? { retired: values.retired as string } : {}),
      ...(values.releases !== undefined ? { releases: values.releases as string } : {}),
    })
  } catch (error) {
    if (!(error instanceof CiteContextError)) throw error
    io.stderr.write(`${error.report}\n`)
    return 2
  }

  const base = loaded.base
  const matcher = (globs: readonly string[]) => {
    const ig = ignore().add(globs as string[])
    return (file: string) => {
      const rel = relative(base, resolve(cwd, file)).split(sep).join('/')
      return !rel.startsWith('..') && rel !== '' && ig.ignores(rel)
    }
  }
  const isTest = matcher(loaded.config.tests)
  // One scanner per distinct set of overrides; the table gains the releases once a file cites one.
  let table: CiteTable = { ...context.table, editions: context.heldReleases }
  const scanners = new Map<string, Scanner>()
  const overrideMatchers = loaded.config.overrides.map((o) => matcher(o.files))
  const scannerFor = (file: string): Scanner => {
    const { key, config } = configFor(loaded.config, (_, i) => overrideMatchers[i]!(file))
    let s = scanners.get(key)
    if (!s) scanners.set(key, (s = createScanner(table, config)))
    return s
  }

  const citations: Citation[] = []
  const problems: CiteProblem[] = []
  // Paths that cannot be scanned are reported where they are, and the run goes on.
  const skipped = (path: string, code: CiteProblem['code'], severity: CiteProblem['severity'], message: string) =>
    problems.push({ code, severity, file: path, line: 1, column: 1, message, text: '' })
  const files = walkSources(positionals.length > 0 ? positionals : ['.'], {
    cwd,
    exclude: loaded.config.exclude,
    excludeBase: base,
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
    let result = scannerFor(f.path).scan(text, f.path)
    if (result.needsReleases && !table.releases) {
      // The first file that cites a release (`CR v24.03 6.1.4`): compile the releases, scan it again.
      table = { ...context.tableWithReleases(), editions: context.heldReleases }
      scanners.clear()
      result = scannerFor(f.path).scan(text, f.path)
    }
    // One by one: `push(...list)` overflows the stack on a file with 200,000 citations.
    for (const c of result.citations) citations.push(c)
    for (const p of result.problems) problems.push(p)
  }

  if (values.baseline !== undefined) problems.push(...baselineProblems(values.baseline as string, cwd, citations, context))

  const needHashes = values['write-coverage'] !== undefined
  const coverageFile = buildCoverageFile(citations, context.version, undefined, { isTest, ...(needHashes ? { hashes: context.hashes() } : {}) })
  const coverage = computeCoverage(coverageFile, context.document.rules)
  const writeTo = values['write-coverage'] as string | undefined
  if (writeTo) {
    try {
      makeDir(dirname(resolve(cwd, writeTo)))
      // Verified and renamed into place; a symbolic link at the path is refused, never written through.
      replaceFileVerified(resolve(cwd, writeTo), `${JSON.stringify(coverageFile, null, 1)}\n`)
    } catch (error) {
      if (!(error instanceof WriteFailedError)) throw error
      io.stderr.write(`${writeTo}: error[write-failed]: ${error.reason}; nothing written\n`)
      return 1
    }
  }

  const errors = problems.filter((p) => p.severity === 'error').length
  const warnings = problems.filter((p) => p.severity === 'warning').length
  const failed = !values['warn-only'] && (errors > 0 || (Boolean(values.strict) && warnings > 0))
  const ordered = orderProblems(problems)
  const shown = showHints ? ordered : ordered.filter((p) => p.severity !== 'hint')

  if (format === 'json') {
    const out = { ok: !failed, version: context.version, files: scanned, citations, problems: ordered, coverage }
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
    return failed ? 1 : 0
  }
  if (format === 'sarif') {
    io.stdout.write(`${JSON.stringify(formatSarif(shown, { version: context.version, informationUri: 'https://github.com/netrunner-cr/netrunner-cr' }), null, 2)}\n`)
    return failed ? 1 : 0
  }
  const lines = [summaryLine(scanned, citations, problems)]
  lines.push(...(format === 'github' ? formatGithub(shown) : shown.map(formatProblemLine)))
  lines.push(...coverageLines(coverage, Boolean(values.uncited), context.document.rules))
  if (writeTo) lines.push(`cr cite: wrote ${writeTo}`)
  io.stdout.write(`${lines.join('\n')}\n`)
  return failed ? 1 : 0
}

/** Citations of rules whose text hash differs from the baseline's, explained by the release history when the baseline's release is held. */
function baselineProblems(file: string, cwd: string, citations: Citation[], context: CiteContext): CiteProblem[] {
  const abs = resolve(cwd, file)
  if (!pathExists(abs)) throw new Error(`No such file: ${file}`)
  let data: unknown
  try {
    // Bounded and regular files only, like every input: a FIFO or /dev/zero as a baseline is refused.
    data = JSON.parse(readInputFile(abs, { shown: file, maxBytes: MAX_DATA_FILE_BYTES }).toString('utf8'))
  } catch (error) {
    if (error instanceof InputError) throw new Error(error.message)
    throw new Error(`${file} is not JSON: ${(error as Error).message}`)
  }
  const baseline = readBaseline(data)
  if (!baseline) throw new Error(`${file} has no rule hashes: expected a coverage file written by \`cr cite --write-coverage\` or a rules.json`)
  const numbers = new Map(context.document.rules.map((r) => [r.id, r.number]))
  const held = context.heldReleases.includes(baseline.version) && baseline.version !== context.version
  return changedCitations(citations, baseline, context.hashes(), (id) => numbers.get(id), (id) => {
    if (!held) return undefined
    // `rule(id, { version })` knows this history: the release's entry for today's ID, and where it changed since.
    const entry = context.releases().get(baseline.version)?.find((e) => e.currentId === id)
    if (!entry) return undefined
    const when = entry.changedIn.map((v) => (v === 'current' ? 'the current rules' : v))
    const moved = entry.number !== numbers.get(id) ? `, numbered ${entry.number} then` : ''
    return when.length > 0 ? `reworded in ${when.join(', ')}${moved}` : `its text differs from ${baseline.version}'s${moved}`
  })
}

function summaryLine(files: number, citations: Citation[], problems: CiteProblem[]): string {
  const count = (s: CiteProblem['severity']) => problems.filter((p) => p.severity === s).length
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const rules = new Set(citations.map((c) => c.id)).size
  return `cr cite: ${plural(files, 'file')}, ${plural(citations.length, 'citation')} of ${plural(rules, 'rule')}; ${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('hint'), 'hint')}`
}

function coverageLines(c: CoverageReport, listUncited: boolean, rules: readonly RuleEntry[]): string[] {
  const lines = [`coverage: ${c.cited}/${c.total} citable rules (${c.percent.toFixed(1)}%); tests cite ${c.tested}, implementation ${c.implemented}`]
  const width = Math.max(...c.chapters.map((ch) => ch.title.length), 10)
  const byId = listUncited ? new Map(rules.map((r) => [r.id, r])) : undefined
  for (const ch of c.chapters) {
    if (ch.total === 0) continue
    lines.push(`  ${ch.number.padStart(2)}  ${ch.title.padEnd(width)}  ${`${ch.cited}/${ch.total}`.padStart(9)}  ${ch.percent.toFixed(1).padStart(5)}%  tests ${String(ch.tested).padStart(4)}  impl ${String(ch.implemented).padStart(4)}`)
    if (byId && ch.uncited.length > 0) for (const id of ch.uncited) lines.push(`        uncited: ${describeRule(byId.get(id), id)}`)
  }
  if (!listUncited && c.uncited.length > 0) lines.push(`  ${c.uncited.length} uncited rules; list them with --uncited (or --format json)`)
  return lines
}

/** `6.1.4 rule_end_the_run — To end the run is to halt…` */
function describeRule(r: RuleEntry | undefined, id: string): string {
  if (!r) return id
  const title = (r.title ?? r.text).replace(/\s+/g, ' ')
  return `${r.number} ${id} — ${title.length > 70 ? `${title.slice(0, 69)}…` : title}`
}

function loadConfig(explicit: string | undefined, cwd: string): { config: CiteConfig; problems: CiteProblem[]; base: string } {
  const file = explicit ?? (pathExists(join(cwd, 'cr.config.json')) ? 'cr.config.json' : undefined)
  if (!file) return { config: DEFAULT_CITE_CONFIG, problems: [], base: cwd }
  const abs = resolve(cwd, file)
  const base = dirname(abs)
  if (!pathExists(abs)) throw new Error(`No such file: ${file}`)
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
