/**
 * `cr.config.json` → the scanner's options. The JSON Schema
 * (`schema/cr-config.schema.json`) is the one source of truth for the file's
 * shape; this module validates against it and compiles the patterns.
 */
import type { ErrorObject } from 'ajv/dist/2020.js'
import configSchema from '../../../schema/cr-config.schema.json' with { type: 'json' }
import { validatorFor } from '../schema-validators.ts'
import { escapeRegExp } from '../chars.ts'
import { suggestClosest } from '../ids.ts'
import { DEFAULT_DOC_GLOBS } from './classify.ts'
import { compilePattern, compileWordTest, type CitePattern, type WordTest } from './pattern.ts'
import type { MinCoverage } from './gate.ts'
import type { CiteProblem } from './types.ts'

export interface CiteConfig {
  /** Project patterns, compiled with the flags `gmd` for a linear-time engine (pattern.ts). */
  patterns: CitePattern[]
  /** .gitignore-syntax paths the CLI does not scan. */
  exclude: string[]
  /** Words that are never citations (one combined expression), if any. */
  ignoreIds?: IdTest
  unknownIds: 'likely' | 'all'
  /** Words besides `CR` and `rule` that introduce a number (`§`). */
  markers: string[]
  /** `comments`: numbers without a marker in comments are citations too. */
  bareNumbers: 'off' | 'comments'
  /** Test files, .gitignore syntax: their citations are test references. */
  tests: string[]
  /** Options for some paths only; the CLI picks them per file (`configFor`). */
  overrides: CiteOverride[]
  /** Documentation, .gitignore syntax: checked, never coverage. */
  docs: string[]
  /** The exceptions file, relative to the config's folder. */
  exceptions?: string
  /** Required coverage, percent: overall and per chapter number, each with the place of its key. */
  minCoverage?: MinCoverage
  /** Severity per code; `off` drops it. */
  severity: Record<string, 'error' | 'warning' | 'hint' | 'off'>
  /** Codes not reported (set by an override). */
  ignoreCodes?: ReadonlySet<string>
}

export interface CiteOverride {
  files: string[]
  markers?: string[]
  bareNumbers?: 'off' | 'comments'
  unknownIds?: 'likely' | 'all'
  ignoreIds?: string[]
  ignore?: string[]
}

/** Where tests live unless `cite.tests` says otherwise. */
export const DEFAULT_TEST_GLOBS = ['tests/', 'test/', 'spec/', '__tests__/', '*_test.*', '*.test.*', '*_spec.*', '*.spec.*', 'test_*.py']

/** What the file holds, as the schema describes it. */
export interface CiteConfigFile {
  $schema?: string
  cite?: {
    patterns?: string[]
    exclude?: string[]
    ignoreIds?: string[]
    unknownIds?: 'likely' | 'all'
    markers?: string[]
    bareNumbers?: 'off' | 'comments'
    tests?: string[]
    overrides?: CiteOverride[]
    docs?: string[]
    exceptions?: string
    minCoverage?: number | { overall?: number; chapters?: Record<string, number> }
    severity?: Record<string, 'error' | 'warning' | 'hint' | 'off'>
  }
}

export const DEFAULT_CITE_CONFIG: CiteConfig = { patterns: [], exclude: [], unknownIds: 'likely', markers: [], bareNumbers: 'off', tests: DEFAULT_TEST_GLOBS, overrides: [], docs: DEFAULT_DOC_GLOBS, severity: {} }

/** Line and column of a JSON path in the config file; the CLI gets it from the YAML loader. */
export type Locate = (path: (string | number)[]) => { line: number; column: number }

