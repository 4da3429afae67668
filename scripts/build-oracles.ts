/**
 * Maintainer tool, run by hand (never at build or test time): vendor the
 * published documents the fidelity tests compare against into `tests/oracle/`.
 *
 *   npx tsx scripts/build-oracles.ts [--corpus ../shared/corpus]
 *
 * v26.03 comes from an extraction of the official site (cr-v26.03/); v24.03
 * from a text scrape of the published page (seeds/002_…). Both outputs are
 * deterministic and written one entry per line, so a rebuild diffs cleanly.
 * tests/oracle/README.md describes the formats.
 */
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { readText, writeFile } from '../src/io/files.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const OUT = join(ROOT, 'tests/oracle')
const SEED_V24 = 'seeds/002_4ed2ae3c32432348.txt'

// ---------------------------------------------------------------- v26.03

interface IndexRule {
  id: string
  number: string
  kind: string
  is_header: boolean
  section_id: string
  text: string
  parent_id: string | null
  examples: string[]
}
interface IndexExample {
  id: string
  rule_id: string
  text: string
}
interface TimingStep {
  number: string
  id: string | null
  text: string
  substeps: TimingStep[]
}
interface TimingStructure {
  structure: string
  source_section: string
  source_section_id: string
  title: string
  prose_section: string
  prose_section_id: string
  steps: TimingStep[]
}

/** `6.1.4.` → `6.1.4`, `6.1.4.a.` → `6.1.4a`: the form rules are cited in. */
export function citationNumber(printed: string): string {
  return printed.replace(/\.$/, '').replace(/\.([a-z]+)$/, '$1')
}

/** The extractor prefixes every example with its label; the label is not part of the text. */
function stripExampleLabel(text: string): string {
  return text.replace(/^Example:\s*/, '')
}

