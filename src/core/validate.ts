/**
 * Check loaded YAML against the JSON Schemas in `schema/` and turn ajv's
 * errors into diagnostics at the line and column of the offending node.
 *
 * The schemas are the one source of truth (editors read them too, through
 * the `# yaml-language-server: $schema=…` modeline); this module only adds
 * the wording and the places. The validators: `schema-validators.ts`.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { diagnostic, sortDiagnostics } from './diagnostics.ts'
import type { JsonPath, LoadedYaml } from './load-yaml.ts'
import { lowerFirst, suggestClosest } from './ids.ts'
import type { DiagnosticCode } from './codes.ts'
import { validatorFor } from './schema-validators.ts'
import { keysReadAsText, schemaKeys } from './keys-in-text.ts'
// The schemas themselves, not through schema-validators.ts: the built CLI replaces that module with ajv's precompiled code.
import changelogSchema from '../../schema/changelog.schema.json' with { type: 'json' }
import chapterSchema from '../../schema/chapter.schema.json' with { type: 'json' }
import releaseSchema from '../../schema/release.schema.json' with { type: 'json' }
import { chapterSlug, RESERVED_PAGE_NAMES } from './page-names.ts'
import type { Diagnostic, Severity } from './types.ts'

/** The keys that carry an entry's ID, in the order we name them. */
const ID_KEYS = ['chapter', 'section', 'subsection', 'rule'] as const

/**
 * Constructs the official sources contain although they lose content (the
 * official generator silently drops it): reported as warnings so every
 * published release still compiles; `--strict` turns them into failures.
 */
const SOURCE_DEFECTS: ReadonlySet<string> = new Set(['schema-rule-children', 'schema-flag-content', 'schema-text-as-key'])

/** Each source schema's keys, for keys read as text (made once). */
const KEYS = { chapter: schemaKeys(chapterSchema), changelog: schemaKeys(changelogSchema), release: schemaKeys(releaseSchema) }

export function validateChapterFile(loaded: LoadedYaml, file: string): Diagnostic[] {
  return sortDiagnostics([...validateWith(validatorFor('chapter'), loaded, file), ...reservedPageName(loaded, file), ...keysReadAsText(loaded, file, KEYS.chapter)])
}

/** A chapter whose page would be one of the site's pages (`chpt_glossary` → `/glossary/`): page-names.ts. */
function reservedPageName(loaded: LoadedYaml, file: string): Diagnostic[] {
  const id = (loaded.data as { chapter?: unknown } | null)?.chapter
  if (typeof id !== 'string' || !RESERVED_PAGE_NAMES.has(chapterSlug(id))) return []
  const at = loaded.locate(['chapter'])
  const page = chapterSlug(id)
  return [
    diagnostic('chapter-page-reserved', 'error', { file, line: at.line, column: at.column }, `Unexpected chapter ID \`${id}\`: its page \`/${page}/\` is one of the site's own pages, which would hide the chapter, expected another ID, e.g. \`${id}_rules\``, { path: ['chapter'] }),
  ]
}

export function validateChangelogFile(loaded: LoadedYaml, file: string): Diagnostic[] {
  return sortDiagnostics([...validateWith(validatorFor('changelog'), loaded, file), ...keysReadAsText(loaded, file, KEYS.changelog)])
}

export function validateReleaseFile(loaded: LoadedYaml, file: string): Diagnostic[] {
  return sortDiagnostics([...validateWith(validatorFor('release'), loaded, file), ...keysReadAsText(loaded, file, KEYS.release)])
}

type SchemaNode = {
  title?: string
  properties?: Record<string, { title?: string } | boolean>
  required?: string[]
  examples?: unknown[]
  $ref?: string
}

interface Mapped {
  code: DiagnosticCode
  path: JsonPath
  which?: 'key' | 'value'
  message: string
  suggestions?: string[]
}

