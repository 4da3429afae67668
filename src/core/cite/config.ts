/**
 * `cr.config.json` → the scanner's options. The JSON Schema
 * (`schema/cr-config.schema.json`) is the one source of truth for the file's
 * shape; this module validates against it and compiles the patterns.
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import configSchema from '../../../schema/cr-config.schema.json' with { type: 'json' }
import { compilePattern, compileWordTest, type CitePattern, type WordTest } from './pattern.ts'
import type { CiteProblem } from './types.ts'

export interface CiteConfig {
  /** Project patterns, compiled with the flags `gmd` for a linear-time engine (pattern.ts). */
  patterns: CitePattern[]
  /** .gitignore-syntax paths the CLI does not scan. */
  exclude: string[]
  /** Words that are never citations (one combined expression), if any. */
  ignoreIds?: WordTest
  unknownIds: 'likely' | 'all'
}

/** What the file holds, as the schema describes it. */
export interface CiteConfigFile {
  $schema?: string
  cite?: {
    patterns?: string[]
    exclude?: string[]
    ignoreIds?: string[]
    unknownIds?: 'likely' | 'all'
  }
}

export const DEFAULT_CITE_CONFIG: CiteConfig = { patterns: [], exclude: [], unknownIds: 'likely' }

/** Line and column of a JSON path in the config file; the CLI gets it from the YAML loader. */
export type Locate = (path: (string | number)[]) => { line: number; column: number }

let validator: ReturnType<Ajv2020['compile']> | undefined

export function readCiteConfig(data: unknown, file: string, locate: Locate = () => ({ line: 1, column: 1 })): { config: CiteConfig; problems: CiteProblem[] } {
  const problems: CiteProblem[] = []
  const report = (path: (string | number)[], message: string, text = '') =>
    problems.push({ code: 'config-invalid', severity: 'error', file, ...locate(path), message, text })

  validator ??= new Ajv2020({ allErrors: true, strict: false }).compile(configSchema)
  if (!validator(data)) {
    for (const e of validator.errors ?? []) report(pathOf(e), describe(e))
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
  }
  if (ignore.length > 0) {
    const alternatives = ignore.map((w) => w.split('*').map(escapeRegExp).join('[A-Za-z0-9_+]*'))
    // Linear time too: several `*` in one word would backtrack polynomially on a long identifier.
    config.ignoreIds = compileWordTest(`^(?:${alternatives.join('|')})$`)
  }
  return { config, problems }
}

function pathOf(e: ErrorObject): (string | number)[] {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replaceAll('~1', '/').replaceAll('~0', '~')))
  if (e.keyword === 'additionalProperties') path.push(String(e.params.additionalProperty))
  return path
}

function describe(e: ErrorObject): string {
  const where = e.instancePath ? `\`${e.instancePath.slice(1).replaceAll('/', '.')}\`` : 'the top level'
  switch (e.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys(schemaAt(e.schemaPath)?.properties ?? {})
      return `Unexpected key \`${e.params.additionalProperty}\` in ${where}, expected one of ${allowed.map((k) => `\`${k}\``).join(', ')}`
    }
    case 'enum':
      return `Unexpected value for ${where}, expected one of ${(e.params.allowedValues as string[]).map((v) => `\`${v}\``).join(', ')}`
    case 'type':
      return `Unexpected value for ${where}, expected ${e.params.type === 'object' ? 'an object' : e.params.type === 'array' ? 'a list' : `a ${e.params.type}`}`
    default:
      return `Unexpected value for ${where}: it ${e.message ?? 'is invalid'}`
  }
}

/** The schema object an error's `schemaPath` (`#/properties/cite/additionalProperties`) belongs to. */
function schemaAt(schemaPath: string): { properties?: Record<string, unknown> } | undefined {
  let node: unknown = configSchema
  for (const part of schemaPath.replace(/^#\//, '').split('/').slice(0, -1)) {
    node = (node as Record<string, unknown> | undefined)?.[part]
  }
  return node as { properties?: Record<string, unknown> } | undefined
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
