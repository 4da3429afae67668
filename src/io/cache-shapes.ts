/**
 * What a cached value must look like to be served (`Cache.get`'s `accept`).
 * A cache entry is written by this build (the key says so) and checksummed,
 * so these only have to catch what no checksum can: an entry of the right
 * bytes but the wrong shape (hand-edited, or from a build that laid it out
 * differently). They check every field the consumers read, in one pass over
 * the data, without recursion; a test keeps them in step with the compiler
 * (a fresh compile result is always accepted).
 */
import type { Diagnostic, Recovery } from '../core/types.ts'
import type { ResolvedRelease } from '../core/model/types.ts'

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

/** A release's IDs as `releases.ts` stores them. */
export function isStoredReleaseIds(v: unknown): v is { key: string; ids: string } {
  return isObject(v) && isString(v.key) && isString(v.ids)
}

/** What each markup node must carry, by type: its literal, its IDs or names. */
const MARKUP_FIELDS: Record<string, (n: Rec) => boolean> = {
  text: (n) => isString(n.value),
  termDefinition: (n) => isString(n.value),
  subtype: (n) => isString(n.value),
  curly: (n) => isString(n.value),
  ruleReference: (n) => isStrings(n.ids) && n.ids.length > 0,
  ruleRange: (n) => isString(n.from) && isString(n.to),
  cardMention: (n) => isString(n.name) && optional(n.code, isString),
  productMention: (n) => isString(n.name),
  link: (n) => isString(n.url) && Array.isArray(n.children),
  image: (n) => isString(n.name),
  symbol: (n) => isString(n.name),
  newText: (n) => Array.isArray(n.children),
}

/** A markup tree, walked with a stack (a tree of any depth costs no recursion). */
function isMarkupRoot(v: unknown): boolean {
  if (!isObject(v) || v.type !== 'root' || !Array.isArray(v.children)) return false
  const stack: unknown[] = [...v.children]
  while (stack.length > 0) {
    const n = stack.pop()
    if (!isObject(n) || !isString(n.type)) return false
    const fields = MARKUP_FIELDS[n.type]
    if (!fields || !fields(n)) return false
    if (Array.isArray(n.children)) stack.push(...n.children)
  }
  return true
}

const SOURCE_KINDS = new Set(['chapter', 'section', 'rule', 'subsection', 'timing'])
const WORDS = new Set(['rule', 'section', 'step'])

function isResolvedEntry(v: unknown): boolean {
  return (
    isObject(v) &&
    isString(v.id) &&
    isString(v.number) &&
    isString(v.label) &&
    RULE_KINDS.has(v.kind as string) &&
    SOURCE_KINDS.has(v.sourceKind as string) &&
    WORDS.has(v.word as string) &&
    (v.parent === null || isString(v.parent)) &&
    isStrings(v.children) &&
    isString(v.chapter) &&
    (v.section === null || isString(v.section)) &&
    isNumber(v.depth) &&
    isMarkupRoot(v.text) &&
    optional(v.tocTitle, isMarkupRoot) &&
    optional(v.snippet, isMarkupRoot) &&
    typeof v.heading === 'boolean' &&
    typeof v.steps === 'boolean' &&
    typeof v.new === 'boolean' &&
    Array.isArray(v.examples) &&
    v.examples.every((e) => isObject(e) && isString(e.id) && isMarkupRoot(e.text) && typeof e.new === 'boolean') &&
    isStrings(v.refs) &&
    isStrings(v.terms) &&
    isStrings(v.subtypes) &&
    isStrings(v.cards) &&
    optional(v.prose, isString) &&
    isPlace(v.source)
  )
}

/** Files that did not load and the IDs withheld meanwhile (`Recovery`). */
function isRecovery(v: unknown): boolean {
  const isBroken = (b: unknown) =>
    isObject(b) && isString(b.file) && isString(b.role) && isDiagnostic(b.cause) && Array.isArray(b.before) && b.before.every(isDiagnostic) && typeof b.stale === 'boolean' && isStrings(b.withheld)
  const isDefinition = (d: unknown) => isObject(d) && isString(d.id) && isStrings(d.ids) && isString(d.file) && typeof d.line === 'number' && typeof d.lastLine === 'number'
  return isObject(v) && Array.isArray(v.broken) && v.broken.every(isBroken) && isStrings(v.withheld) && optional(v.definitions, (d) => Array.isArray(d) && d.every(isDefinition))
}

/** A compiled release as the caches keep it: the resolved model (absent when the sources had errors) and the messages. */
export function isCachedModel(v: unknown): v is { model: ResolvedRelease | undefined; messages: Diagnostic[]; recovery?: Recovery } {
  if (!isObject(v) || !Array.isArray(v.messages) || !v.messages.every(isDiagnostic)) return false
  if (!optional(v.recovery, isRecovery)) return false
  if (v.model === undefined) return true
  const m = v.model
  return (
    isObject(m) &&
    isObject(m.release) &&
    isString(m.release.version) &&
    isString(m.release.effective) &&
    Array.isArray(m.entries) &&
    m.entries.every(isResolvedEntry) &&
    Array.isArray(m.changelog) &&
    m.changelog.every((c) => isObject(c) && isMarkupRoot(c.text) && isStrings(c.refs) && isPlace(c.source))
  )
}
