/**
 * Maintainer tool, run by hand (never at build or test time): rewrite
 * `data/cards.json` from NetrunnerDB card data and NetrunnerDB's code list.
 *
 *   npx tsx scripts/refresh-cards.ts [--cards cards.json] [--codes nrdb-card-codes.yaml] [--date YYYY-MM-DD]
 *
 * The output is deterministic — cards sorted by code, one card per line,
 * aliases sorted — so a refresh reads as a clean diff.
 */
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { isMap, isScalar, parseDocument } from 'yaml'
import { foldCardName, type CardData, type CardRecord } from '../src/core/cards.ts'
import { readText, statTarget, writeFile } from '../src/io/files.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const OUT = join(ROOT, 'data/cards.json')

/**
 * Names releases v22.12–v25.04 used that NetrunnerDB's code list does not
 * have (those releases were built without the official generator's unknown-
 * card check; v25.08 turned it on and renamed them). Spelling variants
 * ("Miraju", "Nisei Mk II", "Joshua B") need no entry: the resolver folds them.
 */
const LEGACY_ALIASES: Record<string, string> = {
  // v22.12–v25.04, 09_abilities; v25.08 writes `Armand "Geist" Walker`.
  Geist: 'Armand "Geist" Walker: Tech Lord',
  // v22.12–v25.04, 01_game_concepts; v25.08 writes `Jesminder Sareen`.
  Jesminder: 'Jesminder Sareen: Girl Behind the Curtain',
  // v22.12–v25.04, 01_game_concepts; v25.08 writes `Ob Superheavy Logistics`.
  Ob: 'Ob Superheavy Logistics: Extract. Export. Excel.',
  // v22.12–v23.08, 04_game_zones: the back face of the identity, which NetrunnerDB lists as one card.
  'Earth Station: Ascending to Orbit': 'Earth Station: SEA Headquarters',
}

interface SourceCard {
  title: string
  code: string
  side: string
  type: string
  faction: string | null
  subtypes: string[] | null
  text: string | null
  previous_codes?: string[] | null
}

function main() {
  const { values } = parseArgs({
    options: {
      cards: { type: 'string', default: join(ROOT, '../shared/corpus/cards.json') },
      codes: { type: 'string', default: join(ROOT, '../shared/corpus/official/nrdb-card-codes.yaml') },
      date: { type: 'string' },
    },
  })
  const cardsFile = resolve(values.cards)
  const codesFile = resolve(values.codes)
  const input = JSON.parse(readText(cardsFile)) as { source?: string; generated?: string; date?: string; cards: SourceCard[] }
  const codes = readCodeList(readText(codesFile))

  const cards = input.cards.map(toRecord).sort((a, b) => compare(a.code, b.code))
  const problems: string[] = []
  const byTitle = new Map<string, CardRecord>()
  const byCode = new Map<string, CardRecord>()
  for (const c of cards) {
    if (byTitle.has(c.title)) problems.push(`duplicate title ${c.title}`)
    if (byCode.has(c.code)) problems.push(`duplicate code ${c.code}`)
    byTitle.set(c.title, c)
    byCode.set(c.code, c)
  }
  for (const c of cards) for (const p of c.previousCodes) if (!byCode.has(p)) byCode.set(p, c)

  // Aliases: every name in the code list that is not itself a title, mapped to
  // the title of the card with that (current or previous) code.
  // A short name the list gives several codes ("Haas-Bioroid" names four
  // identities) is ambiguous: it is not an alias, and the report says so.
  const aliases: Record<string, string> = {}
  const ambiguous: string[] = []
  for (const [name, entries] of codes) {
    const titles = new Set(entries.map((code) => byCode.get(code)?.title))
    if (titles.size > 1) {
      ambiguous.push(`${name} (${entries.join(', ')})`)
      continue
    }
    const code = entries[0]!
    const card = byCode.get(code)
    if (!card) {
      problems.push(`code list: ${name} → ${code}, which no card has`)
      continue
    }
    if (byTitle.has(name)) {
      if (name !== card.title) problems.push(`code list: ${name} → ${code}, which is ${card.title}`)
      continue
    }
    aliases[name] = card.title
  }
  for (const [name, title] of Object.entries(LEGACY_ALIASES)) {
    if (!byTitle.has(title)) problems.push(`legacy alias ${name} → ${title}, which is not a title`)
    if (byTitle.has(name) || name in aliases) problems.push(`legacy alias ${name} is already a title or alias`)
  }
  // Folding must never merge two cards, or a misspelling could silently pick the wrong one.
  const folded = new Map<string, string>()
  for (const [name, title] of [...cards.map((c): [string, string] => [c.title, c.title]), ...Object.entries(aliases)]) {
    const key = foldCardName(name)
    const other = folded.get(key)
    if (other !== undefined && other !== title) problems.push(`${name} and ${other} fold to the same name`)
    folded.set(key, title)
  }
  if (problems.length > 0) {
    for (const p of problems) console.error(`refresh-cards: ${p}`)
    process.exitCode = 1
    return
  }

  const data: CardData = {
    source: `${input.source ?? 'NetrunnerDB card data'}; aliases from NetrunnerDB's card code list (nrdb-card-codes.yaml)`,
    generated: values.date ?? input.generated ?? input.date ?? statTarget(cardsFile)!.mtime.toISOString().slice(0, 10),
    cards,
    aliases: sortKeys(aliases),
    legacyAliases: sortKeys(LEGACY_ALIASES),
  }
  writeFile(OUT, serialize(data))
  const size = statTarget(OUT)!.size
  if (ambiguous.length > 0) console.log(`ambiguous short names, left out: ${ambiguous.join('; ')}`)
  console.log(
    `${relative(process.cwd(), OUT)}: ${cards.length} cards, ${Object.keys(aliases).length} aliases, ` +
      `${Object.keys(LEGACY_ALIASES).length} legacy aliases, ${(size / 1024).toFixed(0)} KiB`,
  )
}

