/**
 * `cr cite [PATH…]`: find rule citations in an engine's sources (any
 * language), report unknown IDs, stale number/ID pairs, retired IDs, editions
 * not held, rules changed since a baseline, and how much of the rules the
 * citations cover, separately for tests and implementation. The report goes
 * to stdout in the format asked for (`text`, `github`, `sarif`, `json`).
 * The scanning is `src/core/cite`; the rules context is `src/io/cite-context.ts`.
 */
import { WriteFailedError } from '../../io/durable-write.ts'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import ignore from 'ignore'
import type { CliIo } from '../cli-io.ts'
import { configFor, DEFAULT_CITE_CONFIG, readCiteConfig, type CiteConfig } from '../../core/cite/config.ts'
import { writeFailure, writeFailures } from '../report.ts'
import { formatGithub, formatProblemLine, formatSarif, orderProblems, REPORT_FORMATS, type ReportFormat } from '../../core/cite/report.ts'
import { isCrCopy, skippedByContent, skippedByName } from '../../core/cite/classify.ts'
import { readExceptions, type ResolveWritten } from '../../core/cite/exceptions.ts'
import { checkMinCoverage, parseMinCoverage } from '../../core/cite/gate.ts'
import { buildMatrix } from '../../core/cite/matrix.ts'
import type { FileKind } from '../../core/cite/traceability.ts'
import { createScanner, type Scanner } from '../../core/cite/scan.ts'
import type { CiteTable } from '../../core/cite/table.ts'
import type { Citation, CiteProblem, CiteRule } from '../../core/cite/types.ts'
import { buildCoverageFile, computeCoverage, type CoverageReport } from '../../core/coverage.ts'
import { clipText } from '../../core/clip-text.ts'
import { placedOrNot } from '../../core/diagnostics.ts'
import { loadYaml } from '../../core/load-yaml.ts'
import type { RuleEntry } from '../../core/types.ts'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import { CiteContextError, openCiteContext, type CiteContext } from '../../io/cite-context.ts'
import { commandContext } from '../../io/context.ts'
import { readSourceText, walkSources } from '../../io/walk-sources.ts'
import { InputError } from '../../io/read-input.ts'
import { citeFileExists, citePathKind, findCiteConfig, findProjectRoot, readCiteBytes, toolVersion, writeCiteReport } from '../../io/cite-files.ts'
import { applyBaseline, baselineReading, openBaseline } from './cite-baseline.ts'
import { baselineNote } from '../../core/cite/advice.ts'
import { createTracer } from './cite-trace.ts'
import { findImpactRule, impactLines } from './cite-impact.ts'

export const citeSpec: CommandSpec = {
  name: 'cite',
  summary: 'Check rule citations in source files of any language, and report coverage',
  usage: 'cr cite [options] [PATH…]   (PATH defaults to .; e.g. cr cite src tests --format github --write-coverage coverage.json)',
  flags: [
    { name: 'format', type: 'string', value: 'FORMAT', description: 'text (default: `file:line:col: error: message [code]`), github (workflow annotations), sarif (code scanning), json, markdown (a pull-request comment: coverage, failing tests, problems)' },
    { name: 'results', type: 'string', value: 'FILE', multiple: true, description: 'test results: JUnit XML (vitest, jest, cargo-nextest, pytest, clojure.test, dotnet…) or the log cite() writes with CR_CITE_LOG; coverage then counts rules cited by tests that ran and passed' },
    { name: 'min-coverage', type: 'string', value: 'N|CH=N', multiple: true, description: 'fail under N% coverage overall (80) or in a chapter (6=90); with --results, of tests that passed' },
    { name: 'exceptions', type: 'string', value: 'FILE', description: 'rules not to be covered, each with a reason (JSON or YAML): left out of every total' },
    { name: 'impact', type: 'string', value: 'RULE', description: 'which tests (with their status) and which code cite a rule or its sub-rules, then exit' },
    { name: 'write-matrix', type: 'string', value: 'FILE', description: 'save the traceability matrix: rule → tests with status → implementation (schema/matrix.schema.json)' },
    { name: 'json', type: 'boolean', description: 'the same as --format json' },
    { name: 'warn-only', type: 'boolean', description: 'report problems but exit 0' },
    { name: 'strict', type: 'boolean', description: 'fail on warnings (renamed IDs, editions not held, changed rules) too' },
    { name: 'quiet', type: 'boolean', description: 'do not print hints (the default when the CI variable is set)' },
    { name: 'hints', type: 'boolean', description: 'print hints even in CI' },
    { name: 'uncited', type: 'boolean', description: 'list every uncited rule, with its number and title' },
    { name: 'baseline', type: 'string', value: 'FILE|RELEASE', description: 'a coverage file or rules.json from before, or a held release (v25.08): warn about cited rules whose text changed since, and numbers that meant another rule then (bare numbers are read in its numbering; drop it, or pass a coverage file written now, once the citations are updated)' },
    { name: 'write-coverage', type: 'string', value: 'FILE', description: 'save which files cite which rules, and the cited rules\' text hashes (schema/coverage.schema.json)' },
    { name: 'config', type: 'string', value: 'FILE', description: 'project configuration (default: the nearest cr.config.json at or above the first PATH, up to the project\'s root: the folder with .git)' },
    { name: 'rules', type: 'string', value: 'DIR', description: 'rules to cite against (default: the rules this package ships)' },
    { name: 'index', type: 'string', value: 'FILE', description: 'cite against a rules.json (e.g. a pinned release) instead' },
    { name: 'retired', type: 'string', value: 'FILE', description: 'retired IDs (default: retired.yaml beside the rules, else the package\'s)' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'releases for citations that name one, `CR v24.03 6.1.4` (default: releases/ beside the rules, else the package\'s)' },
  ],
}