function validateWith(validate: ValidateFunction, loaded: LoadedYaml, file: string): Diagnostic[] {
  if (validate(loaded.data)) return []
  const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'if')
  const mapped = mapErrors(errors, loaded.data)

  const seen = new Set<string>()
  const out: Diagnostic[] = []
  for (const m of mapped) {
    const at = loaded.locate(m.path, m.which)
    const severity: Severity = SOURCE_DEFECTS.has(m.code) ? 'warning' : 'error'
    const d = diagnostic(m.code, severity, { file, line: at.line, column: at.column }, m.message, {
      suggestions: m.suggestions,
      path: m.path,
    })
    const dedupe = `${d.line}:${d.column}:${d.code}:${d.message}`
    if (seen.has(dedupe)) continue
    seen.add(dedupe)
    out.push(d)
  }
  return sortDiagnostics(out)
}

function mapErrors(errors: ErrorObject[], data: unknown): Mapped[] {
  const withPaths = errors.map((error) => ({ error, path: toPath(error.instancePath, data) }))

  // A `subsection:` inside a subsection: one message instead of "missing
  // `rule`", "unknown `subsection`", "unknown `rules`"…
  const tooDeep = new Set<string>()
  for (const { error, path } of withPaths) {
    if (error.keyword === 'additionalProperties' && additionalKey(error) === 'subsection' && depthOf(path) >= 2) {
      tooDeep.add(pathKey(path))
    }
  }
  // An unknown key whose closest allowed key is the missing one (`txet:`)
  // already says everything the "missing" message would.
  const misspelt = new Set<string>()
  // Each unknown key's suggestions, made once: the closest is the first of them (mapError reports them).
  const suggested = new Map<ErrorObject, string[]>()
  for (const { error, path } of withPaths) {
    if (error.keyword !== 'additionalProperties') continue
    const key = additionalKey(error)
    const suggestions = suggestClosest(key, allowedKeys(error))
    suggested.set(error, suggestions)
    const best = suggestions[0]
    if (best !== undefined && !isObjectWith(getAt(data, path), best)) misspelt.add(`${pathKey(path)}\0${best}`)
  }

  const out: Mapped[] = []
  // ajv reports a type mismatch once per schema branch; keep one per node.
  const typed = new Set<string>()
  for (const { error, path } of withPaths) {
    const here = pathKey(path)
    if (tooDeep.has(here) && (error.keyword === 'required' || error.keyword === 'additionalProperties')) {
      if (additionalKey(error) === 'subsection') out.push(tooDeepSubsection(path, data))
      continue
    }
    if (error.keyword === 'type' || error.keyword === 'enum') {
      if (typed.has(here)) continue
      typed.add(here)
    }
    if (error.keyword === 'required' && misspelt.has(`${here}\0${missingKey(error)}`)) continue
    out.push(mapError(error, path, data, suggested.get(error) ?? []))
  }
  return out
}

