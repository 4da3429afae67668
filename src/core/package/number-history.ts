/**
 * The numbers whose history needs telling, as the package ships them
 * (`dist-index/number-history.json`): every number some held release printed
 * for a rule other than today's rule of that number (or that today's rules
 * lack), with what it named then and where that rule is today. `cr show`
 * reads it in an engine's project to answer `cr show 10.5.5` without
 * compiling a release; it is the number ledger (`versions/number-ledger.ts`),
 * kept only where it says something.
 */
import { buildNumberLedger, explainNumber, meaningIn, type NumberLedger, type NumberMeaning } from '../versions/number-ledger.ts'
import type { ReleaseRule } from '../versions/release-citations.ts'

export interface NumberHistoryFile {
  /** The release the package is. */
  version: string
  /** The held releases, oldest first. */
  versions: string[]
  /** Number → its earlier meanings that differ from today's rule of that number, newest first. */
  numbers: Record<string, NumberMeaning[]>
}

export function buildNumberHistory(version: string, today: readonly { id: string; number: string }[], releases: ReadonlyMap<string, readonly ReleaseRule[]>): NumberHistoryFile {
  const ledger = buildNumberLedger([...releases].map(([v, rules]) => ({ version: v, rules })))
  const byNumber = new Map(today.map((r) => [r.number, r.id]))
  const numbers: Record<string, NumberMeaning[]> = {}
  for (const n of [...ledger.numbers()].sort(compareNumbers)) {
    const { earlier } = explainNumber(ledger, n, (x) => byNumber.get(x))
    if (earlier.length > 0) numbers[n] = earlier
  }
  return { version, versions: [...ledger.versions], numbers }
}

/** The file as a ledger again (for `explainNumber` and `describeMeaning`): only the numbers it kept. */
export function ledgerOfHistory(file: NumberHistoryFile): NumberLedger {
  const all = new Map(Object.entries(file.numbers))
  return {
    versions: file.versions,
    meanings: (number) => all.get(number) ?? [],
    meaningIn: (number, version) => meaningIn(all.get(number), version),
    numbers: () => all.keys(),
  }
}

/** `1.2.10` after `1.2.9`: numbers in document order. */
function compareNumbers(a: string, b: string): number {
  const pa = a.split(/(\d+)/)
  const pb = b.split(/(\d+)/)
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue
    const na = Number(pa[i])
    const nb = Number(pb[i])
    return Number.isNaN(na) || Number.isNaN(nb) ? (pa[i]! < pb[i]! ? -1 : 1) : na - nb
  }
  return pa.length - pb.length
}