export async function citeCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(citeSpec, argv)
  const cwd = io.cwd
  const format = (values.json ? 'json' : ((values.format as string | undefined) ?? 'text')) as ReportFormat
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`unknown format \`${format}\`, expected one of ${REPORT_FORMATS.join(', ')}`)
  const ci = Boolean(io.env.CI) && io.env.CI !== 'false' && io.env.CI !== '0'
  const showHints = Boolean(values.hints) || (!values.quiet && !ci)

  const loaded = loadConfig(values.config as string | undefined, cwd, positionals, values.exceptions !== undefined)
  if (loaded.problems.length > 0) {
    io.stderr.write(`${loaded.problems.map(formatProblemLine).join('\n')}\n`)
    return 2
  }
  // Arguments are checked before anything is scanned: a mistake is said at once.
  const min = parseMinCoverage((values['min-coverage'] as string[] | undefined) ?? [], loaded.config.minCoverage)
  if (typeof min === 'string') throw new UsageError(min)
  checkPaths(values, positionals, cwd)
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

  // What needs the rules to be checked, checked before the scan too.
  const baseline = values.baseline !== undefined ? openBaseline(values.baseline as string, cwd, context) : undefined
  // Under a baseline of another release, bare numbers are read in its numbering: advice then names no bare number, and the report says so once.
  const reading = baseline !== undefined ? baselineReading(baseline, context) : undefined
  const note = reading !== undefined ? baselineNote(reading, values.baseline as string, baseline!.kind !== 'coverage') : undefined
  const tableOf = (t: CiteTable): CiteTable => ({ ...t, editions: context.heldReleases, ...(reading !== undefined ? { numbersReadAs: reading } : {}) })

  const base = loaded.base
  // Globs are matched from the config's folder, else from the root of the project each path belongs to:
  // the same verdicts from any working directory (`cr cite ../engine`).
  const roots = (positionals.length > 0 ? positionals : ['.']).map((p) => findProjectRoot(p, cwd))
  const baseFor = (abs: string): string => {
    const inside = (dir: string) => {
      const rel = relative(dir, abs)
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
    }
    if (loaded.file !== undefined && inside(base)) return base
    return roots.find(inside) ?? base
  }
  const matcher = (globs: readonly string[]) => {
    const ig = ignore().add(globs as string[])
    // Asked once per citation as well as per file: the verdict is kept per file.
    const verdicts = new Map<string, boolean>()
    return (file: string) => {
      let verdict = verdicts.get(file)
      if (verdict === undefined) {
        const abs = resolve(cwd, file)
        const rel = relative(baseFor(abs), abs).split(sep).join('/')
        verdict = !rel.startsWith('..') && rel !== '' && ig.ignores(rel)
        verdicts.set(file, verdict)
      }
      return verdict
    }
  }
  const isTest = matcher(loaded.config.tests)
  const isDoc = matcher(loaded.config.docs)
  const kindOf = (file: string): FileKind => (isTest(file) ? 'test' : isDoc(file) ? 'doc' : 'impl')
  const tracer = createTracer((values.results as string[] | undefined) ?? [], cwd)
  if (tracer.problems.length > 0) {
    io.stderr.write(`${tracer.problems.map(formatProblemLine).join('\n')}\n`)
    return 2
  }
  // cr's own inputs and outputs are never sources.
  const own = new Set(
    [values['write-coverage'], values['write-matrix'], values.exceptions, values.baseline, loaded.file, ...((values.results as string[] | undefined) ?? [])]
      .filter((x): x is string => typeof x === 'string')
      .map((x) => resolve(cwd, x)),
  )
  // One scanner per distinct set of overrides; the table gains the releases once a file cites one.
  let table: CiteTable = tableOf(context.table)
  const scanners = new Map<string, Scanner>()
  const overrideMatchers = loaded.config.overrides.map((o) => matcher(o.files))
  const scannerFor = (file: string): Scanner => {
    const { key, config } = configFor(loaded.config, (_, i) => overrideMatchers[i]!(file))
    let s = scanners.get(key)
    if (!s) scanners.set(key, (s = createScanner(table, config)))
    return s
  }
  // The first text that cites a release (`CR v24.03 6.1.4`), or an old number: the releases compiled, the scanners made again.
  const withReleases = () => {
    table = tableOf(context.tableWithReleases())
    scanners.clear()
  }
  // The rule `--impact` asks about, read as the same words cited in a file would be: `CR v24.03 6.2.5` is
  // v24.03's 6.2.5, and under a release baseline a bare number is the baseline's.
  let impact: CiteRule | undefined
  if (values.impact !== undefined) {
    const query = values.impact as string
    let read = scannerFor('--impact').resolve(query, '--impact', 1, 1)
    if (read.needsReleases) {
      withReleases()
      read = scannerFor('--impact').resolve(query, '--impact', 1, 1)
    }
    const found = read.rule !== undefined ? table.byId.get(read.rule.id) ?? read.rule : findImpactRule(query, context.table, context.document.rules)
    if (typeof found === 'string') throw new UsageError(read.problem !== undefined && read.problem.code !== 'unknown-rule' ? `--impact ${query}: ${read.problem.message}` : found)
    impact = found
    if (baseline !== undefined && read.number !== undefined) {
      const [then] = applyBaseline(baseline, [{ file: '--impact', line: 1, column: 1, id: found.id, text: query, via: 'number', number: read.number }], context).citations
      impact = (then !== undefined ? table.byId.get(then.id) : undefined) ?? found
    }
  }

  let citations: Citation[] = []
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
  const scanText = (text: string, path: string) => {
    let result = scannerFor(path).scan(text, path)
    if (result.needsReleases && !table.releases) {
      withReleases()
      result = scannerFor(path).scan(text, path)
    }
    return result
  }
  let scanned = 0
  let notRead = 0
  for (const f of files) {
    if (own.has(f.abs) || (!named.has(f.abs) && skippedByName(f.path) !== undefined)) {
      notRead++
      continue
    }
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
    if (!named.has(f.abs) && skippedByContent(text.slice(0, 2048)) !== undefined) {
      notRead++
      continue
    }
    scanned++
    const result = scanText(text, f.path)
    const kind = kindOf(f.path)
    const distinct = new Set(result.citations.map((c) => c.id)).size
    if (isCrCopy(kind, distinct)) {
      // A copy of the CR covers everything and tests nothing; an old edition's numbers are not today's.
      problems.push({ code: 'not-counted', severity: 'hint', file: f.path, line: 1, column: 1, text: '', message: `not counted: it cites ${distinct} distinct rules, like a copy of the CR; neither checked nor counted (list it in \`cite.exclude\` to skip it)` })
      continue
    }
    tracer.file(f.path, text, kind, result.citations)
    // One by one: `push(...list)` overflows the stack on a file with 200,000 citations.
    for (const c of result.citations) citations.push(c)
    for (const p of result.problems) problems.push(p)
  }
  {
    const fromResults = tracer.finish(scanText, () => table)
    for (const c of fromResults.citations) citations.push(c)
    for (const p of fromResults.problems) problems.push(p)
  }

  if (baseline !== undefined) {
    const checked = applyBaseline(baseline, citations, context)
    // Trace is by citation: a renumbered one, recounted for the rule it meant, stays its test's.
    tracer.carry(citations, checked.citations)
    citations = checked.citations
    // A number the baseline read in its numbering is not "read as today's": that hint would contradict the baseline's reading.
    const moot = (p: CiteProblem) => p.code === 'number-changed-meaning' && checked.readThen.has(`${p.file}:${p.line}:${p.column}`)
    if (problems.some(moot)) problems.splice(0, problems.length, ...problems.filter((p) => !moot(p)))
    for (const p of checked.problems) problems.push(p)
  }

  // Exceptions: rules not to be covered, each with a reason.
  const exceptionsFile = (values.exceptions as string | undefined) ?? (loaded.config.exceptions !== undefined ? relative(cwd, resolve(base, loaded.config.exceptions)) || loaded.config.exceptions : undefined)
  let exceptions = new Map<string, string>()
  let exceptionPlaces = new Map<string, { line: number; column: number }>()
  if (exceptionsFile !== undefined) {
    // Each rule is resolved as the same words cited would be (an old number through the releases).
    const resolveWritten = (written: string, line: number, column: number) => {
      let r = scannerFor(exceptionsFile).resolve(written, exceptionsFile, line, column)
      if (r.needsReleases && !table.releases) {
        withReleases()
        r = scannerFor(exceptionsFile).resolve(written, exceptionsFile, line, column)
      }
      return r
    }
    const read = loadExceptions(exceptionsFile, cwd, resolveWritten)
    const invalid = read.problems.filter((p) => p.code === 'exceptions-invalid')
    if (invalid.length > 0) {
      io.stderr.write(`${invalid.map(formatProblemLine).join('\n')}\n`)
      return 2
    }
    // Renamed IDs and old numbers in the exceptions: warned about like citations, counted for today's rule.
    for (const p of read.problems) problems.push(p)
    exceptions = read.exceptions
    exceptionPlaces = read.places
  }

  const needHashes = values['write-coverage'] !== undefined
  const generator = `cr cite ${toolVersion()}`
  const coverageFile = buildCoverageFile(citations, context.version, undefined, {
    isTest,
    isDoc: (f) => !isTest(f) && isDoc(f),
    trace: tracer.trace,
    testCases: tracer.testCases,
    ...(tracer.results ? { results: tracer.results } : {}),
    generator,
    ...(needHashes ? { hashes: context.hashes() } : {}),
  })
  if (Object.keys(tracer.testCases).length === 0) delete coverageFile.testCases
  const coverage = computeCoverage(coverageFile, context.document.rules, { exceptions })
  for (const [id, reason] of exceptions) {
    // At the entry that excepts it.
    if (coverage.rules[id]) problems.push({ code: 'exception-covered', severity: 'hint', file: exceptionsFile!, ...(exceptionPlaces.get(id) ?? { line: 1, column: 1 }), text: id, message: `\`${id}\` is excepted ("${reason}") but cited in ${coverage.rules[id]!.files.join(', ')}: the exception can go` })
  }
  // Each minimum at its key in the config; the command line's about no file.
  for (const p of checkMinCoverage(coverage, min)) problems.push(p)
  applySeverity(problems, loaded.config.severity)

  if (impact !== undefined) {
    io.stdout.write(`${impactLines(impact, context.document.rules, coverageFile).join('\n')}\n`)
    return 0
  }
  const matrix = values['write-matrix'] !== undefined || format === 'markdown' ? buildMatrix(coverageFile, context.document.rules, exceptions, generator) : undefined
  if (values['write-matrix'] !== undefined) {
    try {
      writeCiteReport(values['write-matrix'] as string, cwd, `${JSON.stringify({ $schema: 'https://github.com/netrunner-cr/netrunner-cr/schema/matrix.schema.json', ...matrix }, null, 1)}\n`)
    } catch (error) {
      if (!(error instanceof WriteFailedError)) throw error
      writeFailures(io, [writeFailure(values['write-matrix'] as string, error, 'cr cite')], 'text', 'cite')
      return 1
    }
  }
  const writeTo = values['write-coverage'] as string | undefined
  if (writeTo) {
    try {
      // Verified and renamed into place; a symbolic link at the path is refused, never written through.
      writeCiteReport(writeTo, cwd, `${JSON.stringify(coverageFile, null, 1)}\n`)
    } catch (error) {
      if (!(error instanceof WriteFailedError)) throw error
      writeFailures(io, [writeFailure(writeTo, error, 'cr cite')], 'text', 'cite')
      return 1
    }
  }

  const errors = problems.filter((p) => p.severity === 'error').length
  const warnings = problems.filter((p) => p.severity === 'warning').length
  const failed = !values['warn-only'] && (errors > 0 || (Boolean(values.strict) && warnings > 0))
  const ordered = orderProblems(problems)
  // In CI a number that named another rule in a held release is still said (a notice on GitHub): a doubt a reviewer should see.
  const shown = showHints ? ordered : ordered.filter((p) => p.severity !== 'hint' || (!values.quiet && SHOWN_IN_CI.has(p.code)))

  if (format === 'json') {
    const out = { ok: !failed, version: context.version, config: loaded.file ?? null, ...(baseline !== undefined ? { baseline: { version: baseline.version, ...(note !== undefined ? { note } : {}) } } : {}), files: scanned, citations, problems: ordered.map(placedOrNot), coverage }
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
    return failed ? 1 : 0
  }
  if (format === 'sarif') {
    io.stdout.write(`${JSON.stringify(formatSarif(shown, { version: toolVersion(), rulesVersion: context.version, ...(loaded.file !== undefined ? { config: loaded.file } : {}), ...(baseline !== undefined ? { baseline: baseline.version, ...(note !== undefined ? { baselineNote: note } : {}) } : {}), informationUri: 'https://github.com/netrunner-cr/netrunner-cr' }), null, 2)}\n`)
    return failed ? 1 : 0
  }
  if (format === 'markdown') {
    // The Markdown serialiser is loaded only for this format.
    const { formatMarkdown } = await import('../../core/cite/matrix-markdown.ts')
    io.stdout.write(formatMarkdown(matrix!, ordered))
    return failed ? 1 : 0
  }
  const lines = [summaryLine(scanned, citations, problems, notRead)]
  // Which configuration was read: found upward, it may not be where cr cite ran.
  if (loaded.file !== undefined) lines.push(`config: ${loaded.file}`)
  if (note !== undefined) lines.push(`baseline ${baseline!.version}: ${note}`)
  lines.push(...(format === 'github' ? formatGithub(shown) : shown.map(formatProblemLine)))
  lines.push(...coverageLines(coverage, Boolean(values.uncited), context.document.rules))
  if (writeTo) lines.push(`cr cite: wrote ${writeTo}`)
  io.stdout.write(`${lines.join('\n')}\n`)
  return failed ? 1 : 0
}