function buildV26(corpus: string) {
  const dir = join(corpus, 'cr-v26.03')
  const index = readJson(join(dir, 'cr-index.json')) as { source_url: string; version: string; rules: IndexRule[] }
  const examples = readJson(join(dir, 'examples.json')) as { examples: IndexExample[] }
  const exampleById = new Map(examples.examples.map((e) => [e.id, e]))
  for (const e of examples.examples) if (!e.text.startsWith('Example: ')) throw new Error(`${e.id}: expected the "Example: " label`)

  const rules = index.rules.map((r) => ({
    id: r.id,
    number: citationNumber(r.number),
    parent: r.parent_id,
    section: r.section_id,
    heading: r.is_header,
    text: r.text,
    examples: r.examples.map((id) => {
      const e = exampleById.get(id)
      if (!e || e.rule_id !== r.id) throw new Error(`${r.id}: example ${id} missing or misfiled`)
      return stripExampleLabel(e.text)
    }),
  }))

  // Chapter and section headings, from the markdown rendering of the same HTML.
  const md = readText(join(dir, 'CR-v26.03.md'))
  const chapters: { id: string; number: string; title: string }[] = []
  const sections: { id: string; number: string; chapter: string; title: string }[] = []
  for (const m of md.matchAll(/^(#{1,2}) <a id="([^"]+)"><\/a>(\d+(?:\.\d+)?)\. (.+)$/gm)) {
    const [, hashes, id, number, title] = m as unknown as [string, string, string, string, string]
    if (hashes === '#') chapters.push({ id, number, title })
    else sections.push({ id, number, chapter: number.split('.')[0]!, title })
  }

  const version = `v${index.version}`
  const source = {
    url: index.source_url,
    files: ['cr-v26.03/cr-index.json', 'cr-v26.03/examples.json', 'cr-v26.03/CR-v26.03.md'],
    note: 'Extracted from the official site HTML; text is plain (references flattened, symbols as [credit] [click] [mu] … tokens). Example texts have their "Example: " label removed.',
  }
  write('v26.03.json', {
    version,
    source,
    counts: { chapters: chapters.length, sections: sections.length, rules: rules.length, examples: examples.examples.length },
    chapters,
    sections,
    rules,
  })

  const timing = readJson(join(dir, 'timing-structures.json')) as { structures: TimingStructure[] }
  const compactStep = (s: TimingStep): object => ({
    number: s.number,
    ...(s.id ? { id: s.id } : {}),
    text: s.text,
    ...(s.substeps.length > 0 ? { steps: s.substeps.map(compactStep) } : {}),
  })
  write('v26.03-timing.json', {
    version,
    source: { url: index.source_url, files: ['cr-v26.03/timing-structures.json'] },
    structures: timing.structures.map((s) => ({
      structure: s.structure,
      section: s.source_section,
      sectionId: s.source_section_id,
      title: s.title,
      proseSection: s.prose_section,
      proseSectionId: s.prose_section_id,
      steps: s.steps.map(compactStep),
    })),
  })

  const glossary = readJson(join(dir, 'cr-glossary.json')) as { glossary: { term: string; rule_ids: string[] }[] }
  write('v26.03-glossary.json', {
    version,
    source: { url: index.source_url, files: ['cr-v26.03/cr-glossary.json'] },
    terms: glossary.glossary.map((g) => ({ term: g.term, rules: g.rule_ids })),
  })
  console.log(`v26.03: ${chapters.length} chapters, ${sections.length} sections, ${rules.length} rules, ${examples.examples.length} examples`)
}

// ---------------------------------------------------------------- v24.03

export type SeedKind = 'chapter' | 'section' | 'rule' | 'subrule'

export interface SeedItem {
  number: string
  kind: SeedKind
  parent: string | null
  text: string
  /** Sections: the flavour paragraph printed under the heading. */
  snippet?: string
  examples?: string[]
  /** 1-based line in the seed, to find it again. */
  line: number
}

export interface SeedOracle {
  version: string
  source: { file: string; url: string; note: string }
  title: string
  publisher: string
  preamble: string
  effective: string
  changes: { heading: string; items: string[] }
  acknowledgements: { text: string; items?: { text: string }[] }[]
  notice: string
  counts: Record<string, number>
  items: SeedItem[]
  /** Chapter 11's timing lists: text only, in order (the scrape lost their nesting and numbers). */
  timing: { section: string; lines: string[] }[]
  /** Numbers the scrape lost, found from gaps in the sequences. */
  missing: string[]
  /** Lost items that leave no gap (last of their siblings, or children of a lost item); see LOST_WITHOUT_GAP. */
  missingWithoutGap: string[]
  /** Text whose heading was lost, with the item it follows. */
  orphans: { after: string; line: number; text: string }[]
}

/**
 * Items the scrape lost without leaving a gap in the numbering, found once by
 * numbering official/v24.03 and matching every scraped item's text against
 * it (all 1,459 matched; 34 items are absent: these 15 and the 19 gaps).
 */
const LOST_WITHOUT_GAP = ['2.9.1', '2.9.2', '6.7.5', '8.7.1a', '9.1.1f', '9.1.1g', '9.1.6d', '9.3.7a', '9.3.7b', '9.3.7c', '9.3.7d', '9.3.7e', '9.10.4a', '10.7.1', '10.7.2']

const RULE = /^(?:\d+\. )?(\d+\.\d+\.\d+)\.link(.*)$/
const SUBRULE = /^(?:\d+\. )?([a-z]{1,2})\.link(.*)$/
const EXAMPLE = /^(?:\d+\. )?Example:\s*(.*)$/
const SECTION = /^(\d+)\.(\d+)\. (.+)link$/
const CHAPTER = /^(\d+)\. (.+)link$/
/** A list item of chapter 11's timing structures: "1. Draw Phase". */
const LIST_ITEM = /^\d+\. (.+)$/
const BULLET = /^• (.*)$/

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']

/**
 * Parse the scraped v24.03 page. Every line is one item: the leading
 * "N. " list marker and the indentation are artefacts of nested HTML lists;
 * the printed number followed by the permalink word "link" starts a rule
 * (`1.3.4.link…`) or sub-rule (`a.link…`). The hierarchy comes from the
 * numbers alone: a sub-rule belongs to the last rule seen.
 */
export function parseSeedV24(text: string): SeedOracle {
  const lines = text.split('\n')
  let i = 0
  const next = () => lines[i++] ?? ''
  const skipBlank = () => {
    while (i < lines.length && lines[i]!.trim() === '') i++
  }
  const expect = (want: string | RegExp) => {
    skipBlank()
    const line = next()
    const s = line.trim()
    if (typeof want === 'string' ? s !== want : !want.test(s)) throw new Error(`seed line ${i}: unexpected ${JSON.stringify(s.slice(0, 60))}, expected ${String(want)}`)
    return s
  }

  // Front matter: "×" and "Table of Contents" are page furniture (a close
  // button and the TOC toggle), kept out of the oracle.
  expect('×')
  expect('Table of Contents')
  const title = expect(/\S/)
  const publisher = expect(/\S/)
  const preamble = expect(/effective/)
  const m = /effective (\d{1,2}) (\w+) (\d{4})/.exec(preamble)
  const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) + 1 : 0
  if (!m || month === 0) throw new Error('seed: no effective date in the preamble')
  const effective = `${m[3]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`
  const changesHeading = expect(/^Summary of Changes/)
  const changeItems: string[] = []
  while (BULLET.test(lines[i]!.trim())) changeItems.push(BULLET.exec(next().trim())![1]!)
  expect('Acknowledgements')
  // Here indentation is real: 2 spaces for a group, 4 for its members.
  const acknowledgements: SeedOracle['acknowledgements'] = []
  while (BULLET.test(lines[i]!.trim())) {
    const line = next()
    const depth = line.length - line.trimStart().length
    const t = BULLET.exec(line.trim())![1]!
    const last = acknowledgements.at(-1)
    if (depth > 2 && last) (last.items ??= []).push({ text: t })
    else acknowledgements.push({ text: t })
  }
  const notice = expect(/^Netrunner is a/)

  const items: SeedItem[] = []
  const timing: SeedOracle['timing'] = []
  const orphans: SeedOracle['orphans'] = []
  let chapter: SeedItem | undefined
  let section: SeedItem | undefined
  let rule: SeedItem | undefined
  let last: SeedItem | undefined
  let sectionHasRules = false

  for (; i < lines.length; i++) {
    const s = lines[i]!.trim()
    const line = i + 1
    if (s === '') continue
    let mm: RegExpExecArray | null
    if ((mm = RULE.exec(s))) {
      const number = mm[1]!
      rule = { number, kind: 'rule', parent: number.split('.').slice(0, 2).join('.'), text: mm[2]!.trim(), line }
      items.push(rule)
      last = rule
      sectionHasRules = true
    } else if ((mm = SUBRULE.exec(s))) {
      if (!rule) throw new Error(`seed line ${line}: sub-rule before any rule`)
      const item: SeedItem = { number: rule.number + mm[1]!, kind: 'subrule', parent: rule.number, text: mm[2]!.trim(), line }
      items.push(item)
      last = item
      sectionHasRules = true
    } else if ((mm = EXAMPLE.exec(s))) {
      if (!last || (last.kind !== 'rule' && last.kind !== 'subrule')) throw new Error(`seed line ${line}: example outside a rule`)
      ;(last.examples ??= []).push(mm[1]!.trim())
    } else if ((mm = SECTION.exec(s))) {
      section = { number: `${mm[1]}.${mm[2]}`, kind: 'section', parent: mm[1]!, text: mm[3]!.trim(), line }
      items.push(section)
      last = section
      rule = undefined
      sectionHasRules = false
      if (chapter?.number === '11' && section.number !== '11.1') timing.push({ section: section.number, lines: [] })
    } else if ((mm = CHAPTER.exec(s))) {
      chapter = { number: mm[1]!, kind: 'chapter', parent: null, text: mm[2]!.trim(), line }
      items.push(chapter)
      last = chapter
      section = undefined
      rule = undefined
    } else if (chapter?.number === '11' && timing.length > 0 && (mm = LIST_ITEM.exec(s))) {
      timing.at(-1)!.lines.push(mm[1]!.trim())
    } else if (last && canTakeSnippet(last, sectionHasRules)) {
      last.snippet = s
    } else {
      // A paragraph nothing can own: its heading was lost (10.7's snippet follows rule 10.6.3).
      orphans.push({ after: last?.number ?? '', line, text: s })
    }
  }

  const counts: Record<string, number> = { chapter: 0, section: 0, rule: 0, subrule: 0, examples: 0, snippets: 0 }
  for (const it of items) {
    counts[it.kind]!++
    counts.examples! += it.examples?.length ?? 0
    if (it.snippet !== undefined) counts.snippets!++
  }
  counts.timingLines = timing.reduce((n, t) => n + t.lines.length, 0)

  return {
    version: 'v24.03',
    source: {
      file: SEED_V24,
      url: 'https://rules.nullsignal.games/',
      note: 'The published v24.03 page scraped as text. Numbers are in citation form; "link" (the permalink) and the list markers are removed; texts are as printed, with symbols as the page wrote them ([c], [click], [MU], [sub] …). Examples have their "Example: " label removed.',
    },
    title,
    publisher,
    preamble,
    effective,
    changes: { heading: changesHeading, items: changeItems },
    acknowledgements,
    notice,
    counts,
    items,
    timing,
    missing: findMissing(items),
    missingWithoutGap: LOST_WITHOUT_GAP,
    orphans,
  }
}

/**
 * A flavour paragraph belongs to the heading just above it: a section before
 * its first rule, or a heading-only rule ("4.2.7. R&D"), recognised by text
 * without closing punctuation.
 */
function canTakeSnippet(item: SeedItem, sectionHasRules: boolean): boolean {
  if (item.snippet !== undefined || item.examples) return false
  if (item.kind === 'section') return !sectionHasRules
  return item.kind === 'rule' && !/[.:;!?"')]$/.test(item.text)
}

/** Gaps in the numbering: a section 2.10 after 2.8 means 2.9 was lost, and so on. */
function findMissing(items: SeedItem[]): string[] {
  const missing: string[] = []
  const lastChild = new Map<string, string>()
  const ordinal = (it: SeedItem) => (it.kind === 'subrule' ? letterOrdinal(it.number.slice(it.parent!.length)) : Number(it.number.split('.').at(-1)))
  const label = (parent: string | null, kind: SeedKind, n: number) =>
    kind === 'chapter' ? String(n) : kind === 'subrule' ? parent + letterFor(n) : `${parent}.${n}`
  for (const it of items) {
    const key = `${it.kind}:${it.parent ?? ''}`
    const prev = lastChild.get(key)
    const from = prev === undefined ? 1 : Number(prev) + 1
    const to = ordinal(it)
    for (let n = from; n < to; n++) missing.push(label(it.parent, it.kind, n))
    lastChild.set(key, String(to))
  }
  // Parents that never appeared (their children did).
  const numbers = new Set(items.map((it) => it.number))
  for (const it of items) if (it.parent && !numbers.has(it.parent) && !missing.includes(it.parent)) missing.push(it.parent)
  return missing
}

const letterOrdinal = (letters: string) => [...letters].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 96), 0)
const letterFor = (n: number): string => (n <= 26 ? String.fromCharCode(96 + n) : letterFor(Math.floor((n - 1) / 26)) + letterFor(((n - 1) % 26) + 1))

