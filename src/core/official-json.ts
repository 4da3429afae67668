/**
 * The rules team's `rules.json`, as their generator writes it: a flat list in
 * document order, one object per chapter, section, rule, sub-rule and step,
 * `{id, nr, type, text, children[, examples]}`, with the markup flattened the
 * generator's way. Consumers (chat bots, data repos) parse this file; giving
 * them the same bytes means they need no change to read ours.
 *
 * The generator's ways, all reproduced on purpose (checked against its
 * v25.08 output, `tests/oracle/official-json/`):
 * - the last chapter (the timing-structure appendix) is left out;
 * - the children of a `rule:` (only a `subsection:` has sub-rules) are dropped,
 *   as its page drops them;
 * - `type` is the word a reference uses: `section` for chapters, sections and
 *   subsections, `step` for timing steps and `steps:` subsections, `rule`
 *   otherwise;
 * - text fields lose trailing whitespace; terms are upper-cased; cards,
 *   products, subtypes and links are their plain text; symbols stay as written
 *   (`[c]`, `[MU]`, `[Click]`), except `{c}`, which the generator's brace
 *   splitter turns into `c`; `{curly:x}` is `{x}`; new-text marks vanish;
 * - a reference list takes the first target's word in the plural ("rules
 *   10.1.3 and 10.1.4"), a range joins with "through";
 * - one object a line, Python's separators as the generator concatenates them,
 *   raw UTF-8, no newline after the closing bracket.
 */
import { collectEntries, type ChapterInput, type DraftEntry } from './collect.ts'
import { roleOf } from './compile.ts'
import { loadYaml } from './load-yaml.ts'
import { parseMarkup, type MarkupPhrasing, type RuleRange, type RuleReference } from './markup/index.ts'
import { lowerFirst as normalizeRefId } from './ids.ts'
import { referenceWord } from './resolve.ts'
import type { SourceFile } from './types.ts'

export type OfficialType = 'section' | 'rule' | 'step'

export interface OfficialEntry {
  id: string
  nr: string
  type: OfficialType
  text: string
  children: string[]
  /** Absent on chapters and sections, present (maybe empty) on everything else. */
  examples?: string[]
}

export interface OfficialJson {
  entries: OfficialEntry[]
  /** The file, byte for byte as the generator writes it. */
  json: string
}

/** How the generator writes an entry's line: its templates differ by one space. */
type Template = 'heading' | 'subsection' | 'rule'

/** The official `rules.json` of a release's sources (which must compile: check them first). */
export function buildOfficialJson(files: SourceFile[]): OfficialJson {
  const chapters: ChapterInput[] = []
  const sorted = [...files].sort((a, b) => (baseName(a.path) < baseName(b.path) ? -1 : baseName(a.path) > baseName(b.path) ? 1 : 0))
  for (const file of sorted) {
    if (roleOf(file.path) !== 'chapter') continue
    const { loaded } = loadYaml(file)
    if (loaded) chapters.push({ file: file.path, loaded })
  }
  const { entries, byId } = collectEntries(chapters)
  const lastChapter = [...entries].reverse().find((e) => e.kind === 'chapter')?.id
  const flatten = (raw: string | undefined) => flattenMarkup((raw ?? '').trimEnd(), byId)

  const lines: { entry: OfficialEntry; template: Template }[] = []
  const push = (entry: OfficialEntry, template: Template) => lines.push({ entry, template })
  for (const e of entries) {
    if (e.chapter === lastChapter || e.kind === 'timing') continue
    const type = referenceWord(e, byId)
    if (e.kind === 'chapter') {
      // A chapter title is a plain string to the generator: no markup.
      push({ id: e.id, nr: e.number, type, text: (e.text?.value ?? '').trimEnd(), children: e.children }, 'heading')
    } else if (e.kind === 'section') {
      push({ id: e.id, nr: e.number, type, text: flatten(e.text?.value), children: e.children }, 'heading')
    } else {
      const entry = { id: e.id, nr: e.number, type, text: flatten(e.text?.value), children: e.children, examples: e.examples.map((x) => flatten(x.text.value)) }
      push(entry, e.kind === 'rule' && e.sourceKind === 'subsection' ? 'subsection' : 'rule')
    }
  }
  return { entries: lines.map((l) => l.entry), json: formatLines(lines) }
}

function formatLines(lines: { entry: OfficialEntry; template: Template }[]): string {
  const str = (s: string) => JSON.stringify(s)
  const list = (items: string[]) => `[${items.map(str).join(',')}]`
  const out = lines.map(({ entry: e, template }) => {
    const head = `{"id": ${str(e.id)},"nr": ${str(e.nr)},"type": ${str(e.type)},"text": ${str(e.text)}`
    if (template === 'heading' || e.examples === undefined) return `${head},"children": ${list(e.children)}}`
    // The generator writes a subsection's line with its own template, one space shorter.
    const sep = template === 'subsection' ? ',' : ', '
    return `${head}${sep}"children": ${list(e.children)},"examples": ${list(e.examples)}}`
  })
  return `[\n${out.join(',\n')}\n]`
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

/** Rule text → the generator's plain text. */
export function flattenMarkup(raw: string, byId: Map<string, DraftEntry>): string {
  const { tree } = parseMarkup(raw)
  const nodeText = (node: MarkupPhrasing): string => {
    switch (node.type) {
      case 'text':
        return node.value
      case 'termDefinition':
        return node.value.toUpperCase()
      case 'subtype':
        return node.value
      case 'cardMention':
      case 'productMention':
      case 'image':
        return node.name
      case 'link':
        return node.children.map((c) => c.value).join('')
      case 'curly':
        return `{${node.value}}`
      case 'symbol': {
        // As written; `{c}` loses its braces like any unknown brace tag.
        const written = node.position ? raw.slice(node.position.start.offset, node.position.end.offset) : `[${node.name}]`
        return written.startsWith('{') ? written.slice(1, -1) : written
      }
      case 'ruleReference':
      case 'ruleRange':
        return phrase(node, byId)
      case 'newText':
        return node.children.map(nodeText).join('')
      default:
        return ''
    }
  }
  return tree.children.map(nodeText).join('')
}

function phrase(node: RuleReference | RuleRange, byId: Map<string, DraftEntry>): string {
  const ids = node.type === 'ruleRange' ? [node.from, node.to] : node.ids
  const found = ids.map((id) => byId.get(normalizeRefId(id)))
  const first = found[0]
  let word: string = first ? referenceWord(first, byId) : 'section'
  if (node.capitalized) word = word.charAt(0).toUpperCase() + word.slice(1)
  const numbers = found.map((e, i) => e?.number ?? ids[i]!)
  if (numbers.length === 1) return `${word} ${numbers[0]}`
  const combiner = node.type === 'ruleRange' ? 'through' : 'and'
  return `${word}s ${numbers.slice(0, -1).join(', ')} ${combiner} ${numbers[numbers.length - 1]}`
}