/** Every path given is there, and of its kind: a usage error names the flag, before anything is read. */
function checkPaths(values: Record<string, unknown>, positionals: readonly string[], cwd: string): void {
  const want = (flag: string, value: unknown, kind: 'file' | 'folder') => {
    if (typeof value !== 'string') return
    const found = citePathKind(value, cwd)
    if (found === kind) return
    throw new UsageError(`${flag}${value}: ${found === undefined ? `no such ${kind}` : found === 'folder' ? 'is a folder, expected a regular file' : 'is a file, expected a folder'}`)
  }
  for (const p of positionals) if (citePathKind(p, cwd) === undefined) throw new UsageError(`no such file or folder: ${p}`)
  want('--rules ', values.rules, 'folder')
  want('--releases ', values.releases, 'folder')
  want('--index ', values.index, 'file')
  want('--retired ', values.retired, 'file')
  want('--exceptions ', values.exceptions, 'file')
  for (const f of (values.results as string[] | undefined) ?? []) want('--results ', f, 'file')
}

function summaryLine(files: number, citations: Citation[], problems: CiteProblem[], notRead = 0): string {
  const count = (s: CiteProblem['severity']) => problems.filter((p) => p.severity === s).length
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const rules = new Set(citations.map((c) => c.id)).size
  const skipped = notRead > 0 ? ` (${notRead} not read: lock files, test results, cr's own files)` : ''
  return `cr cite: ${plural(files, 'file')}${skipped}, ${plural(citations.length, 'citation')} of ${plural(rules, 'rule')}; ${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('hint'), 'hint')}`
}

