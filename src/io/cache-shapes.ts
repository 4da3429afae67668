/**
 * What a cached value must look like to be served (`Cache.get`'s `accept`).
 * A cache entry is written by this build (the key says so) and checksummed,
 * so these only have to catch what no checksum can: an entry of the right
 * bytes but the wrong shape (hand-edited, or from a build that laid it out
 * differently). They check every field the consumers read, in one pass over
 * the data, without recursion; a test keeps them in step with the compiler
 * (a fresh compile result is always accepted).
 */
import type { CompileResult } from '../core/types.ts'

type Rec = Record<string, unknown>
const isObject = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v)
const isString = (v: unknown): v is string => typeof v === 'string'
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString)
const optional = (v: unknown, check: (v: unknown) => boolean) => v === undefined || check(v)

const RULE_KINDS = new Set(['chapter', 'section', 'rule', 'subrule', 'step', 'timing'])

function isPlace(v: unknown): boolean {
  return isObject(v) && isString(v.file) && isNumber(v.line) && isNumber(v.column)
}

function isDiagnostic(v: unknown): boolean {
  return (
    isObject(v) &&
    isPlace(v) &&
    isString(v.code) &&
    (v.severity === 'error' || v.severity === 'warning') &&
    isString(v.message) &&
    optional(v.suggestions, isStrings) &&
    optional(v.related, (r) => Array.isArray(r) && r.every((p) => isPlace(p) && isString((p as Rec).message))) &&
    optional(v.path, (p) => Array.isArray(p) && p.every((k) => isString(k) || isNumber(k)))
  )
}

function isExample(v: unknown): boolean {
  return isObject(v) && isString(v.id) && isString(v.text) && isString(v.html) && typeof v.new === 'boolean' && isStrings(v.cards) && isStrings(v.terms)
}

function isRuleEntry(v: unknown): boolean {
  return (
    isObject(v) &&
    isString(v.id) &&
    isString(v.number) &&
    isString(v.label) &&
    RULE_KINDS.has(v.kind as string) &&
    (v.parent === null || isString(v.parent)) &&
    isStrings(v.children) &&
    isString(v.chapter) &&
    (v.section === null || isString(v.section)) &&
    isNumber(v.depth) &&
    isString(v.text) &&
    isString(v.html) &&
    typeof v.heading === 'boolean' &&
    typeof v.steps === 'boolean' &&
    typeof v.new === 'boolean' &&
    isStrings(v.terms) &&
    isStrings(v.subtypes) &&
    isStrings(v.cards) &&
    isStrings(v.refs) &&
    Array.isArray(v.examples) &&
    v.examples.every(isExample) &&
    optional(v.title, isString) &&
    optional(v.tocTitle, isString) &&
    optional(v.snippet, (s) => isObject(s) && isString(s.text) && isString(s.html)) &&
    isPlace(v.source)
  )
}

function isChangelogEntry(v: unknown): boolean {
  return isObject(v) && isString(v.text) && isString(v.html) && isStrings(v.refs) && isPlace(v.source)
}

/** A `compile()` result as `cr check`, `cr index`, `cr show` and the site read it. */
export function isCompileResult(v: unknown): v is CompileResult {
  if (!isObject(v) || !Array.isArray(v.messages) || !v.messages.every(isDiagnostic)) return false
  if (v.document === undefined) return true
  const d = v.document
  return (
    isObject(d) &&
    isObject(d.release) &&
    isString(d.release.version) &&
    isString(d.release.effective) &&
    Array.isArray(d.rules) &&
    d.rules.every(isRuleEntry) &&
    Array.isArray(d.changelog) &&
    d.changelog.every(isChangelogEntry)
  )
}

/** A release's IDs as `releases.ts` stores them. */
export function isStoredReleaseIds(v: unknown): v is { key: string; ids: string } {
  return isObject(v) && isString(v.key) && isString(v.ids)
}
