/**
 * What every step of a scan shares: the scanner's setup (built once per
 * rules table and configuration) and one file's scan (its text, its hits so
 * far, where a word sits). Citation forms (`forms/`) read and add to these.
 */
import { RELEASE_NAME, suggesterFor } from '../ids.ts'
import type { CiteConfig } from './config.ts'
import { MAX_RANGE, type Between } from './grammar.ts'
import { classifyEdition, editionName, type EditionKind } from './editions.ts'
import type { Hit, Resolution } from './hit.ts'
import { createLineIndex, type LineIndex } from './lines.ts'
import { createPlaceFinder, isPlaceholder, syntaxFor, type Place, type Syntax } from './lexical.ts'
import { nearMissFor, type NearMiss } from './near-miss.ts'
import { SpanSet } from './spans.ts'
import type { CiteTable } from './table.ts'

export interface ScannerSetup {
  table: CiteTable
  config: CiteConfig
  /** Prefixes of the ID grammar: their unknown words may be reported. */
  strict: ReadonlySet<string>
  near: NearMiss
  /** Today's IDs and retired ones. */
  isKnownId(word: string): boolean
  /**
   * What an ID-shaped word is, cached per word (identifiers repeat across a code base): a known ID, a
   * close miss of one (a typo worth reporting), another word of the ID grammar, or none of these.
   */
  wordKind(word: string): WordKind
  /** `ignoreIds` of the configuration. */
  isIgnored(word: string): boolean
  /** `rule_x+` is an ID only when `known` has it with its `+`. */
  trimPlus(word: string, known: (w: string) => boolean): string
  /**
   * Suggestions for something that is explicitly a citation (among `ids`,
   * today's by default): today's close misses first, else the did-you-mean
   * every command uses (`suggesterFor`: case-folded, indexed and cached per ID list).
   */
  suggestFor(word: string, ids?: readonly string[]): string[]
  /** Names of the held releases, when known. */
  held(): readonly string[] | undefined
  /** A range across parents (`5.6.2d–5.6.3e`): every number between, in the rules' order. */
  between: Between
  /** Hits resolved so far, by what was written (`resolve-hit.ts`). */
  resolutions: Map<string, Resolution>
}

/** `known`: today's or retired; `typo`: a close miss of one, not a placeholder; `grammar`: another word with a strict prefix; `other`. */
export type WordKind = 'known' | 'typo' | 'grammar' | 'other'

/** Distinct words kept per scanner; past it, words are judged again (a generated file of unique words). */
const WORD_CACHE = 200_000

export function createSetup(table: CiteTable, config: CiteConfig): ScannerSetup {
  const known = new Set([...table.byId.keys(), ...table.retired.keys()])
  const near = nearMissFor(table.ids)
  const strict = new Set(table.strictPrefixes)
  const kinds = new Map<string, WordKind>()
  const judge = (word: string): WordKind => {
    if (known.has(word)) return 'known'
    const underscore = word.indexOf('_')
    if (underscore === -1 || !strict.has(word.slice(0, underscore))) return 'other'
    return near.isNearMiss(word) && !isPlaceholder(word) ? 'typo' : 'grammar'
  }
  return {
    table,
    config,
    strict,
    near,
    isKnownId: (word) => known.has(word),
    wordKind: (word) => {
      let kind = kinds.get(word)
      if (kind === undefined) {
        kind = judge(word)
        if (kinds.size < WORD_CACHE) kinds.set(word, kind)
      }
      return kind
    },
    isIgnored: (word) => config.ignoreIds?.test(word) ?? false,
    trimPlus: (word, has) => (word.endsWith('+') && !has(word) ? word.replace(/\++$/, '') : word),
    suggestFor: (word, ids = table.ids) => {
      const close = ids === table.ids ? near.closeIds(word) : []
      return close.length > 0 ? close : suggesterFor(ids)(word)
    },
    held: () => table.releases?.versions ?? table.editions,
    between: (a, b) => {
      const from = table.numberAt.get(a)
      const to = table.numberAt.get(b)
      if (from === undefined || to === undefined || to <= from || to - from >= MAX_RANGE) return undefined
      // Under one chapter only: `1.2.3–6.1.4` is two citations run together, not 300 rules.
      if (a.slice(0, a.indexOf('.')) !== b.slice(0, b.indexOf('.'))) return undefined
      return table.numbers.slice(from, to + 1)
    },
    resolutions: new Map(),
  }
}

export interface FileScan {
  readonly text: string
  readonly file: string
  readonly setup: ScannerSetup
  /** Everything found so far, in any order (sorted before resolving). */
  hits: Hit[]
  /** Spans a pattern read (its group): merged into `covered` when that is first asked for. */
  readonly spans: [number, number][]
  /** Everything capture forms read (patterns' groups, calls' literals): the word forms skip it. */
  covered(): SpanSet
  readonly lines: LineIndex
  syntax(): Syntax
  placeOf(offset: number): Place
  /** What an edition is, and whether the releases must be loaded to resolve it. */
  edition(written: string): { name: string; kind: EditionKind | undefined }
  /** A new group number: the members of one capture (`6.1.4a–c`) are never paired with each other. */
  nextGroup(): number
  /** Set when a citation names a held release and the table has no releases yet. */
  needsReleases: boolean
  /**
   * The last edition named alone on a comment line (`;; CR 1.8`, `// From CR v24.03:`) and the comment
   * block below it (offsets): numbers quoted there are that edition's, not today's.
   */
  editionHeader?: { written: string; from: number; to: number }
}

export function createFileScan(setup: ScannerSetup, text: string, file: string): FileScan {
  let syntax: Syntax | undefined
  let placeFinder: ((offset: number, lineStart: number) => Place) | undefined
  let group = 0
  let covered: SpanSet | undefined
  const lines = createLineIndex(text)
  const scan: FileScan = {
    text,
    file,
    setup,
    hits: [],
    spans: [],
    // A method, not a getter: an accessor in this literal made every scan slower (a slower object shape).
    covered: () => (covered ??= new SpanSet(scan.spans)),
    lines,
    syntax: () => (syntax ??= syntaxFor(file)),
    placeOf(offset) {
      placeFinder ??= createPlaceFinder(text, scan.syntax())
      return placeFinder(offset, lines.startOf(offset))
    },
    edition(written) {
      const name = editionName(written)
      const known = setup.held()
      const kind = known ? classifyEdition(name, known) : RELEASE_NAME.test(name) ? undefined : 'not-held'
      if (kind !== 'not-held' && !setup.table.releases) scan.needsReleases = true
      return { name, kind }
    },
    nextGroup: () => ++group,
    needsReleases: false,
  }
  return scan
}