function coverageLines(c: CoverageReport, listUncited: boolean, rules: readonly RuleEntry[]): string[] {
  const lines: string[] = []
  if (c.executed) {
    const t = c.executed.tests
    lines.push(`coverage by tests that passed: ${c.executed.passing}/${c.total} citable rules (${c.executed.percent.toFixed(1)}%); tests ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped, ${t.notRun} not run`)
    if (c.executed.failing.length > 0) lines.push(`  rules some failing test cites: ${c.executed.failing.length} (${c.executed.failing.slice(0, 5).join(', ')}${c.executed.failing.length > 5 ? ', …' : ''})`)
  }
  lines.push(`coverage: ${c.cited}/${c.total} citable rules (${c.percent.toFixed(1)}%); tests cite ${c.tested}, implementation ${c.implemented}${c.excepted ? `; ${c.excepted.length} excepted` : ''}`)
  const width = Math.max(...c.chapters.map((ch) => ch.title.length), 10)
  const byId = listUncited ? new Map(rules.map((r) => [r.id, r])) : undefined
  for (const ch of c.chapters) {
    if (ch.total === 0) continue
    const passing = ch.passing !== undefined ? `  passing ${String(ch.passing).padStart(4)} ${(ch.passingPercent ?? 0).toFixed(1).padStart(5)}%` : ''
    lines.push(`  ${ch.number.padStart(2)}  ${ch.title.padEnd(width)}  ${`${ch.cited}/${ch.total}`.padStart(9)}  ${ch.percent.toFixed(1).padStart(5)}%  tests ${String(ch.tested).padStart(4)}  impl ${String(ch.implemented).padStart(4)}${passing}`)
    if (byId && ch.uncited.length > 0) for (const id of ch.uncited) lines.push(`        uncited: ${describeRule(byId.get(id), id)}`)
  }
  if (!listUncited && c.uncited.length > 0) lines.push(`  ${c.uncited.length} uncited rules; list them with --uncited (or --format json)`)
  return lines
}

