/**
 * `cr cite --baseline FILE`: which citations point at rules whose text
 * changed since the code was last checked against them. The baseline is a
 * coverage file written earlier (`--write-coverage`, which records the hash
 * of every rule it cites) or a `rules.json` of the release the code was
 * written against (every rule has its `hash`). Hashes ignore reference
 * numbers, so renumbering is not a change; rewording is.
 */
import type { Citation, CiteProblem } from './types.ts'

export interface Baseline {
  /** The release the baseline was made against, e.g. `v25.08`. */
  version: string
  /** Rule ID → text hash then. */
  hashes: ReadonlyMap<string, string>
}

/** A coverage file (`hashes`) or a rules.json (`rules[].hash`) → a baseline; undefined when it holds no hashes. */
export function readBaseline(data: unknown): Baseline | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const d = data as { version?: unknown; hashes?: unknown; rules?: unknown }
  const version = typeof d.version === 'string' ? d.version : 'the baseline'
  if (typeof d.hashes === 'object' && d.hashes !== null && !Array.isArray(d.hashes)) {
    return { version, hashes: new Map(Object.entries(d.hashes as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string')) }
  }
  if (Array.isArray(d.rules)) {
    const hashes = new Map<string, string>()
    for (const r of d.rules as { id?: unknown; hash?: unknown }[]) if (typeof r.id === 'string' && typeof r.hash === 'string') hashes.set(r.id, r.hash)
    return hashes.size > 0 ? { version, hashes } : undefined
  }
  return undefined
}

/**
 * A `changed-rule` warning for each citation of a rule whose hash differs
 * from the baseline's. `history(id)` says how it changed, from the release
 * history ("reworded in v26.03"), when the baseline's release is held.
 */
export function changedCitations(
  citations: readonly Citation[],
  baseline: Baseline,
  current: ReadonlyMap<string, string>,
  numberOf: (id: string) => string | undefined,
  history: (id: string) => string | undefined,
): CiteProblem[] {
  const out: CiteProblem[] = []
  const why = new Map<string, string>()
  for (const c of citations) {
    const then = baseline.hashes.get(c.id)
    const now = current.get(c.id)
    if (then === undefined || now === undefined || then === now) continue
    let how = why.get(c.id)
    if (how === undefined) {
      how = history(c.id) ?? `its text differs from ${baseline.version}'s`
      why.set(c.id, how)
    }
    const number = numberOf(c.id)
    out.push({
      code: 'changed-rule',
      severity: 'warning',
      file: c.file,
      line: c.line,
      column: c.column,
      text: c.text,
      message: `\`${c.id}\`${number ? ` (${number})` : ''} changed since ${baseline.version}: ${how}; re-read it and check the code that cites it`,
    })
  }
  return out
}
