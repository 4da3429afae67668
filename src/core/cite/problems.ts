/**
 * Resolved hits → a file's citations and problems: the `imprecise-citation`
 * hint (a rule with sub-rules cited without one of them on the line), then
 * what `cr-ignore` comments and per-path `ignore` codes silence.
 */
import { describeMeaning, explainNumber, type NumberMeaning } from '../versions/number-ledger.ts'
import type { ScannerSetup } from './context.ts'
import type { Hit } from './hit.ts'
import type { LineIndex } from './lines.ts'
import { joinClauses } from '../phrase.ts'
import { suppression } from './suppress.ts'
import type { Citation, CiteProblem, ScanResult } from './types.ts'

export function collect(setup: ScannerSetup, hits: Hit[], file: string): ScanResult {
  hits.sort((a, b) => a.offset - b.offset)
  const citations: Citation[] = []
  const problems: CiteProblem[] = []
  for (const h of hits) {
    if (h.problem) problems.push(h.problem)
    if (h.dropped || !h.rule || h.bare) continue
    const c: Citation = { file, line: h.line, column: h.column, id: h.rule.id, text: h.text, via: h.via }
    if (h.version !== undefined) c.version = h.version
    if (h.isNumber) c.number = h.value
    citations.push(c)
  }
  for (const p of impreciseHints(setup, citations, file)) problems.push(p)
  for (const p of numberHints(setup, hits, file)) problems.push(p)
  problems.sort((a, b) => a.line - b.line || a.column - b.column)
  return { citations, problems }
}

/** A rule with sub-rules, cited without any of them on the same line: one hint per rule per file (old citations have their own hint). */
function impreciseHints(setup: ScannerSetup, citations: readonly Citation[], file: string): CiteProblem[] {
  const { byId } = setup.table
  const out: CiteProblem[] = []
  const hinted = new Set<string>()
  let onLine: Map<number, Set<string>> | undefined
  for (const c of citations) {
    if (c.version !== undefined) continue
    const r = byId.get(c.id)
    if (!r || r.kind !== 'rule' || r.children.length === 0 || hinted.has(r.id)) continue
    if (!onLine) {
      onLine = new Map()
      for (const o of citations) {
        let ids = onLine.get(o.line)
        if (!ids) onLine.set(o.line, (ids = new Set()))
        ids.add(o.id)
      }
    }
    const same = onLine.get(c.line)!
    if (r.children.some((child) => same.has(child))) continue
    hinted.add(r.id)
    const firstChild = byId.get(r.children[0]!)
    const lastChild = byId.get(r.children[r.children.length - 1]!)
    const one = r.children.length === 1
    const range = firstChild && lastChild ? ` (${one ? firstChild.number : `${firstChild.number}–${lastChild.number}`})` : ''
    const kind = `${firstChild?.kind === 'step' ? 'step' : 'sub-rule'}${one ? '' : 's'}`
    out.push({
      code: 'imprecise-citation',
      severity: 'hint',
      file,
      line: c.line,
      column: c.column,
      text: c.text,
      message: `\`${r.id}\` (${r.number}) has ${r.children.length} ${kind}${range}; citing the one that applies is more precise`,
      suggestions: r.children.slice(0, 3),
    })
  }
  return out
}

/**
 * A number read as today's rule that named another rule in a held release
 * (`CR 6.2.5`: `rule_position_runner` today, `rule_move_runner_to_position`
 * in v22.12–v24.03): a hint, once per number per file. Only a hint: without
 * knowing which release the code was written against, today's reading is the
 * likelier one, and a warning would fail `--strict` builds on correct code.
 * `--baseline <release>` says which release, and turns it into a warning
 * (`renumbered-since-baseline`). A number written beside its ID is a pair and
 * gets none: the ID says which rule.
 */
/** Per scanner setup: a number of today's rules → what it meant before (and those meanings in words), or nothing. */
const earlierMeanings = new WeakMap<ScannerSetup, Map<string, { earlier: readonly NumberMeaning[]; then: string } | null>>()

function numberHints(setup: ScannerSetup, hits: readonly Hit[], file: string): CiteProblem[] {
  const ledger = setup.table.releases?.ledger
  if (!ledger) return []
  let cache = earlierMeanings.get(setup)
  if (!cache) earlierMeanings.set(setup, (cache = new Map()))
  const out: CiteProblem[] = []
  const seen = new Set<string>()
  // A range is one note (its first number that meant another rule), saying how many more of its numbers did;
  // its numbers are hits at one offset.
  const rangeNote = new Map<number, { problem: CiteProblem; head: string; advice: string; more: number }>()
  for (const h of hits) {
    if (!h.isNumber || h.bare || h.dropped || !h.rule || h.problem || h.version !== undefined || h.notHeld !== undefined || seen.has(h.value)) continue
    // The same for every file that cites the number (today's rule of a number is the same everywhere).
    let known = cache.get(h.value)
    if (known === undefined) {
      const { earlier } = explainNumber(ledger, h.value, (n) => (n === h.value ? h.rule!.id : undefined))
      known = earlier.length === 0 ? null : { earlier, then: joinClauses(earlier.map((m) => describeMeaning(m, ledger.versions)), '; ') }
      cache.set(h.value, known)
    }
    seen.add(h.value)
    if (known === null) continue
    const { earlier, then } = known
    const range = h.range ? rangeNote.get(h.offset) : undefined
    if (range) {
      range.more++
      continue
    }
    const head = `\`${h.text}\` is read as today's ${h.value}, \`${h.rule.id}\`; but ${then}`
    // A range (`6.9.1a-f`) has no place for an ID beside it: the release its numbers are from says which rules.
    const advice = h.range ? `name the release the range's numbers are from (\`CR ${earlier[0]?.versions.at(-1) ?? 'vYY.MM'} …\` for the older meaning), or cite its rules by ID` : 'write the ID beside the number to say which rule is meant'
    const problem: CiteProblem = {
      code: 'number-changed-meaning',
      severity: 'hint',
      file,
      line: h.line,
      column: h.column,
      text: h.text,
      message: joinClauses([head, advice], ': '),
      suggestions: [h.rule.id, ...earlier.flatMap((m) => (m.currentId !== undefined ? [m.currentId] : []))].slice(0, 3),
    }
    out.push(problem)
    if (h.range) rangeNote.set(h.offset, { problem, head, advice, more: 0 })
  }
  // A range's note, told once its other numbers are counted.
  for (const { problem, head, advice, more } of rangeNote.values()) {
    if (more > 0) problem.message = joinClauses([`${head} (and ${more} more of the range's numbers named other rules then)`, advice], ': ')
  }
  return out
}

/** Drop what `cr-ignore` comments and per-path `ignore` codes silence; citations stay. */
export function silence(text: string, lines: LineIndex, result: ScanResult, codes: ReadonlySet<string> | undefined): ScanResult {
  if (result.problems.length === 0) return result
  const silenced = suppression(text, lines)
  const problems = result.problems.filter((p) => !codes?.has(p.code) && !silenced(p.line))
  return problems.length === result.problems.length ? result : { ...result, problems }
}