/** `suggestions`: an unknown key's, made once by mapErrors (empty for other errors). */
function mapError(error: ErrorObject, path: JsonPath, data: unknown, suggestions: string[]): Mapped {
  const parent = (error.parentSchema ?? {}) as SchemaNode
  const value = getAt(data, path)
  switch (error.keyword) {
    case 'additionalProperties':
      return unknownKey(error, path, data, suggestions)
    case 'required': {
      const key = missingKey(error)
      const title = propertyTitle(parent, key)
      // The rule-item union decides its branch by the ID key; with none, all three are possible.
      const expected =
        key === 'rule' && depthOf(path) === 1
          ? '`rule:`, `subsection:` or `timing_structure:`'
          : `\`${key}:\`${title ? ` (${title.toLowerCase()})` : ''}`
      return { code: 'schema-missing-key', path, message: `Missing key \`${key}\` ${describe(path, data)}, expected ${expected}` }
    }
    case 'type': {
      const flag = isFlagSchema(error)
      if (flag && (Array.isArray(value) || isObject(value))) {
        return {
          code: 'schema-flag-content',
          path,
          message: `Unexpected ${typeName(value)} ${at(path)}, expected an empty value: a flag takes no value, so the ${typeName(value)} after \`${String(path.at(-1))}:\` is ignored (write its keys beside \`${String(path.at(-1))}:\` instead)`,
        }
      }
      const expected = flag ? 'an empty value or `true` (a flag)' : expectedType((error.params as { type: string | string[] }).type)
      return { code: 'schema-type', path, message: `Unexpected ${typeName(value)} ${at(path)}, expected ${expected}` }
    }
    case 'enum':
      if (isFlagSchema(error)) {
        return { code: 'schema-invalid', path, message: `Unexpected \`${JSON.stringify(value)}\` ${at(path)}, expected an empty value or \`true\` (a flag)` }
      }
      return { code: 'schema-invalid', path, message: `Unexpected \`${JSON.stringify(value)}\` ${at(path)}, expected ${orList((error.params as { allowedValues: unknown[] }).allowedValues.map((v) => `\`${JSON.stringify(v)}\``))}` }
    case 'pattern': {
      if (isIdSchema(error)) {
        const fixed = fixId(String(value))
        return {
          code: 'schema-id-pattern',
          path,
          message: `Unexpected ID \`${String(value)}\` ${at(path)}, expected a lowercase letter, then letters, digits or \`_\` (like \`rule_end_the_run\`)`,
          suggestions: fixed !== value ? [fixed] : undefined,
        }
      }
      const like = Array.isArray(parent.examples) && parent.examples.length > 0 ? `like ${orList(parent.examples.map((e) => `\`${String(e)}\``))}` : `matching \`${(error.params as { pattern: string }).pattern}\``
      return { code: 'schema-invalid', path, message: `Unexpected \`${String(value)}\` ${at(path)}, expected a string ${like}` }
    }
    default:
      return { code: 'schema-invalid', path, message: `Unexpected value ${at(path)}, expected it to ${(error.message ?? 'match the schema').replace(/^must /, '')}` }
  }
}

function unknownKey(error: ErrorObject, path: JsonPath, data: unknown, suggestions: string[]): Mapped {
  const key = additionalKey(error)
  const keyPath = [...path, key]
  const allowed = allowedKeys(error)
  const parent = (error.parentSchema ?? {}) as SchemaNode
  const expected = `expected ${orList(allowed.map((k) => `\`${k}\``))}`
  const isRule = parent.title === 'Rule'
  if (key === 'rules' && isRule) {
    const id = String((getAt(data, path) as Record<string, unknown>).rule ?? '')
    if (depthOf(path) >= 2) {
      return {
        code: 'schema-too-deep',
        path: keyPath,
        which: 'key',
        message: `Unexpected \`rules\` in sub-rule \`${id}\`, expected no further level: below a section the document has rules and sub-rules only (6.1.4, 6.1.4a)`,
      }
    }
    return {
      code: 'schema-rule-children',
      path: keyPath,
      which: 'key',
      message: `Unexpected \`rules\` under \`rule: ${id}\`, expected \`subsection: ${id}\` for a rule with sub-rules (the official generator drops the sub-rules of a \`rule:\`)`,
    }
  }
  if (/\s/.test(key) && allowed.includes('text')) {
    // `- text: |-` whose lines are not indented deeper than `text:` ends the
    // block scalar at once; a line with `: ` in it then reads as a key.
    return {
      code: 'schema-text-as-key',
      path: keyPath,
      which: 'key',
      message: `Unexpected key \`${truncate(key)}\` ${describe(path, data)}, ${expected}: this looks like text read as a key, indent it deeper than \`text:\` (the official generator drops it)`,
    }
  }
  return {
    code: 'schema-unknown-key',
    path: keyPath,
    which: 'key',
    message: `Unexpected key \`${truncate(key)}\` ${describe(path, data)}, ${expected}`,
    suggestions,
  }
}

function tooDeepSubsection(path: JsonPath, data: unknown): Mapped {
  const item = getAt(data, path) as Record<string, unknown>
  const parentId = getAt(data, path.slice(0, -2)) as Record<string, unknown> | undefined
  const owner = isObject(parentId) && typeof parentId.subsection === 'string' ? ` inside subsection \`${parentId.subsection}\`` : ''
  return {
    code: 'schema-too-deep',
    path: [...path, 'subsection'],
    which: 'key',
    message: `Unexpected \`subsection: ${String(item.subsection)}\`${owner}, expected \`rule:\`: below a section the document has rules and sub-rules only (6.1.4, 6.1.4a)`,
  }
}

