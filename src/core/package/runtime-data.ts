/**
 * What the runtime embeds for a release (`src/runtime/data.ts` is the
 * contract): the fields of `Rule` without HTML, retired IDs, the timing
 * trees and every older release, compactly.
 */
import type { ReleaseRule, Retirement } from '../cite/types.ts'
import type { CompiledDocument } from '../types.ts'
import { phrasePlain } from '../phrase.ts'
import { reasonPhrase } from '../versions/reason.ts'
import type { CompactRelease, RuntimeData, RuntimeRule } from '../../runtime/data.ts'
import type { TimingFile } from './timing-tree.ts'

export type { CompactRelease, RuntimeData } from '../../runtime/data.ts'

export const DEFAULT_SITE = 'https://netrunner-cr.github.io/'

export interface PackageOptions {
  /** Site root; a rule's URL is `<site>r/<id>/`, the permalink that survives renumbering. */
  site?: string
  /** Retired IDs (chains followed, as `withRetirements` resolves them): renamed, merged
   * and split ones redirect in `rule()`, removed ones explain themselves in its error. */
  retired?: ReadonlyMap<string, Retirement>
  /** Every release, oldest first, its entries resolved to these rules (`releaseCitations`):
   * `rule('6.1.4', { version: 'v24.03' })`. Without it, `version` knows no release. */
  releases?: ReadonlyMap<string, readonly ReleaseRule[]>
}

export function compactReleases(document: CompiledDocument, releases: ReadonlyMap<string, readonly ReleaseRule[]>): Record<string, CompactRelease> {
  const today = new Map(document.rules.map((r) => [r.number, r.id]))
  const out: Record<string, CompactRelease> = {}
  for (const [version, entries] of releases) {
    const numbers: Record<string, string> = {}
    const fates: CompactRelease['fates'] = {}
    const had = new Set<string>()
    for (const e of entries) {
      had.add(e.number)
      if (today.get(e.number) !== e.id) numbers[e.number] = e.id
      if (e.currentId === e.id && !e.textChanged && e.changedIn.length === 0 && e.status === 'same') continue
      const current = e.currentId === undefined ? null : e.currentId === e.id ? '' : e.currentId
      const fate: [string | null, 0 | 1, string[]] = [current, e.textChanged ? 1 : 0, [...e.changedIn]]
      fates[e.id] = e.status === 'same' ? fate : [...fate, e.status]
    }
    out[version] = { numbers, absent: [...today.keys()].filter((n) => !had.has(n)).join(' '), fates }
  }
  return out
}

export const retiredSorted = (options: PackageOptions): [string, Retirement][] => [...(options.retired ?? [])].sort(([a], [b]) => (a < b ? -1 : 1))

export function buildRuntimeData(document: CompiledDocument, options: PackageOptions, timing: TimingFile): RuntimeData {
  const rules = document.rules.map((r) => {
    const o: RuntimeRule = {
      id: r.id,
      number: r.number,
      label: r.label,
      kind: r.kind,
      text: r.text,
      parent: r.parent,
      children: r.children,
      chapter: r.chapter,
      section: r.section,
      new: r.new,
      examples: r.examples.map((ex) => ({ id: ex.id, text: ex.text, new: ex.new })),
    }
    if (r.title !== undefined) o.title = r.title
    if (r.prose !== undefined) o.prose = r.prose
    return o
  })
  const retired = retiredSorted(options)
  return {
    version: document.release.version,
    effective: document.release.effective,
    site: options.site ?? DEFAULT_SITE,
    rules,
    redirects: Object.fromEntries(retired.flatMap(([id, r]) => (r.target && r.status !== 'removed' ? [[id, [r.target, r.status]]] : []))),
    removed: Object.fromEntries(retired.flatMap(([id, r]) => (r.target ? [] : [[id, r.reason !== undefined ? phrasePlain(reasonPhrase(r.reason)) : '']]))),
    timing: timing.structures,
    releases: compactReleases(document, options.releases ?? new Map()),
  }
}