/** `6.1.4 rule_end_the_run — To end the run is to halt…` */
function describeRule(r: RuleEntry | undefined, id: string): string {
  if (!r) return id
  return `${r.number} ${id} — ${clipText(r.title ?? r.text, 70)}`
}

/**
 * The project's configuration: `--config FILE`, else the nearest
 * `cr.config.json` at or above the first path (the working folder by
 * default), up to the project's root (`findCiteConfig`). `file` is shown
 * relative to the working folder; `base`, its folder, is where globs match from.
 */
function loadConfig(explicit: string | undefined, cwd: string, positionals: readonly string[] = [], exceptionsGiven = false): { config: CiteConfig; problems: CiteProblem[]; base: string; file?: string } {
  if (explicit !== undefined && !citeFileExists(explicit, cwd)) throw new UsageError(`--config ${explicit}: no such file`)
  const found = explicit ?? findCiteConfig(positionals[0] ?? '.', cwd)
  if (found === undefined) return { config: DEFAULT_CITE_CONFIG, problems: [], base: cwd }
  const file = relative(cwd, resolve(cwd, found)) || 'cr.config.json'
  const base = dirname(resolve(cwd, file))
  const content = readCiteBytes(file, cwd)
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
  // The exceptions file the config names is there (unless --exceptions names another): said at the key, like any config mistake.
  if (config.exceptions !== undefined && !exceptionsGiven && citePathKind(resolve(base, config.exceptions), cwd) !== 'file') {
    const at = loaded ? loaded.locate(['cite', 'exceptions'], 'value') : { line: 1, column: 1 }
    problems.push({ code: 'config-invalid', severity: 'error', file, ...at, text: config.exceptions, message: `No such file \`${config.exceptions}\` for \`cite.exceptions\`, expected an exceptions file (its path from the config's folder)` })
  }
  return { config, problems, base, file }
}