/** The code list as name → codes, keeping repeated names (the list repeats ambiguous short names). */
function readCodeList(text: string): Map<string, string[]> {
  const doc = parseDocument(text, { uniqueKeys: false })
  if (doc.errors.length > 0) throw doc.errors[0]
  if (!isMap(doc.contents)) throw new Error('code list: expected a map of name: code')
  const out = new Map<string, string[]>()
  for (const pair of doc.contents.items) {
    if (!isScalar(pair.key) || !isScalar(pair.value)) throw new Error('code list: expected name: code pairs')
    const name = String(pair.key.value)
    const code = String(pair.value.value).padStart(5, '0')
    const codes = out.get(name) ?? []
    if (!codes.includes(code)) codes.push(code)
    out.set(name, codes)
  }
  return out
}

function toRecord(c: SourceCard): CardRecord {
  if (c.side !== 'Corp' && c.side !== 'Runner' && c.side !== 'Rules Insert') throw new Error(`${c.title}: unexpected side ${c.side}`)
  return {
    title: c.title,
    code: c.code,
    previousCodes: [...new Set(c.previous_codes ?? [])].filter((p) => p !== c.code).sort(compare),
    side: c.side,
    type: c.type,
    faction: c.faction ?? null,
    subtypes: c.subtypes ?? [],
    text: c.text ?? '',
  }
}

/** Pretty at the top, one card per line: small, and each card is one diff line. */
function serialize(data: CardData): string {
  const lines = ['{']
  lines.push(`  "source": ${JSON.stringify(data.source)},`)
  lines.push(`  "generated": ${JSON.stringify(data.generated)},`)
  lines.push('  "cards": [')
  data.cards.forEach((c, i) => lines.push(`    ${JSON.stringify(c)}${i < data.cards.length - 1 ? ',' : ''}`))
  lines.push('  ],')
  lines.push(`  "aliases": ${indentedObject(data.aliases)},`)
  lines.push(`  "legacyAliases": ${indentedObject(data.legacyAliases ?? {})}`)
  lines.push('}')
  return lines.join('\n') + '\n'
}

function indentedObject(o: Record<string, string>): string {
  const entries = Object.entries(o).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`)
  return entries.length === 0 ? '{}' : `{\n${entries.join(',\n')}\n  }`
}

function sortKeys(o: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => compare(a, b)))
}

/** Code-unit order, not locale order: the same everywhere. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

main()