// --- Helpers -------------------------------------------------------------

function additionalKey(error: ErrorObject): string {
  return String((error.params as { additionalProperty?: unknown }).additionalProperty ?? '')
}

function missingKey(error: ErrorObject): string {
  return String((error.params as { missingProperty?: unknown }).missingProperty ?? '')
}

/**
 * One list per schema node (the validator's schemas never change), so the suggester
 * `suggestClosest` keeps per collection is made once, not once per error.
 */
const allowedBySchema = new WeakMap<object, string[]>()
function allowedKeys(error: ErrorObject): readonly string[] {
  const schema = error.parentSchema
  if (!schema) return []
  let keys = allowedBySchema.get(schema)
  if (!keys) allowedBySchema.set(schema, (keys = Object.keys((schema as SchemaNode).properties ?? {})))
  return keys
}

function propertyTitle(schema: SchemaNode, key: string): string | undefined {
  const p = schema.properties?.[key]
  return typeof p === 'object' ? p.title : undefined
}

function isFlagSchema(error: ErrorObject): boolean {
  return ((error.parentSchema ?? {}) as SchemaNode).title === 'Flag'
}

function isIdSchema(error: ErrorObject): boolean {
  return ((error.parentSchema ?? {}) as SchemaNode).title === 'ID'
}

/** An ID the pattern accepts, as close to the written one as we can make it. */
function fixId(id: string): string {
  const body = id.trim().replace(/[^A-Za-z0-9_+.]+/g, '_')
  return lowerFirst(body)
}

/** `/sections/2/text` → `['sections', 2, 'text']`, indices typed by the data. */
function toPath(pointer: string, data: unknown): JsonPath {
  if (pointer === '') return []
  const path: JsonPath = []
  let node = data
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(node) && /^\d+$/.test(segment)) {
      path.push(Number(segment))
      node = node[Number(segment)]
    } else {
      path.push(segment)
      node = isObject(node) ? node[segment] : undefined
    }
  }
  return path
}

function getAt(data: unknown, path: JsonPath): unknown {
  let node = data
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') node = node[segment]
    else if (isObject(node)) node = node[String(segment)]
    else return undefined
  }
  return node
}

/** How many `rules` lists deep: 1 for a section's rules, 2 for sub-rules. */
function depthOf(path: JsonPath): number {
  return path.filter((s) => s === 'rules').length
}

function pathKey(path: JsonPath): string {
  return JSON.stringify(path)
}

/** `sections[2].rules[0].text` */
function formatPath(path: JsonPath): string {
  if (path.length === 0) return ''
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('')
}

/** "in `sections[0].rules[1]` (`rule_run`)", naming the entry when it has an ID. */
function describe(path: JsonPath, data: unknown): string {
  if (path.length === 0) return 'at the top level'
  const node = getAt(data, path)
  const id = isObject(node) ? ID_KEYS.map((k) => node[k]).find((v) => typeof v === 'string') : undefined
  return `in \`${formatPath(path)}\`${typeof id === 'string' ? ` (\`${id}\`)` : ''}`
}

/** "at `sections[2].text`" */
function at(path: JsonPath): string {
  return path.length === 0 ? 'at the top level' : `at \`${formatPath(path)}\``
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isObjectWith(v: unknown, key: string): boolean {
  return isObject(v) && key in v
}

/** YAML words for JSON types: a `list`, a `map`, an `empty value`. */
function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'empty value'
  if (Array.isArray(value)) return 'list'
  if (typeof value === 'object') return 'map'
  return typeof value
}

function expectedType(type: string | string[]): string {
  const words: Record<string, string> = { array: 'list', object: 'map', null: 'empty value', integer: 'integer' }
  const list = (Array.isArray(type) ? type : [type]).map((t) => words[t] ?? t)
  return orList(list)
}

function orList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? 'nothing'
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`
}

function truncate(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s
}