function buildV24(corpus: string) {
  const oracle = parseSeedV24(readText(join(corpus, SEED_V24)))
  write('v24.03.json', oracle)
  console.log(
    `v24.03: ${JSON.stringify(oracle.counts)}; missing ${oracle.missing.length}: ${oracle.missing.join(' ')}; ` +
      `without a gap ${oracle.missingWithoutGap.length}; orphans ${oracle.orphans.length}`,
  )
}

// ---------------------------------------------------------------- output

function readJson(file: string): unknown {
  return JSON.parse(readText(file))
}

/** Top-level keys pretty; each element of a top-level array on one line. */
function write(name: string, data: object) {
  const parts = Object.entries(data).map(([key, value]) => {
    const v = Array.isArray(value) && value.length > 0 ? `[\n${value.map((x) => `    ${JSON.stringify(x)}`).join(',\n')}\n  ]` : JSON.stringify(value)
    return `  ${JSON.stringify(key)}: ${v}`
  })
  writeFile(join(OUT, name), `{\n${parts.join(',\n')}\n}\n`)
}

function main() {
  const { values } = parseArgs({ options: { corpus: { type: 'string', default: join(ROOT, '../shared/corpus') } } })
  const corpus = resolve(values.corpus)
  buildV26(corpus)
  buildV24(corpus)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