/** A project's `cite.severity`: each problem at the severity its code is given; `off` drops it. */
/** Hints printed in CI too (unless --quiet): doubts about what a citation means, not advice. */
const SHOWN_IN_CI: ReadonlySet<string> = new Set(['number-changed-meaning'])

function applySeverity(problems: CiteProblem[], severity: Readonly<Record<string, 'error' | 'warning' | 'hint' | 'off'>>): void {
  if (Object.keys(severity).length === 0) return
  let w = 0
  for (const p of problems) {
    const s = severity[p.code]
    if (s === 'off') continue
    if (s !== undefined) p.severity = s
    problems[w++] = p
  }
  problems.length = w
}

function loadExceptions(file: string, cwd: string, resolveWritten: ResolveWritten): ReturnType<typeof readExceptions> {
  const content = readCiteBytes(file, cwd)
  const { loaded, messages } = loadYaml({ path: file, content })
  if (!loaded) {
    const at = messages[0] ?? { line: 1, column: 1 }
    return { exceptions: new Map(), places: new Map(), problems: [{ code: 'exceptions-invalid', severity: 'error', file, line: at.line, column: at.column, text: '', message: `Invalid YAML or JSON: ${messages[0]?.message ?? 'cannot be read'}` }] }
  }
  return readExceptions(loaded.data, file, resolveWritten, (path, at) => loaded.locate(path, at ?? 'value'))
}