export function readCiteConfig(data: unknown, file: string, locate: Locate = () => ({ line: 1, column: 1 })): { config: CiteConfig; problems: CiteProblem[] } {
  const problems: CiteProblem[] = []
  const report = (path: (string | number)[], message: string, text = '', suggestions?: string[]) =>
    problems.push({ code: 'config-invalid', severity: 'error', file, ...locate(path), message, text, ...(suggestions && suggestions.length > 0 ? { suggestions } : {}) })

  const validator = validatorFor('citeConfig')
  if (!validator(data)) {
    for (const e of reduceErrors(validator.errors ?? [])) {
      const { message, suggestions } = describe(e)
      report(pathOf(e), message, '', suggestions)
    }
    return { config: DEFAULT_CITE_CONFIG, problems }
  }
  const cite = (data as CiteConfigFile).cite ?? {}

  const patterns: CitePattern[] = []
  cite.patterns?.forEach((source, i) => {
    try {
      patterns.push(compilePattern(source))
    } catch (error) {
      report(['cite', 'patterns', i], `Invalid pattern: ${(error as Error).message}`, source)
    }
  })

  const ignore = cite.ignoreIds ?? []
  const config: CiteConfig = {
    patterns,
    exclude: cite.exclude ?? [],
    unknownIds: cite.unknownIds ?? 'likely',
    markers: cite.markers ?? [],
    bareNumbers: cite.bareNumbers ?? 'off',
    tests: cite.tests ?? DEFAULT_TEST_GLOBS,
    overrides: cite.overrides ?? [],
    docs: cite.docs ?? DEFAULT_DOC_GLOBS,
    severity: cite.severity ?? {},
  }
  if (cite.exceptions !== undefined) config.exceptions = cite.exceptions
  if (cite.minCoverage !== undefined) {
    // Each minimum with the place of its key: coverage under it is reported there.
    const m = cite.minCoverage
    const at = (path: string[]) => ({ file, ...locate(['cite', 'minCoverage', ...path]) })
    if (typeof m === 'number') config.minCoverage = { overall: m, chapters: {}, at: { overall: at([]) } }
    else {
      const chapters = m.chapters ?? {}
      config.minCoverage = {
        ...(m.overall !== undefined ? { overall: m.overall } : {}),
        chapters,
        at: { ...(m.overall !== undefined ? { overall: at(['overall']) } : {}), chapters: Object.fromEntries(Object.keys(chapters).map((n) => [n, at(['chapters', n])])) },
      }
    }
  }
  const ignoreIds = compileIgnoreIds(ignore)
  if (ignoreIds) config.ignoreIds = ignoreIds
  return { config, problems }
}

/** Words that are never citations, tested in linear time; `source` lets overrides combine them. */
export type IdTest = WordTest & { source: string }

function idTest(source: string): IdTest {
  return { ...compileWordTest(source), source }
}

function compileIgnoreIds(words: readonly string[]): IdTest | undefined {
  if (words.length === 0) return undefined
  // Linear time too: several `*` in one word would backtrack polynomially on a long identifier.
  const alternatives = words.map((w) => w.split('*').map(escapeRegExp).join('[A-Za-z0-9_+]*'))
  return idTest(`^(?:${alternatives.join('|')})$`)
}

/**
 * The options for one file: the base config with each override whose
 * `files` match applied in order. `matches(globs)` tests the file against
 * .gitignore-syntax globs (the CLI supplies it; the core stays pure).
 * Returns the same object for the same overrides, so scanners can be cached.
 */
export function configFor(config: CiteConfig, matches: (globs: readonly string[], index: number) => boolean): { key: string; config: CiteConfig } {
  const applied: number[] = []
  config.overrides.forEach((o, i) => {
    if (matches(o.files, i)) applied.push(i)
  })
  if (applied.length === 0) return { key: '', config }
  const out: CiteConfig = { ...config }
  const ignoreIds: string[] = []
  const codes = new Set<string>()
  for (const i of applied) {
    const o = config.overrides[i]!
    if (o.markers) out.markers = o.markers
    if (o.bareNumbers) out.bareNumbers = o.bareNumbers
    if (o.unknownIds) out.unknownIds = o.unknownIds
    if (o.ignoreIds) ignoreIds.push(...o.ignoreIds)
    for (const c of o.ignore ?? []) codes.add(c)
  }
  if (ignoreIds.length > 0) {
    const own = compileIgnoreIds(ignoreIds)!
    const base = config.ignoreIds
    out.ignoreIds = base ? idTest(`${base.source}|${own.source}`) : own
  }
  if (codes.size > 0) out.ignoreCodes = codes
  return { key: applied.join(','), config: out }
}

/**
 * One message per mistake. A value checked against alternatives (`oneOf`:
 * `minCoverage` is a number or an object) fails every one of them; what
 * counts is the alternative of the value's own type (`chapters.6: 200`
 * is "a percentage is 0–100", not also "must be a number" and "must match
 * exactly one schema"). A key refused by `propertyNames` is said once.
 */
function reduceErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  let out = [...errors]
  for (const alt of errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')) {
    const prefix = `${alt.schemaPath}/`
    const inside = out.filter((e) => e.schemaPath.startsWith(prefix))
    const branchOf = (e: ErrorObject) => e.schemaPath.slice(prefix.length).split('/')[0]!
    // Branches refused for the value's type are not the one meant.
    const wrongType = new Set(inside.filter((e) => e.keyword === 'type' && e.instancePath === alt.instancePath && e.schemaPath === `${prefix}${branchOf(e)}/type`).map(branchOf))
    const meant = inside.filter((e) => !wrongType.has(branchOf(e)))
    if (meant.length > 0) out = out.filter((e) => e !== alt && (!e.schemaPath.startsWith(prefix) || meant.includes(e)))
    else {
      // Every branch refused the type: one message naming the types allowed.
      const types = [...new Set(inside.filter((e) => e.keyword === 'type').map((e) => String(e.params.type)))]
      out = out.filter((e) => !e.schemaPath.startsWith(prefix))
      out = out.map((e) => (e === alt ? { ...alt, keyword: 'type', params: { type: types.join(',') } } : e))
    }
  }
  // `propertyNames` reports the name's own error (`pattern`, `enum`) and then itself.
  return out.filter((e) => e.keyword !== 'propertyNames')
}

function pathOf(e: ErrorObject): (string | number)[] {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replaceAll('~1', '/').replaceAll('~0', '~')))
  if (e.keyword === 'additionalProperties') path.push(String(e.params.additionalProperty))
  if (e.propertyName !== undefined) path.push(e.propertyName)
  return path
}

const A_TYPE: Record<string, string> = { object: 'an object', array: 'a list', number: 'a number', integer: 'a whole number', string: 'a string', boolean: '`true` or `false`' }

function describe(e: ErrorObject): { message: string; suggestions?: string[] } {
  const where = e.instancePath ? `\`${e.instancePath.slice(1).replaceAll('/', '.')}\`` : 'the top level'
  const parent = (e.parentSchema ?? {}) as { minimum?: number; maximum?: number; description?: string }
  if (e.propertyName !== undefined) {
    // A key refused by `propertyNames`: a chapter that is not a number, a code that is not one.
    const allowed = e.keyword === 'enum' ? (e.params.allowedValues as string[]) : undefined
    const best = allowed ? suggestClosest(e.propertyName, allowed, 1) : []
    const expected = allowed ? (best.length > 0 ? '' : `, expected one of ${allowed.map((v) => `\`${v}\``).join(', ')}`) : e.schemaPath.includes('/chapters/') ? ', expected a chapter number (`6`)' : `, expected a key matching \`${String(e.params.pattern)}\``
    return { message: `Unexpected key \`${e.propertyName}\` in ${where}${expected}`, ...(best.length > 0 ? { suggestions: best } : {}) }
  }
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(e.params.additionalProperty)
      const allowed = Object.keys(schemaAt(e.schemaPath)?.properties ?? {})
      const best = suggestClosest(key, allowed, 1)
      if (best.length > 0) return { message: `Unexpected key \`${key}\` in ${where}`, suggestions: best }
      return { message: `Unexpected key \`${key}\` in ${where}, expected one of ${allowed.map((k) => `\`${k}\``).join(', ')}` }
    }
    case 'enum': {
      const allowed = e.params.allowedValues as string[]
      const best = typeof e.data === 'string' ? suggestClosest(e.data, allowed, 1) : []
      return { message: `Unexpected value for ${where}, expected one of ${allowed.map((v) => `\`${v}\``).join(', ')}`, ...(best.length > 0 ? { suggestions: best } : {}) }
    }
    case 'type':
      return { message: `Unexpected value for ${where}, expected ${orList(String(e.params.type).split(',').map((t) => A_TYPE[t] ?? `a ${t}`))}` }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const percent = parent.minimum === 0 && parent.maximum === 100
      const range = percent ? 'a percentage from 0 to 100' : parent.minimum !== undefined && parent.maximum !== undefined ? `a number from ${parent.minimum} to ${parent.maximum}` : `a number ${e.params.comparison} ${e.params.limit}`
      return { message: `Unexpected value \`${String(e.data)}\` for ${where}, expected ${range}` }
    }
    case 'required':
      return { message: `Missing key \`${String(e.params.missingProperty)}\` in ${where}` }
    case 'minLength':
      return { message: `Unexpected empty value for ${where}, expected a non-empty string` }
    default:
      return { message: `Unexpected value for ${where}: it ${e.message ?? 'is invalid'}` }
  }
}

const orList = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`)

/** The schema object an error's `schemaPath` (`#/properties/cite/additionalProperties`) belongs to. */
function schemaAt(schemaPath: string): { properties?: Record<string, unknown> } | undefined {
  let node: unknown = configSchema
  for (const part of schemaPath.replace(/^#\//, '').split('/').slice(0, -1)) {
    node = (node as Record<string, unknown> | undefined)?.[part]
  }
  return node as { properties?: Record<string, unknown> } | undefined
}

